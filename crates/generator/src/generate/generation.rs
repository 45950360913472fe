//! A map made a step at a time: a [`Generation`] places a room or joins a pair of rooms at
//! each step, so that a caller without threads (a web page, which must draw its frames) can
//! make a little of a big map each frame, show it filling in and drop it at any step.
//! [`crate::generate`] and [`Generation::run`] run one to the end, with the paths
//! of a map whose corridors do not merge on every core; both ways give the same map.

use std::time::Duration;

use crate::base::grid::{Grid, Pos};
use crate::base::parallel::{Clock, on_this_thread};
use crate::base::tile::Tile;
use crate::generate::corridors::{Joining, PathPlan};
use crate::generate::levels::Level;
use crate::generate::rooms::Placing;
use crate::model::Error;
use crate::model::dungeon::{Dungeon, Timings};
use crate::model::parts::{Path, Room};
use crate::model::progress::Progress;
use crate::model::recipe::Recipe;

/// A map being made from a recipe, a room or a path at a time.
///
/// ```
/// use dungeon_generator::{Generation, Progress, Recipe, generate};
///
/// let recipe: Recipe = "dv1 seed=7 rooms=5".parse()?;
/// let progress = Progress::default();
/// let mut generation = Generation::new(&recipe)?;
/// // Two steps at a time, as a frame might allow, until the map is done.
/// let dungeon = loop {
///     let mut budget = 2;
///     if let Some(dungeon) = generation.advance(&progress, || {
///         budget -= 1;
///         budget > 0
///     })? {
///         break dungeon;
///     }
/// };
/// assert_eq!(dungeon.rooms(), generate(&recipe)?.rooms());
/// # Ok::<(), dungeon_generator::Error>(())
/// ```
pub struct Generation {
    recipe: Recipe,
    /// What the stages make for the recipe's level: a recipe of one level (see
    /// [`Level`]).
    level: Level,
    /// What the stages make: the level's map inside the recipe's margin (the level's
    /// recipe itself when it has none), put in the middle of the whole map once it is done.
    inner: Recipe,
    /// The level above, made first for its stairs down, where this level's stairs up go.
    above: Option<Box<Generation>>,
    /// This level's stairs up, once the level above is made.
    stairs_up: Option<Pos>,
    stage: Stage,
    /// Which room of the rooms stage each room is, once the rooms are placed.
    slots: Vec<u32>,
    clock: Option<Clock>,
    timings: Timings,
    /// Whether every step stays on the calling thread.
    alone: bool,
}

/// Where a generation is.
enum Stage {
    /// Nothing made yet: the room stage starts at the first step.
    Start,
    Rooms(Box<Placing>),
    Paths(Box<Joining>),
    /// The map was handed out, or the generation failed.
    Over,
}

impl Generation {
    /// A generation of `recipe`, nothing made yet. Its stages are timed by the system's
    /// clock where there is one (not on the web, where [`Generation::with_clock`] gives
    /// one).
    ///
    /// # Errors
    /// When a value of the recipe is out of its range (see [`Recipe::validate`]).
    pub fn new(recipe: &Recipe) -> Result<Self, Error> {
        recipe.validate()?;
        let number = recipe.level.unwrap_or(1);
        let above = if number > 1 {
            let above = Recipe {
                level: Some(number - 1),
                ..recipe.clone()
            };
            Some(Box::new(Self::new(&above)?))
        } else {
            None
        };
        Ok(Self::of_level(recipe, above, None))
    }

    /// The generation of `recipe`'s level, below the level of `above` (made first), or
    /// with its stairs up at `stairs` (the level above made already).
    fn of_level(recipe: &Recipe, above: Option<Box<Generation>>, stairs: Option<Pos>) -> Self {
        let level = Level::of(recipe, recipe.level.unwrap_or(1), stairs);
        Self {
            recipe: recipe.clone(),
            inner: level.recipe.inner(),
            level,
            above,
            stairs_up: stairs,
            stage: Stage::Start,
            slots: Vec::new(),
            clock: system_clock(),
            timings: Timings::default(),
            alone: false,
        }
    }

    /// The generation of the level below `dungeon`'s, whose stairs up are its stairs
    /// down (none, where a level too crowded has no room), nothing made yet: one map's
    /// work, as [`Dungeon::next_level`], but a step at a time, reporting to a
    /// [`Progress`] and called off by it. `None` when `dungeon` is its recipe's last level.
    ///
    /// ```
    /// use dungeon_generator::{Generation, Progress, Recipe, generate};
    ///
    /// let recipe: Recipe = "dv1 seed=4 levels=2".parse()?;
    /// let first = generate(&recipe)?;
    /// let below = Generation::below(&first).expect("a level below the first");
    /// let second = below.run(&Progress::default())?;
    /// assert_eq!(second, generate(&Recipe { level: Some(2), ..recipe })?);
    /// assert!(Generation::below(&second).is_none(), "the last level");
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    #[must_use]
    pub fn below(dungeon: &Dungeon) -> Option<Self> {
        let number = dungeon.level();
        (number < dungeon.recipe().levels).then(|| {
            let recipe = Recipe {
                level: Some(number + 1),
                ..dungeon.recipe().clone()
            };
            Self::of_level(&recipe, None, dungeon.features().stairs_down)
        })
    }

    /// The same generation, made on the calling thread only: the same map, without the
    /// threads [`Generation::run`] and [`crate::generate`] start (see there when they do).
    ///
    /// ```
    /// use dungeon_generator::{Generation, Progress, Recipe, generate};
    ///
    /// let recipe: Recipe = "dv1 seed=3 width=128 height=112 rooms=48".parse()?;
    /// let here = Generation::new(&recipe)?.on_calling_thread().run(&Progress::default())?;
    /// assert_eq!(here, generate(&recipe)?);
    /// # Ok::<(), dungeon_generator::Error>(())
    /// ```
    #[must_use]
    pub fn on_calling_thread(mut self) -> Self {
        self.alone = true;
        self.above = self.above.map(|above| Box::new(above.on_calling_thread()));
        self
    }

    /// The same generation, its stages timed by `clock`.
    #[must_use]
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = Some(clock);
        self.above = self.above.map(|above| Box::new(above.with_clock(clock)));
        self
    }

    /// The recipe being made.
    #[must_use]
    pub fn recipe(&self) -> &Recipe {
        &self.recipe
    }

    /// Make more of the map, a room or a pair of rooms joined at a time, asking `more`
    /// after each step whether to go on; returns the map once it is done (once only), else
    /// `None` to be called again. Rooms and paths are reported to `progress` as they are
    /// made; picking the pairs to join is one step, which on big maps of `nearest` or
    /// `loops` takes longer than the others.
    ///
    /// # Errors
    /// [`Error::Cancelled`] once `progress` is cancelled (checked before each step); the
    /// generation is over then, as it is after the map was handed out.
    pub fn advance(
        &mut self,
        progress: &Progress,
        mut more: impl FnMut() -> bool,
    ) -> Result<Option<Dungeon>, Error> {
        loop {
            match self.step(progress, Step::One)? {
                Some(dungeon) => return Ok(Some(dungeon)),
                None if !more() => return Ok(None),
                None => {}
            }
        }
    }

    /// Make the whole map, reporting to `progress`. Unless [`Generation::on_calling_thread`]
    /// was asked for, it starts up to a thread per core (scoped: all of them have ended
    /// when it returns) for the paths of a map whose corridors do not merge, once the
    /// paths made on the calling thread say those left take milliseconds more (each path
    /// then made on whichever core is free), for the doors of 1,024 rooms or more, and for
    /// the landmarks a big crowded map's paths steer by; the map is the same.
    ///
    /// # Errors
    /// [`Error::Cancelled`] once `progress` is cancelled.
    pub fn run(mut self, progress: &Progress) -> Result<Dungeon, Error> {
        loop {
            if let Some(dungeon) = self.step(progress, Step::All)? {
                return Ok(dungeon);
            }
        }
    }

    /// One step (or, for the paths, all of them), timed into the stage it leaves the
    /// generation in; the map once done. The levels above are made first, a step at a
    /// time, told nothing of but being called off.
    fn step(&mut self, progress: &Progress, step: Step) -> Result<Option<Dungeon>, Error> {
        if let Some(above) = &mut self.above {
            progress.check()?;
            let Some(made) = above.step(&Progress::default(), step)? else {
                return Ok(None);
            };
            let below = Generation::below(&made).ok_or(Error::Cancelled)?;
            self.timings = made.timings();
            self.level = below.level;
            self.inner = below.inner;
            self.stairs_up = below.stairs_up;
            self.above = None;
            return Ok(None);
        }
        let started = self.now();
        let outcome = if self.alone {
            on_this_thread(|| self.make(progress, step))
        } else {
            self.make(progress, step)
        };
        let took = self.now().saturating_sub(started);
        match &self.stage {
            Stage::Start | Stage::Rooms(_) => self.timings.rooms += took,
            Stage::Paths(_) | Stage::Over => self.timings.paths += took,
        }
        Ok(outcome?.map(|parts| {
            let (tiles, mut rooms, paths) = embed(parts, &self.recipe);
            self.level.mark(&mut rooms);
            Dungeon::with_paths(&self.recipe, tiles, rooms, paths, self.timings)
                .with_slots(std::mem::take(&mut self.slots))
                .with_stairs_up(self.stairs_up)
        }))
    }

    /// One step; the map's parts once it is done. The generation is over after an error.
    fn make(&mut self, progress: &Progress, step: Step) -> Result<Option<Parts>, Error> {
        match std::mem::replace(&mut self.stage, Stage::Over) {
            Stage::Start => {
                progress.start_rooms(self.inner.rooms, self.recipe.margin);
                self.stage = Stage::Rooms(Box::new(Placing::of(&self.inner)));
            }
            // The pairs are picked in a step of their own, timed with the paths.
            Stage::Rooms(placing) if placing.is_done() => {
                let (tiles, rooms, slots) = placing.finish();
                self.slots = slots;
                let plan = PathPlan::of(&self.inner);
                self.stage = Stage::Paths(Box::new(Joining::new(
                    tiles, rooms, &plan, progress, self.clock,
                )?));
            }
            Stage::Rooms(mut placing) => {
                placing.place_next(progress)?;
                self.stage = Stage::Rooms(placing);
            }
            Stage::Paths(mut joining) => {
                match step {
                    Step::One => {
                        joining.join_next(progress)?;
                    }
                    Step::All => joining.join_rest(progress)?,
                }
                if !joining.is_done() {
                    self.stage = Stage::Paths(joining);
                    return Ok(None);
                }
                if let Some(kept) = joining.kept() {
                    let slot = |i: usize| self.slots.get(i).copied().unwrap_or(i as u32);
                    self.slots = kept.iter().map(|&i| slot(i)).collect();
                }
                return Ok(Some(joining.finish()));
            }
            Stage::Over => return Err(Error::Cancelled),
        }
        Ok(None)
    }

    fn now(&self) -> Duration {
        self.clock.map_or(Duration::ZERO, |clock| clock())
    }
}

/// A finished map's grid, rooms and paths.
type Parts = (Grid<Tile>, Vec<Room>, Vec<Path>);

/// The parts of the map made inside `recipe`'s margin, where they lie on its whole map:
/// moved right and down by the margin, with rock all round.
fn embed((tiles, rooms, paths): Parts, recipe: &Recipe) -> Parts {
    let m = recipe.margin;
    if m == 0 {
        return (tiles, rooms, paths);
    }
    let tiles = Grid::from_fn(recipe.width, recipe.height, |p| {
        let inner = Pos::new(p.x.wrapping_sub(m), p.y.wrapping_sub(m));
        tiles.get(inner).copied().unwrap_or(Tile::FREE)
    });
    let rooms = rooms.iter().map(|room| room.shifted(m)).collect();
    let paths = paths.iter().map(|path| path.shifted(m)).collect();
    (tiles, rooms, paths)
}

/// How much of the path stage a step makes.
#[derive(Clone, Copy)]
enum Step {
    One,
    All,
}

/// The system's monotonic clock, where there is one (the web has none).
fn system_clock() -> Option<Clock> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static ORIGIN: OnceLock<Instant> = OnceLock::new();
        Some(|| ORIGIN.get_or_init(Instant::now).elapsed())
    }
    #[cfg(target_arch = "wasm32")]
    {
        None
    }
}
