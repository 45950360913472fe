//! A recipe of thousands of pins, for the page's test (`tests/web.rs`) and benchmark
//! (`benches/web.rs`).

use dungeon_generator::Recipe;
use dungeon_generator::{Pos, generate};

/// A big map of 3,510 winding caves; the same with every room pinned (over half a megabyte
/// of recipe, the same map); and the same pins with the second moved onto the first.
pub fn thousands_of_pins() -> (Recipe, Recipe, Recipe) {
    let plain: Recipe = "dv1 width=2048 height=2048 rooms=3510 room-size=280 stickiness=1 \
                         stretch=0.6 connect=nearest"
        .parse()
        .expect("an allowed recipe");
    let map = generate(&plain).expect("an allowed recipe makes a map");
    let cells: Vec<Pos> = map.rooms().iter().map(|r| r.cells()[0]).collect();
    let pinned = plain
        .pin_each_at(&map, &cells)
        .expect("a map's rooms pin in it");
    let mut onto = pinned.clone();
    onto.pins[1] = onto.pins[0].clone();
    (plain, pinned, onto)
}
