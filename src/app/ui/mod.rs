//! The window's egui parts: the side panel, the status bar along the bottom, the help and
//! the question a very big save asks. Each section of the panel owns its state and draws
//! itself ([`seed`], [`settings`], [`favourites`], [`watch`], [`files`]); the panel only
//! lays them out, and every button becomes an [`Action`] for the window to carry out.
//!
//! What people use most is always in sight (the seed, Save PNG and Export as, Keep, the
//! kind of dungeon with its gallery and settings, the map's size); the rest is one click
//! away in sections that open and close. Messages go to the status bar, so no control moves
//! when one comes.

pub mod favourites;
pub mod field;
pub mod files;
pub mod quit;
pub mod seed;
pub mod settings;
pub mod watch;

use std::time::Duration;

use egui_macroquad::egui::{self, Color32};

use super::action::Action;
use super::keys::bindings;
use super::platform::Instant;
use super::session::Session;
use super::status::Status;
use super::store::Store;
use super::watch::{ReplayPlace, Watch};
use super::worker::Under;
use dungeon_files::draw::look::{LOOKS, Look};
use dungeon_files::figures::Figures;
use dungeon_files::formats::Format;
use dungeon_generator::Recipe;
use dungeon_generator::Snapshot;
use dungeon_generator::{Shortfall, Stats, Timings};
use dungeon_viewer::recipe_keys::Group;
use favourites::FavouritesPanel;
use files::{BigSave, Drawn, FilesPanel};
use seed::SeedField;

/// The panel's width in points.
pub const WIDTH: f32 = 300.0;
/// The status bar's height in points.
pub const STATUS_HEIGHT: f32 = 26.0;
/// The points the status bar keeps for the cell under the pointer (less in a narrow
/// window): enough for `Cell (2047, 2047): room 10000`.
const HINT_WIDTH: f32 = 210.0;

/// What the panel and the status bar show besides what they own.
pub struct Facts<'a> {
    /// The figures of the map shown, once it is finished.
    pub stats: Option<&'a Stats>,
    /// Fewer rooms placed than asked for, and why, once the map shown is finished.
    pub shortfall: Option<Shortfall>,
    /// How readable the map shown is, once it is finished.
    pub figures: Option<&'a Figures>,
    pub took_ms: Option<f64>,
    /// How long each stage of the shown map took.
    pub timings: Option<Timings>,
    /// How far the map being made has got, while one is being made: the level being made
    /// and how far it got.
    pub progress: Option<Under>,
    /// The level shown (or being made) and how many levels its dungeon has, when it has
    /// more than one.
    pub level: Option<(u32, u32)>,
    /// Where the replay under way has got.
    pub replay: Option<ReplayPlace>,
    /// Why the current recipe makes no map, if it makes none.
    pub error: Option<&'a str>,
    pub grid: bool,
    pub look: Look,
    /// Whether cells on screen are big enough for grid lines.
    pub grid_fits: bool,
    /// What is under the pointer, ready to print.
    pub hover: Option<String>,
}

/// The panel's own state: whether it shows, and each section's.
#[derive(Default)]
pub struct Panel {
    pub open: bool,
    pub help_open: bool,
    seed: SeedField,
    favourites: FavouritesPanel,
    pub files: FilesPanel,
    /// A very big save waiting for an answer.
    pub asking: Option<BigSave>,
}

impl Panel {
    /// A panel that shows.
    pub fn new() -> Self {
        Self {
            open: true,
            ..Self::default()
        }
    }

    /// Draw the status bar, the panel (when open), the help and any question; returns the
    /// actions their controls asked for. The session's recipe is edited in place.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        session: &mut Session,
        watching: &mut Watch,
        store: &Store,
        status: &mut Status,
        facts: &Facts<'_>,
    ) -> Vec<Action> {
        let mut actions = Vec::new();
        status_bar(ctx, status, facts);
        if self.open {
            egui::SidePanel::right("controls")
                .resizable(false)
                .exact_width(WIDTH)
                .show(ctx, |ui| {
                    // No dragging the panel to scroll (the wheel and the scroll bar do):
                    // egui makes the dragged area focusable, and Tab would reach it before
                    // the seed box.
                    egui::ScrollArea::vertical()
                        .drag_to_scroll(false)
                        .show(ui, |ui| {
                            self.sections(
                                ui,
                                session,
                                watching,
                                store,
                                status,
                                facts,
                                &mut actions,
                            );
                        });
                });
        }
        help(ctx, &mut self.help_open);
        if let Some(big) = &self.asking
            && let Some(answer) = files::ask(ctx, big)
        {
            self.asking = None;
            actions.extend(answer);
        }
        actions
    }

    #[allow(clippy::too_many_arguments)]
    fn sections(
        &mut self,
        ui: &mut egui::Ui,
        session: &mut Session,
        watching: &mut Watch,
        store: &Store,
        status: &mut Status,
        facts: &Facts<'_>,
        actions: &mut Vec<Action>,
    ) {
        self.seed.ui(ui, session, status, actions);
        self.toolbar(ui, &session.recipe, facts, actions);
        ui.separator();
        kind_heading(ui, actions);
        settings::group(ui, Group::Kind, &mut session.recipe);
        ui.add_space(2.0);
        settings::group(ui, Group::Tuning, &mut session.recipe);
        // The levels on the heading's line: the panel fits a 720-pixel window.
        let size = ui.make_persistent_id("Size");
        egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), size, true)
            .show_header(ui, |ui| {
                ui.label("Size");
                ui.add_space(ui.spacing().item_spacing.x * 4.0);
                settings::group(ui, Group::Levels, &mut session.recipe);
            })
            .body(|ui| settings::group(ui, Group::Size, &mut session.recipe));
        egui::CollapsingHeader::new("Look").show(ui, |ui| look(ui, facts, actions));
        egui::CollapsingHeader::new("Favourites and presets").show(ui, |ui| {
            self.favourites
                .ui(ui, store, &session.recipe, status, actions);
        });
        egui::CollapsingHeader::new("Watch it grow").show(ui, |ui| {
            watch::ui(ui, watching, actions);
        });
        egui::CollapsingHeader::new("Recipe").show(ui, |ui| {
            self.files.recipe(ui, &session.recipe, status, actions);
        });
        egui::CollapsingHeader::new("What was made").show(ui, |ui| made(ui, facts));
        ui.weak("Press ? for the keyboard shortcuts.");
    }

    /// Save PNG with its cell size and Export as beside it, and Keep: always in sight.
    fn toolbar(
        &mut self,
        ui: &mut egui::Ui,
        recipe: &Recipe,
        facts: &Facts<'_>,
        actions: &mut Vec<Action>,
    ) {
        let drawn = Drawn {
            look: facts.look,
            grid: facts.grid,
        };
        ui.horizontal(|ui| {
            self.files
                .save_button(ui, Format::Png, "Save PNG", recipe, drawn, actions);
            self.files.size(ui, Format::Png, "a cell", recipe);
            self.files.export_menu(ui, recipe, drawn, actions);
            if ui
                .button("★ Keep")
                .on_hover_text(
                    "Keep this layout among your favourites, with a small picture of it (K). \
                     They are kept for good, in your data directory.",
                )
                .clicked()
            {
                actions.push(Action::Keep(super::action::KeepAction::Keep));
            }
        });
    }
}

/// The heading of the kind of dungeon, with the gallery of these settings and Reset at its
/// end.
fn kind_heading(ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        ui.strong("Kind of dungeon");
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("Gallery")
                .on_hover_text(
                    "These settings at nine seeds side by side: click the one you like (V; \
                     V or Esc to come back).",
                )
                .clicked()
            {
                actions.push(Action::ToggleGallery);
            }
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
        });
    });
}

/// The grid lines' switch, and why the grid does not show when cells are small.
fn grid(ui: &mut egui::Ui, facts: &Facts<'_>, actions: &mut Vec<Action>) {
    let mut lines = facts.grid;
    let help = format!(
        "Draw the cell grid over free ground (G), when cells on screen are {} pixels or more.",
        super::draw::GRID_FROM
    );
    if ui
        .checkbox(&mut lines, "grid lines")
        .on_hover_text(help)
        .changed()
    {
        actions.push(Action::ToggleGrid);
    }
    if facts.grid && !facts.grid_fits {
        ui.weak("(zoom in to see it)");
    }
}

/// A checkbox for each look option: how the map is drawn, on screen and in saved pictures.
fn look(ui: &mut egui::Ui, facts: &Facts<'_>, actions: &mut Vec<Action>) {
    let mut look = facts.look;
    ui.weak("How the map is drawn, here and in saved pictures; the map stays the same.");
    ui.horizontal_wrapped(|ui| {
        grid(ui, facts, actions);
        for option in LOOKS {
            // An option that changes nothing with the others is greyed, and says why.
            let applies = option.applies(&facts.look);
            let help = format!("{} ({}).", option.help, option.key);
            let checkbox = ui
                .add_enabled(
                    applies.is_ok(),
                    egui::Checkbox::new(option.switch(&mut look), option.label),
                )
                .on_hover_text(&help);
            if let Err(why) = applies {
                checkbox.on_disabled_hover_text(format!("{help} Greyed: {why}."));
            } else if checkbox.changed() {
                actions.push(Action::ToggleLook(option));
            }
        }
    });
}

/// What was made: the map's figures, or, while a map is being made, how far it got.
fn made(ui: &mut egui::Ui, facts: &Facts<'_>) {
    if let Some(error) = facts.error {
        ui.colored_label(Color32::LIGHT_RED, error);
    }
    if let Some(p) = facts.progress {
        ui.label(format!("Making the map… {}", progress_line(&p.progress)));
        return;
    }
    let Some(s) = facts.stats else {
        ui.label("No map yet.");
        return;
    };
    ui.label(format!(
        "Rooms placed: {} of {}",
        s.rooms_placed, s.rooms_requested
    ));
    if let Some(short) = facts.shortfall {
        ui.colored_label(Color32::YELLOW, format!("Fewer rooms: {}.", short.why()));
    }
    ui.label(format!("Room cells: {}", s.room_cells));
    ui.label(format!("Path cells: {} ({} paths)", s.path_cells, s.paths))
        .on_hover_text("The black cells: paths run through free ground where they can.");
    ui.label(format!(
        "Paths cutting through other rooms: {}",
        s.paths_crossing_rooms
    ))
    .on_hover_text(
        "When other rooms wall a room in, its path cuts through them, through as few of \
         their cells as it can, so that every room stays reachable.",
    );
    if let Some(f) = facts.figures {
        readability(ui, f);
    }
    if let Some(ms) = facts.took_ms {
        ui.label(format!("Generated in {ms:.1} ms"));
    }
    if let Some(t) = facts.timings {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        ui.weak(format!(
            "rooms {:.1} ms, paths {:.1} ms",
            ms(t.rooms),
            ms(t.paths)
        ))
        .on_hover_text("Placing the rooms, then joining them by paths.");
    }
}

/// How readable the map is: the figures of [`Figures`], each explained on hover.
fn readability(ui: &mut egui::Ui, f: &Figures) {
    let rows = [
        (
            format!("Rooms touching another: {}", f.rooms_touching),
            "Rooms sharing an edge or a corner with another room: they read as one blob. \
             Spacing keeps rooms apart.",
        ),
        (
            format!("Rooms under half their size: {}", f.rooms_under_half),
            "Rooms hemmed in by others or the map's edge. Fit: move places them elsewhere \
             instead.",
        ),
        (
            format!(
                "Corridor cells beside another corridor: {}",
                f.corridor_beside
            ),
            "Corridor cells running right beside a corridor they do not join: parallel \
             bands. Merge makes corridors join or keep a cell of rock apart.",
        ),
        (
            format!("Dead ends: {}", f.dead_ends),
            "Rooms joined to just one other room.",
        ),
        (
            format!("Loops: {}", f.loops),
            "How many circuits the corridors make: paths − rooms + 1. A tree has none.",
        ),
        (
            format!("Longest route: {} steps", f.longest_route),
            "From the start (the first room) to the goal, the farthest cell one can walk to.",
        ),
    ];
    for (text, tip) in rows {
        ui.label(text).on_hover_text(tip);
    }
}

/// How far a map being made has got: `joining paths: 812 of 3071`.
fn progress_line(p: &Snapshot) -> String {
    if p.paths_total > 0 {
        format!("joining paths: {} of {}", p.paths_joined, p.paths_total)
    } else {
        format!("placing rooms: {} of {}", p.rooms_placed, p.rooms_total)
    }
}

/// The bar along the bottom of the window: what is under way (a replay, a map being made)
/// or what the map shown holds; the last message; and the cell under the pointer, in a
/// place of its own at the right end. The message takes the room left between them, cut
/// short (whole on hover) rather than running over the cell.
fn status_bar(ctx: &egui::Context, status: &Status, facts: &Facts<'_>) {
    egui::TopBottomPanel::bottom("status")
        .exact_height(STATUS_HEIGHT)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                under_way(ui, facts);
                ui.separator();
                let spacing = ui.spacing().item_spacing.x;
                let hint_width = HINT_WIDTH.min(ui.available_width() / 3.0);
                let message_width = (ui.available_width() - hint_width - spacing).max(0.0);
                let height = ui.available_height();
                ui.allocate_ui_with_layout(
                    egui::vec2(message_width, height),
                    egui::Layout::left_to_right(egui::Align::Center),
                    |ui| {
                        ui.set_width(message_width);
                        if let Some((text, problem, left)) = status.current(Instant::now()) {
                            let mut words = egui::RichText::new(text);
                            if problem {
                                words = words.color(Color32::LIGHT_RED);
                            }
                            ui.add(egui::Label::new(words).truncate());
                            ctx.request_repaint_after(left);
                        }
                    },
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let hint = facts
                        .hover
                        .as_deref()
                        .unwrap_or("Point at the map to see a cell.");
                    ui.add(egui::Label::new(egui::RichText::new(hint).weak()).truncate());
                });
            });
        });
}

/// The words for level `at` of `of`, as the status bar shows them.
fn level_words((at, of): (u32, u32)) -> String {
    format!("level {at} of {of}")
}

/// The status bar's left end: the level shown, in a place of its own, when there are
/// several; then the replay under way and how to stop it, how far a map being made has
/// got, or what the map shown holds.
fn under_way(ui: &mut egui::Ui, facts: &Facts<'_>) {
    if let Some(level) = facts.level {
        ui.label(level_words(level)).on_hover_text(
            "The level shown, from 1 at the top: PageDown and PageUp step down and up \
             (levels and level beside Size).",
        );
        ui.separator();
    }
    match (
        facts.replay,
        facts.progress.map(|p| p.progress),
        facts.stats,
    ) {
        (Some(at), _, _) => {
            let what = if at.paused {
                "Replay paused at"
            } else {
                "Replaying:"
            };
            ui.label(format!(
                "{what} step {} of {} — W or Esc to stop",
                at.step, at.of
            ))
            .on_hover_text("How this map was made, replayed (Watch it grow has its controls).");
        }
        (None, Some(p), _) => {
            ui.spinner();
            ui.label(progress_line(&p));
            ui.add(
                egui::ProgressBar::new(p.fraction() as f32)
                    .desired_width(120.0)
                    .show_percentage(),
            )
            .on_hover_text("Any change stops this map and starts the new one.");
        }
        (None, None, Some(s)) => {
            let took = facts
                .took_ms
                .map_or(String::new(), |ms| format!(" · {ms:.1} ms"));
            let why = facts
                .shortfall
                .map_or(String::new(), |short| format!(" ({})", short.why()));
            ui.weak(format!(
                "{} of {} rooms{why} · {} paths{took}",
                s.rooms_placed, s.rooms_requested, s.paths
            ));
        }
        (None, None, None) => {}
    }
}

/// The shortcuts window, listing every binding.
fn help(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("Keyboard shortcuts")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Grid::new("keys").striped(true).show(ui, |ui| {
                for binding in bindings() {
                    ui.monospace(binding.keys.as_ref());
                    ui.label(binding.what.as_ref());
                    ui.end_row();
                }
            });
        });
}
