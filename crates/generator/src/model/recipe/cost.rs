//! How long a recipe takes to make, estimated from its values before any work, and the
//! bound that keeps every allowed recipe within [`SECONDS_MOST`] ([`Recipe::seconds`],
//! [`Recipe::rooms_that_fit`]).
//!
//! Only the `chain` connection can be slow: each of its paths runs from one room to the
//! next one made, across the map, so its work grows as rooms × cells. The cost of each
//! cell searched grows steeply once rooms wall the free ground into a maze: when they
//! cover much of the map (beyond a third, nearly every path must cross rooms), when caves
//! wind (stickiness above ½, more so stretched), when spacing fences each room with rock,
//! and when paths merge (one after the other, on one core, each search dearer; at any
//! strength, and more so short of 1 on a crowded map). The constants were fitted to
//! `render` times on a shared 2-core machine, the recipes of `cargo bench --bench heavy`
//! and of its search of the recipe space among them, rounding towards refusing.

use super::{Connect, Recipe, Shape};

/// The longest a recipe may take to make, in seconds, by [`Recipe::seconds`].
pub(super) const SECONDS_MOST: f64 = 5.0;

/// Seconds per room × cell of a chain on open ground.
const SECONDS_PER_ROOM_CELL: f64 = 1.0e-10;
/// Crowding below which the ground stays open.
const OPEN_CROWDING: f64 = 0.3;
/// How fast the cost grows with crowding beyond that.
const CROWDING_GROWTH: f64 = 2.8;
/// The most crowding makes each path dearer: the cost levels off once rooms have walled
/// the ground into a maze.
const CROWDED_MOST: f64 = 100.0;
/// How many times dearer each path is once rooms cover more than a third of the map: free
/// ground no longer joins most rooms, and nearly every path must cross rooms.
const WALLED_IN: f64 = 400.0;
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

impl Recipe {
    /// The seconds this recipe is estimated to take to make on a 2-core machine, before
    /// any work: what [`Recipe::validate`] holds to [`Recipe::SECONDS_MOST`]. Only a
    /// `chain` across a big crowded map comes near it.
    #[must_use]
    pub fn seconds(&self) -> f64 {
        seconds(self)
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
    match recipe.connect {
        // Each path joins near neighbours: the work grows as the cells, never beyond a
        // second or two.
        Connect::Nearest | Connect::Loops => 0.0,
        Connect::Chain => {
            let cells = inner_cells(recipe);
            let (rooms, crowding) = crowding(recipe);
            let room_cells = rooms * f64::from(recipe.room_size);
            let dearer = if 3.0 * room_cells > cells {
                WALLED_IN
            } else {
                let over = (crowding - OPEN_CROWDING).max(0.0);
                (CROWDING_GROWTH * over).exp().min(CROWDED_MOST)
            };
            let merged = dearer * (1.0 + 2.0 * recipe.merge);
            rooms * cells * SECONDS_PER_ROOM_CELL * merged.max(merging(recipe.merge, crowding))
        }
    }
}

/// How many times dearer than on open ground, at least, paths that merge by `merge` make a
/// chain whose rooms crowd the map by `crowding` (as [`crowding`] says): 1 when they do not
/// merge, [`MERGED`] when they merge fully, up to [`PARTIAL_MERGE`] more for a partial
/// merge as crowding reaches [`OPEN_CROWDING`].
fn merging(merge: f64, crowding: f64) -> f64 {
    if merge.is_nan() || merge <= 0.0 {
        return 1.0;
    }
    let partial = ((1.0 - merge) / (1.0 - PARTIAL_UP_TO)).clamp(0.0, 1.0)
        * (crowding / OPEN_CROWDING).min(1.0);
    MERGED * (1.0 + PARTIAL_MERGE * partial)
}

/// The most rooms, from 1 up to the recipe's own, that keep it within [`SECONDS_MOST`];
/// 0 when even one room would not.
fn rooms_that_fit(recipe: &Recipe) -> u32 {
    let fits = |rooms: u32| {
        seconds(&Recipe {
            rooms,
            ..recipe.clone()
        }) <= SECONDS_MOST
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
/// share of its cells: those fenced cells, times how much more winding caves wall off.
fn crowding(recipe: &Recipe) -> (f64, f64) {
    let cells = inner_cells(recipe);
    let size = f64::from(recipe.room_size);
    let fenced = (size.sqrt() + f64::from(recipe.spacing)).powi(2);
    let rooms = f64::from(recipe.rooms).min((cells / fenced).ceil());
    (rooms, rooms * fenced / cells * winding(recipe))
}

/// The cells of the map inside its margin, where rooms and corridors are made.
fn inner_cells(recipe: &Recipe) -> f64 {
    let (width, height) = recipe.inner_size();
    f64::from(width) * f64::from(height)
}

/// How much more of the map caves wall off than compact rooms of as many cells: 1 for
/// compact ones, up to 4 for stickiness 1 and 20 when they are also stretched all the way:
/// stretched winding caves run across the map like walls.
fn winding(recipe: &Recipe) -> f64 {
    match recipe.shape {
        Shape::Rect | Shape::Diamond | Shape::Cross => 1.0,
        Shape::Cave | Shape::Mixed => {
            let sticky = ((recipe.stickiness - 0.5) / 0.5).max(0.0);
            1.0 + 3.0 * sticky + 16.0 * sticky * recipe.stretch.abs()
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
            "width=2048 height=2048 rooms=10000 room-size=100",
        ] {
            let recipe = chain(text);
            assert!(seconds(&recipe) <= SECONDS_MOST, "{text}");
            assert_eq!(rooms_that_fit(&recipe), recipe.rooms, "{text}");
        }
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
        // The strongest merge is where it was: the heavy bench's 3,973 rooms still fit.
        assert_eq!(rooms_that_fit(&chain(&format!("{open} merge=1"))), 3973);
    }

    #[test]
    fn small_maps_packed_beyond_a_third_fit_fewer_rooms_with_chain() {
        let packed = chain("width=300 height=218 rooms=10000 room-size=6");
        let fit = rooms_that_fit(&packed);
        assert!(seconds(&packed) > SECONDS_MOST);
        assert!((1000..=300 * 218 / 3 / 6).contains(&fit), "{fit}");
    }

    #[test]
    fn nearest_neighbours_are_never_bounded() {
        let recipe = chain(
            "width=2048 height=2048 rooms=10000 room-size=100 stickiness=1 stretch=1 connect=loops merge=1",
        );
        assert_eq!(rooms_that_fit(&recipe), 10_000);
    }
}
