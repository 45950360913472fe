//! What a cell of a dungeon is: free, part of a room, or on a path between rooms.

use std::fmt;

/// One cell of a dungeon, in four bytes: the index of the room it belongs to (rooms in
/// creation order), or free, or a path outside every room. Rooms win over paths: a path
/// that crosses a room leaves the room's cells as they are.
///
/// ```
/// use dungeon_generator::{Tile, TileKind, generate};
///
/// let dungeon = generate(&"dv1 seed=2 rooms=3".parse()?)?;
/// let tiles = dungeon.tiles();
/// let rock = tiles.positions().filter(|&p| tiles[p] == Tile::FREE).count();
/// let path = tiles.positions().filter(|&p| tiles[p] == Tile::PATH).count();
/// let floor = tiles.positions().filter(|&p| tiles[p].room().is_some()).count();
/// assert_eq!(rock + path + floor, 64 * 56);
/// assert_eq!(tiles[dungeon.rooms()[1].cells()[0]].kind(), TileKind::Room(1));
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "TileKind", try_from = "TileKind"))]
pub struct Tile(u32);

/// A [`Tile`] to match on.
///
/// ```
/// use dungeon_generator::{TileKind, generate};
///
/// let dungeon = generate(&"dv1 seed=2 rooms=3".parse()?)?;
/// let text: String = dungeon
///     .tiles()
///     .as_slice()
///     .iter()
///     .map(|tile| match tile.kind() {
///         TileKind::Free => ' ',
///         TileKind::Path => '#',
///         TileKind::Room(i) => char::from(b'a' + i as u8),
///     })
///     .collect();
/// assert!(text.contains('a') && text.contains('#'));
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum TileKind {
    /// Rock: neither a room's cell nor a path's (the pictures' background).
    Free,
    /// A path cell outside every room.
    Path,
    /// A cell of the room with this index.
    Room(usize),
}

impl Tile {
    /// Rock: neither room nor path.
    pub const FREE: Tile = Tile(u32::MAX);
    /// A path cell outside every room.
    pub const PATH: Tile = Tile(u32::MAX - 1);
    /// Room indices stay below this.
    pub(crate) const MAX_ROOMS: u32 = u32::MAX - 1;
    /// A free cell too near a room for another room to take it. Rooms see it as taken; it
    /// is marked only while rooms are placed, and free again once they all are.
    pub(crate) const NEAR_ROOM: Tile = Tile(Self::MAX_ROOMS - 1);
    /// A cell of a room's wall on a closed map that is no door site: no corridor may take
    /// it. Marked only in the view the corridors are routed on (see
    /// `generate::corridors::walls`), never on a map.
    pub(crate) const WALL: Tile = Tile(Self::MAX_ROOMS - 2);

    /// A cell of room `index`, which must be below [`Tile::MAX_ROOMS`].
    #[must_use]
    pub(crate) const fn of_room(index: u32) -> Tile {
        assert!(index < Self::MAX_ROOMS, "room index out of range");
        Tile(index)
    }

    /// The room this cell belongs to, if any.
    #[must_use]
    pub const fn room(self) -> Option<usize> {
        if self.0 < Self::MAX_ROOMS {
            Some(self.0 as usize)
        } else {
            None
        }
    }

    /// Whether one can walk on it: a room's floor or a path.
    #[must_use]
    pub const fn is_walkable(self) -> bool {
        self.0 != Tile::FREE.0
    }

    /// Whether no room holds this cell (it is free ground or a path), so a room may grow
    /// into it.
    #[must_use]
    pub const fn is_outside_rooms(self) -> bool {
        self.0 >= Self::MAX_ROOMS
    }

    #[must_use]
    /// What the tile is, without the room's index.
    pub const fn kind(self) -> TileKind {
        match self {
            Tile::FREE => TileKind::Free,
            Tile::PATH => TileKind::Path,
            Tile(room) => TileKind::Room(room as usize),
        }
    }
}

impl From<Tile> for TileKind {
    fn from(tile: Tile) -> Self {
        tile.kind()
    }
}

/// The tile of a kind: [`TileKind::Room`]'s index must be below `u32::MAX - 3`.
impl TryFrom<TileKind> for Tile {
    type Error = String;

    fn try_from(kind: TileKind) -> Result<Self, String> {
        match kind {
            TileKind::Free => Ok(Tile::FREE),
            TileKind::Path => Ok(Tile::PATH),
            TileKind::Room(i) => u32::try_from(i)
                .ok()
                .filter(|&i| i < Tile::WALL.0)
                .map(Tile::of_room)
                .ok_or_else(|| format!("room {i} is past the last room a map may have")),
        }
    }
}

impl Default for Tile {
    fn default() -> Self {
        Tile::FREE
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind().fmt(f)
    }
}
