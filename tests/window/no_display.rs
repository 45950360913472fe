//! Without an X server to show it on, the window is a one-line error, never a crash.

use std::process::Command;

use super::BIN;

pub fn a_display_without_a_server_is_an_error_not_a_crash() {
    let out = Command::new(BIN).env("DISPLAY", ":4999").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no X server on display :4999"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

pub fn without_a_display_the_window_says_so_instead_of_crashing() {
    let out = Command::new(BIN)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no display"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

pub fn an_empty_display_is_an_error_not_a_crash() {
    let out = Command::new(BIN).env("DISPLAY", "").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("DISPLAY is empty"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
