//! The side panel: seed and history, the sliders, what was made, the recipe, saving, and
//! the cell under the pointer. It edits the session's recipe directly and reports buttons
//! as actions for the window to carry out.

use egui_macroquad::egui::{self, Color32, RichText};

use super::session::Session;
use dungeon_viewer::dungeon::Stats;
use dungeon_viewer::recipe::{self, Recipe};

/// The panel's width in points.
pub const WIDTH: f32 = 300.0;

/// What a button or shortcut asks the window to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    NewSeed,
    Back,
    Forward,
    Reset,
    Save,
    Apply(Recipe),
    ToggleGrid,
    ToggleHelp,
    Fit,
    HidePanel,
    Quit,
}

/// What the panel shows besides the session.
pub struct Facts<'a> {
    pub stats: Option<&'a Stats>,
    pub took_ms: Option<f64>,
    pub generating: bool,
    /// Why the current recipe makes no map, if it makes none.
    pub error: Option<&'a str>,
    pub grid: bool,
    /// The result of the last save.
    pub status: Option<&'a str>,
    /// What is under the pointer, ready to print.
    pub hover: Option<String>,
}

/// The panel's own state between frames: the paste field and its error.
#[derive(Debug, Default)]
pub struct PasteField {
    pub text: String,
    pub error: Option<String>,
}

/// Show the panel; returns the actions its buttons asked for.
pub fn show(
    ctx: &egui::Context,
    session: &mut Session,
    paste: &mut PasteField,
    facts: &Facts<'_>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    egui::SidePanel::right("controls")
        .resizable(false)
        .exact_width(WIDTH)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading("Dungeon Viewer");
                seed_and_history(ui, session, &mut actions);
                ui.separator();
                sliders(ui, &mut session.recipe, facts.grid, &mut actions);
                ui.separator();
                made(ui, facts);
                ui.separator();
                recipe_box(ui, ctx, &session.recipe, paste, &mut actions);
                ui.separator();
                saving(ui, facts, &mut actions);
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

fn seed_and_history(ui: &mut egui::Ui, session: &mut Session, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        ui.label("Seed");
        ui.add(egui::DragValue::new(&mut session.recipe.seed).speed(1.0))
            .on_hover_text("Every random choice of the map comes from this number.");
    });
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
            .on_hover_text("The layout seen before (Left or Backspace).")
            .clicked()
        {
            actions.push(Action::Back);
        }
        if ui
            .add_enabled(session.can_go_forward(), egui::Button::new("Forward ▶"))
            .on_hover_text("The layout seen after (Right).")
            .clicked()
        {
            actions.push(Action::Forward);
        }
    });
    let (at, of) = session.place();
    ui.weak(format!("Layout {at} of {of} seen"));
}

fn sliders(ui: &mut egui::Ui, recipe: &mut Recipe, grid: bool, actions: &mut Vec<Action>) {
    let unit = |ui: &mut egui::Ui, label: &str, value: &mut f64, help: &str| {
        ui.add(
            egui::Slider::new(value, 0.0..=1.0)
                .step_by(0.01)
                .text(label),
        )
        .on_hover_text(help);
    };
    unit(
        ui,
        "randomness",
        &mut recipe.randomness,
        "How much the paths wiggle: 0 draws straight, tidy corridors, 1 lets them wander. \
         They stay as short as they can either way.",
    );
    unit(
        ui,
        "stickiness",
        &mut recipe.stickiness,
        "How the cave rooms grow: 0 makes round, compact blobs, 1 long winding caverns.",
    );
    let count = |ui: &mut egui::Ui,
                 label: &str,
                 value: &mut u32,
                 range: std::ops::RangeInclusive<u32>,
                 help: &str| {
        ui.add(
            egui::Slider::new(value, range)
                .logarithmic(true)
                .text(label),
        )
        .on_hover_text(help);
    };
    // Rooms × room size stay within what the map may hold; each slider ends where the
    // other allows (and pulls its value in when the map shrinks).
    let allowed = recipe::room_cells_allowed(recipe.width, recipe.height);
    let most = |other: u32, range: std::ops::RangeInclusive<u32>| {
        let fits = u32::try_from(allowed / u64::from(other.max(1))).unwrap_or(u32::MAX);
        *range.start()..=fits.clamp(*range.start(), *range.end())
    };
    let rooms_range = most(recipe.room_size, recipe::ROOMS);
    count(
        ui,
        "rooms",
        &mut recipe.rooms,
        rooms_range,
        "How many rooms to place. Fewer fit when the map fills up. Rooms may take at most \
         a third of a big map.",
    );
    let size_range = most(recipe.rooms, recipe::ROOM_SIZE);
    count(
        ui,
        "room size",
        &mut recipe.room_size,
        size_range,
        "How many cells each room grows to. A room with no space left stays smaller.",
    );
    count(
        ui,
        "width",
        &mut recipe.width,
        recipe::WIDTH,
        "How many cells wide the map is.",
    );
    count(
        ui,
        "height",
        &mut recipe.height,
        recipe::HEIGHT,
        "How many cells high the map is.",
    );
    ui.horizontal(|ui| {
        if ui
            .button("Reset")
            .on_hover_text("Back to the original's settings, keeping the seed.")
            .clicked()
        {
            actions.push(Action::Reset);
        }
        let mut lines = grid;
        if ui
            .checkbox(&mut lines, "grid lines")
            .on_hover_text(
                "Draw the cell grid over free ground (G), when cells are 6 pixels or more.",
            )
            .changed()
        {
            actions.push(Action::ToggleGrid);
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
            ui.label(format!(
                "Path cells: {} ({} paths, {} crossing rooms)",
                s.path_cells, s.paths, s.paths_crossing_rooms
            ));
        }
        None => {
            ui.label("No map yet.");
        }
    }
    ui.horizontal(|ui| {
        if let Some(ms) = facts.took_ms {
            ui.label(format!("Generated in {ms:.1} ms"));
        }
        if facts.generating {
            ui.spinner();
            ui.weak("generating…");
        }
    });
}

fn recipe_box(
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    recipe: &Recipe,
    paste: &mut PasteField,
    actions: &mut Vec<Action>,
) {
    ui.label("Recipe");
    let text = recipe.to_string();
    ui.add(egui::Label::new(RichText::new(&text).monospace()).wrap());
    if ui
        .button("Copy")
        .on_hover_text("Copy the recipe to the clipboard.")
        .clicked()
    {
        ctx.copy_text(text);
    }
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

fn saving(ui: &mut egui::Ui, facts: &Facts<'_>, actions: &mut Vec<Action>) {
    if ui
        .button("Save PNG")
        .on_hover_text("Save the map, with its recipe inside, to come back to it (S or F12).")
        .clicked()
    {
        actions.push(Action::Save);
    }
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
    ("Left, Backspace", "back to the layout seen before"),
    ("Right", "forward again"),
    ("G", "grid lines on or off"),
    ("S, F12", "save the map as a PNG"),
    ("H", "hide or show the panel"),
    ("F, double-click", "fit the map to the window"),
    ("wheel", "zoom at the pointer"),
    ("drag", "move the map"),
    ("?", "this help"),
    ("Esc", "close this help"),
    ("Ctrl+Q", "quit"),
];
