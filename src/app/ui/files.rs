//! Files: the Export as menu beside Save PNG (every other format, each with the cell size
//! its kind of file wants, greyed with the reason when the map cannot be written so), the
//! panel's recipe section (copy it, paste one, open a file holding one) and the question a
//! very big picture asks before it is saved.

use std::path::PathBuf;

use egui_macroquad::egui;

use super::field::{self, field};
use crate::app::action::{Action, KeepAction, Opening};
use crate::app::platform;
use crate::app::status::Status;
use dungeon_files::draw::look::Look;
use dungeon_files::draw::{MAX_SIDE, largest_cell};
use dungeon_files::formats::{self, Format, Options, uvtt};
use dungeon_generator::Recipe;

/// Lines of the recipe's text the recipe section shows, whatever its length.
const RECIPE_LINES: usize = 5;

/// A picture over this many bytes asks before it is saved.
pub const ASK_ABOVE_BYTES: u64 = 50 * 1024 * 1024;

/// The cell sizes files are written at: pictures (PNG, SVG), tabletop maps (Universal VTT)
/// and Tiled's tiles, each defaulting to what `render` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellSizes {
    pub picture: u32,
    pub tabletop: u32,
    pub tiles: u32,
}

impl Default for CellSizes {
    fn default() -> Self {
        Self {
            picture: Format::Png.default_cell_size(),
            tabletop: Format::Uvtt.default_cell_size(),
            tiles: Format::Tiled.default_cell_size(),
        }
    }
}

impl CellSizes {
    /// The size chosen for files of `format`.
    fn chosen(&mut self, format: Format) -> &mut u32 {
        match format {
            Format::Uvtt => &mut self.tabletop,
            Format::Tiled => &mut self.tiles,
            Format::Png | Format::Svg | Format::Json | Format::Text => &mut self.picture,
        }
    }

    /// What files of `format` are, as the label of their cell size says.
    fn what(format: Format) -> &'static str {
        match format {
            Format::Uvtt => "tabletop",
            Format::Tiled => "tiles",
            Format::Png | Format::Svg | Format::Json | Format::Text => "picture",
        }
    }

    /// Pixels a cell to write a map of `recipe` as `format` at: the chosen size, or less
    /// when the picture would pass [`MAX_SIDE`] pixels a side.
    #[must_use]
    pub fn for_map(&self, format: Format, recipe: &Recipe) -> u32 {
        let mut sizes = *self;
        (*sizes.chosen(format)).min(largest(format, recipe))
    }
}

/// The largest cell size a file of `format` of `recipe`'s map may have.
fn largest(format: Format, recipe: &Recipe) -> u32 {
    let most = *format.cell_sizes().end();
    largest_cell(recipe.width, recipe.height, u64::MAX).min(most)
}

/// The section's own state.
#[derive(Debug, Default)]
pub struct FilesPanel {
    paste: String,
    open_path: String,
    /// The recipe text last copied, to say "Copied" while it is the one shown.
    copied: Option<String>,
    pub sizes: CellSizes,
}

impl FilesPanel {
    /// The recipe section: a field to paste a recipe into, the Open field that takes a saved
    /// PNG or a text file holding one, and the recipe's text, in a box of fixed height, with
    /// Copy. A pasted recipe that does not read says why in the status bar.
    pub fn recipe(
        &mut self,
        ui: &mut egui::Ui,
        recipe: &Recipe,
        status: &mut Status,
        actions: &mut Vec<Action>,
    ) {
        ui.horizontal(|ui| {
            let entered = field(
                ui,
                egui::TextEdit::singleline(&mut self.paste)
                    .hint_text("paste a recipe here")
                    .desired_width(200.0),
            )
            .entered;
            if ui.button("Apply").clicked() || entered {
                match self.paste.trim().parse::<Recipe>() {
                    Ok(recipe) => actions.push(Action::Apply(recipe)),
                    Err(e) => status.problem(format!("Recipe not applied: {e}")),
                }
            }
        });
        self.open_row(ui, actions);
        let text = recipe.to_string();
        ui.horizontal_top(|ui| {
            let copied = self.copied.as_ref() == Some(&text);
            if ui
                .button(if copied { "Copied" } else { "Copy" })
                .on_hover_text("Copy the recipe to the clipboard, to paste it above or share it.")
                .clicked()
            {
                ui.ctx().copy_text(text.clone());
                self.copied = Some(text.clone());
            }
            recipe_text(ui, &text);
        });
    }

    /// The Open field: a saved PNG or a text file with a recipe (Enter opens it too). A
    /// web page reads no files by name: there, dropping one on the page opens it.
    fn open_row(&mut self, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        if !platform::OPENS_FILES {
            ui.label("Drop a PNG saved by Dungeon Viewer, or a file with a recipe, on the page to open it.");
            return;
        }
        ui.horizontal(|ui| {
            let entered = field(
                ui,
                egui::TextEdit::singleline(&mut self.open_path)
                    .hint_text("path of a saved PNG or recipe")
                    .desired_width(190.0),
            )
            .entered;
            if ui
                .button("Open…")
                .on_hover_text(
                    "Open the layout saved in a PNG (by Dungeon Viewer) or a text file \
                     holding a recipe. You can also drop such a file onto the window.",
                )
                .clicked()
                || entered
            {
                let path = PathBuf::from(self.open_path.trim());
                actions.push(Action::Keep(KeepAction::Open(Opening::File(path))));
            }
        });
    }

    /// Export as: a menu of every format but PNG (which has its own button), each with its
    /// cell size; a format that cannot write this map with this look is greyed and says why.
    pub fn export_menu(
        &mut self,
        ui: &mut egui::Ui,
        recipe: &Recipe,
        drawn: Drawn,
        actions: &mut Vec<Action>,
    ) {
        ui.menu_button("Export as…", |ui| {
            ui.weak("Beside the saved pictures, never over a file.");
            let others = Format::ALL.into_iter().filter(|&f| f != Format::Png);
            for format in others.clone().filter(|f| f.is_picture()) {
                ui.horizontal(|ui| {
                    self.save_button(ui, format, format.name(), recipe, drawn, actions);
                    self.size(ui, format, CellSizes::what(format), recipe);
                });
            }
            ui.horizontal(|ui| {
                for format in others.filter(|f| !f.is_picture()) {
                    self.save_button(ui, format, format.name(), recipe, drawn, actions);
                }
            });
        })
        .response
        .on_hover_text(
            "Write the map as SVG, Universal VTT, a Tiled map, JSON or text, beside the saved \
             pictures and never over a file: the same file as `render` makes with these cell \
             sizes and this look.",
        );
    }

    /// The button that saves the map as `format`, labelled `label`: greyed, saying why, when
    /// the format cannot write this map at its cell size in this look.
    pub fn save_button(
        &self,
        ui: &mut egui::Ui,
        format: Format,
        label: &str,
        recipe: &Recipe,
        drawn: Drawn,
        actions: &mut Vec<Action>,
    ) {
        let options = Options {
            cell_size: Some(self.sizes.for_map(format, recipe)),
            no_grid: !drawn.grid,
            look: drawn.look,
        }
        .for_format(format);
        let refused = formats::check(format, &options, recipe).err();
        let help = match format {
            Format::Png => "Save the map, with its recipe inside, to come back to it (S or \
                            F12): the same picture as `render` makes at this cell size."
                .to_string(),
            _ => format!("Write the map as a .{} file.", format.extension()),
        };
        let button = ui
            .add_enabled(refused.is_none(), egui::Button::new(label))
            .on_hover_text(help);
        if let Some(why) = refused {
            button.on_disabled_hover_text(format!("Cannot be written: {why}."));
        } else if button.clicked() {
            actions.push(Action::Save(format));
            ui.close_menu();
        }
    }

    /// The cell size of files of `format` (`what` they are, for the label), within what the
    /// format takes and the picture allows.
    pub fn size(&mut self, ui: &mut egui::Ui, format: Format, what: &str, recipe: &Recipe) {
        let range = format.cell_sizes();
        let largest = largest(format, recipe).max(*range.start());
        let chosen = self.sizes.chosen(format);
        let mut size = f64::from((*chosen).min(largest));
        let help = match format {
            Format::Uvtt => format!(
                "Pixels a grid cell in tabletop files, {} to {largest} for this map ({} by \
                 default, as tabletops expect; they refuse less than {}).",
                range.start(),
                uvtt::DEFAULT_PIXELS_PER_GRID,
                range.start()
            ),
            Format::Tiled => format!("Pixels a tile in Tiled's tileset, 1 to {largest}."),
            _ => format!(
                "Pixels a cell in saved pictures, 1 to {largest} for this map (pictures stay \
                 within {MAX_SIDE} pixels a side)."
            ),
        };
        let range = f64::from(*range.start())..=f64::from(largest);
        let (typed, changed) = field::number(ui, &mut size, range, 0, &format!(" px {what}"));
        typed.on_hover_text(help);
        if changed {
            *chosen = size as u32;
        }
    }
}

/// The recipe's text in a box [`RECIPE_LINES`] high whatever its length, so that nothing
/// below it moves: a longer one ends in `…` and shows whole on hover (Copy takes it whole).
fn recipe_text(ui: &mut egui::Ui, text: &str) {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let colour = ui.visuals().text_color();
    let width = ui.available_width();
    // Exactly as high as that many lines of the label, which fills them or ends in `…`.
    let lines = "\n".repeat(RECIPE_LINES - 1);
    let height = ui.fonts(|f| f.layout_no_wrap(lines, font.clone(), colour).size().y);
    let mut job = egui::text::LayoutJob::simple(text.to_string(), font, colour, width);
    job.wrap.max_rows = RECIPE_LINES;
    job.wrap.overflow_character = Some('…');
    let galley = ui.fonts(|f| f.layout_job(job));
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let mut inside = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    // Cut short, it shows whole on hover.
    inside.add(egui::Label::new(galley));
}

/// How the map is drawn in files: what decides whether a format can write it.
#[derive(Clone, Copy, Debug)]
pub struct Drawn {
    pub look: Look,
    pub grid: bool,
}

/// A save that asks first: the picture would be `bytes` big.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BigSave {
    pub format: Format,
    pub cell_size: u32,
    /// The picture's size in pixels, and about how many bytes its file will have.
    pub pixels: (u32, u32),
    pub bytes: u64,
    /// A cell size whose file stays under [`ASK_ABOVE_BYTES`], and its file's size.
    pub smaller: Option<(u32, u64)>,
}

/// Ask whether to save `big`: at its size, at the smaller size, or not at all. Returns the
/// answer once given (`None` to keep asking, `Some(None)` for no).
pub fn ask(ctx: &egui::Context, big: &BigSave) -> Option<Option<Action>> {
    let mut answer = None;
    egui::Window::new("A very big picture")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(format!(
                "At {} pixels a cell this {} is {}×{} pixels, a file of about {}.",
                big.cell_size,
                big.format.name(),
                big.pixels.0,
                big.pixels.1,
                megabytes(big.bytes)
            ));
            ui.horizontal(|ui| {
                if ui.button("Save it").clicked() {
                    answer = Some(Some(Action::SaveConfirmed(big.format, big.cell_size)));
                }
                if let Some((size, bytes)) = big.smaller
                    && ui
                        .button(format!(
                            "Save at {size} px a cell (about {})",
                            megabytes(bytes)
                        ))
                        .clicked()
                {
                    answer = Some(Some(Action::SaveConfirmed(big.format, size)));
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    answer = Some(None);
                }
            });
        });
    answer
}

/// `bytes` for people: `259 MB`.
pub fn megabytes(bytes: u64) -> String {
    if bytes >= 10 * 1024 * 1024 {
        format!("{} MB", bytes / (1024 * 1024))
    } else {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_take_their_own_cell_size_within_the_largest_side() {
        let mut sizes = CellSizes::default();
        let small = Recipe::default();
        // Each kind of file starts at the size `render` uses for it.
        assert_eq!(sizes.for_map(Format::Png, &small), 12);
        assert_eq!(sizes.for_map(Format::Uvtt, &small), 70);
        assert_eq!(sizes.for_map(Format::Tiled, &small), 16);
        // A wide map is saved smaller, so that no side passes the largest picture.
        let wide: Recipe = "dv1 width=2048 height=100 rooms=1".parse().unwrap();
        assert_eq!(sizes.for_map(Format::Png, &wide), MAX_SIDE / 2048);
        // A size chosen for one kind of file leaves the others alone.
        *sizes.chosen(Format::Png) = 64;
        assert_eq!(sizes.for_map(Format::Png, &small), 64);
        assert_eq!(sizes.for_map(Format::Svg, &small), 64);
        assert_eq!(sizes.for_map(Format::Uvtt, &small), 70);
    }
}
