//! A map made a step at a time is the map made at once, and a step-by-step generation can
//! be dropped or called off between any two steps.

use crate::common::{fingerprint, random_recipe};

use dungeon_generator::{Error, Generation, Progress, Recipe, generate};
use rand_pcg::Pcg64Mcg;

/// `recipe` made `per_call` steps at a time; with how many calls it took.
fn stepped(recipe: &Recipe, per_call: u32) -> (dungeon_generator::Dungeon, u32) {
    let progress = Progress::live();
    let mut generation = Generation::new(recipe).expect("a valid recipe");
    let mut calls = 0;
    loop {
        calls += 1;
        let mut left = per_call;
        let made = generation
            .advance(&progress, || {
                left -= 1;
                left > 0
            })
            .expect("nobody cancels");
        if let Some(dungeon) = made {
            let done = progress.snapshot();
            assert_eq!(done.rooms_placed as usize, dungeon.rooms().len());
            return (dungeon, calls);
        }
    }
}

#[test]
fn a_map_made_a_step_at_a_time_is_the_map_made_at_once() {
    let mut rng = Pcg64Mcg::new(41);
    let mut recipes: Vec<Recipe> = (0..60).map(|_| random_recipe(&mut rng)).collect();
    for text in [
        "dv1 seed=3 width=128 height=112 rooms=48",
        "dv1 seed=4 width=128 height=112 rooms=48 merge=0.5 spacing=2 fit=move",
        "dv1 seed=5 width=128 height=112 rooms=48 connect=loops corridor=twisty",
        "dv1 seed=6 width=128 height=112 rooms=48 connect=nearest corridor=half-rect merge=1",
    ] {
        recipes.push(text.parse().unwrap());
    }
    for recipe in &recipes {
        let whole = fingerprint(&generate(recipe).unwrap());
        for per_call in [1, 7] {
            let (dungeon, calls) = stepped(recipe, per_call);
            assert_eq!(
                fingerprint(&dungeon),
                whole,
                "{recipe} at {per_call} a call"
            );
            if per_call == 1 {
                // A step per room and per path, and one to pick the pairs.
                let steps = dungeon.rooms().len() + dungeon.paths().len();
                assert!(
                    calls as usize > steps,
                    "{recipe}: {calls} calls for {steps} parts"
                );
            }
        }
    }
}

#[test]
fn a_cancelled_step_by_step_generation_ends_and_stays_ended() {
    let recipe: Recipe = "dv1 seed=9 width=128 height=112 rooms=48".parse().unwrap();
    let progress = Progress::default();
    let mut generation = Generation::new(&recipe).unwrap();
    let mut steps = 0;
    assert!(
        generation
            .advance(&progress, || {
                steps += 1;
                steps < 30
            })
            .unwrap()
            .is_none()
    );
    progress.cancel();
    assert_eq!(
        generation.advance(&progress, || true).unwrap_err(),
        Error::Cancelled
    );
    assert_eq!(
        generation
            .advance(&Progress::default(), || true)
            .unwrap_err(),
        Error::Cancelled,
        "a generation called off does not start again"
    );
}

#[test]
fn stages_are_timed_by_the_clock_given() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Duration;
    // A clock that moves a millisecond each time it is read.
    static TICKS: AtomicU64 = AtomicU64::new(0);
    let clock = || Duration::from_millis(TICKS.fetch_add(1, Ordering::Relaxed));
    let recipe: Recipe = "dv1 seed=2 rooms=6".parse().unwrap();
    let dungeon = Generation::new(&recipe)
        .unwrap()
        .with_clock(clock)
        .run(&Progress::default())
        .unwrap();
    let timings = dungeon.timings();
    // Each step reads the clock twice: one tick a step, rooms (a start and 6 rooms)
    // apart from paths (the pairs, then the paths all at once).
    assert_eq!(timings.rooms, Duration::from_millis(7));
    assert_eq!(timings.paths, Duration::from_millis(2));
}

#[test]
fn a_map_made_on_the_calling_thread_is_the_map_made_on_every_core() {
    for text in [
        // 191 paths, made on every core by `generate`.
        "dv1 seed=9 width=256 height=224 rooms=192",
        // 1,100 rooms, whose doors are found on every core.
        "dv1 seed=2 width=512 height=512 rooms=1100 room-size=20 connect=nearest",
    ] {
        let recipe: Recipe = text.parse().unwrap();
        let progress = Progress::default();
        let here = Generation::new(&recipe)
            .unwrap()
            .on_calling_thread()
            .run(&progress)
            .unwrap();
        assert_eq!(here, generate(&recipe).unwrap(), "{text}");
        assert_eq!(
            progress.snapshot().paths_joined as usize,
            here.paths().len()
        );
    }
}
