//! Pinned rooms in the real window: Ctrl+click pins the room under the pointer, which is
//! outlined in gold and keeps its cells through New and New rooms; New corridors keeps
//! every room; a pinned room dragged moves, and Back puts it where it was.

use std::collections::BTreeSet;

use super::panel::type_into;
use super::*;
use dungeon_generator::Recipe;
use dungeon_generator::{Pos, Room, generate};

/// The outline of a pinned room, as the window draws it.
const GOLD: [u8; 3] = [255, 196, 0];

/// A room on screen, found by its colour: a pixel well inside it, and the screen pixels a
/// cell takes.
struct OnScreen {
    x: u32,
    y: u32,
    cell: f32,
}

/// Where `room` is on the window's map, by the pixels of its colour left of the panel.
fn find(room: &Room, width: usize, pixels: &[[u8; 3]]) -> OnScreen {
    let map_width = width - PANEL;
    let is_room = |x: usize, y: usize| {
        x < map_width
            && pixels
                .get(y * width + x)
                .is_some_and(|p| is_colour(room, p))
    };
    let rows = pixels.len() / width;
    let found: Vec<(usize, usize)> = (0..rows)
        .flat_map(|y| (0..map_width).map(move |x| (x, y)))
        .filter(|&(x, y)| is_room(x, y))
        .collect();
    assert!(!found.is_empty(), "the room's colour is not on screen");
    let (cx, cy) = (
        found.iter().map(|p| p.0).sum::<usize>() / found.len(),
        found.iter().map(|p| p.1).sum::<usize>() / found.len(),
    );
    // Well inside: its colour three pixels away on every side.
    let inside = |&&(x, y): &&(usize, usize)| {
        x >= 3
            && y >= 3
            && [(x - 3, y), (x + 3, y), (x, y - 3), (x, y + 3)]
                .iter()
                .all(|&(x, y)| is_room(x, y))
    };
    let &(x, y) = found
        .iter()
        .filter(inside)
        .min_by_key(|&&(x, y)| x.abs_diff(cx).pow(2) + y.abs_diff(cy).pow(2))
        .expect("the room has pixels well inside it");
    let span = |f: fn(&Pos) -> u32| {
        let cells = room.cells().iter().map(f);
        cells.clone().max().unwrap() - cells.min().unwrap() + 1
    };
    let pixels_wide =
        found.iter().map(|p| p.0).max().unwrap() - found.iter().map(|p| p.0).min().unwrap() + 1;
    OnScreen {
        x: x as u32,
        y: y as u32,
        cell: pixels_wide as f32 / span(|p| p.x) as f32,
    }
}

/// The cells of the pins of the recipe saved in the newest picture, after pressing S.
fn saved_recipe(display: &Display, shots: &Path, files: &mut Vec<PathBuf>) -> Recipe {
    xdotool(display, &["key", "s"]);
    let file = next_picture("the picture S saves", shots, files);
    png_file::read(&file).unwrap().1
}

fn cells(room: &Room) -> BTreeSet<Pos> {
    room.cells().iter().copied().collect()
}

fn pinned_cells(recipe: &Recipe) -> BTreeSet<Pos> {
    recipe.pins[0].cells().collect()
}

/// The pinned room of the map the recipe makes, in its room's place.
fn pinned_room(recipe: &Recipe) -> BTreeSet<Pos> {
    let map = generate(recipe).expect("the saved recipe makes a map");
    let index = recipe.pins[0]
        .room_index()
        .expect("a pin says which room it is");
    assert!(
        map.is_pinned(index),
        "{recipe}: room {index} is not the pinned one"
    );
    cells(&map.rooms()[index])
}

/// Whether a pixel is `room`'s colour.
fn is_colour(room: &Room, pixel: &[u8; 3]) -> bool {
    let colour = [room.colour().0, room.colour().1, room.colour().2];
    pixel.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 2)
}

/// Whether `room`'s colour is on the window's map (left of the panel).
fn on_screen(room: &Room, width: usize, pixels: &[[u8; 3]]) -> bool {
    let map = pixels.chunks(width).flat_map(|row| &row[..width - PANEL]);
    map.into_iter().any(|p| is_colour(room, p))
}

pub fn a_pinned_room_stays_through_new_maps_moves_when_dragged_and_back_undoes_it() {
    let Viewer {
        display,
        app,
        window,
        shots,
        ..
    } = viewer("pins", "5");
    let pid = app.0.id();
    let first: Recipe = "dv1 seed=5".parse().unwrap();
    let map = generate(&first).unwrap();
    let room = map.rooms().iter().max_by_key(|r| r.cells().len()).unwrap();
    // The window shows its frames before the map is made (on a loaded machine, two
    // looks in a row may see the same empty map): wait for the room, then for the map to
    // stop moving.
    wait_for("seed 5's map on screen", || {
        let (width, pixels) = window_on_screen(&display, &window);
        on_screen(room, width, &pixels)
    });
    let (width, pixels) = settled(|| window_on_screen(&display, &window));
    let at = find(room, width, &pixels);
    let gold = || {
        map_on_screen(&display, &window)
            .iter()
            .filter(|&&p| p == GOLD)
            .count()
    };
    assert_eq!(gold(), 0, "no room is outlined before one is pinned");
    let (x, y) = (at.x.to_string(), at.y.to_string());
    xdotool(&display, &["mousemove", "--window", &window, &x, &y]);
    // Ctrl held, the window keeps drawing: press, click and let go at once.
    xdotool(
        &display,
        &["keydown", "ctrl", "click", "1", "keyup", "ctrl"],
    );
    wait_for("the pinned room's gold outline", || gold() > 0);
    let mut files = Vec::new();
    let pinned = saved_recipe(&display, &shots, &mut files);
    assert_eq!(pinned.pins.len(), 1, "{pinned}");
    assert_eq!(
        pinned_cells(&pinned),
        cells(room),
        "the pin is the room clicked"
    );

    // New, then New rooms: the pinned room stays cell for cell, the rest is new.
    xdotool(&display, &["key", "space"]);
    let new = saved_recipe(&display, &shots, &mut files);
    assert_ne!(new.seed, 5);
    assert_eq!(pinned_room(&new), cells(room), "New keeps the pinned room");
    xdotool(&display, &["key", "r"]);
    let new_rooms = saved_recipe(&display, &shots, &mut files);
    assert!(new_rooms.rooms_seed.is_some(), "{new_rooms}");
    assert_eq!(pinned_room(&new_rooms), cells(room), "New rooms keeps it");
    // New corridors keeps every room.
    xdotool(&display, &["key", "c"]);
    let new_corridors = saved_recipe(&display, &shots, &mut files);
    assert!(new_corridors.corridors_seed.is_some(), "{new_corridors}");
    let rooms = |r: &Recipe| -> Vec<BTreeSet<Pos>> {
        generate(r).unwrap().rooms().iter().map(cells).collect()
    };
    assert_eq!(rooms(&new_corridors), rooms(&new_rooms));

    // Dragged three cells towards the middle of the map, it moves there.
    let towards = if room.cells().iter().map(|p| p.x).max().unwrap() < map.width() / 2 {
        1.0
    } else {
        -1.0
    };
    let to = (at.x as f32 + towards * 3.0 * at.cell).round().to_string();
    // The button held, the window keeps drawing: each step waits for what it shows.
    let bar = settled(|| status_bar_on_screen(&display, &window));
    xdotool(&display, &["mousedown", "1"]);
    wait_for("the status bar to say the room is held", || {
        status_bar_on_screen(&display, &window) != bar
    });
    let half = (at.x as f32 + towards * 1.5 * at.cell).round().to_string();
    for x in [&half, &to] {
        let before = map_on_screen(&display, &window);
        xdotool(&display, &["mousemove", "--window", &window, x, &y]);
        wait_for("the dragged room to move", || {
            map_on_screen(&display, &window) != before
        });
    }
    xdotool(&display, &["mouseup", "1"]);
    wait_until_idle(pid);
    let dragged = saved_recipe(&display, &shots, &mut files);
    let moved = pinned_cells(&dragged);
    let dx = i64::from(moved.first().unwrap().x) - i64::from(cells(room).first().unwrap().x);
    assert!(
        dx != 0 && dx.signum() == towards as i64,
        "the room did not move the way it was dragged: {dx} cells"
    );
    let shifted: BTreeSet<Pos> = moved
        .iter()
        .map(|p| Pos::new((i64::from(p.x) - dx) as u32, p.y))
        .collect();
    assert_eq!(shifted, cells(room), "the dragged room keeps its shape");
    assert_eq!(pinned_room(&dragged), moved, "the map is made around it");

    // Back: the room where it was, and the recipe before the drag.
    xdotool(&display, &["key", "Left"]);
    let back = saved_recipe(&display, &shots, &mut files);
    assert_eq!(
        back, new_corridors,
        "Back undoes the whole drag in one step"
    );

    // A map made too narrow for the pinned room unpins it, saying so, and is still made.
    let left = room.cells().iter().map(|p| p.x).min().unwrap();
    assert!(left >= 2, "the room chosen reaches the map's left edge");
    let map = settled(|| map_on_screen(&display, &window));
    type_into(&display, &window, Panel::ROOMS_BOX, "1", "1");
    wait_for("the map of the pinned room alone", || {
        map_on_screen(&display, &window) != map
    });
    let bar = settled(|| status_bar_on_screen(&display, &window));
    type_into(&display, &window, Panel::WIDTH_BOX, "1", &left.to_string());
    wait_for("the status bar to say the room was unpinned", || {
        status_bar_on_screen(&display, &window) != bar
    });
    let narrow = saved_recipe(&display, &shots, &mut files);
    assert_eq!((narrow.width, narrow.rooms), (left, 1), "{narrow}");
    assert!(narrow.pins.is_empty(), "{narrow}");
    wait_for("the outline to go with the pin", || gold() == 0);
}
