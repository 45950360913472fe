//! Everything the window keeps between frames, in one struct: the recipe and its history,
//! the map on screen, the look, the panel, replays and sweeps, the kept lists, the gallery
//! and what the window says. The frame loop ([`super::frame`]) moves it on; the actions
//! ([`super::commands`]) change it. The parts of it with rules of their own are its
//! children, which need `App` and are named by it: the page's address ([`address`]),
//! quitting ([`quit`]) and pinned rooms ([`pins`]).

pub mod address;
pub mod pins;
pub mod quit;

use std::path::PathBuf;

use address::Address;
use pins::Pins;
use quit::Quitting;

use super::gallery::Gallery;
use super::pointer::Pointer;
use super::screen::Screen;
use super::session::Session;
use super::status::Status;
use super::store::Store;
use super::ui::Panel;
use super::watch::Watch;
use dungeon_files::draw::raster::Look;
use dungeon_files::formats::Format;
use dungeon_generator::Pos;

/// Everything the window keeps between frames.
pub struct App {
    pub session: Session,
    pub screen: Screen,
    pub look: Look,
    pub grid: bool,
    pub panel: Panel,
    pub watch: Watch,
    pub store: Store,
    pub gallery: Gallery,
    pub status: Status,
    pub pointer: Pointer,
    /// A pinned room being dragged, and the recipe whose pins were last found kept.
    pub pins: Pins,
    pub hover: Option<Pos>,
    /// Where pictures and exports go.
    pub out_dir: PathBuf,
    /// A save asked for and not yet done: done once the map of the current recipe is made.
    pub save_pending: Option<Pending>,
    /// A keep asked for and not yet done, likewise.
    pub keep_pending: bool,
    /// Whether the status bar said that the save or keep asked for waits for its map.
    pub waiting_said: bool,
    /// A quit asked for, waiting for the favourites to be saved.
    pub quitting: Option<Quitting>,
    /// The page's address, in the browser.
    pub address: Address,
}

/// A save asked for: its format, and the cell size a question settled on, if one did.
#[derive(Clone, Copy, Debug)]
pub struct Pending {
    pub format: Format,
    pub confirmed: Option<u32>,
}
