//! The side panel: seed and history, the sliders, what was made, the recipe, saving, and
//! the cell under the pointer. It edits the session's recipe directly and reports buttons
//! as actions for the window to carry out.

use std::num::IntErrorKind;

use egui_macroquad::egui::{self, Color32, RichText};

use super::GRID_FROM;
use super::keep::{self, KeepAction, Keeping};
use super::session::Session;
use super::watch::{self, Watch, WatchAction};
use dungeon_viewer::draw::raster::{self, Look};
use dungeon_viewer::formats::Format;
use dungeon_viewer::model::dungeon::{Stats, Timings};
use dungeon_viewer::model::progress::Snapshot;
use dungeon_viewer::model::recipe::{self, Connect, Corridor, Kind, Recipe, Shape, Value};
use macroquad::input::KeyCode;

/// The panel's width in points.
pub const WIDTH: f32 = 300.0;

/// What a button or shortcut asks the window to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    NewSeed,
    /// A seed typed into the seed box.
    SetSeed(u64),
    Back,
    Forward,
    Reset,
    /// Save the map in this format into the output directory.
    Save(Format),
    Apply(Recipe),
    ToggleGrid,
    ToggleLook(LookOption),
    ToggleHelp,
    /// Replay or sweep controls.
    Watch(WatchAction),
    /// Favourites, presets, opening files.
    Keep(KeepAction),
    /// Open or close the gallery of seeds.
    ToggleGallery,
    /// Make gallery tile `n` the current layout.
    PickTile(usize),
    Fit,
    HidePanel,
    Quit,
}

/// A look option the panel's checkboxes and the keys turn on and off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookOption {
    Doors,
    Marks,
    Distance,
    Outlines,
    Print,
}

/// A look option as the window offers it: its key, its checkbox label and its tooltip.
pub struct LookToggle {
    pub option: LookOption,
    pub key: KeyCode,
    pub label: &'static str,
    pub help: &'static str,
}

/// Every look option, in the panel's order.
pub const LOOK_TOGGLES: [LookToggle; 5] = [
    LookToggle {
        option: LookOption::Doors,
        key: KeyCode::D,
        label: "doors",
        help: "Mark each door, where a path goes into a room, with a small wooden bar (D).",
    },
    LookToggle {
        option: LookOption::Marks,
        key: KeyCode::M,
        label: "start and goal",
        help: "Mark where the adventurers start (green) and the goal farthest from it by \
               walking (red) (M).",
    },
    LookToggle {
        option: LookOption::Distance,
        key: KeyCode::T,
        label: "distance tint",
        help: "Tint rooms and paths by how far they are to walk from the start: orange near \
               it, blue far away (T).",
    },
    LookToggle {
        option: LookOption::Outlines,
        key: KeyCode::O,
        label: "outlines",
        help: "Draw a dark line around each room where it meets rock or another room, so \
               touching rooms of similar colours can be told apart (O).",
    },
    LookToggle {
        option: LookOption::Print,
        key: KeyCode::P,
        label: "print",
        help: "An ink-friendly look for printing: white ground, black walls, light grey \
               floors and a light grid. Works with the other options (P).",
    },
];

impl LookOption {
    /// The switch for this option in `look`.
    pub fn switch(self, look: &mut Look) -> &mut bool {
        match self {
            LookOption::Doors => &mut look.doors,
            LookOption::Marks => &mut look.marks,
            LookOption::Distance => &mut look.distance,
            LookOption::Outlines => &mut look.outlines,
            LookOption::Print => &mut look.print,
        }
    }
}

/// What the panel shows besides the session.
pub struct Facts<'a> {
    pub stats: Option<&'a Stats>,
    pub took_ms: Option<f64>,
    /// How long each stage of the shown map took.
    pub timings: Option<Timings>,
    /// How far the map being made has got, while one is being made.
    pub progress: Option<Snapshot>,
    /// Why the current recipe makes no map, if it makes none.
    pub error: Option<&'a str>,
    pub grid: bool,
    pub look: Look,
    /// Whether cells on screen are big enough for grid lines.
    pub grid_fits: bool,
    /// The result of the last save, while the map it saved is shown.
    pub status: Option<&'a str>,
    /// What is under the pointer, ready to print.
    pub hover: Option<String>,
}

/// The panel's own state between frames.
#[derive(Debug)]
pub struct Controls {
    seed: SeedField,
    paste: PasteField,
    /// The recipe text last copied, to say "Copied" while it is the one shown.
    copied: Option<String>,
    /// Pixels a cell in saved pictures, as chosen (see [`Controls::save_cell_size`]).
    save_cell: u32,
}

impl Default for Controls {
    fn default() -> Self {
        Self {
            seed: SeedField::default(),
            paste: PasteField::default(),
            copied: None,
            save_cell: raster::DEFAULT_CELL_SIZE,
        }
    }
}

impl Controls {
    /// Pixels a cell to save a map of `recipe` at: the chosen size, or less when the
    /// picture would pass [`dungeon_viewer::draw::MAX_SIDE`] pixels a side.
    #[must_use]
    pub fn save_cell_size(&self, recipe: &Recipe) -> u32 {
        self.save_cell.min(largest_save_cell(recipe))
    }
}

/// The largest cell size a picture of `recipe` may have.
fn largest_save_cell(recipe: &Recipe) -> u32 {
    let side = recipe.width.max(recipe.height).max(1);
    (dungeon_viewer::draw::MAX_SIDE / side)
        .clamp(*raster::CELL_SIZE.start(), *raster::CELL_SIZE.end())
}

/// The seed box: the text being typed, kept apart from the recipe until Enter or until
/// the box loses focus, so that typing a seed records one layout, not one per key.
#[derive(Debug, Default)]
struct SeedField {
    text: String,
    /// The recipe's seed the text last showed.
    showing: Option<u64>,
    error: Option<SeedError>,
}

/// The paste field and its error.
#[derive(Debug, Default)]
struct PasteField {
    text: String,
    error: Option<String>,
}

/// Why a seed typed into the seed box is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeedError {
    #[error("type a seed: a whole number from 0 to {}", u64::MAX)]
    Empty,
    #[error("too big: a seed goes up to {}", u64::MAX)]
    TooBig,
    #[error("not a seed: type a whole number from 0 to {}", u64::MAX)]
    NotANumber,
}

/// A seed as typed: a whole number from 0 to 2⁶⁴−1, spaces around it ignored.
///
/// # Errors
/// Nothing typed, a number too big, or anything else than digits.
pub fn parse_seed(text: &str) -> Result<u64, SeedError> {
    text.trim()
        .parse()
        .map_err(|e: std::num::ParseIntError| match e.kind() {
            IntErrorKind::Empty => SeedError::Empty,
            IntErrorKind::PosOverflow => SeedError::TooBig,
            _ => SeedError::NotANumber,
        })
}

/// Show the panel; returns the actions its buttons asked for.
pub fn show(
    ctx: &egui::Context,
    session: &mut Session,
    controls: &mut Controls,
    watching: &mut Watch,
    keeping: &mut Keeping,
    facts: &Facts<'_>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    egui::SidePanel::right("controls")
        .resizable(false)
        .exact_width(WIDTH)
        .show(ctx, |ui| {
            // No dragging the panel to scroll (the wheel and the scroll bar do): egui makes
            // the dragged area focusable, and Tab would reach it before the seed box.
            egui::ScrollArea::vertical()
                .drag_to_scroll(false)
                .show(ui, |ui| {
                    ui.heading("Dungeon Viewer");
                    seed_and_history(ui, session, &mut controls.seed, &mut actions);
                    ui.separator();
                    sliders(ui, &mut session.recipe, facts, &mut actions);
                    ui.separator();
                    look(ui, facts.look, &mut actions);
                    ui.separator();
                    made(ui, facts);
                    ui.separator();
                    keep::panel(ui, ctx, keeping, &session.recipe, &mut actions);
                    ui.separator();
                    watch::panel(ui, watching, &mut actions);
                    ui.separator();
                    recipe_box(ui, ctx, &session.recipe, controls, &mut actions);
                    ui.separator();
                    saving(
                        ui,
                        &session.recipe,
                        &mut controls.save_cell,
                        facts,
                        &mut actions,
                    );
                    ui.separator();
                    ui.label(
                        facts
                            .hover
                            .as_deref()
                            .unwrap_or("Point at the map to see a cell."),
                    );
                    ui.add_space(6.0);
                    ui.weak("Press ? for the keyboard shortcuts.");
                });
        });
    actions
}

fn seed_and_history(
    ui: &mut egui::Ui,
    session: &Session,
    seed: &mut SeedField,
    actions: &mut Vec<Action>,
) {
    let current = session.recipe.seed;
    ui.horizontal(|ui| {
        ui.label("Seed");
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut seed.text)
                    .char_limit(24)
                    .desired_width(f32::INFINITY),
            )
            .on_hover_text(
                "Every random choice of the map comes from this number: the same seed and \
                 settings give the same map. Type one (from a saved picture's name, say) and \
                 press Enter.",
            );
        if field.changed() {
            seed.error = parse_seed(&seed.text).err();
        }
        if field.lost_focus() {
            // Enter or a click elsewhere: the typed seed becomes the map's, once.
            match parse_seed(&seed.text) {
                Ok(typed) if typed != current => actions.push(Action::SetSeed(typed)),
                Ok(_) => seed.error = None,
                Err(e) => {
                    // Said under the box, which shows the map's seed again.
                    seed.error = Some(e);
                    seed.text = current.to_string();
                }
            }
        } else if !field.has_focus() && seed.showing != Some(current) {
            // The seed changed elsewhere (new seed, back, a pasted recipe): show it.
            seed.text = current.to_string();
            seed.showing = Some(current);
            seed.error = None;
        }
    });
    if let Some(error) = &seed.error {
        ui.colored_label(Color32::LIGHT_RED, error.to_string());
    }
    ui.horizontal(|ui| {
        if ui
            .button("New seed")
            .on_hover_text("A new random map with the same settings (Space or N).")
            .clicked()
        {
            actions.push(Action::NewSeed);
        }
        if ui
            .add_enabled(session.can_go_back(), egui::Button::new("◀ Back"))
            .on_hover_text("The map you saw before this one (Left or Backspace).")
            .clicked()
        {
            actions.push(Action::Back);
        }
        if ui
            .add_enabled(session.can_go_forward(), egui::Button::new("Forward ▶"))
            .on_hover_text("The map you saw after this one, after going back (Right).")
            .clicked()
        {
            actions.push(Action::Forward);
        }
    });
    let (at, of) = session.place();
    ui.weak(format!("Map {at} of {of} in this session's history"));
}

/// Slider values are kept to their step, so that the recipe reads `0.35`, not
/// `0.35000000000000003`: a whole number of steps divided by the steps in one is the
/// closest number to the decimal, as the recipe parses it.
fn to_step(value: f64) -> f64 {
    (value * STEPS).round() / STEPS
}

/// How many steps the 0-to-1 sliders have.
const STEPS: f64 = 100.0;
/// The step of the 0-to-1 sliders.
const STEP: f64 = 1.0 / STEPS;

/// The recipe's keys in the order the panel shows them: how it looks first (randomness and
/// stickiness, as in the original), then its size, then the kind of dungeon.
const PANEL_KEYS: [&str; 12] = [
    "randomness",
    "stickiness",
    "rooms",
    "room-size",
    "width",
    "height",
    "shape",
    "stretch",
    "corridor",
    "bends",
    "connect",
    "loops",
];

/// Keys that begin a group under a heading.
const GROUPS: [(&str, &str); 2] = [("rooms", "Size"), ("shape", "Kind of dungeon")];

/// Whether a key changes anything in `recipe` as it stands, and if not, why.
fn relevance(name: &str, recipe: &Recipe) -> Result<(), &'static str> {
    let caves = matches!(recipe.shape, Shape::Cave | Shape::Mixed);
    match name {
        "stickiness" | "stretch" if !caves => {
            Err("Only cave rooms use this (shape cave or mixed).")
        }
        "randomness" if recipe.corridor != Corridor::Flood => {
            Err("Only flood corridors wiggle (corridor flood).")
        }
        "bends" if recipe.corridor != Corridor::Twisty => {
            Err("Only twisty corridors bend more than once.")
        }
        "loops" if recipe.connect != Connect::Loops => {
            Err("Only the loops connection adds extra corridors.")
        }
        _ => Ok(()),
    }
}

/// A control for every recipe key but the seed, each made from the key table: its range or
/// choices, and its help as the tooltip. Controls that change nothing in the current recipe
/// are greyed out and say why.
fn sliders(ui: &mut egui::Ui, recipe: &mut Recipe, facts: &Facts<'_>, actions: &mut Vec<Action>) {
    // Rooms × room size stay within what the map may hold; each slider ends where the
    // other allows (and pulls its value in when the map shrinks).
    let allowed = recipe::room_cells_allowed(recipe.width, recipe.height);
    let most = |other: u32, max: u64| (allowed / u64::from(other.max(1))).clamp(1, max);
    for name in PANEL_KEYS {
        let Some(key) = recipe::key(name) else {
            continue;
        };
        if let Some((_, heading)) = GROUPS.iter().find(|(first, _)| *first == name) {
            ui.add_space(4.0);
            ui.strong(*heading);
        }
        let label = name.replace('-', " ");
        let relevant = relevance(name, recipe);
        let help = match relevant {
            Ok(()) => key.help.to_string(),
            Err(why) => format!("{} {why}", key.help),
        };
        let mut value = key.get(recipe);
        let moved = ui
            .add_enabled_ui(relevant.is_ok(), |ui| match (&mut value, key.kind) {
                (Value::Fraction(x), Kind::Fraction { min, max }) => {
                    let moved = ui
                        .add(
                            egui::Slider::new(x, min..=max)
                                .step_by(STEP)
                                .fixed_decimals(2)
                                .text(&label),
                        )
                        .on_hover_text(&help)
                        .on_disabled_hover_text(&help)
                        .changed();
                    *x = to_step(*x);
                    moved
                }
                (Value::Whole(n), Kind::Whole { min, max }) => {
                    let max = match name {
                        "rooms" => most(recipe.room_size, max),
                        "room-size" => most(recipe.rooms, max),
                        _ => max,
                    };
                    ui.add(
                        egui::Slider::new(n, min..=max)
                            .logarithmic(max / min.max(1) >= 100)
                            .text(&label),
                    )
                    .on_hover_text(&help)
                    .on_disabled_hover_text(&help)
                    .changed()
                }
                (Value::Choice(i), Kind::Choice(names)) => {
                    // Every choice in sight, one click away.
                    let before = *i;
                    ui.horizontal_wrapped(|ui| {
                        ui.label(&label).on_hover_text(&help);
                        for (k, choice) in names.iter().enumerate() {
                            ui.selectable_value(i, k, *choice).on_hover_text(&help);
                        }
                    });
                    *i != before
                }
                _ => false,
            })
            .inner;
        // The controls keep to the key's range, so the key takes every value they give.
        if moved {
            let _ = key.set(recipe, value);
        }
    }
    ui.horizontal(|ui| {
        let d = Recipe::default();
        if ui
            .button("Reset")
            .on_hover_text(format!(
                "Back to the default {}×{} map with {} rooms, keeping the seed.",
                d.width, d.height, d.rooms
            ))
            .clicked()
        {
            actions.push(Action::Reset);
        }
        let mut lines = facts.grid;
        let help = format!(
            "Draw the cell grid over free ground (G), when cells on screen are {GRID_FROM} \
             pixels or more."
        );
        if ui
            .checkbox(&mut lines, "grid lines")
            .on_hover_text(help)
            .changed()
        {
            actions.push(Action::ToggleGrid);
        }
    });
    if facts.grid && !facts.grid_fits {
        ui.weak("Cells are too small to show the grid: zoom in.");
    }
}

/// A checkbox for each look option: how the map is drawn, on screen and in saved pictures.
fn look(ui: &mut egui::Ui, mut look: Look, actions: &mut Vec<Action>) {
    ui.strong("Look")
        .on_hover_text("How the map is drawn, here and in saved pictures; the map stays the same.");
    ui.horizontal_wrapped(|ui| {
        for toggle in &LOOK_TOGGLES {
            if ui
                .checkbox(toggle.option.switch(&mut look), toggle.label)
                .on_hover_text(toggle.help)
                .changed()
            {
                actions.push(Action::ToggleLook(toggle.option));
            }
        }
    });
}

fn made(ui: &mut egui::Ui, facts: &Facts<'_>) {
    if let Some(error) = facts.error {
        ui.colored_label(Color32::LIGHT_RED, error);
    }
    match facts.stats {
        Some(s) => {
            ui.label(format!(
                "Rooms placed: {} of {}",
                s.rooms_placed, s.rooms_requested
            ));
            ui.label(format!("Room cells: {}", s.room_cells));
            ui.label(format!("Path cells: {} ({} paths)", s.path_cells, s.paths))
                .on_hover_text("The black cells: paths run through free ground where they can.");
            if s.paths_crossing_rooms > 0 {
                ui.label(format!(
                    "Paths cutting through other rooms: {}",
                    s.paths_crossing_rooms
                ))
                .on_hover_text(
                    "When other rooms wall a room in, its path cuts through them, through \
                     as few of their cells as it can, so that every room stays reachable.",
                );
            }
        }
        None => {
            ui.label("No map yet.");
        }
    }
    if let Some(ms) = facts.took_ms {
        ui.label(format!("Generated in {ms:.1} ms"));
        if let Some(t) = facts.timings {
            let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
            ui.weak(format!(
                "rooms {:.1} ms, paths {:.1} ms",
                ms(t.rooms),
                ms(t.paths)
            ))
            .on_hover_text("Placing the rooms, then joining them by paths.");
        }
    }
    if let Some(p) = facts.progress {
        ui.horizontal(|ui| {
            ui.spinner();
            if p.paths_total > 0 {
                ui.label(format!(
                    "joining paths: {} of {}",
                    p.paths_joined, p.paths_total
                ));
            } else {
                ui.label(format!(
                    "placing rooms: {} of {}",
                    p.rooms_placed, p.rooms_total
                ));
            }
        });
        ui.add(egui::ProgressBar::new(p.fraction() as f32).show_percentage())
            .on_hover_text("Any change stops this map and starts the new one.");
    }
}

fn recipe_box(
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    recipe: &Recipe,
    controls: &mut Controls,
    actions: &mut Vec<Action>,
) {
    ui.label("Recipe");
    let text = recipe.to_string();
    ui.add(egui::Label::new(RichText::new(&text).monospace()).wrap());
    let copied = controls.copied.as_ref() == Some(&text);
    if ui
        .button(if copied { "Copied" } else { "Copy" })
        .on_hover_text("Copy the recipe to the clipboard, to paste it below or share it.")
        .clicked()
    {
        ctx.copy_text(text.clone());
        controls.copied = Some(text);
    }
    let paste = &mut controls.paste;
    let field = ui.add(
        egui::TextEdit::singleline(&mut paste.text)
            .hint_text("paste a recipe here")
            .desired_width(f32::INFINITY),
    );
    let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    if ui.button("Apply").clicked() || entered {
        match paste.text.trim().parse::<Recipe>() {
            Ok(recipe) => {
                paste.error = None;
                actions.push(Action::Apply(recipe));
            }
            Err(e) => paste.error = Some(e.to_string()),
        }
    }
    if let Some(error) = &paste.error {
        ui.colored_label(Color32::LIGHT_RED, error);
    }
}

fn saving(
    ui: &mut egui::Ui,
    recipe: &Recipe,
    save_cell: &mut u32,
    facts: &Facts<'_>,
    actions: &mut Vec<Action>,
) {
    let largest = largest_save_cell(recipe);
    let mut cell = (*save_cell).min(largest);
    ui.horizontal(|ui| {
        if ui
            .button("Save PNG")
            .on_hover_text(
                "Save the map, with its recipe inside, to come back to it (S or F12). The \
                 picture is the same as `render` makes at this cell size.",
            )
            .clicked()
        {
            actions.push(Action::Save(Format::Png));
        }
        let changed = ui
            .add(
                egui::DragValue::new(&mut cell)
                    .range(*raster::CELL_SIZE.start()..=largest)
                    .suffix(" px a cell"),
            )
            .on_hover_text(format!(
                "Pixels a cell in saved pictures, 1 to {largest} for this map (pictures stay \
                 within {} pixels a side).",
                dungeon_viewer::draw::MAX_SIDE
            ))
            .changed();
        if changed {
            *save_cell = cell;
        }
    });
    ui.weak(format!(
        "{}×{} pixels",
        u64::from(recipe.width) * u64::from(cell),
        u64::from(recipe.height) * u64::from(cell)
    ));
    ui.horizontal_wrapped(|ui| {
        ui.label("Export as");
        for format in Format::ALL.into_iter().filter(|&f| f != Format::Png) {
            if ui
                .button(format.name())
                .on_hover_text(format!(
                    "Write the map as a .{} file beside the saved pictures, never over an \
                     existing file: the same file as `render -o map.{} --cell-size {cell}` \
                     with this look.",
                    format.extension(),
                    format.extension()
                ))
                .clicked()
            {
                actions.push(Action::Save(format));
            }
        }
    });
    if let Some(status) = facts.status {
        ui.label(status);
    }
}

/// The shortcuts window, listing every key.
pub fn help(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("Keyboard shortcuts")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Grid::new("keys").striped(true).show(ui, |ui| {
                for (keys, what) in SHORTCUTS {
                    ui.monospace(*keys);
                    ui.label(*what);
                    ui.end_row();
                }
            });
        });
}

/// Every shortcut, for the help window and the README.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Space, N", "new seed"),
    ("Left, Backspace", "back to the map seen before"),
    ("Right", "forward again"),
    ("G", "grid lines on or off"),
    ("D", "door marks on or off"),
    ("M", "start and goal marks on or off"),
    ("T", "distance tint on or off"),
    ("O", "room outlines on or off"),
    ("P", "print look on or off"),
    ("S, F12", "save the map as a PNG"),
    ("W", "replay how the map was made, or stop the replay"),
    ("K", "keep the layout among the favourites"),
    ("1 … 9", "open favourite 1 to 9"),
    ("V", "gallery of nine seeds, or back from it"),
    ("H", "hide or show the panel"),
    ("F, double-click", "fit the map to the window"),
    ("wheel", "zoom at the pointer"),
    ("drag", "move the map"),
    ("?", "this help"),
    ("Esc", "close this help, or the gallery"),
    ("Ctrl+Q", "quit"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_look_key_is_in_the_help_and_clashes_with_no_other() {
        for toggle in &LOOK_TOGGLES {
            let key = format!("{:?}", toggle.key);
            let listed: Vec<&str> = SHORTCUTS
                .iter()
                .filter(|(keys, _)| keys.split(", ").any(|k| k == key))
                .map(|(_, what)| *what)
                .collect();
            assert_eq!(listed.len(), 1, "{key}: {listed:?}");
            assert!(toggle.help.ends_with(&format!("({key}).")), "{key}");
        }
    }

    #[test]
    fn every_seed_reads_back_exactly() {
        assert_eq!(parse_seed(&u64::MAX.to_string()), Ok(u64::MAX));
        // Above 2^53 a float would round it: 9007199254740993 is not an f64.
        let odd = (1_u64 << 53) + 1;
        assert_eq!(parse_seed(&odd.to_string()), Ok(odd));
        assert_eq!(parse_seed("0"), Ok(0));
        assert_eq!(
            parse_seed("1210672589875049556"),
            Ok(1_210_672_589_875_049_556)
        );
    }

    #[test]
    fn spaces_around_a_seed_are_ignored() {
        assert_eq!(parse_seed("  42 "), Ok(42));
        assert_eq!(parse_seed("\t7\n"), Ok(7));
    }

    #[test]
    fn anything_else_says_what_a_seed_is() {
        assert_eq!(parse_seed(""), Err(SeedError::Empty));
        assert_eq!(parse_seed("   "), Err(SeedError::Empty));
        assert_eq!(parse_seed("18446744073709551616"), Err(SeedError::TooBig));
        for junk in ["-1", "4 2", "1e9", "0x10", "seven", "3.0", "+-1"] {
            assert_eq!(parse_seed(junk), Err(SeedError::NotANumber), "{junk:?}");
        }
        assert!(
            SeedError::NotANumber
                .to_string()
                .contains("18446744073709551615")
        );
    }

    #[test]
    fn slider_values_keep_to_their_step() {
        assert_eq!(to_step(0.350_000_000_000_000_03), 0.35);
        assert_eq!(to_step(0.1 + 0.2), 0.3);
        assert_eq!(to_step(1.0), 1.0);
        assert_eq!(to_step(0.0), 0.0);
        for i in 0..=100 {
            let v = to_step(f64::from(i) * STEP);
            assert_eq!(
                v,
                format!("{}.{:02}", i / 100, i % 100)
                    .parse::<f64>()
                    .unwrap()
            );
        }
    }

    #[test]
    fn saved_pictures_stay_within_the_largest_side() {
        let mut controls = Controls::default();
        assert_eq!(controls.save_cell_size(&Recipe::default()), 12);
        let big: Recipe = "dv1 width=2048 height=100 rooms=1".parse().unwrap();
        assert_eq!(controls.save_cell_size(&big), 8);
        controls.save_cell = 64;
        assert_eq!(controls.save_cell_size(&Recipe::default()), 64);
    }
}
