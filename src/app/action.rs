//! What the user asks the window to do, by key, mouse or panel: one enum for every
//! command, carried out in one place ([`super::frame`]). The panel's sections and the
//! keyboard only produce actions; nothing here knows how they are done.

use std::path::PathBuf;

use dungeon_files::draw::raster::Look;
use dungeon_files::formats::Format;
use dungeon_generator::recipe::Recipe;

/// What a button, key or click asks the window to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    NewSeed,
    /// A seed typed into the seed box.
    SetSeed(u64),
    Back,
    Forward,
    Reset,
    /// Take this recipe (pasted, a preset applied).
    Apply(Recipe),
    /// Save the map in this format into the output directory.
    Save(Format),
    /// A save over the size that asks first was confirmed: save at this cell size.
    SaveConfirmed(Format, u32),
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
    /// Close what is open (the help, the gallery, a question).
    Escape,
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
    Numbers,
}

impl LookOption {
    /// Every option, in the panel's order.
    pub const ALL: [LookOption; 6] = [
        LookOption::Doors,
        LookOption::Marks,
        LookOption::Distance,
        LookOption::Outlines,
        LookOption::Print,
        LookOption::Numbers,
    ];

    /// The switch for this option in `look`.
    pub fn switch(self, look: &mut Look) -> &mut bool {
        match self {
            LookOption::Doors => &mut look.doors,
            LookOption::Marks => &mut look.marks,
            LookOption::Distance => &mut look.distance,
            LookOption::Outlines => &mut look.outlines,
            LookOption::Print => &mut look.print,
            LookOption::Numbers => &mut look.numbers,
        }
    }

    /// Its checkbox's label.
    pub fn label(self) -> &'static str {
        match self {
            LookOption::Doors => "doors",
            LookOption::Marks => "start and goal",
            LookOption::Distance => "distance tint",
            LookOption::Outlines => "outlines",
            LookOption::Print => "print",
            LookOption::Numbers => "room numbers",
        }
    }

    /// What it draws, in a user's words.
    pub fn help(self) -> &'static str {
        match self {
            LookOption::Doors => {
                "Mark each door, where a path goes into a room, with a wooden bar."
            }
            LookOption::Marks => {
                "Mark where the adventurers start (green) and the goal farthest from it by \
                 walking (red)."
            }
            LookOption::Distance => {
                "Tint rooms and paths by how far they are to walk from the start: orange near \
                 it, blue far away."
            }
            LookOption::Outlines => {
                "Draw a dark line around each room where it meets rock or another room, so \
                 touching rooms of similar colours can be told apart."
            }
            LookOption::Print => {
                "An ink-friendly look for printing: white ground, black walls, light grey \
                 floors and a light grid. Works with the other options."
            }
            LookOption::Numbers => {
                "Number each room (1, 2, 3…) in its middle, to key your notes to: the same \
                 numbers as the rooms in the JSON and in Tiled. Shown from 8 pixels a cell."
            }
        }
    }
}

/// What the replay and sweep controls ask of the window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WatchAction {
    /// Start replaying the shown map, or stop the replay under way (W).
    Replay,
    PlayPause,
    /// One step on, paused.
    Step,
    Restart,
    /// Play the sweep of this key, or stop the one playing.
    Sweep(&'static str),
    /// Make the sweep's current value the map's, and stop.
    KeepSweep,
}

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
