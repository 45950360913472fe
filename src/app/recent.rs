//! The maps made most recently, so that going back and forward through the history shows
//! them again at once instead of generating them anew, and the levels of a dungeon made
//! behind the one shown, so that stepping to one shows it at once and the next is made from
//! the deepest above it. Bounded in count and in cells, so that a few of the largest maps do
//! not fill the memory.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use dungeon_files::figures::Figures;
use dungeon_generator::Dungeon;
use dungeon_generator::Recipe;

/// How many maps are kept at most: every level of two dungeons of the most levels.
const MAPS: usize = 32;
/// How many cells all kept maps may have together: four of the largest (2048×2048).
const CELLS: u64 = 4 * 2048 * 2048;

/// A map kept with the time it took to make.
#[derive(Clone, Debug)]
pub struct Kept {
    pub dungeon: Arc<Dungeon>,
    pub took: Duration,
    pub figures: Option<Arc<Figures>>,
}

/// Whether `a` and `b` are recipes of the same dungeon, at the same level or not.
pub fn same_dungeon(a: &Recipe, b: &Recipe) -> bool {
    a.levels == b.levels
        && *a
            == Recipe {
                level: a.level,
                ..b.clone()
            }
}

/// The recent maps, newest last.
#[derive(Debug, Default)]
pub struct Recent {
    maps: VecDeque<Kept>,
}

fn cells(d: &Dungeon) -> u64 {
    u64::from(d.width()) * u64::from(d.height())
}

impl Recent {
    /// The map of `recipe`, if it is kept; it becomes the newest.
    pub fn get(&mut self, recipe: &Recipe) -> Option<Kept> {
        let at = self
            .maps
            .iter()
            .position(|k| k.dungeon.recipe() == recipe)?;
        let kept = self.maps.remove(at)?;
        self.maps.push_back(kept.clone());
        Some(kept)
    }

    /// The deepest level kept of `recipe`'s dungeon above the level it asks for.
    pub fn above(&self, recipe: &Recipe) -> Option<Arc<Dungeon>> {
        let asked = recipe.level.unwrap_or(1);
        (self.maps.iter())
            .map(|k| &k.dungeon)
            .filter(|d| d.level() < asked && same_dungeon(d.recipe(), recipe))
            .max_by_key(|d| d.level())
            .cloned()
    }

    /// Keep `kept` as the newest map, forgetting the oldest ones beyond the bounds.
    pub fn put(&mut self, kept: Kept) {
        self.maps
            .retain(|k| k.dungeon.recipe() != kept.dungeon.recipe());
        self.maps.push_back(kept);
        while self.maps.len() > MAPS
            || (self.maps.len() > 1
                && self.maps.iter().map(|k| cells(&k.dungeon)).sum::<u64>() > CELLS)
        {
            self.maps.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_generator::generate;

    fn kept(text: &str) -> Kept {
        let recipe: Recipe = text.parse().unwrap();
        Kept {
            dungeon: Arc::new(generate(&recipe).unwrap()),
            took: Duration::ZERO,
            figures: None,
        }
    }

    #[test]
    fn the_newest_maps_are_kept_and_the_oldest_forgotten() {
        let mut recent = Recent::default();
        let recipes: Vec<String> = (0..=MAPS)
            .map(|seed| format!("dv1 seed={seed} width=16 height=16 rooms=2 room-size=5"))
            .collect();
        for r in &recipes {
            recent.put(kept(r));
        }
        let first: Recipe = recipes[0].parse().unwrap();
        assert!(recent.get(&first).is_none(), "more than {MAPS} kept");
        let second: Recipe = recipes[1].parse().unwrap();
        assert_eq!(recent.get(&second).unwrap().dungeon.recipe(), &second);
        // Asked for, the second became the newest: the third is now the oldest.
        recent.put(kept("dv1 seed=99 width=16 height=16 rooms=2 room-size=5"));
        assert!(recent.get(&second).is_some());
        assert!(recent.get(&recipes[2].parse().unwrap()).is_none());
    }

    #[test]
    fn big_maps_are_bounded_by_their_cells() {
        let mut recent = Recent::default();
        // Each the largest map, a quarter of the bound: only four fit together.
        for seed in 0..5 {
            recent.put(kept(&format!(
                "dv1 seed={seed} width=2048 height=2048 rooms=1 room-size=1"
            )));
        }
        assert_eq!(recent.maps.len(), 4);
    }
}
