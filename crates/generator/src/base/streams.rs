//! Seeded random streams, one per stage of generation.
//!
//! Every random choice of a dungeon comes from a [`Pcg64Mcg`] whose state is derived from
//! the recipe's seed, the stage and an index (the room's or path's number). Streams never
//! share state, so a stage draws the same numbers whatever the other stages do: moving the
//! randomness slider cannot move a room, and adding a room cannot change the ones before it.

use rand_pcg::Pcg64Mcg;

/// The stages of generation that draw random numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Where rooms go, one stream for the whole map.
    Placement,
    /// How room `i` grows.
    RoomGrowth,
    /// Room `i`'s colour.
    RoomColour,
    /// How path `i` wiggles.
    Path,
    /// Which shape room `i` of a mixed map takes.
    RoomShape,
    /// Where the adventurer starts.
    Start,
    /// The order a `chain` joins its rooms in, drawn only under a recipe's own
    /// `corridors-seed` (without one, rooms are chained in creation order).
    ChainOrder,
    /// Where room `i` starts when a pin or a vault is in its way and it is grown again.
    Regrowth,
    /// Where vault `i` goes, when it has no place of its own.
    VaultPlace,
    /// Vault `i`'s colour.
    VaultColour,
    /// The seeds of level `i` of a dungeon of several levels (from 2), one draw each from
    /// the seed of level 1's stage.
    Level,
    /// The room a level below the first grows around its stairs up.
    StairsRoom,
}

impl Stage {
    const fn tag(self) -> u64 {
        match self {
            Stage::Placement => 0x706c_6163_6500_0001,
            Stage::RoomGrowth => 0x6772_6f77_7468_0002,
            Stage::RoomColour => 0x636f_6c6f_7572_0003,
            Stage::Path => 0x7061_7468_0000_0004,
            Stage::RoomShape => 0x7368_6170_6500_0005,
            Stage::Start => 0x7374_6172_7400_0006,
            Stage::ChainOrder => 0x6368_6169_6e00_0007,
            Stage::Regrowth => 0x7265_6772_6f77_0008,
            Stage::VaultPlace => 0x7661_756c_7400_0009,
            Stage::VaultColour => 0x7661_756c_7463_000a,
            Stage::Level => 0x6c65_7665_6c00_000b,
            Stage::StairsRoom => 0x7374_6169_7273_000c,
        }
    }
}

/// The stream for `stage` and item `index` of the map made from `seed`.
#[must_use]
pub fn stream(seed: u64, stage: Stage, index: u64) -> Pcg64Mcg {
    let a = splitmix64(seed ^ stage.tag());
    let b = splitmix64(a ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let c = splitmix64(b ^ a.rotate_left(29));
    Pcg64Mcg::new((u128::from(b) << 64) | u128::from(c))
}

/// A number below `n` (which must not be 0): one 32-bit draw scaled by multiplication.
/// The bias, under `n / 2³²`, is far below anything a map shows, and the draw never loops.
#[inline]
pub fn below<R: rand::Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    ((u64::from(rng.next_u32()) * u64::from(n)) >> 32) as u32
}

/// SplitMix64's finaliser: a fixed, well-mixed bijection on 64-bit values.
const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut rng = stream(3, Stage::Placement, 0);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(below(&mut rng, 1), 0);
    }

    #[test]
    fn streams_differ_by_seed_stage_and_index() {
        let first = |s: u64, st: Stage, i: u64| stream(s, st, i).next_u64();
        let base = first(1, Stage::RoomGrowth, 0);
        assert_eq!(base, first(1, Stage::RoomGrowth, 0));
        assert_ne!(base, first(2, Stage::RoomGrowth, 0));
        assert_ne!(base, first(1, Stage::RoomColour, 0));
        assert_ne!(base, first(1, Stage::RoomGrowth, 1));
    }
}
