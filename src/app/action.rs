//! What the user asks the window to do, by key, mouse or panel: one enum for every
//! command, carried out in one place ([`super::frame`]). The panel's sections and the
//! keyboard only produce actions; nothing here knows how they are done.

use std::path::PathBuf;

use super::session::{Stage, Way};
use dungeon_files::draw::look::LookOption;
use dungeon_files::formats::Format;
use dungeon_generator::Pos;
use dungeon_generator::Recipe;

/// What a button, key or click asks the window to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    NewSeed,
    /// A new seed for one stage alone (New rooms, New corridors).
    Reroll(Stage),
    /// Pinning, unpinning and dragging rooms on the map.
    Pin(PinAction),
    /// A seed typed into the seed box.
    SetSeed(u64),
    /// The level below or above the one shown (PageDown, PageUp).
    Level(Way),
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
    /// Turn this look option on or off.
    ToggleLook(&'static LookOption),
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
    /// Close what is open (the help, a question, the gallery), or stop a replay.
    Escape,
    /// Quit, once the favourites are saved (Ctrl+Q, the window's close button).
    Quit,
    /// Quit without the change the favourites could not save: the user said so.
    QuitAnyway,
    /// Stay open: the user would rather keep the change.
    StayOpen,
}

/// What the mouse asks of pinned rooms, at a cell of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinAction {
    /// Pin the room here, or unpin it (Ctrl+click).
    Toggle(Pos),
    /// The left button went down on a pinned room: drag it.
    Grab(Pos),
    /// The room being dragged is now under the pointer at this cell.
    DragTo(Pos),
    /// The button was let go.
    LetGo,
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
    Open(Opening),
}

/// A saved layout to open: a file named (the Open field, a file dropped on the desktop's
/// window), or the bytes of a file dropped on the web page, with its name.
#[derive(Clone, Debug, PartialEq)]
pub enum Opening {
    File(PathBuf),
    Dropped { name: String, bytes: Vec<u8> },
}
