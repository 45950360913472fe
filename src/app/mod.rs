//! The viewer window: a macroquad loop that draws the map, as one texture of the shared
//! rasterizer's pixels, beside an egui side panel. Every change of the recipe regenerates
//! the map; generation runs on a worker thread so big maps never freeze the window, and
//! small ones still show in the same frame. The loop sleeps until something happens.
//!
//! Here the window is opened ([`run`]); the loop itself, phase by phase, is in [`frame`];
//! what each action does in [`commands`]; the map on screen in [`screen`]; drawing in
//! [`draw`]; the panel's sections in [`ui`].

mod action;
mod commands;
mod draw;
mod frame;
mod gallery;
mod keys;
mod outline;
mod platform;
mod pointer;
mod recent;
mod screen;
mod session;
mod state;
mod status;
mod store;
mod ui;
mod view;
mod watch;
mod worker;

use std::cell::RefCell;
use std::rc::Rc;

use macroquad::texture::FilterMode;

use dungeon_files::draw::raster;
use dungeon_generator::Recipe;

/// Open the window and run it until the user quits.
///
/// # Errors
/// A message for the user when there is no display, the generator thread cannot start, or
/// `--screenshot` cannot be written. Failures deep in the window system (no OpenGL) are
/// reported on stderr by a panic hook, in one line.
pub fn run(start: crate::Start) -> Result<(), String> {
    platform::display_reachable()
        .map_err(|why| format!("{why}; use `render` for files, or run under Xvfb"))?;
    // Failures deep in the window system (no OpenGL, a display that went away) panic in
    // miniquad; say what happened in one line instead of a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".to_string());
        eprintln!("error: the window failed: {what}");
    }));
    let (width, height) = window_size(&start.recipe);
    let conf = macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: "Dungeon Viewer".to_string(),
            window_width: width,
            window_height: height,
            window_resizable: true,
            platform: macroquad::miniquad::conf::Platform {
                blocking_event_loop: true,
                linux_wm_class: "dungeon-viewer",
                ..Default::default()
            },
            ..Default::default()
        },
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: true,
            mouse_wheel: true,
            ..Default::default()
        }),
        default_filter_mode: FilterMode::Nearest,
        ..Default::default()
    };
    let outcome = Rc::new(RefCell::new(Ok(())));
    let result = Rc::clone(&outcome);
    macroquad::Window::from_config(conf, async move {
        *result.borrow_mut() = frame::main_loop(start).await;
    });
    outcome.replace(Ok(()))
}

/// A window that shows the map at 12 pixels a cell beside the panel and above the status
/// bar, within most screens.
fn window_size(recipe: &Recipe) -> (i32, i32) {
    let n = raster::DEFAULT_CELL_SIZE;
    let map_w = (recipe.width * n).clamp(480, 1280);
    let map_h = (recipe.height * n).clamp(560, 900);
    (
        (map_w + ui::WIDTH as u32) as i32,
        (map_h + ui::STATUS_HEIGHT as u32) as i32,
    )
}
