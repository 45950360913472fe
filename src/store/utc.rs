//! Dates and times in UTC for names and labels, from seconds since the Unix epoch: no time
//! zones, no locale, the same text on every machine.

use std::time::Duration;

/// Seconds since the Unix epoch now (0 on a clock set before it).
#[must_use]
pub fn now() -> u64 {
    since_epoch().as_secs()
}

/// The time since the Unix epoch now (0 on a clock set before it): the system's clock, or
/// in the browser the page's.
#[must_use]
pub fn since_epoch() -> Duration {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::time::{SystemTime, UNIX_EPOCH};
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default()
    }
    #[cfg(target_arch = "wasm32")]
    {
        Duration::from_secs_f64(crate::browser::epoch_ms().max(0.0) / 1e3)
    }
}

/// `2026-11-22 03:17:00 UTC`, for people.
#[must_use]
pub fn readable(secs: u64) -> String {
    format(secs, "-", " ", ":") + " UTC"
}

/// `20261122-031700`, for file names.
#[must_use]
pub fn compact(secs: u64) -> String {
    format(secs, "", "-", "")
}

/// The date and time of `secs` as `YYYY{date}MM{date}DD{between}hh{time}mm{time}ss`.
fn format(secs: u64, date: &str, between: &str, time: &str) -> String {
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's civil-from-days, for days since 1970-01-01 (never negative here).
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    let (hour, minute, second) = (rest / 3600, rest / 60 % 60, rest % 60);
    format!(
        "{year:04}{date}{month:02}{date}{day:02}{between}{hour:02}{time}{minute:02}{time}{second:02}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_moments_read_as_calendars_do() {
        assert_eq!(readable(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(compact(1_795_317_420), "20261122-031700");
        // A leap day.
        assert_eq!(readable(951_782_400), "2000-02-29 00:00:00 UTC");
    }
}
