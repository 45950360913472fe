//! Watching the generator work: replaying the shown map's generation step by step (rooms
//! growing cell by cell, then each path), and sweeping one recipe key across its values at
//! the fixed seed, looped. The state and its clock live here; the panel's controls for them
//! are in [`super::ui::watch`], and the window draws what they ask for.

use std::sync::Arc;
use std::time::Duration;

use super::action::WatchAction;
use super::platform::Instant;
use dungeon_files::sweep::Sweep;
use dungeon_generator::Dungeon;
use dungeon_generator::Replay;
use dungeon_generator::{Key, Recipe};

/// Steps a second a replay may go at.
pub const SPEEDS: std::ops::RangeInclusive<f64> = 10.0..=100_000.0;
/// How long a replay takes by default, whatever the map's size.
const REPLAY_SECONDS: f64 = 6.0;
/// How long a sweep shows each value, once its map is shown.
const SWEEP_VALUE: Duration = Duration::from_millis(700);
/// The keys the panel offers to sweep: those that shape a map without resizing it.
pub fn sweep_keys() -> impl Iterator<Item = &'static str> {
    Key::all()
        .iter()
        .filter(|k| k.sweepable())
        .map(|k| k.name())
}

/// A replay under way.
#[derive(Debug)]
pub struct Replaying {
    pub dungeon: Arc<Dungeon>,
    /// Steps shown, with the fraction of the next one under way.
    pub at: f64,
    pub paused: bool,
    /// The steps last drawn.
    drawn: Option<usize>,
}

/// Where a replay has got, as the panel and the status bar say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayPlace {
    /// The step shown.
    pub step: usize,
    /// Of how many.
    pub of: usize,
    /// What grows at this step: `rooms growing` or `paths`.
    pub stage: &'static str,
    pub paused: bool,
}

impl Replaying {
    /// Where the replay has got.
    pub fn place(&self) -> ReplayPlace {
        let whole = Replay::new(&self.dungeon);
        let step = (self.at.floor() as usize).min(whole.len());
        let stage = if step < whole.room_steps() {
            "rooms growing"
        } else {
            "paths"
        };
        ReplayPlace {
            step,
            of: whole.len(),
            stage,
            paused: self.paused,
        }
    }
}

/// A sweep under way.
#[derive(Debug)]
pub struct Sweeping {
    /// The session's recipe the sweep started from.
    base: Recipe,
    pub recipes: Vec<Recipe>,
    pub key: &'static str,
    pub index: usize,
    /// When the current value's map was first shown.
    shown_since: Option<Instant>,
}

/// Replays and sweeps, and their settings.
#[derive(Debug)]
pub struct Watch {
    pub replay: Option<Replaying>,
    pub sweep: Option<Sweeping>,
    /// Replay speed in steps a second; `None` until a replay picks one from its length.
    pub speed: Option<f64>,
    pub sweep_key: &'static str,
    last_tick: Option<Instant>,
}

impl Default for Watch {
    fn default() -> Self {
        Self {
            replay: None,
            sweep: None,
            speed: None,
            sweep_key: sweep_keys().next().unwrap_or("stickiness"),
            last_tick: None,
        }
    }
}

impl Watch {
    /// Whether frames must keep coming: something is playing.
    pub fn is_playing(&self) -> bool {
        self.replay.as_ref().is_some_and(|r| !r.paused) || self.sweep.is_some()
    }

    /// Start replaying `dungeon` from its first step.
    pub fn start_replay(&mut self, dungeon: Arc<Dungeon>) {
        // Every replay starts at the speed that plays it in a few seconds.
        let steps = Replay::new(&dungeon).len() as f64;
        self.speed = Some((steps / REPLAY_SECONDS).clamp(*SPEEDS.start(), *SPEEDS.end()));
        self.replay = Some(Replaying {
            dungeon,
            at: 0.0,
            paused: false,
            drawn: None,
        });
        self.last_tick = None;
    }

    /// Carry out `action` on the replay or sweep; `dungeon` is the map shown, `base` the
    /// session's recipe. Returns a recipe for the session when the action keeps one.
    pub fn carry_out(
        &mut self,
        action: WatchAction,
        shown: Option<&Arc<Dungeon>>,
        base: &Recipe,
    ) -> Option<Recipe> {
        match action {
            WatchAction::Replay => {
                // A replay under way stops; else the shown map's starts.
                if let (false, Some(dungeon)) = (self.stop_replay(), shown) {
                    self.sweep = None;
                    self.start_replay(Arc::clone(dungeon));
                }
            }
            WatchAction::PlayPause => {
                if let Some(r) = &mut self.replay {
                    r.paused = !r.paused;
                    self.last_tick = None;
                }
            }
            WatchAction::Step => {
                if let Some(r) = &mut self.replay {
                    r.paused = true;
                    r.at = r.at.floor() + 1.0;
                }
            }
            WatchAction::Restart => {
                if let Some(r) = &mut self.replay {
                    r.at = 0.0;
                    r.drawn = None;
                }
            }
            WatchAction::Sweep(key) => {
                let playing = self.sweep.as_ref().is_some_and(|s| s.key == key);
                self.sweep = None;
                self.sweep_key = key;
                if !playing {
                    self.replay = None;
                    let sweep = Key::named(key).map(Sweep::across);
                    if let Some(Ok(sweep)) = sweep {
                        self.sweep = Some(Sweeping {
                            base: base.clone(),
                            recipes: sweep.recipes(base),
                            key,
                            index: 0,
                            shown_since: None,
                        });
                    }
                }
            }
            WatchAction::KeepSweep => {
                return self.sweep.take().map(|s| s.recipes[s.index].clone());
            }
        }
        None
    }

    /// Stop the replay under way, if one is: it ends at the next tick, which draws the
    /// finished map again. Returns whether one was under way.
    pub fn stop_replay(&mut self) -> bool {
        let Some(replay) = &mut self.replay else {
            return false;
        };
        replay.at = f64::INFINITY;
        true
    }

    /// Keep a sweep under way in step with the session's recipe: moving another slider
    /// sweeps the new settings, from the same value on.
    pub fn follow(&mut self, session: &Recipe) {
        let Some(sweep) = &mut self.sweep else {
            return;
        };
        if &sweep.base != session {
            if let Some(Ok(across)) = Key::named(sweep.key).map(Sweep::across) {
                sweep.recipes = across.recipes(session);
            }
            sweep.base = session.clone();
            sweep.shown_since = None;
        }
    }

    /// The recipe the window should show: the sweep's current one while a sweep plays.
    pub fn recipe<'a>(&'a self, session: &'a Recipe) -> &'a Recipe {
        self.sweep.as_ref().map_or(session, |s| &s.recipes[s.index])
    }

    /// Move the clock on to `now`. `shown` says whether the map of [`Watch::recipe`] is on
    /// screen (a sweep waits for each value's map before it counts the time). Returns the
    /// replay's picture to draw when its step changed, or the finished map once it ended
    /// (`Some(None)`).
    pub fn tick(&mut self, now: Instant, shown: bool) -> Option<Option<Dungeon>> {
        let passed = self
            .last_tick
            .replace(now)
            .map_or(0.0, |t| now.duration_since(t).as_secs_f64());
        if let Some(sweep) = &mut self.sweep {
            match sweep.shown_since {
                None if shown => sweep.shown_since = Some(now),
                Some(since) if now.duration_since(since) >= SWEEP_VALUE => {
                    sweep.index = (sweep.index + 1) % sweep.recipes.len();
                    sweep.shown_since = None;
                }
                _ => {}
            }
        }
        let speed = self.speed.unwrap_or(*SPEEDS.start());
        let replay = self.replay.as_mut()?;
        if !replay.paused {
            replay.at += passed * speed;
        }
        let whole = Replay::new(&replay.dungeon);
        let step = replay.at.floor() as usize;
        if step >= whole.len() {
            self.replay = None;
            return Some(None);
        }
        if replay.drawn == Some(step) {
            return None;
        }
        replay.drawn = Some(step);
        Some(Some(whole.at(step)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_generator::Connect;
    use dungeon_generator::generate;

    fn map() -> Arc<Dungeon> {
        Arc::new(generate(&"dv1 seed=6 rooms=4".parse().unwrap()).unwrap())
    }

    #[test]
    fn a_replay_moves_with_the_clock_pauses_steps_and_ends_on_the_map() {
        let mut watch = Watch::default();
        let map = map();
        let len = Replay::new(&map).len();
        watch.carry_out(WatchAction::Replay, Some(&map), map.recipe());
        let start = Instant::now();
        assert_eq!(
            watch.tick(start, true).flatten().map(|d| d.rooms().len()),
            Some(0)
        );
        // A second in, a sixth of the default few seconds' worth of steps is drawn.
        let drawn = watch
            .tick(start + Duration::from_secs(1), true)
            .flatten()
            .unwrap();
        let cells = |d: &Dungeon| d.rooms().iter().map(|r| r.cells().len()).sum::<usize>();
        assert!(cells(&drawn) > 0 && cells(&drawn) < len);
        // Paused, the clock moves nothing; a step moves one cell.
        watch.carry_out(WatchAction::PlayPause, None, map.recipe());
        assert!(watch.tick(start + Duration::from_secs(2), true).is_none());
        watch.carry_out(WatchAction::Step, None, map.recipe());
        let stepped = watch
            .tick(start + Duration::from_secs(3), true)
            .flatten()
            .unwrap();
        assert_eq!(cells(&stepped), cells(&drawn) + 1);
        // Played on past its length, it ends: the map itself is drawn again.
        watch.carry_out(WatchAction::PlayPause, None, map.recipe());
        watch.tick(start + Duration::from_secs(3), true);
        assert!(matches!(
            watch.tick(start + Duration::from_secs(60), true),
            Some(None)
        ));
        assert!(watch.replay.is_none());
    }

    #[test]
    fn a_replay_stopped_midway_draws_the_finished_map_again() {
        let mut watch = Watch::default();
        let map = map();
        watch.carry_out(WatchAction::Replay, Some(&map), map.recipe());
        let start = Instant::now();
        watch.tick(start, true);
        assert!(watch.tick(start + Duration::from_secs(1), true).is_some());
        // W again (or Esc): the next tick ends it on the map, not on the step it was at.
        watch.carry_out(WatchAction::Replay, Some(&map), map.recipe());
        assert!(matches!(
            watch.tick(start + Duration::from_secs(1), true),
            Some(None)
        ));
        assert!(watch.replay.is_none());
        assert!(!watch.stop_replay());
    }

    #[test]
    fn a_sweep_waits_for_each_map_then_moves_on_and_loops() {
        let mut watch = Watch::default();
        let base: Recipe = "dv1 seed=6 rooms=4".parse().unwrap();
        watch.carry_out(WatchAction::Sweep("connect"), None, &base);
        let value = |w: &Watch| w.recipe(&base).connect;
        let start = Instant::now();
        let first = value(&watch);
        // Not shown yet: the sweep waits however long it takes.
        watch.tick(start + Duration::from_secs(5), false);
        assert_eq!(value(&watch), first);
        watch.tick(start + Duration::from_secs(5), true);
        watch.tick(start + Duration::from_secs(6), true);
        assert_ne!(value(&watch), first);
        // Each value shows for a while once its map is on screen, and after the last the
        // first comes again.
        let mut seen = vec![first, value(&watch)];
        for tenth in 61..400 {
            watch.tick(start + Duration::from_millis(tenth * 100), true);
            if seen.last() != Some(&value(&watch)) {
                seen.push(value(&watch));
            }
        }
        assert_eq!(
            &seen[..4],
            &[
                Connect::Chain,
                Connect::Nearest,
                Connect::Loops,
                Connect::Chain
            ]
        );
        assert_eq!(watch.recipe(&base).seed, 6);
        let kept = watch
            .carry_out(WatchAction::KeepSweep, None, &base)
            .unwrap();
        assert_eq!(kept.seed, 6);
        assert!(watch.sweep.is_none());
    }
}
