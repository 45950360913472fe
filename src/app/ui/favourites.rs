//! The panel's favourites and presets section: the strip of kept layouts (a click or the
//! keys 1 to 9 open one; a right-click offers a box to rename it, Delete and Export), and
//! the presets (apply one, save the settings as one's own). The lists themselves are kept
//! by [`crate::app::store`].
//!
//! The strip keeps its height whether or not there are favourites, and draws only the
//! thumbnails in sight, each decoded once and kept among the last few dozen shown, so a
//! list of thousands costs what a screenful does. So does the preset menu: it lays out only
//! the rows in sight, and a long list gets a box that narrows it by name.

use std::collections::HashMap;
use std::sync::Arc;

use egui_macroquad::egui::{self, Vec2, vec2};

use super::field::field;
use crate::app::action::{Action, KeepAction};
use crate::app::status::Status;
use crate::app::store::Store;
use dungeon_files::formats::Format;
use dungeon_files::text::{quote, quote_path};
use dungeon_generator::Recipe;
use dungeon_viewer::store::favourites::{Favourite, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH};
use dungeon_viewer::store::presets::{Preset, Presets};

/// Thumbnails kept as textures at most: a few screenfuls of the strip.
const THUMBNAILS_KEPT: usize = 64;
/// Points between the strip's entries.
const GAP: f32 = 6.0;
/// Lines a favourite's name takes under its thumbnail at most; a longer one ends in `…`.
const NAME_LINES: usize = 2;
/// The strip's height: a thumbnail and its name.
const STRIP_HEIGHT: f32 = THUMBNAIL_HEIGHT as f32 + 40.0;
/// The preset menu's list, in points: about a dozen rows.
const PRESET_LIST_HEIGHT: f32 = 240.0;
/// Presets beyond which the menu offers a box to narrow the list by name.
const PRESETS_UNNARROWED: usize = 24;

/// The section's own state.
#[derive(Default)]
pub struct FavouritesPanel {
    /// Each favourite's thumbnail (none when its picture cannot be read), by id, with the
    /// frame it was last shown in.
    thumbnails: HashMap<String, (Option<egui::TextureHandle>, u64)>,
    frame: u64,
    /// The favourite whose menu is open, the name typed into the menu's box, and `true`
    /// until the box has taken the keyboard.
    renaming: Option<(String, String, bool)>,
    preset_name: String,
    narrowing: Narrowing,
}

/// The preset menu's box that narrows a long list by name, and the presets it found (for
/// which catalogue and which text), found again only when either changes.
#[derive(Default)]
struct Narrowing {
    text: String,
    found: Option<(Arc<Presets>, String, Vec<usize>)>,
}

impl Narrowing {
    /// The places in `presets` of those to list: those whose name holds the box's text, in
    /// any case (every one when it is empty).
    fn rows(&mut self, presets: &Arc<Presets>) -> &[usize] {
        let text = self.text.trim().to_lowercase();
        let stale = self
            .found
            .as_ref()
            .is_none_or(|(of, found_for, _)| !Arc::ptr_eq(of, presets) || *found_for != text);
        if stale {
            let rows = (0..presets.all().len())
                .filter(|&at| {
                    text.is_empty() || presets.all()[at].name.to_lowercase().contains(&text)
                })
                .collect();
            self.found = Some((Arc::clone(presets), text, rows));
        }
        self.found.as_ref().map_or(&[], |(_, _, rows)| rows)
    }
}

impl FavouritesPanel {
    /// The section: the strip, renaming and presets.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        store: &Store,
        recipe: &Recipe,
        status: &mut Status,
        actions: &mut Vec<Action>,
    ) {
        self.frame += 1;
        let mut act = |a| actions.push(Action::Keep(a));
        ui.horizontal(|ui| {
            if ui
                .add_enabled(store.deleted.is_some(), egui::Button::new("Undo delete"))
                .on_hover_text("Put back the favourite deleted last.")
                .clicked()
            {
                act(KeepAction::Undelete);
            }
            let where_ = match &store.dir {
                Some(dir) => format!("Kept for good in {}.", quote_path(dir)),
                None => "There is no data directory: nothing can be kept.".into(),
            };
            let saving = if store.is_busy() {
                "saving…"
            } else if store.has_unsaved() {
                "not saved yet"
            } else {
                ""
            };
            ui.weak(format!("{} kept {saving}", store.favourites().len()))
                .on_hover_text(where_);
        });
        self.strip(ui, store.favourites(), recipe, &mut act);
        self.presets(ui, store, recipe, status, actions);
    }

    /// The strip of favourites, always [`STRIP_HEIGHT`] high; only the entries in sight are
    /// drawn, the one whose recipe is on screen marked.
    fn strip(
        &mut self,
        ui: &mut egui::Ui,
        favourites: &[Favourite],
        shown: &Recipe,
        act: &mut impl FnMut(KeepAction),
    ) {
        if favourites.is_empty() {
            let size = vec2(ui.available_width().min(super::WIDTH - 40.0), STRIP_HEIGHT);
            ui.add_sized(
                size,
                egui::Label::new(
                    egui::RichText::new("None yet: press K or ★ Keep on a layout you like.").weak(),
                )
                .wrap(),
            );
            return;
        }
        let step = THUMBNAIL_WIDTH as f32 + GAP;
        egui::ScrollArea::horizontal()
            .id_salt("favourites strip")
            .max_height(STRIP_HEIGHT + 12.0)
            .show_viewport(ui, |ui, viewport| {
                ui.set_min_size(vec2(step * favourites.len() as f32, STRIP_HEIGHT));
                let first = (viewport.min.x / step).floor().max(0.0) as usize;
                let last = ((viewport.max.x / step).ceil() as usize).min(favourites.len());
                for (n, favourite) in favourites.iter().enumerate().take(last).skip(first) {
                    let at = ui.min_rect().min + vec2(n as f32 * step, 0.0);
                    let rect =
                        egui::Rect::from_min_size(at, vec2(THUMBNAIL_WIDTH as f32, STRIP_HEIGHT));
                    ui.allocate_new_ui(egui::UiBuilder::new().max_rect(rect), |ui| {
                        let open = favourite.recipe().is_ok_and(|r| r == *shown);
                        self.entry(ui, favourite, n, open, act);
                    });
                }
            });
        self.forget_thumbnails();
    }

    /// One favourite in the strip: its thumbnail and name, marked when it is `open` (its
    /// recipe on screen); a click opens it, a right-click offers renaming, deleting and
    /// exporting.
    fn entry(
        &mut self,
        ui: &mut egui::Ui,
        favourite: &Favourite,
        n: usize,
        open: bool,
        act: &mut impl FnMut(KeepAction),
    ) {
        let texture = self.thumbnail(ui.ctx(), favourite);
        ui.vertical(|ui| {
            let response = match &texture {
                Some(texture) => ui.add(
                    egui::ImageButton::new((texture.id(), texture.size_vec2())).selected(open),
                ),
                None => ui.add_sized(
                    Vec2::new(THUMBNAIL_WIDTH as f32, THUMBNAIL_HEIGHT as f32),
                    egui::Button::new("(no picture)").selected(open),
                ),
            };
            let key = if n < 9 {
                format!(" ({})", n + 1)
            } else {
                String::new()
            };
            let on_screen = if open { "\non screen now" } else { "" };
            let response = response.on_hover_text(format!(
                "{}{key}{on_screen}\nkept {}\n{}",
                quote(&favourite.name),
                favourite.kept_utc,
                favourite.recipe
            ));
            if response.clicked() {
                act(KeepAction::OpenNth(n));
            }
            response.context_menu(|ui| {
                let fresh = || (favourite.id.clone(), favourite.name.clone(), true);
                let renaming = match &mut self.renaming {
                    Some(r) if r.0 == favourite.id => r,
                    other => other.insert(fresh()),
                };
                let (_, name, first) = renaming;
                ui.horizontal(|ui| {
                    let typed = field(ui, egui::TextEdit::singleline(name).desired_width(140.0));
                    if std::mem::take(first) {
                        typed.response.request_focus();
                    }
                    let entered = typed.entered;
                    if ui.button("Rename").clicked() || entered {
                        act(KeepAction::Rename(favourite.id.clone(), name.clone()));
                        ui.close_menu();
                    }
                });
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
            if !response.context_menu_opened() {
                // The menu closed: the next one starts from the favourite's name again.
                if self
                    .renaming
                    .as_ref()
                    .is_some_and(|(id, _, _)| *id == favourite.id)
                {
                    self.renaming = None;
                }
            }
            name_label(ui, &favourite.name, open);
        });
    }

    /// The thumbnail of `favourite` as a texture, decoded the first time it is shown.
    fn thumbnail(
        &mut self,
        ctx: &egui::Context,
        favourite: &Favourite,
    ) -> Option<egui::TextureHandle> {
        let frame = self.frame;
        if let Some((texture, shown)) = self.thumbnails.get_mut(&favourite.id) {
            *shown = frame;
            return texture.clone();
        }
        let texture = favourite.thumbnail().ok().map(|pixels| {
            let image = egui::ColorImage::from_rgba_unmultiplied(
                [pixels.width() as usize, pixels.height() as usize],
                pixels.rgba(),
            );
            ctx.load_texture(
                format!("favourite {}", favourite.id),
                image,
                egui::TextureOptions::NEAREST,
            )
        });
        self.thumbnails
            .insert(favourite.id.clone(), (texture.clone(), frame));
        texture
    }

    /// Let go of the thumbnails shown longest ago, beyond [`THUMBNAILS_KEPT`].
    fn forget_thumbnails(&mut self) {
        if self.thumbnails.len() <= THUMBNAILS_KEPT {
            return;
        }
        let mut shown: Vec<u64> = self.thumbnails.values().map(|(_, f)| *f).collect();
        shown.sort_unstable();
        let oldest_kept = shown[shown.len() - THUMBNAILS_KEPT];
        self.thumbnails.retain(|_, (_, f)| *f >= oldest_kept);
    }

    /// Apply a preset; save the settings as the user's own (Enter in the name box too).
    fn presets(
        &mut self,
        ui: &mut egui::Ui,
        store: &Store,
        recipe: &Recipe,
        status: &mut Status,
        actions: &mut Vec<Action>,
    ) {
        let presets = store.presets();
        let narrowing = &mut self.narrowing;
        ui.horizontal(|ui| {
            ui.label("Preset");
            egui::ComboBox::from_id_salt("preset")
                .selected_text("apply one…")
                .width(170.0)
                // The list scrolls on its own, under the box that narrows it.
                .height(f32::INFINITY)
                .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
                .show_ui(ui, |ui| {
                    if presets.all().len() > PRESETS_UNNARROWED {
                        field(
                            ui,
                            egui::TextEdit::singleline(&mut narrowing.text)
                                .hint_text("name holds…")
                                .desired_width(170.0),
                        );
                    } else {
                        // No box, nothing to narrow by.
                        narrowing.text.clear();
                    }
                    let rows = narrowing.rows(presets);
                    if rows.is_empty() {
                        ui.weak("No preset has such a name.");
                    }
                    let row_height = ui.spacing().interact_size.y;
                    egui::ScrollArea::vertical()
                        .max_height(PRESET_LIST_HEIGHT)
                        .show_rows(ui, row_height, rows.len(), |ui, in_sight| {
                            for &at in &rows[in_sight] {
                                let preset = &presets.all()[at];
                                if ui
                                    .selectable_label(false, quote(&preset.name))
                                    .on_hover_text(&preset.recipe)
                                    .clicked()
                                {
                                    match preset.apply(recipe) {
                                        Ok(recipe) => {
                                            actions.push(Action::Apply(recipe));
                                            status.say(format!(
                                                "Applied the preset “{}”",
                                                quote(&preset.name)
                                            ));
                                        }
                                        Err(e) => status.problem(format!(
                                            "The preset “{}” cannot be used: {e}",
                                            quote(&preset.name)
                                        )),
                                    }
                                    ui.memory_mut(egui::Memory::close_popup);
                                }
                            }
                        });
                })
                .response
                .on_hover_text("Start from a preset's settings, keeping the seed.");
        });
        ui.horizontal(|ui| {
            let entered = field(
                ui,
                egui::TextEdit::singleline(&mut self.preset_name)
                    .hint_text("name")
                    .char_limit(dungeon_viewer::store::presets::MAX_NAME)
                    .desired_width(120.0),
            )
            .entered;
            if ui
                .button("Save as preset")
                .on_hover_text("Keep these settings (not the seed) as a preset of your own.")
                .clicked()
                || entered
            {
                let name = self.preset_name.trim().to_string();
                actions.push(Action::Keep(KeepAction::SavePreset(name)));
                self.preset_name.clear();
            }
        });
    }
}

/// A favourite's name under its thumbnail, quoted as every name the window shows (control
/// and direction characters escaped, at most 40 characters): as wide as the thumbnail, on
/// up to [`NAME_LINES`] lines, then cut short with `…` (whole on hover); strong when it is
/// `open`.
fn name_label(ui: &mut egui::Ui, name: &str, open: bool) {
    let visuals = ui.visuals();
    let colour = if open {
        visuals.strong_text_color()
    } else {
        visuals.text_color()
    };
    let font = egui::TextStyle::Body.resolve(ui.style());
    let mut job = egui::text::LayoutJob::simple(quote(name), font, colour, THUMBNAIL_WIDTH as f32);
    job.wrap.max_rows = NAME_LINES;
    job.wrap.overflow_character = Some('…');
    // Cut short, it shows whole on hover.
    ui.add(egui::Label::new(ui.fonts(|f| f.layout_job(job))));
}

/// A new preset of the user's from the settings of `recipe`, named `name`.
pub fn preset_of(name: &str, recipe: &Recipe) -> Preset {
    Preset {
        name: name.to_string(),
        recipe: recipe.to_string(),
    }
}
