//! What a map is: the recipe that decides it (with its key table and the named styles it
//! picks from), the finished dungeon with its rooms, paths, doors, start and goal, the
//! progress of one being made.

pub mod cells;
pub mod dungeon;
pub mod features;
pub mod parts;
pub mod progress;
pub mod recipe;
#[cfg(feature = "serde")]
pub mod saving;
pub mod shortfall;
pub mod walking;

use crate::base::grid::Pos;
use recipe::{VERSION, key_names, room_cells_allowed, room_cells_why};

/// What is wrong with a recipe or one of its values, or with a map's parts, or why a map
/// was not made.
/// Values quoted from the user's input are cut short and escaped.
///
/// ```
/// use dungeon_generator::{Error, Recipe};
///
/// let error = "dv1 width=5000".parse::<Recipe>().unwrap_err();
/// assert!(matches!(error, Error::OutOfRange { .. }));
/// assert_eq!(error.to_string(), "width = 5000 is out of range: allowed 1 to 2048");
/// // It is a std error, so `?` takes it into a `Box<dyn Error>`.
/// let boxed: Box<dyn std::error::Error> = error.into();
/// assert!(boxed.to_string().contains("width"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Nothing to parse.
    #[error("the recipe is empty; a recipe starts with `{VERSION}`")]
    Empty,
    /// The string does not start with [`recipe::Recipe::VERSION`].
    #[error("the recipe starts with `{found}`, not the version tag `{VERSION}`")]
    Version {
        /// The first word, cut short.
        found: String,
    },
    /// A word that is not `key=value`.
    #[error("`{token}` in the recipe is not of the form key=value")]
    Malformed {
        /// The word, cut short.
        token: String,
    },
    /// A key no recipe has.
    #[error("unknown recipe key `{key}`; the keys are {keys}", keys = key_names())]
    UnknownKey {
        /// The key as given, cut short.
        key: String,
    },
    /// A key given twice.
    #[error("recipe key `{key}` is given twice")]
    Repeated {
        /// The key.
        key: String,
    },
    /// A value that is not a number of the right kind.
    #[error("{key} = `{value}` is not a number in {range}")]
    NotANumber {
        /// The key.
        key: String,
        /// The value as given, cut short.
        value: String,
        /// The values allowed, in words.
        range: String,
    },
    /// A name that is none of the key's choices.
    #[error("{key} = `{value}` is not allowed: choose {allowed}")]
    NotAChoice {
        /// The key.
        key: String,
        /// The value as given, cut short.
        value: String,
        /// The choices, in words.
        allowed: String,
    },
    /// A number outside the key's range.
    #[error("{key} = {value} is out of range: allowed {range}")]
    OutOfRange {
        /// The key.
        key: String,
        /// The value as given, cut short.
        value: String,
        /// The values allowed, in words.
        range: String,
    },
    /// More room cells than the map inside its margin may hold (see
    /// [`recipe::Recipe::room_cells_most`]); `width` and `height` are that map's.
    #[error(
        "rooms × room-size = {rooms} × {room_size} = {asked} room cells is too many for a \
         {width}×{height} map: at most {allowed}, {why}",
        asked = u64::from(*rooms) * u64::from(*room_size),
        allowed = room_cells_allowed(*width, *height),
        why = room_cells_why(*width, *height)
    )]
    Crowded {
        /// Rooms asked for.
        rooms: u32,
        /// Cells a room asked for.
        room_size: u32,
        /// The map's width in cells.
        width: u32,
        /// The map's height in cells.
        height: u32,
    },
    /// A margin as wide as half the map or more: no cell would be left inside it.
    #[error(
        "margin = {margin} leaves no cell inside a {width}×{height} map: at most {most}",
        most = (width.min(height).saturating_sub(1)) / 2
    )]
    MarginTooWide {
        /// The margin asked for.
        margin: u32,
        /// The map's width in cells.
        width: u32,
        /// The map's height in cells.
        height: u32,
    },
    /// A recipe estimated (by [`recipe::Recipe::seconds`]) to take longer than
    /// [`recipe::Recipe::SECONDS_MOST`] to make; `fits` rooms would not.
    #[error(
        "{rooms} rooms chained across this map{levels} would take about {seconds} s to \
         make, more than the {most} s a recipe may take: ask for at most {fits} rooms, or \
         join them with connect=nearest or connect=loops",
        levels = if *levels > 1 { format!(" on each of {levels} levels") } else { String::new() },
        most = recipe::Recipe::SECONDS_MOST
    )]
    TooSlow {
        /// Rooms asked for.
        rooms: u32,
        /// Levels asked for, each a map of its own.
        levels: u32,
        /// Seconds they would take, estimated.
        seconds: u64,
        /// The most rooms that fit within the time.
        fits: u32,
    },
    /// Pins and vaults whose boxes hold so many cells that reading and placing them would
    /// take longer than [`recipe::Recipe::SECONDS_MOST`] (estimated at 40 ns a cell).
    #[error(
        "the pins and vaults hold {cells} cells in their boxes: placing them would take about \
         {seconds} s, more than the {most} s a recipe may take; pin fewer or smaller rooms",
        most = recipe::Recipe::SECONDS_MOST
    )]
    PinsTooSlow {
        /// The cells of their boxes, all together (the text's characters × 6, for text not
        /// read).
        cells: u64,
        /// Seconds they would take, estimated.
        seconds: u64,
    },
    /// A pin that cannot be kept, and why (see [`recipe::Recipe::check_pins`]).
    #[error("pin {pin} {fault}")]
    Pin {
        /// The pin, counted from 1 in the recipe's order.
        pin: usize,
        /// What is wrong with it.
        fault: recipe::PinFault,
    },
    /// A vault that cannot be made, and why (see [`recipe::Recipe::check_pins`]).
    #[error("vault {vault} {fault}")]
    Vault {
        /// The vault, counted from 1 in the recipe's order.
        vault: usize,
        /// What is wrong with it.
        fault: recipe::PinFault,
    },
    /// A level past the dungeon's last.
    #[error("level = {level}, but the dungeon has {levels} levels")]
    NoSuchLevel {
        /// The level asked for.
        level: u32,
        /// The levels the recipe has.
        levels: u32,
    },
    /// Pinning the room at a cell no room covers.
    #[error("no room covers cell {x},{y} to pin")]
    NoRoomAt {
        /// The cell's column.
        x: u32,
        /// The cell's row.
        y: u32,
    },
    /// Fewer rooms were placed than asked for: what a game that wants them all makes of
    /// [`crate::Dungeon::shortfall`].
    #[error(transparent)]
    Shortfall(#[from] shortfall::Shortfall),
    /// A room given without a cell.
    #[error("a room needs at least one cell")]
    RoomWithoutCells,
    /// A cell given twice: twice in one room, or in two rooms.
    #[error("cell {cell} is given twice")]
    CellTwice {
        /// The cell.
        cell: Pos,
    },
    /// A room's or a path's cell off the map.
    #[error("cell {cell} is off the {width}×{height} map")]
    CellOffMap {
        /// The cell.
        cell: Pos,
        /// The map's width.
        width: u32,
        /// The map's height.
        height: u32,
    },
    /// A path from or to a room the map does not have.
    #[error("path {path} joins room {room}, but the map has {rooms} rooms")]
    PathToNoRoom {
        /// The path, counted from 0.
        path: usize,
        /// The room it names.
        room: usize,
        /// The rooms the map has.
        rooms: usize,
    },
    /// A path whose first cell is not in the room it starts from, or whose last is not in
    /// the room it ends in.
    #[error("path {path} {which} at {cell}, outside room {room}", which = if *start { "starts" } else { "ends" })]
    PathEndOutside {
        /// The path, counted from 0.
        path: usize,
        /// Whether it is the first cell (else the last).
        start: bool,
        /// The cell.
        cell: Pos,
        /// The room it should be in.
        room: usize,
    },
    /// A room marked as a vault the recipe does not have.
    #[error("room {room} is marked vault {vault}, but the recipe has {vaults} vaults")]
    NoSuchVault {
        /// The room, counted from 0.
        room: usize,
        /// The vault it names, counted from 0.
        vault: usize,
        /// The vaults the recipe has.
        vaults: usize,
    },
    /// Two rooms marked as the same vault.
    #[error("rooms {first} and {second} are both marked vault {vault}")]
    VaultTwice {
        /// The vault, counted from 0.
        vault: usize,
        /// The first room marked so.
        first: usize,
        /// The second.
        second: usize,
    },
    /// A room with a cell in the cells the recipe's margin keeps clear.
    #[error("room {room} has cell {cell} in the map's margin of {margin} cells")]
    RoomInMargin {
        /// The room, counted from 0.
        room: usize,
        /// The cell.
        cell: Pos,
        /// The margin.
        margin: u32,
    },
    /// A room whose cells are not one piece joined edge to edge.
    #[error(
        "room {room}'s cells are not one room: cell {cell} is not joined to its first edge to edge"
    )]
    RoomInPieces {
        /// The room, counted from 0.
        room: usize,
        /// A cell not joined to the first.
        cell: Pos,
    },
    /// A path that leaps: two cells in a row not side by side.
    #[error("path {path} leaps from {from} to {to}: each step goes left, right, up or down")]
    PathLeaps {
        /// The path, counted from 0.
        path: usize,
        /// The cell it leaves.
        from: Pos,
        /// The next cell.
        to: Pos,
    },
    /// On a closed map, a pinned room or a vault that no door can join to the other rooms:
    /// other pinned rooms or vaults wall it in.
    #[error(
        "room {room} is pinned or a vault, and on a closed map no door can join it to the \
         other rooms: the pinned rooms and vaults around it wall it in; move it or them apart"
    )]
    Unreachable {
        /// The room, as numbered among the rooms placed.
        room: usize,
    },
    /// The watcher called the generation off.
    #[error("generation was cancelled")]
    Cancelled,
}
