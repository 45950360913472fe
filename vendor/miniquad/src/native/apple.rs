pub mod apple_util;
pub mod frameworks;
