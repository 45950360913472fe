//! Vaults: rooms of a game's own shape, with a place or placed by the rooms stage, counted
//! in `rooms`, joined like any room, marked in the map, travelling in the recipe so that
//! the same recipe gives the same map; refused, naming the vault, when they cannot be made.

use std::collections::BTreeSet;

use crate::common::four_connected;
use dungeon_generator::{Dungeon, Error, Pos, RoomKind, Vault, generate};
use dungeon_generator::{PinFault, Recipe};

fn make(recipe: &Recipe) -> Dungeon {
    generate(recipe).unwrap_or_else(|e| panic!("{recipe}: {e}"))
}

/// A 7×5 hall with a 3×2 alcove below its middle.
fn hall() -> Vault {
    let body = (0..7).flat_map(|x| (0..5).map(move |y| Pos::new(x, y)));
    let alcove = (2..5).flat_map(|x| (5..7).map(move |y| Pos::new(x, y)));
    Vault::new(body.chain(alcove)).unwrap()
}

fn with_vaults(text: &str, vaults: Vec<Vault>) -> Recipe {
    Recipe {
        vaults,
        ..text.parse().unwrap()
    }
}

fn set(cells: impl IntoIterator<Item = Pos>) -> BTreeSet<Pos> {
    cells.into_iter().collect()
}

/// Whether room `index` of `d` has a path to or from it.
fn joined(d: &Dungeon, index: usize) -> bool {
    d.paths().iter().any(|p| p.from == index || p.to == index)
}

#[test]
fn a_vault_with_a_place_is_made_there_marked_counted_and_joined() {
    let recipe = with_vaults("dv1 seed=4", vec![hall().at(Pos::new(20, 30))]);
    let d = make(&recipe);
    assert_eq!(d.rooms().len(), 12, "rooms counts the vault");
    let vault = d.vault(0).expect("the vault is made");
    assert_eq!(vault.kind(), RoomKind::Vault(0));
    assert_eq!(
        set(vault.cells().iter().copied()),
        set(recipe.vaults[0].cells())
    );
    assert!(vault.cells().contains(&Pos::new(22, 36)), "its alcove");
    let index = d.rooms().len() - 1;
    assert_eq!(
        d.rooms()[index].kind(),
        RoomKind::Vault(0),
        "vaults come last"
    );
    assert!(joined(&d, index), "no corridor reaches the vault");
    // No grown room overlaps it.
    let taken: BTreeSet<Pos> = d.rooms()[..index]
        .iter()
        .flat_map(|r| r.cells().iter().copied())
        .collect();
    assert!(vault.cells().iter().all(|p| !taken.contains(p)));
}

#[test]
fn a_vault_without_a_place_lands_where_its_stream_puts_it_the_same_every_time() {
    let recipe = with_vaults("dv1 seed=6 spacing=2", vec![hall(), hall()]);
    let d = make(&recipe);
    assert_eq!(d, make(&recipe), "the same recipe, the same map");
    let read: Recipe = recipe.to_string().parse().unwrap();
    assert_eq!(read, recipe);
    assert_eq!(make(&read), d, "the map travels in the recipe's text");
    let (a, b) = (d.vault(0).unwrap(), d.vault(1).unwrap());
    // Each is the hall's shape, somewhere; apart by the spacing from each other and from
    // every other room.
    for vault in [a, b] {
        assert_eq!(vault.cells().len(), hall().cells().count());
        assert!(four_connected(vault.cells()));
    }
    for (i, room) in d.rooms().iter().enumerate() {
        for vault in [a, b] {
            if room == vault {
                continue;
            }
            let near = room.cells().iter().any(|p| {
                vault
                    .cells()
                    .iter()
                    .any(|q| p.x.abs_diff(q.x).max(p.y.abs_diff(q.y)) <= 2)
            });
            assert!(!near, "room {i} within 2 cells of a vault");
        }
    }
    // Another seed, another place.
    let other = make(&recipe.reseeded(7));
    assert_ne!(
        set(other.vault(0).unwrap().cells().to_vec()),
        set(a.cells().to_vec())
    );
}

#[test]
fn adding_a_vault_moves_only_the_rooms_in_its_way() {
    let mut kept = 0;
    let mut others = 0;
    for seed in 1..=20 {
        let plain = make(&format!("dv1 seed={seed} rooms=13").parse().unwrap());
        let d = make(&with_vaults(
            &format!("dv1 seed={seed} rooms=13"),
            vec![hall()],
        ));
        // Twelve rooms grown and the vault: the first twelve are the plain map's, but
        // those in the vault's way.
        assert_eq!(d.rooms().len(), 13, "seed {seed}");
        for i in 0..12 {
            others += 1;
            kept += usize::from(d.rooms()[i].cells() == plain.rooms()[i].cells());
        }
    }
    assert!(
        kept * 10 >= others * 8,
        "only {kept} of {others} rooms kept"
    );
}

#[test]
fn pinning_a_vault_gives_it_its_place_and_changes_nothing() {
    let recipe = with_vaults("dv1 seed=3", vec![hall()]);
    let d = make(&recipe);
    let vault = d.vault(0).unwrap();
    let pinned = recipe.pin_at(&d, vault.cells()[0]).unwrap();
    assert!(
        pinned.pins.is_empty(),
        "a vault is kept by its place, not a pin"
    );
    let corner = pinned.vaults[0].place().expect("the vault has its place");
    assert_eq!(
        set(pinned.vaults[0].cells()),
        set(vault.cells().iter().copied()),
        "at {corner:?}"
    );
    assert_eq!(make(&pinned).rooms(), d.rooms());
    // Every stage re-rolled, it stays.
    let other = make(&pinned.reseeded(99));
    assert_eq!(
        set(other.vault(0).unwrap().cells().to_vec()),
        set(vault.cells().to_vec())
    );
}

#[test]
fn vaults_beside_pins_keep_clear_of_them_and_every_room_is_joined() {
    let base: Recipe = "dv1 seed=12 width=96 height=72 rooms=20 spacing=1"
        .parse()
        .unwrap();
    let map = make(&base);
    let cells: Vec<Pos> = [2, 9, 15]
        .iter()
        .map(|&i| map.rooms()[i].cells()[0])
        .collect();
    let pinned = base.pin_each_at(&map, &cells).unwrap();
    // The placed hall where it overlaps no pin: the first such corner along the top.
    let recipe = (0..90)
        .map(|x| Recipe {
            vaults: vec![hall(), hall().at(Pos::new(x, 0))],
            ..pinned.reseeded(13)
        })
        .find(|r| r.check_pins().is_ok())
        .expect("a place for the hall");
    // Where it would overlap a pin, it is refused, naming the pin.
    let onto = Recipe {
        vaults: vec![hall().at(pinned.pins[1].cells().next().unwrap())],
        ..pinned.clone()
    };
    assert!(matches!(
        onto.check_pins(),
        Err(Error::Vault {
            vault: 1,
            fault: PinFault::Overlaps { other: 2 }
        })
    ));
    let d = make(&recipe);
    assert_eq!(d.pinned_rooms(), 3);
    assert!(d.vault(0).is_some() && d.vault(1).is_some());
    assert!(d.rooms().len() <= 20);
    for i in 0..d.rooms().len() {
        assert!(joined(&d, i), "room {i} has no corridor");
    }
}

#[test]
fn vaults_that_cannot_be_made_are_refused_naming_the_vault() {
    let error = |text: &str| text.parse::<Recipe>().unwrap_err().to_string();
    let text = hall().to_string();
    assert_eq!(text, "7x7._____-dwAA");
    assert!(
        error(&format!("dv1 width=6 vault={text}"))
            .starts_with("vault 1 is 7×7 cells, too big for the 6×56 map")
    );
    assert!(
        error(&format!("dv1 vault=60.0.{text}")).starts_with("vault 1 would be off the 64×56 map")
    );
    assert_eq!(
        error(&format!("dv1 vault=1.1.{text}~3.3.{text}")),
        "vault 2 overlaps vault 1"
    );
    assert!(
        error(&format!("dv1 rooms=1 vault={text}~{text}"))
            .starts_with("vault 2 is one more than the 1 rooms")
    );
    for bad in ["x", "7x7", "1.7x7.AA", "0x1.AA"] {
        let message = error(&format!("dv1 vault={text}~{bad}"));
        assert!(
            message.starts_with("vault 2 is not written as"),
            "{bad}: {message}"
        );
    }
    // Cells in two pieces are no vault, in code as in text.
    assert_eq!(
        Vault::new([Pos::new(0, 0), Pos::new(2, 0)]),
        Err(PinFault::Scattered { pieces: 2 })
    );
    assert!(
        error("dv1 vault=3x1.BQ")
            .starts_with("vault 1 is not one room: its cells fall into 2 pieces")
    );
    // No place left: a map all but filled by a vault with a place.
    let big = Vault::new((0..60).flat_map(|x| (0..50).map(move |y| Pos::new(x, y)))).unwrap();
    let crowded = with_vaults("dv1", vec![big.at(Pos::new(2, 3)), hall()]);
    assert_eq!(
        generate(&crowded).unwrap_err().to_string(),
        "vault 2 finds no place on the map 0 cells or more from the pins and the other vaults"
    );
}

/// The crate's own shrine: a cross 5 cells wide and high.
fn shrine() -> Vault {
    Vault::new((0..5).flat_map(|i| [Pos::new(i, 2), Pos::new(2, i)])).unwrap()
}

/// The cells within `spacing` of a vault's cells, diagonals included.
fn fenced(cells: &[Pos], spacing: u32) -> BTreeSet<Pos> {
    let s = spacing as i32;
    cells
        .iter()
        .flat_map(|p| (-s..=s).flat_map(move |dy| (-s..=s).filter_map(move |dx| p.offset(dx, dy))))
        .collect()
}

#[test]
fn a_vault_without_a_place_keeps_clear_of_every_vault_with_one_whatever_their_order() {
    for spacing in [0, 1, 2] {
        for seed in 1..=400 {
            for vaults in [
                vec![shrine(), shrine().at(Pos::new(3, 4))],
                vec![
                    shrine().at(Pos::new(30, 20)),
                    shrine(),
                    hall().at(Pos::new(50, 40)),
                ],
            ] {
                let recipe = Recipe {
                    seed,
                    spacing,
                    vaults,
                    ..Recipe::default()
                };
                let d = make(&recipe);
                let unplaced = recipe
                    .vaults
                    .iter()
                    .position(|v| v.place().is_none())
                    .unwrap();
                let free = d.vault(unplaced).expect("the vault is made");
                let near = fenced(free.cells(), spacing);
                for (v, vault) in recipe
                    .vaults
                    .iter()
                    .enumerate()
                    .filter(|(v, _)| *v != unplaced)
                {
                    assert!(
                        vault.cells().all(|p| !near.contains(&p)),
                        "{recipe}: vault {} within {spacing} of vault {}",
                        unplaced + 1,
                        v + 1
                    );
                }
            }
        }
    }
}

#[test]
fn on_a_closed_map_pins_and_vaults_keep_a_cell_apart_or_are_refused() {
    let error = |text: &str| text.parse::<Recipe>().unwrap_err().to_string();
    let text = hall().to_string();
    // Beside each other (edge or corner): refused on a closed map, kept on an open one.
    for (a, b) in [("1.1", "8.1"), ("1.1", "8.6")] {
        let recipe = format!("dv1 vault={a}.{text}~{b}.{text}");
        assert!(recipe.parse::<Recipe>().is_ok(), "{recipe}");
        assert_eq!(
            error(&format!("{recipe} closed=1")),
            "vault 2 lies beside vault 1: on a closed map rooms keep a cell of rock apart"
        );
    }
    // A cell of rock between them is enough.
    assert!(
        format!("dv1 closed=1 vault=1.1.{text}~9.1.{text}")
            .parse::<Recipe>()
            .is_ok()
    );
}
