//! Where each vault goes: its own place, when the game gave it one; else a place the rooms
//! stage draws from the vault's own stream, `spacing` clear of the pins, of every vault
//! with a place and of the vaults placed before it and, where the draws find one, of the
//! grown rooms too (so that fewer rooms are grown again elsewhere).

use super::RoomPlan;
use crate::base::bits::BitGrid;
use crate::base::grid::{Grid, Pos};
use crate::base::streams::{Stage, below, stream};
use crate::base::tile::Tile;
use crate::model::Error;
use crate::model::recipe::footprint::Footprint;
use crate::model::recipe::{Pin, PinFault, Vault};

/// Places a vault without one tries before it is refused.
pub const TRIES: u32 = 256;

/// The cells of each vault at its place: its own, or one drawn for it among the rooms
/// grown on `grown` (their fences marked) around `pins`. Only a place drawn that is clear
/// of the pins, the vaults with a place (wherever they are in the list) and the vaults
/// placed before it may stand: the first also clear of the grown rooms, else the first.
///
/// # Errors
/// [`Error::Vault`] naming the first vault without a place that finds none in [`TRIES`].
pub fn places(
    vaults: &[Vault],
    pins: &[Pin],
    grown: &Grid<Tile>,
    plan: &RoomPlan,
) -> Result<Vec<Footprint>, Error> {
    let (width, height) = (grown.width(), grown.height());
    let mut fixed = None;
    let mut placed = Vec::with_capacity(vaults.len());
    for (v, vault) in vaults.iter().enumerate() {
        if let Some(cells) = vault.placed() {
            placed.push(cells);
            continue;
        }
        // The pins, the vaults with a place and those placed so far, fenced by the
        // spacing: made once, when first needed.
        let near = fixed.get_or_insert_with(|| {
            let mut bits = BitGrid::new(width, height);
            for p in pins.iter().flat_map(|p| p.cells()) {
                bits.set(p);
            }
            let own_places = vaults.iter().filter_map(Vault::placed);
            for p in placed.iter().flat_map(Footprint::cells) {
                bits.set(p);
            }
            for vault in own_places {
                vault.cells().for_each(|p| bits.set(p));
            }
            bits.dilated(plan.spacing)
        });
        let shape = vault.shape();
        let bounds = shape.bounds();
        let (w, h) = (bounds.x1 + 1, bounds.y1 + 1);
        let mut rng = stream(plan.seed, Stage::VaultPlace, v as u64);
        let mut may_stand = None;
        let mut clear = None;
        if w <= width && h <= height {
            for _ in 0..TRIES {
                let corner = Pos::new(
                    below(&mut rng, width - w + 1),
                    below(&mut rng, height - h + 1),
                );
                let Some(cells) = shape.at(corner) else {
                    continue;
                };
                if cells.cells().any(|p| near.get(p)) {
                    continue;
                }
                if cells.cells().all(|p| grown[p] == Tile::FREE) {
                    clear = Some(cells);
                    break;
                }
                may_stand = may_stand.or(Some(cells));
            }
        }
        let cells = clear.or(may_stand).ok_or(Error::Vault {
            vault: v + 1,
            fault: PinFault::NoPlace {
                spacing: plan.spacing,
            },
        })?;
        fence(near, &cells, plan.spacing);
        placed.push(cells);
    }
    Ok(placed)
}

/// Put the cells within `spacing` of `cells` in `near`: the squares around the cells on
/// its edge (an inner cell's lies within its neighbours').
fn fence(near: &mut BitGrid, cells: &Footprint, spacing: u32) {
    let (width, height) = (near.width(), near.height());
    let s = i64::from(spacing);
    for p in cells.cells() {
        let inner = [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().all(|&(dx, dy)| {
            let q = (i64::from(p.x) + dx, i64::from(p.y) + dy);
            let q = u32::try_from(q.0).ok().zip(u32::try_from(q.1).ok());
            q.is_some_and(|(x, y)| cells.covers(Pos::new(x, y)))
        });
        if inner && spacing > 0 {
            continue;
        }
        let x0 = (i64::from(p.x) - s).max(0) as u32;
        let y0 = (i64::from(p.y) - s).max(0) as u32;
        let x1 = (i64::from(p.x) + s).min(i64::from(width) - 1) as u32;
        let y1 = (i64::from(p.y) + s).min(i64::from(height) - 1) as u32;
        for y in y0..=y1 {
            for x in x0..=x1 {
                near.set(Pos::new(x, y));
            }
        }
    }
}
