//! How long a recipe takes to make, estimated from its values before any work, and the
//! bound that keeps every allowed recipe within [`SECONDS_MOST`] ([`Recipe::seconds`],
//! [`Recipe::rooms_that_fit`]).
//!
//! Only the `chain` connection can be slow: each of its paths runs from one room to the
//! next one made, across the map. A path's work grows with the map's longer side (the way
//! it walks) and with its area (the ground its search floods), not with the area alone:
//! on a long thin map each path walks as far as on a square one of that side. The cost of
//! each path grows steeply once rooms wall the free ground into a maze: from about an
//! eighth of the map covered by rooms on, faster on long thin maps (where rooms block the
//! band more), further when caves wind (stickiness above ½, more so stretched), when
//! spacing fences most of the map, and when paths merge (one after the other, on one
//! core, each search dearer; at any strength, and more so short of 1 on a crowded map).
//!
//! Pins and vaults are rooms the recipe gives cell for cell, of any shape. A compact one
//! costs paths no more than a grown room (a 1000 × 1000 vault among 3,000 chained rooms:
//! 1.6 s of CPU against 1.4 s without it), but one whose cells run as long thin walls
//! (a serpentine, a comb) turns the map into a maze of narrow ways, which grown rooms then
//! block: each chained path must cross rooms, and its search floods nearly all the free
//! ground (a 2048² serpentine vault with 400 chained rooms: 47 s of CPU here, 84 to 92 s
//! on the machine of issue 56, where the estimate without it said 0.1 s). Once their walls
//! run [`WALLING`] times the map's longer side beyond those of compact rooms (see
//! [`Given`]), each path is counted as such a flood.
//!
//! The constants were fitted to the CPU time of `render` (`/usr/bin/time`) on a shared
//! 2-core machine, over maps from 256×256 to 2048×2048, square and long (2048×16 to
//! 2048×512), from open ground to a quarter fenced, and the recipes of `cargo bench
//! --bench heavy` and its search of the recipe space, then doubled ([`MARGIN`]):
//! machines differ, and the one issue 46 was measured on took twice this one's CPU time for
//! the largest map. `assets/doc/PERFORMANCE.md` gives the figures.

use super::{Connect, Recipe, Shape};
use crate::base::grid::Pos;

/// The longest a recipe may take to make, in seconds, by [`Recipe::seconds`].
pub(super) const SECONDS_MOST: f64 = 5.0;

/// How many times the CPU time measured the estimate is: for slower machines.
const MARGIN: f64 = 2.0;
/// CPU seconds of a chain's path on open ground, for each cell of the map (measured
/// 4.4e-11) and for each cell of its longer side (3.2e-8).
const SECONDS_PER_PATH_CELL: f64 = 4.4e-11;
const SECONDS_PER_PATH_STEP: f64 = 3.2e-8;
/// Crowding below which the ground stays open.
const OPEN_CROWDING: f64 = 0.12;
/// How fast the cost grows with crowding beyond that (measured: 1.6 to 1.9 times at a
/// quarter fenced on square maps), up to a maze at [`MAZE_CROWDING`].
const CROWDING_GROWTH: f64 = 5.4;
/// Crowding from which rooms wall the ground into a maze, and how fast the cost grows
/// beyond it.
const MAZE_CROWDING: f64 = 0.3;
const MAZE_GROWTH: f64 = 2.8;
/// How much more a long thin map's rooms crowd it, for each doubling of its sides' ratio.
const CROWDING_PER_ASPECT_DOUBLING: f64 = 0.25;
/// The most crowding makes each path dearer: the cost levels off once rooms have walled
/// the ground into a maze.
const CROWDED_MOST: f64 = 100.0;
/// How many times dearer each path is once rooms cover more than a third of the map: free
/// ground no longer joins most rooms, and nearly every path must cross rooms; as dear as
/// the most crowding makes it (measured: 28 times on 260×256 with 1,600 rooms of 40
/// cells, 0.50 s of CPU).
const WALLED_IN: f64 = CROWDED_MOST;
/// How many times dearer merging paths make a chain, at least, at any strength: made one
/// after another on one core, not on both, each search finding the cheapest way round
/// costly steps. A weak merge (a surcharge of a step or two) costs as much as the strongest
/// (measured: merge 0.1 as much as 1 on an open map, up to 1.8 times as much on a crowded
/// one), though [`seconds`] counts merge 1 three times dearer than none and lesser merges
/// less.
const MERGED: f64 = 3.0;
/// How much dearer again a merge short of full is, at most, on a crowded map: its
/// surcharges, costly but not forbidding, let each search weigh many more ways round rooms
/// and corridors.
const PARTIAL_MERGE: f64 = 0.8;
/// The merge from which the dearer searches of a partial merge fade, reaching none at 1.
const PARTIAL_UP_TO: f64 = 0.75;
/// The crowding at which a partial merge is dearest.
const PARTIAL_CROWDING: f64 = 0.3;

impl Recipe {
    /// The seconds this recipe is estimated to take to make on a 2-core machine, before
    /// any work, every level of it: what [`Recipe::validate`] holds to
    /// [`Recipe::SECONDS_MOST`]. Only a `chain` across a big crowded map comes near it.
    #[must_use]
    pub fn seconds(&self) -> f64 {
        seconds(self) * f64::from(self.levels)
    }

    /// The most rooms, from 1 up to this recipe's own, that keep it within
    /// [`Recipe::SECONDS_MOST`]; 0 when even one room would not.
    #[must_use]
    pub fn rooms_that_fit(&self) -> u32 {
        rooms_that_fit(self)
    }
}

/// The estimated seconds `recipe` takes to make on a 2-core machine.
fn seconds(recipe: &Recipe) -> f64 {
    seconds_with(recipe, Given::of(recipe))
}

/// [`seconds`] of `recipe`, whose pins and vaults are `given`.
fn seconds_with(recipe: &Recipe, given: Given) -> f64 {
    match recipe.connect {
        // Each path joins near neighbours: the work grows as the cells, never beyond a
        // second or two.
        Connect::Nearest | Connect::Loops => 0.0,
        Connect::Chain => {
            let (width, height) = recipe.inner_size();
            let (width, height) = (f64::from(width), f64::from(height));
            let cells = width * height;
            let (rooms, crowding) = crowding(recipe);
            let room_cells = rooms * f64::from(recipe.room_size);
            let dearer = if 3.0 * room_cells > cells {
                WALLED_IN
            } else {
                crowded(crowding * aspect(width, height))
            };
            let merged = (1.0 + 2.0 * recipe.merge).max(merging(recipe.merge, crowding));
            let path = SECONDS_PER_PATH_CELL * cells + SECONDS_PER_PATH_STEP * width.max(height);
            let open = MARGIN * rooms * path * dearer * merged;
            if given.walls > WALLING * width.max(height) {
                let free = (cells - given.cells).max(0.0);
                open.max(MARGIN * rooms * SECONDS_PER_FLOODED_CELL * free)
            } else {
                open
            }
        }
    }
}

/// How many times dearer than on open ground each path is on a map whose rooms crowd it by
/// `crowding`: 1 up to [`OPEN_CROWDING`], then growing, more slowly beyond [`MAZE_CROWDING`].
fn crowded(crowding: f64) -> f64 {
    let walling = (crowding.min(MAZE_CROWDING) - OPEN_CROWDING).max(0.0);
    let maze = (crowding - MAZE_CROWDING).max(0.0);
    (CROWDING_GROWTH * walling + MAZE_GROWTH * maze)
        .exp()
        .min(CROWDED_MOST)
}

/// How much more a map of `width × height` its rooms crowd for its shape: 1 for a square,
/// more the longer and thinner it is.
fn aspect(width: f64, height: f64) -> f64 {
    let ratio = width.max(height) / width.min(height).max(1.0);
    1.0 + CROWDING_PER_ASPECT_DOUBLING * ratio.log2()
}

/// How many times dearer than on open ground, at least, paths that merge by `merge` make a
/// chain whose rooms crowd the map by `crowding` (as [`crowding`] says): 1 when they do not
/// merge, [`MERGED`] when they merge fully, up to [`PARTIAL_MERGE`] more for a partial
/// merge as crowding reaches [`PARTIAL_CROWDING`].
fn merging(merge: f64, crowding: f64) -> f64 {
    if merge.is_nan() || merge <= 0.0 {
        return 1.0;
    }
    let partial = ((1.0 - merge) / (1.0 - PARTIAL_UP_TO)).clamp(0.0, 1.0)
        * (crowding / PARTIAL_CROWDING).min(1.0);
    MERGED * (1.0 + PARTIAL_MERGE * partial)
}

/// How many times the map's longer side the walls of pins and vaults must run, beyond
/// those of compact rooms, for their maze to be counted: a serpentine's walls run about as
/// many cells as it has.
const WALLING: f64 = 4.0;
/// How many times the side of a square of as many cells a compact room's walls run at
/// most: twice, for a square; a grown cave's a little more.
const COMPACT: f64 = 4.0;
/// CPU seconds of a chained path that floods the free ground of a maze, for each free cell
/// (measured: 24 to 39 ns with 100 to 400 rooms on 2048² cells, paths crossing rooms).
const SECONDS_PER_FLOODED_CELL: f64 = 4.0e-8;

/// The rooms a recipe gives cell for cell, its pins and vaults: how many cells they have,
/// and how far their walls run beyond those of rooms as compact as caves (half the edges
/// between each one's cells and the cells around it, less twice the side of a square of
/// as many cells), all together.
#[derive(Clone, Copy, Debug, Default)]
struct Given {
    cells: f64,
    walls: f64,
}

impl Given {
    fn of(recipe: &Recipe) -> Given {
        let footprints = recipe.pins.iter().map(|pin| pin.footprint());
        let shapes = footprints.chain(recipe.vaults.iter().map(|vault| vault.shape()));
        let mut given = Given::default();
        for shape in shapes {
            let (mut cells, mut edges) = (0usize, 0usize);
            for p in shape.cells() {
                cells += 1;
                let around = [
                    p.x.checked_sub(1).map(|x| Pos::new(x, p.y)),
                    p.x.checked_add(1).map(|x| Pos::new(x, p.y)),
                    p.y.checked_sub(1).map(|y| Pos::new(p.x, y)),
                    p.y.checked_add(1).map(|y| Pos::new(p.x, y)),
                ];
                edges += around
                    .into_iter()
                    .filter(|q| !q.is_some_and(|q| shape.covers(q)))
                    .count();
            }
            let (cells, walls) = (cells as f64, edges as f64 / 2.0);
            given.cells += cells;
            given.walls += (walls - COMPACT * cells.sqrt()).max(0.0);
        }
        given
    }
}

/// Seconds per cell of the boxes of pins and vaults: reading them, checking each is one
/// room apart from the others, and settling the rooms around them all go as the cells of
/// their boxes (measured: a recipe of 3,510 pins in boxes of 2.8 million cells read and
/// checked in 0.3 s on a loaded 2-core machine, rounded up towards refusing).
const SECONDS_PER_PIN_CELL: f64 = 4.0e-8;

/// The estimated seconds reading, checking and placing pins and vaults whose boxes hold
/// `cells` cells in all take: what [`Recipe::validate`] refuses beyond [`SECONDS_MOST`]
/// before any map is made (and the recipe's text before it is read: six cells a
/// character).
#[must_use]
pub(crate) fn pin_seconds(cells: u64) -> f64 {
    cells as f64 * SECONDS_PER_PIN_CELL
}

/// The cells of the boxes of `recipe`'s pins and vaults, all together.
#[must_use]
pub(crate) fn pin_cells(recipe: &Recipe) -> u64 {
    let area = |r: crate::base::grid::Rect| u64::from(r.x1 - r.x0 + 1) * u64::from(r.y1 - r.y0 + 1);
    let pins = recipe.pins.iter().map(|p| area(p.bounds()));
    pins.chain(recipe.vaults.iter().map(|v| area(v.shape().bounds())))
        .sum()
}

/// The most rooms, from 1 up to the recipe's own, that keep it within [`SECONDS_MOST`];
/// 0 when even one room would not.
fn rooms_that_fit(recipe: &Recipe) -> u32 {
    let given = Given::of(recipe);
    let fits = |rooms: u32| {
        let fewer = Recipe {
            rooms,
            ..recipe.clone()
        };
        // Every level is a map of its own.
        seconds_with(&fewer, given) * f64::from(recipe.levels) <= SECONDS_MOST
    };
    // The estimate grows with the rooms: find the last count that fits.
    let (mut low, mut high) = (0, recipe.rooms);
    while low < high {
        let mid = low + (high - low).div_ceil(2);
        if fits(mid) {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    low
}

/// How many rooms the map takes (the grid fills up before more are placed: each room
/// with its cells fenced by its spacing), and how much of the map they wall off, as a
/// share of its cells: their own cells, times how much more winding caves wall off; or,
/// when spacing fences the rooms, half the cells fenced, whichever is more (measured: rooms
/// a quarter fenced by spacing 4 or 8 cost no more than on open ground).
fn crowding(recipe: &Recipe) -> (f64, f64) {
    let cells = inner_cells(recipe);
    let size = f64::from(recipe.room_size);
    let fenced = (size.sqrt() + f64::from(recipe.spacing)).powi(2);
    let rooms = f64::from(recipe.rooms).min((cells / fenced).ceil());
    let covered = rooms * size / cells * winding(recipe);
    (rooms, covered.max(rooms * fenced / cells / 2.0))
}

/// The cells of the map inside its margin, where rooms and corridors are made.
fn inner_cells(recipe: &Recipe) -> f64 {
    let (width, height) = recipe.inner_size();
    f64::from(width) * f64::from(height)
}

/// How much more of the map caves wall off than compact rooms of as many cells: 1 for
/// compact ones, up to 2.5 for stickiness 1 (measured: 1.5 to 1.6) and 10.5 when they are
/// also stretched all the way: stretched winding caves run across the map like walls.
fn winding(recipe: &Recipe) -> f64 {
    match recipe.shape {
        Shape::Rect | Shape::Diamond | Shape::Cross => 1.0,
        Shape::Cave | Shape::Mixed => {
            let sticky = ((recipe.stickiness - 0.5) / 0.5).max(0.0);
            1.0 + 1.5 * sticky + 8.0 * sticky * recipe.stretch.abs()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(text: &str) -> Recipe {
        let mut recipe = Recipe::default();
        for word in text.split_whitespace() {
            let (key, value) = word.split_once('=').unwrap();
            recipe.set(key, value).unwrap();
        }
        recipe
    }

    #[test]
    fn the_original_and_the_workloads_are_far_within_the_bound() {
        for text in [
            "rooms=12",
            "width=256 height=224 rooms=192",
            "width=1024 height=896 rooms=3072",
        ] {
            let recipe = chain(text);
            assert!(seconds(&recipe) <= SECONDS_MOST / 2.0, "{text}");
            assert_eq!(rooms_that_fit(&recipe), recipe.rooms, "{text}");
        }
    }

    #[test]
    fn the_largest_default_map_is_held_to_the_rooms_made_within_the_bound() {
        // Issue 46: estimated at 4.2 s, it took 6.0 to 7.3 s (7.8 to 9.4 s of CPU); here
        // 3.95 s of CPU, which the estimate doubles.
        let largest = chain("width=2048 height=2048 rooms=10000 room-size=100");
        assert!(seconds(&largest) > SECONDS_MOST);
        let fit = rooms_that_fit(&largest);
        assert!((5000..8000).contains(&fit), "{fit}");
    }

    #[test]
    fn a_long_thin_map_s_paths_cost_as_their_length_more_than_their_area() {
        // Measured: a path on 2048×16 costs 0.27 of one on 2048×2048, on open ground.
        let per_room = |text: &str| {
            let recipe = chain(text);
            seconds(&recipe) / f64::from(recipe.rooms)
        };
        let thin = per_room("width=2048 height=16 rooms=300 room-size=3");
        let square = per_room("width=2048 height=2048 rooms=2500 room-size=100");
        assert!((0.2..0.35).contains(&(thin / square)), "{}", thin / square);
    }

    #[test]
    fn winding_merging_or_fenced_rooms_on_the_largest_map_fit_fewer() {
        let open = chain("width=2048 height=2048 rooms=10000 room-size=100");
        for extra in [
            "stickiness=1",
            "stickiness=1 stretch=-1",
            "merge=1",
            "spacing=8",
        ] {
            let recipe = chain(&format!(
                "width=2048 height=2048 rooms=10000 room-size=100 {extra}"
            ));
            assert!(seconds(&recipe) > seconds(&open), "{extra}");
            let fit = rooms_that_fit(&recipe);
            assert!((1..10_000).contains(&fit), "{extra}: {fit}");
            let at_bound = Recipe {
                rooms: fit,
                ..recipe.clone()
            };
            assert!(seconds(&at_bound) <= SECONDS_MOST);
            let one_more = Recipe {
                rooms: fit + 1,
                ..recipe
            };
            assert!(seconds(&one_more) > SECONDS_MOST);
        }
    }

    #[test]
    fn a_weak_merge_costs_as_much_as_a_strong_one_and_more_on_a_crowded_map() {
        let open = "width=2048 height=2048 rooms=3973 room-size=100";
        // Rooms covering a third of the map.
        let crowded = "width=1732 height=1732 rooms=4999 room-size=200";
        for map in [open, crowded] {
            let at = |merge: &str| seconds(&chain(&format!("{map} merge={merge}")));
            assert!(at("0.01") >= at("1") && at("0.5") >= at("1"), "{map}");
            assert!(at("0.999") < at("0.9") && at("1") > 2.0 * at("0"), "{map}");
        }
        let dearer = |map: &str| {
            seconds(&chain(&format!("{map} merge=0.5")))
                / seconds(&chain(&format!("{map} merge=1")))
        };
        assert!(dearer(crowded) > dearer(open) && dearer(crowded) > 1.5);
        // The heavy bench's 3,973 merged rooms took 2.53 s of CPU, which the estimate
        // doubles: fewer fit now.
        let fit = rooms_that_fit(&chain(&format!("{open} merge=1")));
        assert!((3000..3973).contains(&fit), "{fit}");
    }

    #[test]
    fn small_maps_packed_beyond_a_third_fit_fewer_rooms_with_chain() {
        let packed = chain("width=300 height=218 rooms=10000 room-size=6");
        let fit = rooms_that_fit(&packed);
        assert!(seconds(&packed) > SECONDS_MOST);
        assert!((1000..=300 * 218 / 3 / 6).contains(&fit), "{fit}");
    }

    /// A vault of `side × side` cells at (2, 2): rows every `gap` cells, each joined to the
    /// next at one end, the ends taking turns (a serpentine); or every cell.
    fn vault(side: u32, gap: Option<u32>) -> crate::Vault {
        let cell = move |x: u32, y: u32| match gap {
            None => true,
            Some(gap) => {
                y.is_multiple_of(gap)
                    || x == if (y / gap).is_multiple_of(2) {
                        0
                    } else {
                        side - 1
                    }
            }
        };
        let cells = (0..side).flat_map(|y| {
            (0..side)
                .filter(move |&x| cell(x, y))
                .map(move |x| Pos::new(x, y))
        });
        crate::Vault::new(cells).unwrap().at(Pos::new(2, 2))
    }

    #[test]
    fn a_serpentine_vault_counts_as_the_maze_it_makes_and_a_compact_one_as_a_room() {
        // Issue 56: on 2048² cells with 400 chained rooms, 84 to 92 s of CPU passed as
        // 0.1 s. On 1024² with 100, 3.0 s of CPU here.
        let map = "width=1024 height=1024 rooms=100";
        let serpentine = Recipe {
            vaults: vec![vault(1020, Some(4))],
            ..chain(map)
        };
        assert!(
            seconds(&serpentine) > SECONDS_MOST,
            "{}",
            seconds(&serpentine)
        );
        let fit = rooms_that_fit(&serpentine);
        assert!((40..100).contains(&fit), "{fit}");
        // Its cells as a square cost the paths about what a grown room does.
        let square = Recipe {
            vaults: vec![vault(510, None)],
            ..chain(map)
        };
        assert!(
            seconds(&square) < SECONDS_MOST / 20.0,
            "{}",
            seconds(&square)
        );
    }

    #[test]
    fn pinning_every_room_of_a_map_makes_no_maze() {
        let recipe = chain("width=256 height=224 rooms=192");
        let map = crate::generate(&recipe).unwrap();
        let cells: Vec<Pos> = map.rooms().iter().map(|room| room.cells()[0]).collect();
        let pinned = recipe.pin_each_at(&map, &cells).unwrap();
        assert_eq!(pinned.pins.len(), 192);
        let walls = Given::of(&pinned).walls;
        assert!(walls < WALLING * 256.0 / 2.0, "{walls}");
        assert!(seconds(&pinned) <= seconds(&recipe) * 1.01);
    }

    #[test]
    fn nearest_neighbours_are_never_bounded() {
        let recipe = chain(
            "width=2048 height=2048 rooms=10000 room-size=100 stickiness=1 stretch=1 connect=loops merge=1",
        );
        assert_eq!(rooms_that_fit(&recipe), 10_000);
    }
}
