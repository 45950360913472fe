//! What each action does: the one place a key, a click or a button changes the window.
//! Saves and keeps asked for right after a change wait for the new map, then act on it.

use std::sync::Arc;

use std::path::PathBuf;

use super::action::{Action, KeepAction, Opening};
use super::platform;
use super::session::Way;
use super::state::{App, Pending};
use super::ui::favourites::preset_of;
use super::ui::files::{ASK_ABOVE_BYTES, BigSave};
use super::view::Area;
use dungeon_files::draw::raster::{Raster, Style};
use dungeon_files::formats::{self, Format, layout, png};
use dungeon_files::text::{quote, quote_path};
use dungeon_generator::Dungeon;
use dungeon_generator::Recipe;

impl App {
    /// Do what an action asks; true when the window should close.
    pub fn carry_out(&mut self, action: Action, area: Area) -> bool {
        match action {
            Action::NewSeed => self.session.new_seed(),
            Action::Reroll(stage) => self.session.reroll(stage),
            Action::Pin(action) => self.pin_action(action),
            Action::SetSeed(seed) => self.session.set_seed(seed),
            Action::Level(way) => self.step_level(way),
            Action::Back => {
                self.session.back();
            }
            Action::Forward => {
                self.session.forward();
            }
            Action::Reset => self.session.reset(),
            Action::Apply(recipe) => self.open(recipe),
            Action::ToggleGrid => self.grid = !self.grid,
            Action::ToggleLook(option) => {
                let on = option.switch(&mut self.look);
                *on = !*on;
                if let (true, Err(why)) = (*on, option.applies(&self.look)) {
                    self.status.say(format!(
                        "{} is on, but changes nothing: {why}.",
                        option.label
                    ));
                }
            }
            Action::ToggleHelp => self.panel.help_open = !self.panel.help_open,
            Action::Keep(action) => self.keep_action(action),
            Action::ToggleGallery => self.gallery.toggle(),
            Action::PickTile(n) => {
                if let Some(recipe) = self.gallery.tile(n).cloned() {
                    self.open(recipe);
                }
            }
            Action::Watch(action) => {
                let wanted = self.watch.recipe(&self.session.recipe).clone();
                let shown = self.screen.dungeon_of(&wanted).cloned();
                let base = self.session.recipe.clone();
                if let Some(recipe) = self.watch.carry_out(action, shown.as_ref(), &base) {
                    self.session.apply(recipe);
                }
            }
            Action::HidePanel => self.panel.open = !self.panel.open,
            Action::Fit => self.screen.fit(area),
            Action::Save(format) => {
                self.save_pending = Some(Pending {
                    format,
                    confirmed: None,
                });
            }
            Action::SaveConfirmed(format, cell_size) => {
                self.save_pending = Some(Pending {
                    format,
                    confirmed: Some(cell_size),
                });
            }
            Action::Escape => {
                if self.panel.help_open {
                    self.panel.help_open = false;
                } else if self.panel.asking.is_some() {
                    self.panel.asking = None;
                } else if self.gallery.open {
                    self.gallery.close();
                } else {
                    self.watch.stop_replay();
                }
            }
            Action::Quit => return self.ask_to_quit(),
            Action::QuitAnyway => return true,
            Action::StayOpen => self.stay_open(),
        }
        false
    }

    /// Show the level one step `way`, or say why there is none.
    fn step_level(&mut self, way: Way) {
        let levels = self.session.recipe.levels;
        match self.session.step_level(way) {
            Ok(_) => {}
            Err(_) if levels == 1 => self
                .status
                .say("This dungeon has one level: levels, beside Size, gives it more."),
            Err(at) => self.status.say(match way {
                Way::Down => format!("Level {at} is the last of {levels}."),
                Way::Up => format!("Level {at} is the top one."),
            }),
        }
    }

    /// Make `recipe` the map's, leaving a sweep and the gallery.
    pub(super) fn open(&mut self, recipe: Recipe) {
        self.watch.sweep = None;
        self.gallery.close();
        self.session.apply(recipe);
    }

    /// Favourites, presets and opening files.
    fn keep_action(&mut self, action: KeepAction) {
        let sent = match action {
            KeepAction::Keep => {
                self.keep_pending = true;
                Ok(())
            }
            KeepAction::OpenNth(n) => {
                if let Some(favourite) = self.store.favourites().get(n).cloned() {
                    match favourite.recipe() {
                        Ok(recipe) => {
                            self.open(recipe);
                            self.status
                                .say(format!("Opened “{}”", quote(&favourite.name)));
                        }
                        Err(e) => self.status.problem(format!(
                            "“{}” cannot be opened: {e}",
                            quote(&favourite.name)
                        )),
                    }
                }
                Ok(())
            }
            KeepAction::Export(id, format) => {
                let favourite = self.store.favourites().iter().find(|f| f.id == id).cloned();
                if let Some(Ok(recipe)) = favourite.map(|f| f.recipe()) {
                    self.open(recipe);
                    self.save_pending = Some(Pending {
                        format,
                        confirmed: None,
                    });
                }
                Ok(())
            }
            KeepAction::Rename(id, name) => self.store.rename(&id, &name),
            KeepAction::Delete(id) => self.store.delete(&id),
            KeepAction::Undelete => self.store.undelete(),
            KeepAction::SavePreset(name) => {
                let recipe = self.watch.recipe(&self.session.recipe).clone();
                self.store.save_preset(preset_of(&name, &recipe))
            }
            KeepAction::Open(opening) => {
                let (read, name) = match &opening {
                    Opening::File(path) => (platform::read_layout(path), path.clone()),
                    Opening::Dropped { name, bytes } => {
                        let name = PathBuf::from(name);
                        (layout::layout_of(bytes, &name), name)
                    }
                };
                match read {
                    Ok(recipe) => {
                        self.open(recipe);
                        self.status.say(format!("Opened {}", quote_path(&name)));
                    }
                    Err(e) => self.status.problem(e.to_string()),
                }
                Ok(())
            }
        };
        if let Err(problem) = sent {
            self.status.problem(problem);
        }
    }

    /// The map a save or keep asked for now acts on: the finished map of the current
    /// recipe; `Err` with why there is none.
    fn wanted_map(&self) -> Result<Arc<Dungeon>, String> {
        let wanted = self.watch.recipe(&self.session.recipe);
        match (self.screen.dungeon_of(wanted), &self.screen.error) {
            (Some(dungeon), _) => Ok(Arc::clone(dungeon)),
            (None, Some(error)) => Err(error.clone()),
            (None, None) => Err("there is no map yet".into()),
        }
    }

    /// Say, once, that a save or keep asked for waits for the map being made: keys pressed
    /// right after a change (a typed seed, Enter and S) act on the new map, which may take
    /// a while on a busy machine.
    pub fn say_waiting(&mut self) {
        let what = match (self.save_pending.is_some(), self.keep_pending) {
            (true, true) => "Saving and keeping",
            (true, false) => "Saving",
            (false, true) => "Keeping",
            (false, false) => "",
        };
        let waiting = !what.is_empty() && self.screen.is_generating();
        if waiting && !self.waiting_said {
            let seed = self.watch.recipe(&self.session.recipe).seed;
            self.status
                .say(format!("{what} the map of seed {seed} once it is made…"));
        }
        self.waiting_said = waiting;
    }

    /// Carry out a save asked for, once the map of the current recipe is shown: a save
    /// asked for right after a change saves the new map, not the one before. A picture
    /// over [`ASK_ABOVE_BYTES`] asks first. True when it did something (or said why not).
    pub fn save_when_ready(&mut self) -> bool {
        if self.screen.is_generating() {
            return false;
        }
        let Some(Pending { format, confirmed }) = self.save_pending.take() else {
            return false;
        };
        let dungeon = match self.wanted_map() {
            Ok(dungeon) => dungeon,
            Err(why) => {
                self.status.problem(format!("Not saved: {why}"));
                return true;
            }
        };
        let chosen = self.panel.files.sizes.for_map(format, dungeon.recipe());
        let cell_size = confirmed.unwrap_or(chosen);
        if confirmed.is_none()
            && let Some(big) = self.big_save(&dungeon, format, cell_size)
        {
            self.panel.asking = Some(big);
            return true;
        }
        // As `render` writes it at this cell size: the same file, byte for byte.
        let options = formats::Options {
            cell_size: Some(cell_size),
            no_grid: !self.grid,
            look: self.look,
        }
        .for_format(format);
        match platform::save(&dungeon, format, &options, &self.out_dir) {
            Ok(said) => self.status.say(said),
            Err(e) => self.status.problem(format!("Not saved: {e}")),
        }
        true
    }

    /// The question to ask before saving `dungeon` as a PNG at `cell_size`, when its file
    /// would be over [`ASK_ABOVE_BYTES`].
    fn big_save(&self, dungeon: &Dungeon, format: Format, cell_size: u32) -> Option<BigSave> {
        if format != Format::Png {
            return None;
        }
        let estimate = |cell_size: u32| {
            let style = Style {
                cell_size,
                grid: self.grid,
                look: self.look,
            };
            let raster = Raster::new(dungeon, &style).ok()?;
            let bytes = png::estimated_size(&raster).ok()?;
            Some(((raster.width(), raster.height()), bytes))
        };
        let (pixels, bytes) = estimate(cell_size)?;
        if bytes <= ASK_ABOVE_BYTES {
            return None;
        }
        // Files shrink with the square of the cell size: try the sizes that should fit.
        let smaller = (1..cell_size).rev().find_map(|n| {
            estimate(n)
                .filter(|(_, b)| *b <= ASK_ABOVE_BYTES)
                .map(|(_, b)| (n, b))
        });
        Some(BigSave {
            format,
            cell_size,
            pixels,
            bytes,
            smaller,
        })
    }

    /// Keep the map asked for, once the map of the current recipe is shown. True when it
    /// did something (or said why not).
    pub fn keep_when_ready(&mut self) -> bool {
        if !self.keep_pending || self.screen.is_generating() {
            return false;
        }
        self.keep_pending = false;
        let outcome = self
            .wanted_map()
            .map_err(|why| format!("Not kept: {why}"))
            .and_then(|dungeon| self.store.keep(dungeon));
        if let Err(problem) = outcome {
            self.status.problem(problem);
        }
        true
    }
}
