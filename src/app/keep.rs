//! Keeping layouts: the favourites strip (keep with ★ or K, open with a click or the keys
//! 1 to 9, rename, delete, export), the presets (built-in and the user's own) and the Open
//! field that takes a saved PNG or a text file with a recipe. The lists live in the user's
//! data directory ([`dungeon_viewer::store::favourites`]); when it cannot be written, changes stay
//! in this window and the panel says so.

use std::collections::HashMap;
use std::path::PathBuf;

use egui_macroquad::egui::{self, Color32};

use super::panel::Action;
use dungeon_viewer::formats::Format;
use dungeon_viewer::model::dungeon::Dungeon;
use dungeon_viewer::model::recipe::Recipe;
use dungeon_viewer::store::favourites::{self, Favourite, Favourites};
use dungeon_viewer::store::presets::UserPresets;
use dungeon_viewer::store::presets::{self, Preset};
use dungeon_viewer::store::{self, Error as StoreError};

/// What the favourites and presets controls ask of the window.
#[derive(Clone, Debug, PartialEq)]
pub enum KeepAction {
    /// Keep the shown map as a favourite (★, K).
    Keep,
    /// Open favourite number `n` (from 0, oldest first), as the keys 1 to 9 do.
    OpenNth(usize),
    /// Open the favourite with this id and save it in this format.
    Export(String, Format),
    Rename(String, String),
    Delete(String),
    /// Put back the favourite deleted last.
    Undelete,
    /// Save the current settings as the user's preset of this name.
    SavePreset(String),
    /// Open a saved PNG, or a text file holding a recipe.
    Open(PathBuf),
}

/// The favourites and presets of this window, with what the panel is in the middle of.
pub struct Keeping {
    /// `None` when there is no data directory to keep them in.
    favourites: Option<Favourites>,
    user_presets: Option<UserPresets>,
    /// Where they live, to say so.
    dir: Option<PathBuf>,
    /// What the last change said (a failure, a notice about a broken file), in red when
    /// it is a problem.
    pub message: Option<(String, bool)>,
    thumbnails: HashMap<String, egui::TextureHandle>,
    /// The favourite being renamed and the name typed so far.
    renaming: Option<(String, String)>,
    deleted: Option<Favourite>,
    preset_name: String,
    open_path: String,
}

impl Keeping {
    /// The lists in the user's data directory.
    pub fn open() -> Self {
        let dir = store::data_dir();
        let mut notices = Vec::new();
        let (favourites, user_presets) = match &dir {
            Some(dir) => {
                let (f, a) = Favourites::open(dir);
                let (p, b) = UserPresets::open(dir);
                notices.extend(a.into_iter().chain(b));
                (Some(f), Some(p))
            }
            None => {
                notices.push(
                    "No home directory: favourites and presets last only while this window \
                     is open."
                        .to_string(),
                );
                (None, None)
            }
        };
        Self {
            favourites,
            user_presets,
            dir,
            message: (!notices.is_empty()).then(|| (notices.join(" "), true)),
            thumbnails: HashMap::new(),
            renaming: None,
            deleted: None,
            preset_name: String::new(),
            open_path: String::new(),
        }
    }

    /// The favourites, oldest first.
    pub fn favourites(&self) -> &[Favourite] {
        self.favourites.as_ref().map_or(&[], |f| f.entries())
    }

    /// Every preset: the built-in ones, then the user's.
    pub fn presets(&self) -> Vec<Preset> {
        presets::all(self.user_presets.as_ref().map_or(&[], |p| p.entries()))
    }

    /// Say what a change of a list did.
    fn report(&mut self, done: &str, outcome: Result<Option<String>, StoreError>) {
        self.message = Some(match outcome {
            Ok(None) => (done.to_string(), false),
            Ok(Some(notice)) => (format!("{done} {notice}"), true),
            Err(e) => (e.to_string(), true),
        });
    }

    /// Keep `dungeon` as a favourite.
    pub fn keep(&mut self, dungeon: &Dungeon) {
        let Some(list) = &mut self.favourites else {
            self.message = Some(("There is nowhere to keep favourites.".into(), true));
            return;
        };
        let (done, outcome) = match Favourite::new(dungeon) {
            Ok(favourite) => (format!("Kept “{}”.", favourite.name), list.add(favourite)),
            Err(e) => (String::new(), Err(e)),
        };
        self.report(&done, outcome);
    }

    pub fn rename(&mut self, id: &str, name: &str) {
        if let Some(list) = &mut self.favourites {
            let outcome = list.rename(id, name.trim());
            self.report(&format!("Renamed to “{}”.", name.trim()), outcome);
        }
    }

    pub fn delete(&mut self, id: &str) {
        if let Some(list) = &mut self.favourites {
            let gone = list.get(id).cloned();
            let outcome = list.delete(id);
            if outcome.is_ok() {
                self.deleted = gone;
            }
            self.report("Deleted.", outcome);
        }
    }

    pub fn undelete(&mut self) {
        if let (Some(list), Some(favourite)) = (&mut self.favourites, self.deleted.take()) {
            let outcome = list.add(favourite);
            self.report("Put back.", outcome);
        }
    }

    /// Save `recipe` as the user's preset `name`.
    pub fn save_preset(&mut self, name: &str, recipe: &Recipe) {
        let name = name.trim();
        if name.is_empty() {
            self.message = Some(("Type a name for the preset.".into(), true));
            return;
        }
        if presets::find(&presets::built_in(), name).is_some() {
            self.message = Some((
                format!("“{name}” is a built-in preset: pick another name."),
                true,
            ));
            return;
        }
        if let Some(list) = &mut self.user_presets {
            let preset = Preset {
                name: name.to_string(),
                recipe: recipe.to_string(),
            };
            let outcome = list.add(preset);
            self.report(&format!("Saved the preset “{name}”."), outcome);
            self.preset_name.clear();
        }
    }

    /// The favourite's recipe, or a message about it.
    pub fn recipe_of(&mut self, id: &str) -> Option<Recipe> {
        let favourite = self.favourites.as_ref()?.get(id)?;
        match favourite.recipe() {
            Ok(recipe) => Some(recipe),
            Err(e) => {
                self.message = Some((format!("“{}” cannot be opened: {e}", favourite.name), true));
                None
            }
        }
    }

    /// The thumbnail of `favourite` as a texture, made the first time it is shown.
    fn thumbnail(
        &mut self,
        ctx: &egui::Context,
        favourite: &Favourite,
    ) -> Option<egui::TextureHandle> {
        if let Some(texture) = self.thumbnails.get(&favourite.id) {
            return Some(texture.clone());
        }
        let pixels = favourite.thumbnail().ok()?;
        let image = egui::ColorImage::from_rgba_unmultiplied(
            [pixels.width() as usize, pixels.height() as usize],
            pixels.rgba(),
        );
        let texture = ctx.load_texture(
            format!("favourite {}", favourite.id),
            image,
            egui::TextureOptions::NEAREST,
        );
        self.thumbnails
            .insert(favourite.id.clone(), texture.clone());
        Some(texture)
    }
}

/// The panel's "Favourites" section: the ★ button, the strip, renaming, presets and Open.
pub fn panel(
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    keeping: &mut Keeping,
    recipe: &Recipe,
    actions: &mut Vec<Action>,
) {
    let mut gallery = false;
    let mut act = |a| actions.push(Action::Keep(a));
    ui.horizontal(|ui| {
        ui.strong("Favourites");
        if ui
            .button("Gallery")
            .on_hover_text(
                "These settings at nine seeds side by side: click the one you like (V; V or \
                 Esc to come back).",
            )
            .clicked()
        {
            gallery = true;
        }
        if ui
            .button("★ Keep")
            .on_hover_text(
                "Keep this layout among your favourites, with a small picture of it (K). They \
                 are kept for good, in your data directory.",
            )
            .clicked()
        {
            act(KeepAction::Keep);
        }
        if keeping.deleted.is_some() && ui.button("Undo delete").clicked() {
            act(KeepAction::Undelete);
        }
    });
    let favourites = keeping.favourites().to_vec();
    if favourites.is_empty() {
        ui.weak("None yet: press K or ★ on a layout you like.");
    } else {
        egui::ScrollArea::horizontal()
            .id_salt("favourites strip")
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    for (n, favourite) in favourites.iter().enumerate() {
                        strip_entry(ui, ctx, keeping, favourite, n, &mut act);
                    }
                });
            });
        ui.weak("Click one to open it (or press 1 to 9); right-click for more.");
    }
    if let Some((id, name)) = &mut keeping.renaming {
        let mut done = None;
        ui.horizontal(|ui| {
            let field = ui.add(egui::TextEdit::singleline(name).desired_width(150.0));
            field.request_focus();
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Rename").clicked() || entered {
                done = Some(true);
            }
            if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                done = Some(false);
            }
        });
        match done {
            Some(true) => {
                act(KeepAction::Rename(id.clone(), name.clone()));
                keeping.renaming = None;
            }
            Some(false) => keeping.renaming = None,
            None => {}
        }
    }
    if let Some((message, problem)) = &keeping.message {
        if *problem {
            ui.colored_label(Color32::LIGHT_RED, message);
        } else {
            ui.weak(message);
        }
    }
    if gallery {
        actions.push(Action::ToggleGallery);
    }
    presets_row(ui, keeping, recipe, actions);
    open_row(ui, keeping, actions);
}

/// One favourite in the strip: its thumbnail and name; a click opens it, a right-click
/// offers renaming, deleting and exporting.
fn strip_entry(
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    keeping: &mut Keeping,
    favourite: &Favourite,
    n: usize,
    act: &mut impl FnMut(KeepAction),
) {
    let texture = keeping.thumbnail(ctx, favourite);
    ui.vertical(|ui| {
        ui.set_width(favourites::THUMBNAIL_WIDTH as f32);
        let response = match &texture {
            Some(texture) => ui.add(egui::ImageButton::new((texture.id(), texture.size_vec2()))),
            None => ui.button("(no picture)"),
        };
        let key = if n < 9 {
            format!(" ({})", n + 1)
        } else {
            String::new()
        };
        let response = response.on_hover_text(format!(
            "{}{key}\nkept {}\n{}",
            favourite.name, favourite.kept_utc, favourite.recipe
        ));
        if response.clicked() {
            act(KeepAction::OpenNth(n));
        }
        response.context_menu(|ui| {
            if ui.button("Rename…").clicked() {
                keeping.renaming = Some((favourite.id.clone(), favourite.name.clone()));
                ui.close_menu();
            }
            if ui.button("Delete").clicked() {
                act(KeepAction::Delete(favourite.id.clone()));
                ui.close_menu();
            }
            ui.separator();
            for format in Format::ALL {
                if ui.button(format!("Export as {}", format.name())).clicked() {
                    act(KeepAction::Export(favourite.id.clone(), format));
                    ui.close_menu();
                }
            }
        });
        ui.add(egui::Label::new(&favourite.name).truncate());
    });
}

fn presets_row(
    ui: &mut egui::Ui,
    keeping: &mut Keeping,
    recipe: &Recipe,
    actions: &mut Vec<Action>,
) {
    let all = keeping.presets();
    ui.horizontal(|ui| {
        ui.label("Preset");
        egui::ComboBox::from_id_salt("preset")
            .selected_text("apply one…")
            .width(170.0)
            .show_ui(ui, |ui| {
                for preset in &all {
                    if ui
                        .selectable_label(false, &preset.name)
                        .on_hover_text(&preset.recipe)
                        .clicked()
                    {
                        match preset.apply(recipe) {
                            Ok(recipe) => actions.push(Action::Apply(recipe)),
                            Err(e) => {
                                keeping.message = Some((
                                    format!("The preset “{}” cannot be used: {e}", preset.name),
                                    true,
                                ));
                            }
                        }
                    }
                }
            })
            .response
            .on_hover_text("Start from a preset's settings, keeping the seed.");
    });
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut keeping.preset_name)
                .hint_text("name")
                .desired_width(120.0),
        );
        if ui
            .button("Save as preset")
            .on_hover_text("Keep these settings (not the seed) as a preset of your own.")
            .clicked()
        {
            actions.push(Action::Keep(KeepAction::SavePreset(
                keeping.preset_name.clone(),
            )));
        }
    });
}

fn open_row(ui: &mut egui::Ui, keeping: &mut Keeping, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        let field = ui.add(
            egui::TextEdit::singleline(&mut keeping.open_path)
                .hint_text("path of a saved PNG or recipe")
                .desired_width(190.0),
        );
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui
            .button("Open…")
            .on_hover_text(
                "Open the layout saved in a PNG (by Dungeon Viewer) or a text file holding a \
                 recipe. You can also drop such a file onto the window.",
            )
            .clicked()
            || entered
        {
            let path = PathBuf::from(keeping.open_path.trim());
            actions.push(Action::Keep(KeepAction::Open(path)));
        }
    });
    if let Some(dir) = &keeping.dir {
        ui.weak(format!("Kept in {}", dir.display()));
    }
}
