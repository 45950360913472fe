//! The CPU time a benchmark's process has used: what it measures on a shared machine, where
//! wall time wanders with the other work.

/// The CPU time this process has used, in milliseconds.
pub fn cpu_ms() -> f64 {
    let time = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    time.tv_sec as f64 * 1e3 + time.tv_nsec as f64 / 1e6
}
