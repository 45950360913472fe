//! How readable each kind of dungeon is: for every room shape × corridor style × connection
//! style, the figures of [`dungeon_files::figures::Figures`] over a run of seeds, at 64×56
//! with 12 rooms (W1) and at 256×224 with 192 rooms (W3), as a Markdown table: rooms
//! placed, touching and not rooms; corridor cells in 2×2 blocks, beside another corridor
//! and along a room away from a door; corridor cells a path; and whether every map was
//! closed (walls everywhere but the doors) and joined.
//!
//! ```sh
//! cargo run --release -p dungeon-files --example readability -- "spacing=2 fit=move merge=1" 20
//! cargo run --release -p dungeon-files --example readability -- "spacing=2 fit=move merge=1 closed=1" 20
//! cargo run --release -p dungeon-files --example readability -- "" 5   # the original's, 5 seeds
//! ```

use dungeon_files::figures::Tally;
use dungeon_generator::generate;
use dungeon_generator::{Connect, Corridor, Recipe, Shape};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let keys = args
        .next()
        .unwrap_or_else(|| "spacing=2 fit=move merge=1".into());
    let seeds: u64 = args.next().map_or(Ok(20), |n| n.parse())?;
    println!(
        "| size | shape | corridor | connect | placed % | touching % | not rooms % | 2×2 % | \
         beside % | along rooms % | corridor cells/path | zero-length | turns/corridor | \
         dead ends | loops | closed | all joined |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (size, base) in [("W1", "dv1"), ("W3", "dv1 width=256 height=224 rooms=192")] {
        for &shape in Shape::ALL {
            for &corridor in Corridor::ALL {
                for &connect in Connect::ALL {
                    let mut tally = Tally::default();
                    for seed in 0..seeds {
                        let text = format!(
                            "{base} seed={seed} shape={} corridor={} connect={} {keys}",
                            shape.name(),
                            corridor.name(),
                            connect.name()
                        );
                        let recipe: Recipe = text.parse()?;
                        tally.add(&generate(&recipe)?);
                    }
                    let s = &tally.sum;
                    println!(
                        "| {size} | {} | {} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | \
                         {:.1} | {} | {:.2} | {} | {} | {} | {} |",
                        shape.name(),
                        corridor.name(),
                        connect.name(),
                        tally.placed_percent(),
                        tally.touching_percent(),
                        tally.not_rooms_percent(),
                        tally.in_blocks_percent(),
                        tally.beside_percent(),
                        tally.along_rooms_percent(),
                        s.corridor_cells as f64 / tally.paths.max(1) as f64,
                        s.zero_length_paths,
                        tally.turns_per_path(),
                        s.dead_ends,
                        s.loops,
                        if tally.closed() { "yes" } else { "no" },
                        if s.connected { "yes" } else { "NO" }
                    );
                }
            }
        }
    }
    Ok(())
}
