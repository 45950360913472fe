//! The search of the recipe space around the bound: random recipes, each with the most
//! rooms it may have, made once and timed.

use std::time::Duration;

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use dungeon_generator::Error;
use dungeon_generator::{Connect, Key, Kind, Recipe, Value};
use dungeon_viewer::recipe_keys::{Group, group};

use super::timing::timed;

/// Timed before and after the search, to read its figures against: the list's merged
/// largest map, with as many rooms as the estimate of issue 46 lets through (3,973 rooms,
/// the most before, took 2.03 s on 2026-11-25 and 2.53 s of CPU on 2026-11-27).
const REFERENCE: &str = "dv1 seed=1 width=2048 height=2048 rooms=3300 room-size=100 merge=1";

/// A random recipe, sample `n` of the search: every key drawn from its range (fractions
/// often at an end of it), the map's sides and the rooms' size drawn towards heavy maps
/// (big maps or long thin ones, rooms of every order of magnitude), half of them chained
/// (the estimate bounds only chains); then the most rooms it may have: as many as the map
/// holds, or as the refusal says fit. `None` when not even one room fits.
fn drawn(n: u64) -> Option<Recipe> {
    let mut rng = Pcg64Mcg::seed_from_u64(n);
    let mut recipe = Recipe::default();
    // The stages' own seeds, the pins, the vaults and the margin are left as they are: they
    // draw nothing, so that each sample stays the recipe it was before they existed.
    let drawn = |k: &&Key| group(k) != Group::Rerolls && k.name() != "margin";
    for key in Key::all().iter().filter(drawn) {
        let value = match key.kind() {
            Kind::Whole { min, max } => Value::Whole(rng.random_range(min..=max)),
            Kind::Fraction { min, max } => Value::Fraction(match rng.random_range(0..4) {
                0 => min,
                1 => max,
                _ => rng.random_range(min..=max),
            }),
            Kind::Choice { names, .. } => Value::Choice(rng.random_range(0..names.len())),
            Kind::Pins | Kind::Vaults => continue,
        };
        key.set(&mut recipe, value).ok()?;
    }
    let most = u32::try_from(whole_most("width")).ok()?;
    let mut side = || match rng.random_range(0..8) {
        0..=3 => most,
        4 => rng.random_range(1..=64),
        _ => rng.random_range(most / 8..=most),
    };
    (recipe.width, recipe.height) = (side(), side());
    let sizes = (whole_most("room-size") as f64).ln();
    recipe.room_size = rng.random_range(0.0..=sizes).exp().round() as u32;
    if rng.random_bool(0.5) {
        recipe.connect = Connect::Chain;
    }
    let held = recipe.room_cells_most() / u64::from(recipe.room_size);
    recipe.rooms = u32::try_from(held.min(whole_most("rooms"))).ok()?;
    match recipe.validate() {
        Ok(()) => Some(recipe),
        Err(Error::TooSlow { fits, .. }) if fits > 0 => {
            recipe.rooms = fits;
            Some(recipe)
        }
        Err(_) => None,
    }
}

/// The most a whole-number key of the recipe takes.
fn whole_most(name: &str) -> u64 {
    match Key::named(name).map(Key::kind) {
        Some(Kind::Whole { max, .. }) => max,
        _ => 0,
    }
}

/// Search `count` random recipes from sample `from` on, each called off after three times
/// the bound; print each, then the slowest, with the reference timed before and after.
pub fn search(from: u64, count: u64) {
    let limit = Duration::from_secs_f64(3.0 * Recipe::SECONDS_MOST);
    let reference = || {
        let took = timed(&REFERENCE.parse().expect("the reference parses"), limit);
        println!(
            "reference `{REFERENCE}`: {:.2} s on 2 free cores, {:.2} s cpu, {:.2} s wall\n",
            took.free / 1e3,
            took.cpu / 1e3,
            took.wall / 1e3
        );
    };
    reference();
    println!(
        "| sample | recipe | estimated s | s on 2 free cores | cpu s | wall s | over estimate |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mut made = Vec::new();
    for n in from..from + count {
        let Some(recipe) = drawn(n) else {
            continue;
        };
        let estimate = recipe.seconds();
        let took = timed(&recipe, limit);
        let free = if took.made.is_none() {
            format!("called off after {:.1}", took.free / 1e3)
        } else {
            format!("{:.2}", took.free / 1e3)
        };
        let over = if estimate > 0.0 {
            format!("{:.2}", took.free / (estimate * 1e3))
        } else {
            String::new()
        };
        println!(
            "| {n} | `{recipe}` | {estimate:.2} | {free} | {:.2} | {:.2} | {over} |",
            took.cpu / 1e3,
            took.wall / 1e3
        );
        made.push((took.free, n, recipe));
    }
    made.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("\nslowest on 2 free cores:");
    for (free, n, recipe) in made.iter().take(10) {
        println!("{:.2} s, sample {n}: `{recipe}`", free / 1e3);
    }
    println!();
    reference();
}
