use dungeon_generator::flood::{Flood, FloodSpec};
use dungeon_generator::{Grid, Pos};
use rand_pcg::Pcg64Mcg;

/// Flood `map` from its `S` cells through everything but `#`, and draw each reached cell's
/// distance as 0-9 then a-z; walls stay `#`, unreached cells become a space.
fn distances(map: &str, randomness: f64, seed: u128) -> (Grid<char>, Vec<Pos>) {
    let grid: Grid<char> = map.parse().unwrap();
    let starts: Vec<Pos> = grid.positions().filter(|&p| grid[p] == 'S').collect();
    let mut flood = Flood::new(grid.width(), grid.height());
    let mut spec = FloodSpec::new()
        .select(|p| grid[p] != '#')
        .randomness(randomness);
    flood.run(&starts, &mut spec, &mut Pcg64Mcg::new(seed));
    let drawn = grid.map(|_| ' ');
    let mut drawn = drawn;
    for p in grid.positions() {
        drawn[p] = match (grid[p], flood.value(p)) {
            ('#', _) => '#',
            (_, Some(&d)) => char::from_digit(d, 36).unwrap(),
            (_, None) => ' ',
        };
    }
    (drawn, flood.order().to_vec())
}

/// Walls split the map; the right-hand column is out of reach.
const ROOMS: &str = "
    S..#.#.
    .#.#.#.
    .#...#.
";

#[test]
fn a_flood_gives_every_reachable_cell_its_distance() {
    let (drawn, order) = distances(ROOMS, 0.0, 0);
    let drawn = drawn.to_string();
    let lines: Vec<&str> = drawn.lines().collect();
    assert_eq!(lines, ["012#8# ", "1#3#7# ", "2#456# "]);
    assert_eq!(order[0], Pos::new(0, 0));
    assert_eq!(order.len(), 11);
}

#[test]
fn randomness_changes_the_order_but_never_a_distance() {
    let (plain, plain_order) = distances(ROOMS, 0.0, 0);
    let mut orders_differ = false;
    for seed in 1..20 {
        let (shuffled, order) = distances(ROOMS, 1.0, seed);
        assert_eq!(shuffled, plain, "seed {seed}");
        orders_differ |= order != plain_order;
    }
    assert!(orders_differ, "randomness 1 never changed the order");
}

#[test]
fn without_randomness_neighbours_come_left_right_up_down() {
    let mut flood = Flood::new(3, 3);
    flood.run(
        &[Pos::new(1, 1)],
        &mut FloodSpec::new(),
        &mut Pcg64Mcg::new(0),
    );
    assert_eq!(
        &flood.order()[..5],
        &[
            Pos::new(1, 1),
            Pos::new(0, 1),
            Pos::new(2, 1),
            Pos::new(1, 0),
            Pos::new(1, 2)
        ]
    );
}

#[test]
fn the_goal_stops_the_flood_at_the_first_cell_that_satisfies_it() {
    let grid: Grid<char> = ROOMS.parse().unwrap();
    let mut flood = Flood::new(grid.width(), grid.height());
    let mut spec = FloodSpec::new()
        .select(|p| grid[p] != '#')
        .goal(|p| p == Pos::new(2, 2));
    flood.run(&[Pos::new(0, 0)], &mut spec, &mut Pcg64Mcg::new(0));
    assert_eq!(flood.goal(), Some(Pos::new(2, 2)));
    assert_eq!(flood.value(Pos::new(2, 2)), Some(&4));
    // Cells farther than the goal were never reached.
    assert!(!flood.reached(Pos::new(3, 2)));
    assert!(!flood.reached(Pos::new(4, 0)));
    let path = flood.path_to(Pos::new(2, 2)).unwrap();
    assert_eq!(path.len(), 5);
    assert_eq!(path[0], Pos::new(0, 0));
    assert!(path.windows(2).all(|w| w[0].is_beside(w[1])));
    assert!(path.iter().all(|&p| grid[p] != '#'));
}

#[test]
fn the_select_predicate_keeps_the_flood_out() {
    let grid: Grid<char> = ROOMS.parse().unwrap();
    let mut flood = Flood::new(grid.width(), grid.height());
    let mut spec = FloodSpec::new().select(|p| grid[p] != '#' && p.y < 2);
    flood.run(&[Pos::new(0, 0)], &mut spec, &mut Pcg64Mcg::new(0));
    assert!(flood.order().iter().all(|p| p.y < 2));
    assert_eq!(flood.order().len(), 5);
    assert_eq!(flood.value(Pos::new(0, 2)), None);
}

#[test]
fn values_follow_the_cell_that_reached_each_cell_first() {
    let mut flood = Flood::new(5, 5);
    let mut spec = FloodSpec::new().values(0u32, |v, _, _| v + 10);
    flood.run(&[Pos::new(0, 0)], &mut spec, &mut Pcg64Mcg::new(0));
    assert_eq!(flood.value(Pos::new(4, 4)), Some(&80));
    assert_eq!(flood.came_from(Pos::new(0, 0)), None);
    let from = flood.came_from(Pos::new(4, 4)).unwrap();
    assert!(from.is_beside(Pos::new(4, 4)));
}

#[test]
fn several_starts_flood_at_once_and_starts_off_the_grid_are_ignored() {
    let mut flood = Flood::new(9, 1);
    let starts = [Pos::new(0, 0), Pos::new(8, 0), Pos::new(20, 0)];
    flood.run(&starts, &mut FloodSpec::new(), &mut Pcg64Mcg::new(0));
    let d: Vec<u32> = (0..9)
        .map(|x| *flood.value(Pos::new(x, 0)).unwrap())
        .collect();
    assert_eq!(d, vec![0, 1, 2, 3, 4, 3, 2, 1, 0]);
}

#[test]
fn a_flood_can_run_again_and_forgets_the_last_run() {
    let mut flood = Flood::new(4, 4);
    let mut rng = Pcg64Mcg::new(0);
    flood.run(&[Pos::new(0, 0)], &mut FloodSpec::new(), &mut rng);
    assert!(flood.reached(Pos::new(3, 3)));
    flood.run(
        &[Pos::new(3, 3)],
        &mut FloodSpec::new().select(|p| p.x > 1),
        &mut rng,
    );
    assert!(!flood.reached(Pos::new(0, 0)));
    assert_eq!(flood.value(Pos::new(3, 3)), Some(&0));
    assert_eq!(flood.value(Pos::new(2, 2)), Some(&2));
}
