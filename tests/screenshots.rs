use crate::common;

use common::scratch;
use dungeon_files::formats::naming::file_stem;
use dungeon_files::formats::png as png_file;
use dungeon_files::formats::safe_write::save_new;
use dungeon_files::formats::{Format, Options, Target, write};
use dungeon_generator::Recipe;
use dungeon_generator::generate;

#[test]
fn names_come_from_the_seed_and_a_hash_of_the_whole_recipe() {
    let a = Recipe {
        seed: 77,
        ..Recipe::default()
    };
    let b = Recipe {
        seed: 77,
        rooms: 13,
        ..Recipe::default()
    };
    assert!(file_stem(&a).starts_with("seed-77-"));
    assert_eq!(file_stem(&a), file_stem(&a.clone()));
    assert_ne!(file_stem(&a), file_stem(&b));
    assert_eq!(file_stem(&a).len(), "seed-77-".len() + 8);
}

#[test]
fn saving_never_overwrites_and_makes_the_directory() {
    let dir = scratch("never").join("nested");
    let first = save_new(&dir, "seed-1-abc", "png", b"first").unwrap();
    let second = save_new(&dir, "seed-1-abc", "png", b"second").unwrap();
    let third = save_new(&dir, "seed-1-abc", "png", b"third").unwrap();
    assert!(first.ends_with("seed-1-abc.png"));
    assert!(second.ends_with("seed-1-abc-2.png"));
    assert!(third.ends_with("seed-1-abc-3.png"));
    assert_eq!(std::fs::read(&first).unwrap(), b"first");
    assert_eq!(std::fs::read(&second).unwrap(), b"second");
}

#[test]
fn a_saved_map_carries_its_recipe_and_pixels() {
    let dir = scratch("map");
    let d = generate(&Recipe {
        seed: 4,
        ..Recipe::default()
    })
    .unwrap();
    let path = write(
        &d,
        Format::Png,
        &Options::default(),
        Target::New {
            dir: &dir,
            stem: &file_stem(d.recipe()),
        },
    )
    .unwrap();
    let (pixels, recipe) = png_file::read(&path).unwrap();
    assert_eq!(&recipe, d.recipe());
    assert_eq!((pixels.width(), pixels.height()), (768, 672));
}

#[test]
fn a_directory_that_cannot_be_made_is_an_error_not_a_panic() {
    let dir = scratch("blocked");
    std::fs::create_dir_all(&dir).unwrap();
    let blocker = dir.join("screenshots");
    std::fs::write(&blocker, "a file where the directory should be").unwrap();
    let d = generate(&Recipe::default()).unwrap();
    let err = write(
        &d,
        Format::Png,
        &Options::default(),
        Target::New {
            dir: &blocker,
            stem: "x",
        },
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("cannot save in "), "{err}");
    assert_eq!(
        std::fs::read_to_string(&blocker).unwrap(),
        "a file where the directory should be"
    );
}

#[test]
fn every_format_saves_as_render_writes_it_and_never_over_an_existing_file() {
    let dir = scratch("formats");
    let d = generate(&Recipe {
        seed: 6,
        ..Recipe::default()
    })
    .unwrap();
    for format in Format::ALL {
        // Small pictures; tabletops take grids from 20 pixels.
        let options = Options {
            cell_size: Some(if format == Format::Uvtt { 20 } else { 5 }),
            ..Options::default()
        };
        let first = write(
            &d,
            format,
            &options,
            Target::New {
                dir: &dir,
                stem: "map",
            },
        )
        .unwrap();
        let second = write(
            &d,
            format,
            &options,
            Target::New {
                dir: &dir,
                stem: "map",
            },
        )
        .unwrap();
        assert_ne!(first, second);
        assert!(
            second
                .to_str()
                .unwrap()
                .ends_with(&format!("map-2.{}", format.extension()))
        );
        let rendered = dir.join(format!("rendered.{}", format.extension()));
        let out = common::run(&[
            "render",
            "--seed",
            "6",
            "--cell-size",
            &options.cell_size.unwrap().to_string(),
            "-o",
            rendered.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", common::stderr(&out));
        let read = |p: &std::path::Path| std::fs::read(p).unwrap();
        if format == Format::Tiled {
            // Each map names its own tileset beside it, so the maps differ in that name;
            // the tilesets are the same picture.
            let tiles = |p: &std::path::Path| p.with_extension("tiles.png");
            assert!(
                read(&tiles(&first)) == read(&tiles(&rendered)),
                "tilesets differ"
            );
            assert!(
                read(&tiles(&first)) == read(&tiles(&second)),
                "tilesets differ"
            );
        } else {
            assert!(
                read(&first) == read(&rendered),
                "{format:?} differs from render's"
            );
            assert!(
                read(&first) == read(&second),
                "{format:?}: two saves differ"
            );
        }
    }
}
