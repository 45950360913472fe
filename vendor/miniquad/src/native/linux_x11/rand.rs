extern "C" {
    pub fn rand() -> ::core::ffi::c_int;
}
pub const RAND_MAX: u32 = 2147483647;
