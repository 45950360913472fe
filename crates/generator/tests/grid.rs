use dungeon_generator::{Grid, Pos};

#[test]
fn neighbours_come_left_right_up_down_and_stay_on_the_grid() {
    let grid = Grid::new(4, 3, 0u8);
    let all: Vec<Pos> = grid.neighbours(Pos::new(1, 1)).collect();
    assert_eq!(
        all,
        vec![
            Pos::new(0, 1),
            Pos::new(2, 1),
            Pos::new(1, 0),
            Pos::new(1, 2)
        ]
    );
    let corner: Vec<Pos> = grid.neighbours(Pos::new(3, 2)).collect();
    assert_eq!(corner, vec![Pos::new(2, 2), Pos::new(3, 1)]);
}

#[test]
fn get_answers_none_off_the_grid_and_index_is_row_major() {
    let mut grid = Grid::new(3, 2, '.');
    grid[Pos::new(2, 1)] = '#';
    assert_eq!(grid.get(Pos::new(2, 1)), Some(&'#'));
    assert_eq!(grid.get(Pos::new(3, 0)), None);
    assert_eq!(grid.get(Pos::new(0, 2)), None);
    assert_eq!(grid.index_of(Pos::new(2, 1)), Some(5));
    assert_eq!(grid.pos_of(5), Pos::new(2, 1));
    assert_eq!(grid.row(1), Some(&['.', '.', '#'][..]));
    assert_eq!(grid.row(2), None);
}

#[test]
#[should_panic(expected = "(5, 0) is outside the 3×2 grid")]
fn indexing_off_the_grid_names_the_cell_and_the_size() {
    let grid = Grid::new(3, 2, 0);
    let _ = grid[Pos::new(5, 0)];
}

#[test]
fn character_maps_print_and_parse_back() {
    let text = "
        ..#.
        #...
        ....
    ";
    let grid: Grid<char> = text.parse().unwrap();
    assert_eq!((grid.width(), grid.height()), (4, 3));
    assert_eq!(grid[Pos::new(2, 0)], '#');
    assert_eq!(grid.to_string(), "..#.\n#...\n....\n");
    assert_eq!(grid.to_string().parse::<Grid<char>>().unwrap(), grid);
}

#[test]
fn ragged_character_maps_are_refused_with_the_row() {
    let err = "...\n..\n".parse::<Grid<char>>().unwrap_err();
    assert!(err.to_string().contains("row 1 has 2 characters"), "{err}");
}

#[test]
fn manhattan_and_beside() {
    assert_eq!(Pos::new(3, 3).manhattan(Pos::new(7, 6)), 7);
    assert!(Pos::new(3, 3).is_beside(Pos::new(3, 4)));
    assert!(!Pos::new(3, 3).is_beside(Pos::new(4, 4)));
}
