//! Drawing the window's map area: the map's texture where the view puts it, grid lines
//! over the cells on screen, and saving the whole window as a picture (`--screenshot`).

use macroquad::color::Color;
use macroquad::math::vec2;
use macroquad::shapes::draw_rectangle;
use macroquad::texture::{DrawTextureParams, FilterMode, draw_texture_ex};
use macroquad::window::clear_background;

use super::outline::PinOutline;
use super::screen::Screen;
use super::view::{Area, View};
use dungeon_files::draw::raster::{self, Look};
use dungeon_files::runs::runs_where;
use dungeon_generator::Dungeon;
use dungeon_generator::Pos;
use dungeon_generator::Rgb;

/// The window draws grid lines from this many screen pixels a cell on.
pub const GRID_FROM: u32 = 6;
/// From this many screen pixels a cell on, grid lines are drawn in their full colour;
/// below, fainter the smaller the cells, so that they stay a hint and never tint the rock.
const GRID_FULL_FROM: f32 = 12.0;
/// Around the map.
pub const SURROUND: Color = Color::new(0.12, 0.12, 0.13, 1.0);

/// Draw the map on screen, with grid lines when asked for and the cells are big enough.
pub fn map(screen: &Screen, area: Area, grid: bool, look: &Look) {
    clear_background(SURROUND);
    let Some(shown) = &screen.shown else {
        return;
    };
    let view = screen.view;
    // Shrunk below its size, the map is averaged rather than sampled, so that thin paths
    // do not flicker in and out. Told to the GPU only when it changes.
    let smooth = view.scale < 1.0;
    if shown.smooth.replace(smooth) != smooth {
        shown.texture.set_filter(if smooth {
            FilterMode::Linear
        } else {
            FilterMode::Nearest
        });
    }
    let (w, h) = (shown.map.pixels.width(), shown.map.pixels.height());
    draw_texture_ex(
        &shown.texture,
        view.x,
        view.y,
        macroquad::color::WHITE,
        DrawTextureParams {
            dest_size: Some(vec2(w as f32 * view.scale, h as f32 * view.scale)),
            ..Default::default()
        },
    );
    if let Some(cell) = screen
        .screen_cell()
        .filter(|&c| grid && c >= GRID_FROM as f32)
    {
        let dungeon = shown.replay_step.as_ref().unwrap_or(&shown.map.dungeon);
        grid_lines(dungeon, view, cell, area, look);
    }
    if let Some(cell) = screen.screen_cell() {
        let outline = shown
            .pin_outline
            .get_or_init(|| PinOutline::of(&shown.map.dungeon));
        outline.draw(view, cell, area);
    }
}

/// Grid lines over the cells on screen that the rasterizer gives them in `look` (the first
/// row and column of the cell's pixels), one line per run of such cells: cheap at any map
/// size, since only the cells on screen count.
fn grid_lines(dungeon: &Dungeon, view: View, cell: f32, area: Area, look: &Look) {
    let View { x: ox, y: oy, .. } = view;
    // The cells on screen, clamped to the map.
    let first = |origin: f32, start: f32, n: u32| {
        (((start - origin) / cell).floor().max(0.0) as u32).min(n)
    };
    let last =
        |origin: f32, end: f32, n: u32| (((end - origin) / cell).ceil().max(0.0) as u32).min(n);
    let (w, h) = (dungeon.width(), dungeon.height());
    let (x0, x1) = (first(ox, area.x, w), last(ox, area.x + area.w, w));
    let (y0, y1) = (first(oy, area.y, h), last(oy, area.y + area.h, h));
    let sx = |x: u32| (ox + x as f32 * cell).round();
    let sy = |y: u32| (oy + y as f32 * cell).round();
    // One pixel of a 12-pixel cell, as in the files; thicker when zoomed further.
    let thick = (cell / raster::DEFAULT_CELL_SIZE as f32).round().max(1.0);
    let Rgb(r, g, b) = raster::grid_colour(look);
    let strength = (cell / GRID_FULL_FROM).clamp(0.3, 1.0);
    let colour = Color::from_rgba(r, g, b, (255.0 * strength) as u8);
    let lined = |x: u32, y: u32| raster::has_grid_line(dungeon.tiles(), look, Pos::new(x, y));
    // Left lines down each column, top lines along each row.
    for x in x0..x1 {
        for run in runs_where(y0..y1, |y| lined(x, y)) {
            draw_rectangle(
                sx(x),
                sy(run.start),
                thick,
                sy(run.end) - sy(run.start),
                colour,
            );
        }
    }
    for y in y0..y1 {
        for run in runs_where(x0..x1, |x| lined(x, y)) {
            draw_rectangle(
                sx(run.start),
                sy(y),
                sx(run.end) - sx(run.start),
                thick,
                colour,
            );
        }
    }
}
