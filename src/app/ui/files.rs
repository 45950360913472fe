//! The panel's files section: the recipe (copy it, paste one), exporting the map in every
//! format with the cell size each kind of file wants, and the question a very big picture
//! asks before it is saved.

use egui_macroquad::egui::{self, RichText};

use crate::app::action::Action;
use crate::app::status::Status;
use dungeon_files::draw::{MAX_SIDE, largest_cell};
use dungeon_files::formats::{Format, uvtt};
use dungeon_generator::recipe::Recipe;

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
    /// The recipe text last copied, to say "Copied" while it is the one shown.
    copied: Option<String>,
    pub sizes: CellSizes,
}

impl FilesPanel {
    /// The section: the recipe, and Export as with the cell sizes. A pasted recipe that
    /// does not read says why in the status bar.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        recipe: &Recipe,
        status: &mut Status,
        actions: &mut Vec<Action>,
    ) {
        ui.horizontal(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.paste)
                    .hint_text("paste a recipe here")
                    .desired_width(200.0),
            );
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Apply").clicked() || entered {
                match self.paste.trim().parse::<Recipe>() {
                    Ok(recipe) => actions.push(Action::Apply(recipe)),
                    Err(e) => status.problem(format!("Recipe not applied: {e}")),
                }
            }
        });
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
            ui.add(egui::Label::new(RichText::new(&text).monospace()).wrap());
        });
        ui.separator();
        ui.label("Export as").on_hover_text(
            "Write the map beside the saved pictures, never over an existing file: the same \
             file as `render` makes with these cell sizes and this look.",
        );
        // PNG has its own button above; the other pictures each come with their cell size.
        let others = Format::ALL.into_iter().filter(|&f| f != Format::Png);
        for format in others.clone().filter(|f| f.is_picture()) {
            ui.horizontal(|ui| {
                export_button(ui, format, actions);
                self.size(ui, format, CellSizes::what(format), recipe);
            });
        }
        ui.horizontal(|ui| {
            for format in others.filter(|f| !f.is_picture()) {
                export_button(ui, format, actions);
            }
        });
    }

    /// The cell size of files of `format` (`what` they are, for the label), within what the
    /// format takes and the picture allows.
    pub fn size(&mut self, ui: &mut egui::Ui, format: Format, what: &str, recipe: &Recipe) {
        let range = format.cell_sizes();
        let largest = largest(format, recipe).max(*range.start());
        let chosen = self.sizes.chosen(format);
        let mut size = (*chosen).min(largest);
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
        let changed = ui
            .add(
                egui::DragValue::new(&mut size)
                    .range(*range.start()..=largest)
                    .suffix(format!(" px {what}"))
                    .update_while_editing(false),
            )
            .on_hover_text(help)
            .changed();
        if changed {
            *chosen = size;
        }
    }
}

/// The button that exports the map as `format`.
fn export_button(ui: &mut egui::Ui, format: Format, actions: &mut Vec<Action>) {
    if ui
        .button(format.name())
        .on_hover_text(format!("Write the map as a .{} file.", format.extension()))
        .clicked()
    {
        actions.push(Action::Save(format));
    }
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
