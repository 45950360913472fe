//! What the user is looking at and has seen: the current recipe, the maps seen this
//! session (to go back and forward through), and where new seeds come from.
//!
//! The recipe of a dungeon of several levels always names the level shown (`level=K`):
//! the address, a saved PNG and a favourite made from it then open at that level, and
//! `render` draws that level alone (a recipe without `level` is every level to it).

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use dungeon_generator::Recipe;

/// New seeds are below this: six digits at most, so that a person can read one, say it and
/// type it back (any `u64` can still be typed or pasted).
pub const NEW_SEEDS: u64 = 1_000_000;

/// A stage of making a map that can be made anew alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Where the rooms are and their shapes (the corridor and connection styles kept).
    Rooms,
    /// The corridors' randomness and, for `chain`, the order rooms are joined in (the
    /// rooms kept cell for cell).
    Corridors,
}

/// A way to step between levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// To the level below (PageDown).
    Down,
    /// To the level above (PageUp).
    Up,
}

/// The level `recipe` names as the window keeps it: the level shown, within its levels,
/// when its dungeon has several (level 1 when it names none); none when it has one.
fn level_shown(recipe: &Recipe) -> Option<u32> {
    (recipe.levels > 1).then(|| recipe.level.unwrap_or(1).clamp(1, recipe.levels))
}

/// `recipe` as the window keeps it, naming the level it shows (see [`level_shown`]).
fn with_level_shown(recipe: Recipe) -> Recipe {
    Recipe {
        level: level_shown(&recipe),
        ..recipe
    }
}

/// The recipe being edited and the history of recipes seen.
#[derive(Debug)]
pub struct Session {
    /// What the controls show; edits change it at once.
    pub recipe: Recipe,
    history: Vec<Recipe>,
    /// Where in `history` the user is.
    at: usize,
    /// New seeds, each below [`NEW_SEEDS`]: a sequence of the launch's own (see
    /// [`Session::new`]).
    seeds: Pcg64Mcg,
}

impl Session {
    /// A session opened on `recipe`, whose new seeds follow the sequence that `new_seeds`
    /// picks: the same for the same number. The window takes that number from the machine
    /// at each launch, so that a new launch shows other maps. These are not the maps' own
    /// randomness: a map comes from its recipe alone.
    #[must_use]
    pub fn new(recipe: Recipe, new_seeds: u64) -> Self {
        let recipe = with_level_shown(recipe);
        let seeds = Pcg64Mcg::seed_from_u64(new_seeds);
        Self {
            history: vec![recipe.clone()],
            recipe,
            at: 0,
            seeds,
        }
    }

    /// Record the current recipe as a layout seen, unless it is the one already at the
    /// current place in the history; forward steps are dropped, as in a browser.
    pub fn commit(&mut self) {
        if self.history[self.at] != self.recipe {
            self.history.truncate(self.at + 1);
            self.history.push(self.recipe.clone());
            self.at += 1;
        }
    }

    /// A new random seed for every stage (the stages' own seeds let go), the settings and
    /// the pinned rooms kept; recorded at once.
    pub fn new_seed(&mut self) {
        let seed = self.fresh_seed(self.recipe.seed);
        self.recipe = self.recipe.reseeded(seed);
        self.commit();
    }

    /// A new random seed for `stage` alone, everything else kept; recorded at once.
    pub fn reroll(&mut self, stage: Stage) {
        let recipe = &self.recipe;
        let current = match stage {
            Stage::Rooms => recipe.rooms_seed,
            Stage::Corridors => recipe.corridors_seed,
        };
        let seed = self.fresh_seed(current.unwrap_or(recipe.seed));
        match stage {
            Stage::Rooms => self.recipe.rooms_seed = Some(seed),
            Stage::Corridors => self.recipe.corridors_seed = Some(seed),
        }
        self.commit();
    }

    /// The next seed of the session's sequence that is not `current`.
    fn fresh_seed(&mut self, current: u64) -> u64 {
        loop {
            let seed = self.seeds.random_range(1..NEW_SEEDS);
            if seed != current {
                return seed;
            }
        }
    }

    /// `seed` typed in, everything else kept; recorded at once.
    pub fn set_seed(&mut self, seed: u64) {
        self.recipe.seed = seed;
        self.commit();
    }

    /// Name the level shown in the recipe as the window keeps it (see [`with_level_shown`]),
    /// after a control changed how many levels there are.
    pub fn show_level(&mut self) {
        self.recipe.level = level_shown(&self.recipe);
    }

    /// Show the level one step `way` from the one shown; recorded at once. `Err` with the
    /// level shown when there is none that way.
    pub fn step_level(&mut self, way: Way) -> Result<u32, u32> {
        let at = self.recipe.level.unwrap_or(1);
        let next = match way {
            Way::Down => at + 1,
            Way::Up => at.saturating_sub(1),
        };
        if !(1..=self.recipe.levels).contains(&next) {
            return Err(at);
        }
        self.recipe.level = Some(next);
        self.commit();
        Ok(next)
    }

    /// The default recipe, with the current seed; recorded at once.
    pub fn reset(&mut self) {
        self.recipe = Recipe {
            seed: self.recipe.seed,
            ..Recipe::default()
        };
        self.commit();
    }

    /// Take `recipe` (pasted, opened) as the current one, naming the level it shows;
    /// recorded at once.
    pub fn apply(&mut self, recipe: Recipe) {
        self.recipe = with_level_shown(recipe);
        self.commit();
    }

    /// Go back to the layout seen before; false when there is none.
    pub fn back(&mut self) -> bool {
        self.commit();
        if self.at == 0 {
            return false;
        }
        self.at -= 1;
        self.recipe = self.history[self.at].clone();
        true
    }

    /// Go forward again after going back; false when there is nothing ahead.
    pub fn forward(&mut self) -> bool {
        self.commit();
        if self.at + 1 >= self.history.len() {
            return false;
        }
        self.at += 1;
        self.recipe = self.history[self.at].clone();
        true
    }

    #[must_use]
    pub fn can_go_back(&self) -> bool {
        self.at > 0 || self.history[self.at] != self.recipe
    }

    #[must_use]
    pub fn can_go_forward(&self) -> bool {
        self.at + 1 < self.history.len() && self.history[self.at] == self.recipe
    }

    /// The layout seen last: the current recipe as last recorded (a slider being dragged
    /// is recorded when it is let go).
    #[must_use]
    pub fn seen(&self) -> &Recipe {
        &self.history[self.at]
    }

    /// (place, length) of the history, for "2 of 5".
    #[must_use]
    pub fn place(&self) -> (usize, usize) {
        (self.at + 1, self.history.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_and_forward_walk_the_layouts_seen() {
        let mut s = Session::new(Recipe::default(), 1);
        let first = s.recipe.clone();
        s.new_seed();
        let second = s.recipe.clone();
        assert_ne!(first.seed, second.seed);
        s.recipe.rooms = 20; // a slider moved, not yet recorded
        assert!(s.can_go_back());
        assert!(s.back());
        assert_eq!(s.recipe, second);
        assert!(s.back());
        assert_eq!(s.recipe, first);
        assert!(!s.back());
        assert!(s.forward());
        assert_eq!(s.recipe, second);
        assert!(s.forward());
        assert_eq!(s.recipe.rooms, 20);
        assert!(!s.forward());
        assert_eq!(s.place(), (3, 3));
    }

    #[test]
    fn a_change_after_going_back_drops_the_layouts_ahead() {
        let mut s = Session::new(Recipe::default(), 1);
        s.new_seed();
        s.new_seed();
        s.back();
        s.back();
        s.recipe.stickiness = 0.9;
        s.commit();
        assert_eq!(s.place(), (2, 2));
        assert!(!s.can_go_forward());
    }

    #[test]
    fn new_seeds_follow_the_sequence_the_session_was_given() {
        let seeds = |start: u64| {
            let mut s = Session::new(Recipe::default(), start);
            (0..5)
                .map(|_| {
                    s.new_seed();
                    s.recipe.seed
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(seeds(1), seeds(1));
        assert_ne!(seeds(1), seeds(2));
        // From 1, what every launch gave before launches took their own.
        assert_eq!(seeds(1)[..3], [856_717, 137_555, 470_462]);
        // Short enough to read, and never the seed on screen again.
        let mut s = Session::new(Recipe::default(), 1);
        for _ in 0..1000 {
            let before = s.recipe.seed;
            s.new_seed();
            assert!(s.recipe.seed < NEW_SEEDS && s.recipe.seed != before);
        }
    }

    #[test]
    fn a_stage_made_anew_changes_its_own_seed_alone_and_new_lets_them_go() {
        let mut s = Session::new(Recipe::default(), 1);
        s.reroll(Stage::Rooms);
        let rooms = s
            .recipe
            .rooms_seed
            .expect("New rooms gives the rooms a seed");
        assert_eq!((s.recipe.seed, s.recipe.corridors_seed), (1, None));
        s.reroll(Stage::Corridors);
        assert_eq!(s.recipe.rooms_seed, Some(rooms));
        assert!(s.recipe.corridors_seed.is_some_and(|c| c < NEW_SEEDS));
        s.reroll(Stage::Rooms);
        assert_ne!(s.recipe.rooms_seed, Some(rooms));
        assert_eq!(s.place(), (4, 4), "each re-roll is a step of the history");
        s.new_seed();
        assert_eq!((s.recipe.rooms_seed, s.recipe.corridors_seed), (None, None));
        assert!(s.back());
        assert!(s.recipe.rooms_seed.is_some());
    }

    #[test]
    fn a_typed_seed_is_one_step_of_the_history() {
        let mut s = Session::new(Recipe::default(), 1);
        s.set_seed(u64::MAX);
        s.commit();
        assert_eq!(s.recipe.seed, u64::MAX);
        assert_eq!(s.place(), (2, 2));
    }

    #[test]
    fn reset_keeps_the_seed() {
        let mut s = Session::new(
            Recipe {
                seed: 9,
                rooms: 40,
                ..Recipe::default()
            },
            9,
        );
        s.reset();
        assert_eq!(
            s.recipe,
            Recipe {
                seed: 9,
                ..Recipe::default()
            }
        );
    }
}
