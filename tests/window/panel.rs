//! The side panel: text fields that take what is typed without firing a shortcut, its
//! buttons (Export as among them) in sight in a small window, nothing that moves when the
//! recipe grows, and messages that go when the user moves on.

use std::process::Command;
use std::time::Duration;

use dungeon_files::formats::png as png_file;
use dungeon_generator::Recipe;
use dungeon_generator::generate;
use dungeon_viewer::store::favourites::{Favourite, Favourites};

use super::{
    BIN, Display, Panel, Viewer, assert_same_file, at, click, click_and_see, display, listed,
    map_on_screen, next_picture, open_window, panel_on_screen, saved, settled,
    status_bar_on_screen, viewer, wait_for, wait_until_idle, wait_within, window_on_screen,
    xdotool,
};
use crate::common::scratch;

/// Click (with `button`) the text field at `place` and at once, in the same breath, select
/// what it holds, type `text` at xdotool's default speed and press Enter, waiting for
/// nothing: on a busy machine all of it may reach the window in one frame, and every key
/// must still go to the field.
pub(super) fn type_into(
    display: &Display,
    window: &str,
    place: (u32, u32),
    button: &str,
    text: &str,
) {
    let mut args = at(display, window, place);
    // `type` takes every word after it as text: Enter is a second call, at once.
    args.extend(["click", button, "key", "ctrl+a", "type", text].map(String::from));
    xdotool(
        display,
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    xdotool(display, &["key", "Return"]);
}

pub fn typing_into_any_text_field_fires_no_shortcut() {
    let display = display();
    let dir = scratch("typing");
    let (data, shots) = (dir.join("data"), dir.join("shots"));
    // A favourite of seed 99: a digit that reached the shortcuts would open it.
    let kept = Favourite::new(&generate(&"dv1 seed=99".parse().unwrap()).unwrap()).unwrap();
    Favourites::open(&data.join("dungeon-viewer"))
        .0
        .add(kept)
        .unwrap();
    let (app, window) = open_window(
        &display,
        &data,
        &["--seed", "5", "--out-dir", shots.to_str().unwrap()],
    );
    let pid = app.0.id();
    let (w, d) = (&window, &display);
    let map = || map_on_screen(d, w);
    let bar = || status_bar_on_screen(d, w);
    // Each text, typed right after the click that focuses its field, holds shortcut keys:
    // digits open favourites, S saves, space makes a new seed, V the gallery, H hides the
    // panel, G, D, M, P and O change the look. Each waits for what its Enter does before
    // the next click.
    let typed = |place, text: &str, what: &str, screen: &dyn Fn() -> Vec<[u8; 3]>| {
        let before = settled(screen);
        type_into(d, w, place, "1", text);
        wait_for(what, || screen() != before);
    };
    typed(Panel::SEED_BOX, "1234", "the typed seed's map", &map);
    typed(Panel::WIDTH_BOX, "100", "the typed width's map", &map);
    click_and_see(d, w, pid, Panel::RECIPE, "1");
    let pasted = "dv1 seed=98 rooms=30 room-size=60 shape=mixed connect=loops";
    typed(Panel::PASTE_BOX, pasted, "the pasted recipe's map", &map);
    typed(
        Panel::OPEN_BOX,
        "nowhere/svhdgmpo1.png",
        "the Open box to say it found nothing",
        &bar,
    );
    click_and_see(d, w, pid, Panel::RECIPE, "1");
    click_and_see(d, w, pid, Panel::FAVOURITES, "1");
    // A right-click opens the favourite's menu with its name's box ready for typing
    // (the menu shows from the frame after the click).
    click_and_see(d, w, pid, Panel::FIRST_FAVOURITE, "3");
    xdotool(d, &["key", "ctrl+a", "type", "the spd gmk 2"]);
    xdotool(d, &["key", "Return"]);
    wait_for("the favourite to be renamed", || {
        listed(&data, "favourites.json") == ["the spd gmk 2"]
    });
    // The last field lies at the panel's foot, half under the status bar: the wheel
    // scrolls the panel to its end first, as a user would (a click on the field's edge
    // could land on the status bar, and the text typed then fire shortcuts).
    let mut wheel = at(d, w, Panel::ABOVE_THE_FOOT);
    wheel.extend(["click", "--repeat", "10", "5"].map(String::from));
    xdotool(d, &wheel.iter().map(String::as_str).collect::<Vec<_>>());
    settled(|| panel_on_screen(d, w, 0));
    type_into(d, w, Panel::PRESET_NAME, "1", "spd gmk 1");
    wait_for("the preset to be saved", || {
        listed(&data, "presets.json") == ["spd gmk 1"]
    });

    // No picture was saved, no favourite kept; the rename and the preset were taken on Enter.
    assert!(saved(&shots).is_empty(), "saved: {:?}", saved(&shots));
    assert_eq!(listed(&data, "favourites.json"), ["the spd gmk 2"]);
    // The map shown is the pasted one, in the look it started with: S saves exactly what
    // `render` makes of it. Each typed value is one step of the history, in order.
    let mut files = Vec::new();
    let steps = [
        pasted.to_string(),
        "dv1 seed=1234 width=100".to_string(),
        "dv1 seed=1234".to_string(),
        "dv1 seed=5".to_string(),
    ];
    for (n, recipe) in steps.iter().enumerate() {
        if n > 0 {
            xdotool(d, &["key", "Left"]);
        }
        xdotool(d, &["key", "s"]);
        let file = next_picture("a picture of the history", &shots, &mut files);
        let expected: dungeon_generator::Recipe = recipe.parse().unwrap();
        let rendered = dir.join(format!("rendered-{n}.png"));
        let out = Command::new(BIN)
            .args(["render", "--recipe", &expected.to_string(), "-o"])
            .arg(&rendered)
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_same_file(&file, &rendered);
    }
}

pub fn at_1280_by_720_save_png_export_as_and_keep_are_in_sight() {
    let display = display();
    let dir = scratch("small-window");
    let (data, shots) = (dir.join("data"), dir.join("shots"));
    let (_app, window) = open_window(
        &display,
        &data,
        &["--seed", "21", "--out-dir", shots.to_str().unwrap()],
    );
    xdotool(&display, &["windowsize", "--sync", &window, "1280", "720"]);
    wait_for("the window at its new size", || {
        window_on_screen(&display, &window).0 == 1280
    });
    settled(|| window_on_screen(&display, &window));
    click(&display, &window, Panel::SAVE_PNG, "1");
    let mut files = Vec::new();
    let file = next_picture("the picture Save PNG saves", &shots, &mut files);
    assert_eq!(png_file::read(&file).unwrap().1.seed, 21);
    // Export as, beside it, writes the other formats: here JSON, read back.
    let closed = panel_on_screen(&display, &window, 0);
    click(&display, &window, Panel::EXPORT, "1");
    wait_for("the Export as menu", || {
        panel_on_screen(&display, &window, 0) != closed
    });
    settled(|| panel_on_screen(&display, &window, 0));
    click(&display, &window, Panel::EXPORT_JSON, "1");
    let mut json = None;
    wait_for("the JSON Export as writes", || {
        json = std::fs::read_dir(&shots)
            .into_iter()
            .flatten()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "json"))
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
        json.is_some()
    });
    let recipe = json.unwrap()["recipe"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert_eq!(recipe.parse::<Recipe>().unwrap().seed, 21, "{recipe}");
    click(&display, &window, Panel::KEEP, "1");
    wait_for("Keep to keep the layout", || {
        listed(&data, "favourites.json") == ["seed 21"]
    });
    // The kind's sliders (the same rows for every kind, greyed where they change nothing)
    // and the map's size and rooms are in sight too: the last of them takes a value, and
    // S pressed at once saves the map it makes.
    type_into(&display, &window, Panel::MARGIN_BOX, "1", "2");
    xdotool(&display, &["key", "s"]);
    let file = next_picture("the picture after a margin was typed", &shots, &mut files);
    assert_eq!(png_file::read(&file).unwrap().1.margin, 2);
}

pub fn a_longer_recipe_moves_nothing_below_it() {
    let Viewer {
        display,
        app,
        window,
        shots,
    } = viewer("recipe-box", "5");
    click_and_see(&display, &window, app.0.id(), Panel::RECIPE, "1");
    let from = |top: u32| panel_on_screen(&display, &window, top as usize);
    // Apply `recipe` and wait for its text; then the panel below it, once it settled.
    let apply = |recipe: &str| {
        let text = from(Panel::RECIPE_TEXT);
        type_into(&display, &window, Panel::PASTE_BOX, "1", recipe);
        xdotool(&display, &["mousemove", "--window", &window, "100", "100"]);
        wait_for("the recipe's text to change", || {
            from(Panel::RECIPE_TEXT) != text
        });
        settled(|| from(Panel::BELOW_RECIPE))
    };
    // A recipe of many lines, then one of a few where it stood: every control below stays
    // put (compared long after the section slid open).
    let long = "dv1 seed=98 width=80 height=60 rooms=20 room-size=60 stickiness=0.7 \
                randomness=0.4 shape=mixed stretch=0.3 corridor=twisty bends=5 \
                connect=loops loops=0.4 spacing=2 fit=move merge=0.5";
    let below_long = apply(long);
    xdotool(&display, &["key", "s"]);
    let file = next_picture("the picture of the long recipe", &shots, &mut Vec::new());
    assert_eq!(
        png_file::read(&file).unwrap().1,
        long.parse().unwrap(),
        "the long recipe was not applied"
    );
    assert!(
        apply("dv1 seed=5") == below_long,
        "the panel below the recipe moved"
    );
}

pub fn a_message_goes_when_the_user_moves_on() {
    let display = display();
    let dir = scratch("moving-on");
    let (app, window) = open_window(&display, &dir.join("data"), &["--seed", "6"]);
    let pid = app.0.id();
    let bar = |display: &Display| {
        xdotool(display, &["mousemove", "--window", &window, "100", "100"]);
        wait_until_idle(pid);
        status_bar_on_screen(display, &window)
    };
    let quiet = settled(|| bar(&display));
    // Not a seed: a problem, said in the status bar for a while.
    type_into(&display, &window, Panel::SEED_BOX, "1", "abc");
    wait_for("the problem to be said", || bar(&display) != quiet);
    // The gallery opened: the problem was about the seed box, and goes at once, well
    // before its time is up.
    xdotool(&display, &["key", "v"]);
    wait_within(
        "the problem to go when the gallery opened",
        Duration::from_secs(8),
        || bar(&display) == quiet,
    );
}
