use crate::common;

use std::path::{Path, PathBuf};

use common::{dungeon, run, scratch, stderr};

use dungeon_files::draw::Error as RasterError;
use dungeon_files::draw::pixels::Pixels;
use dungeon_files::draw::raster::{Style, rasterize};
use dungeon_files::formats::Error as PictureError;
use dungeon_files::formats::png::{self as png_file, decode, encode};
use dungeon_generator::Dungeon;
use dungeon_generator::Recipe;
use dungeon_generator::Rgb;
use dungeon_generator::TileKind;
use dungeon_generator::generate;

const RECIPES: [&str; 4] = [
    "dv1",
    "dv1 seed=5 width=30 height=20 rooms=8 room-size=25 stickiness=1",
    "dv1 seed=9 width=50 height=9 rooms=6 room-size=12 randomness=0",
    "dv1 seed=2 width=1 height=1 rooms=1 room-size=1",
];

/// What the pixel at (px, py) inside a cell of kind `kind` must be.
fn expected(d: &Dungeon, kind: TileKind, px: u32, py: u32, style: &Style) -> Rgb {
    match kind {
        TileKind::Room(i) => d.rooms()[i].colour(),
        TileKind::Path => Rgb::BLACK,
        TileKind::Free if style.grid && style.cell_size >= 4 && (px == 0 || py == 0) => {
            Rgb::DARK_BLUE
        }
        TileKind::Free => Rgb::GRAY33,
    }
}

#[test]
fn every_pixel_of_every_cell_shows_what_the_cell_is() {
    for text in RECIPES {
        let d = dungeon(text);
        for (cell_size, grid) in [(12, true), (12, false), (5, true), (3, true), (1, false)] {
            let style = Style {
                cell_size,
                grid,
                ..Style::default()
            };
            let pixels = rasterize(&d, &style).unwrap();
            assert_eq!(pixels.width(), d.width() * cell_size);
            assert_eq!(pixels.height(), d.height() * cell_size);
            assert_eq!(
                pixels.rgba().len() as u32,
                pixels.width() * pixels.height() * 4
            );
            for p in d.tiles().positions() {
                let kind = d.tile(p).unwrap().kind();
                for py in 0..cell_size {
                    for px in 0..cell_size {
                        let at = pixels.pixel(p.x * cell_size + px, p.y * cell_size + py);
                        assert_eq!(
                            at,
                            Some(expected(&d, kind, px, py, &style)),
                            "{text} at {cell_size}px, grid {grid}: cell {p}, pixel ({px}, {py})"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_centre_of_each_cell_is_its_room_colour_black_or_background() {
    let d = dungeon("dv1 seed=4");
    let pixels = rasterize(&d, &Style::default()).unwrap();
    let (mut rooms, mut paths, mut free) = (0, 0, 0);
    for p in d.tiles().positions() {
        let centre = pixels.pixel(p.x * 12 + 6, p.y * 12 + 6).unwrap();
        match d.tile(p).unwrap().kind() {
            TileKind::Room(i) => {
                assert_eq!(centre, d.rooms()[i].colour());
                rooms += 1;
            }
            TileKind::Path => {
                assert_eq!(centre, Rgb::BLACK);
                paths += 1;
            }
            TileKind::Free => {
                assert_eq!(centre, Rgb::GRAY33);
                free += 1;
            }
        }
    }
    assert!(rooms > 0 && paths > 0 && free > 0);
}

#[test]
fn grid_lines_show_with_the_grid_on_and_never_with_it_off() {
    let d = dungeon("dv1 seed=3");
    let count = |style: Style| {
        let pixels = rasterize(&d, &style).unwrap();
        pixels
            .rgba()
            .chunks_exact(4)
            .filter(|px| px[..3] == [0, 0, 139])
            .count()
    };
    assert!(
        count(Style {
            cell_size: 12,
            grid: true,
            ..Style::default()
        }) > 1000
    );
    assert_eq!(
        count(Style {
            cell_size: 12,
            grid: false,
            ..Style::default()
        }),
        0
    );
    // Below 4 pixels a cell a grid line would hide the cell.
    assert_eq!(
        count(Style {
            cell_size: 3,
            grid: true,
            ..Style::default()
        }),
        0
    );
}

#[test]
fn cell_sizes_and_image_sizes_are_bounded() {
    let d = dungeon("dv1");
    assert_eq!(
        rasterize(
            &d,
            &Style {
                cell_size: 0,
                grid: true,
                ..Style::default()
            }
        ),
        Err(RasterError::CellSize {
            size: 0,
            least: 1,
            most: 64
        })
    );
    assert_eq!(
        rasterize(
            &d,
            &Style {
                cell_size: 65,
                grid: true,
                ..Style::default()
            }
        ),
        Err(RasterError::CellSize {
            size: 65,
            least: 1,
            most: 64
        })
    );
    let wide = dungeon("dv1 width=2048 height=4 rooms=2");
    let err = rasterize(&wide, &Style::default()).unwrap_err();
    assert_eq!(
        err,
        RasterError::TooLarge {
            width: 24576,
            height: 48
        }
    );
    assert!(
        err.to_string().contains("at most 16384 pixels a side"),
        "{err}"
    );
    assert!(
        rasterize(
            &wide,
            &Style {
                cell_size: 8,
                grid: true,
                ..Style::default()
            }
        )
        .is_ok()
    );
}

#[test]
fn a_png_round_trip_gives_the_same_pixels_and_recipe() {
    for text in RECIPES {
        let d = dungeon(text);
        let pixels = rasterize(&d, &Style::default()).unwrap();
        let bytes = encode(&pixels, d.recipe()).unwrap();
        let picture = decode(&bytes, Path::new("map.png")).unwrap();
        assert_eq!(picture.pixels, pixels);
        assert_eq!(
            picture.text("recipe"),
            Some(d.recipe().to_string().as_str())
        );
        assert!(
            picture
                .text("Software")
                .is_some_and(|t| t.starts_with("Dungeon Viewer"))
        );
        assert_eq!(
            encode(&pixels, d.recipe()).unwrap(),
            bytes,
            "encoding is deterministic"
        );
    }
}

/// The golden images under `tests/golden` were made by `render` with the recipe inside them
/// and the cell size and grid in their names; drawing their recipe again must give the
/// same pixels, so that an unintended change of the look shows.
#[test]
fn golden_images_keep_their_look() {
    let golden = [
        ("small-grid-8px.png", 8, true),
        ("caverns-no-grid-5px.png", 5, false),
        ("tiny-3px.png", 3, true),
    ];
    for (name, cell_size, grid) in golden {
        let file = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(name);
        let (pixels, recipe) = png_file::read(&file).unwrap();
        let drawn = rasterize(
            &generate(&recipe).unwrap(),
            &Style {
                cell_size,
                grid,
                ..Style::default()
            },
        )
        .unwrap();
        assert_eq!(
            (drawn.width(), drawn.height()),
            (pixels.width(), pixels.height()),
            "{name}"
        );
        let differing = drawn
            .rgba()
            .chunks_exact(4)
            .zip(pixels.rgba().chunks_exact(4))
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(differing, 0, "{name}: {differing} pixels changed");
    }
}

#[test]
fn render_png_writes_the_pixels_and_the_recipe() {
    let dir = scratch("png");
    let file = dir.join("map.png");
    let out = run(&[
        "render",
        "--seed",
        "21",
        "--cell-size",
        "6",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let (pixels, recipe) = png_file::read(&file).unwrap();
    assert_eq!(
        recipe,
        Recipe {
            seed: 21,
            ..Recipe::default()
        }
    );
    let expected = rasterize(
        &generate(&recipe).unwrap(),
        &Style {
            cell_size: 6,
            grid: true,
            ..Style::default()
        },
    )
    .unwrap();
    assert_eq!(pixels, expected);
    let bytes = std::fs::read(&file).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("tEXtrecipe\0dv1 seed=21"), "no recipe chunk");
    assert!(
        text.contains("tEXtSoftware\0Dungeon Viewer"),
        "no Software chunk"
    );
}

#[test]
fn render_from_a_png_writes_the_same_bytes() {
    let dir = scratch("from");
    let (a, b, c) = (dir.join("a.png"), dir.join("b.png"), dir.join("c.png"));
    let recipe =
        "dv1 seed=77 width=90 height=40 rooms=20 room-size=50 stickiness=0.8 randomness=0.3";
    for (args, out) in [
        (
            vec![
                "render",
                "--recipe",
                recipe,
                "--cell-size",
                "7",
                "--no-grid",
            ],
            &a,
        ),
        (
            vec![
                "render",
                "--from",
                a.to_str().unwrap(),
                "--cell-size",
                "7",
                "--no-grid",
            ],
            &b,
        ),
    ] {
        let mut args = args;
        args.extend(["-o", out.to_str().unwrap()]);
        let result = run(&args);
        assert!(result.status.success(), "{}", stderr(&result));
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // Flags still override what the picture holds.
    let result = run(&[
        "render",
        "--from",
        a.to_str().unwrap(),
        "--rooms",
        "3",
        "-o",
        c.to_str().unwrap(),
    ]);
    assert!(result.status.success());
    assert_eq!(png_file::read(&c).unwrap().1.rooms, 3);
    // --from and --recipe do not mix.
    let result = run(&[
        "render",
        "--from",
        a.to_str().unwrap(),
        "--recipe",
        "dv1",
        "-o",
        "-",
    ]);
    assert_eq!(result.status.code(), Some(2));
}

/// A PNG without our recipe chunk, or with `text` as its recipe.
fn plain_png(file: &Path, recipe: Option<&str>) {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, 2, 2);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    if let Some(text) = recipe {
        encoder
            .add_text_chunk("recipe".into(), text.into())
            .unwrap();
    }
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&[200; 12]).unwrap();
    writer.finish().unwrap();
    std::fs::write(file, bytes).unwrap();
}

#[test]
fn broken_pictures_each_get_their_message_naming_the_file() {
    let dir = scratch("broken");
    let good = dir.join("good.png");
    let out = run(&["render", "-o", good.to_str().unwrap()]);
    assert!(out.status.success());
    let bytes = std::fs::read(&good).unwrap();

    // Cut inside the recipe chunk, which is all `--from` reads.
    let truncated = dir.join("truncated.png");
    std::fs::write(&truncated, &bytes[..60]).unwrap();
    let not_png = dir.join("notes.png");
    std::fs::write(&not_png, "these are my notes").unwrap();
    let bare = dir.join("bare.png");
    plain_png(&bare, None);
    let bad = dir.join("bad.png");
    plain_png(&bad, Some("dv1 width=0"));
    let missing = dir.join("missing.png");

    let cases: [(&PathBuf, &str); 5] = [
        (
            &truncated,
            "truncated.png is a damaged PNG image: it breaks off before its end",
        ),
        (&not_png, "notes.png is not a PNG image"),
        (
            &bare,
            "bare.png has no dungeon recipe before its image data",
        ),
        (&bad, "the recipe in "),
        (&missing, "cannot read "),
    ];
    for (file, message) in cases {
        let err = png_file::read(file).unwrap_err();
        assert!(err.to_string().contains(message), "{err}");
        assert!(
            err.to_string()
                .contains(file.file_name().unwrap().to_str().unwrap()),
            "{err}"
        );
        let out = run(&["render", "--from", file.to_str().unwrap(), "-o", "-"]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1);
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
    assert!(matches!(
        png_file::read(&bad),
        Err(PictureError::BadRecipe { .. })
    ));
    assert!(
        png_file::read(&bad)
            .unwrap_err()
            .to_string()
            .contains("width = 0 is out of range")
    );
}

#[test]
fn an_unwritable_png_is_an_io_error_and_a_too_large_one_a_usage_error() {
    let dir = scratch("unwritable");
    let nowhere = dir.join("no/such/dir/map.png");
    let out = run(&["render", "-o", nowhere.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
    let huge = dir.join("huge.png");
    let out = run(&[
        "render",
        "--width",
        "2000",
        "--rooms",
        "3",
        "-o",
        huge.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("too large"), "{}", stderr(&out));
    let out = run(&["render", "--cell-size", "99", "-o", huge.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cell size 99 is out of range"),
        "{}",
        stderr(&out)
    );
    assert!(!huge.exists());
}

#[test]
fn pixels_check_their_size() {
    assert!(Pixels::from_rgba(2, 2, vec![0; 16]).is_ok());
    assert!(Pixels::from_rgba(2, 2, vec![0; 15]).is_err());
}

/// The bytes the `png` crate makes of a whole image at once, as pictures were written before
/// they were streamed band by band.
fn whole_image_png(pixels: &Pixels, recipe: &Recipe) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, pixels.width(), pixels.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let software = format!("Dungeon Viewer {}", env!("CARGO_PKG_VERSION"));
    for (keyword, text) in [("recipe", recipe.to_string()), ("Software", software)] {
        encoder.add_text_chunk(keyword.into(), text).unwrap();
    }
    let mut writer = encoder.write_header().unwrap();
    let rgb: Vec<u8> = pixels
        .rgba()
        .chunks_exact(4)
        .flat_map(|px| [px[0], px[1], px[2]])
        .collect();
    writer.write_image_data(&rgb).unwrap();
    writer.finish().unwrap();
    bytes
}

#[test]
fn pictures_written_band_by_band_keep_their_bytes() {
    let cases = [
        ("dv1", 12, true),
        (
            "dv1 seed=13 width=20 height=16 rooms=3 room-size=20",
            3,
            true,
        ),
        (
            "dv1 seed=5 width=30 height=20 rooms=8 room-size=25",
            7,
            false,
        ),
        // So small that the image data is stored, not compressed.
        ("dv1 width=1 height=1 rooms=1 room-size=1", 1, true),
        ("dv1 width=3 height=2 rooms=1 room-size=1", 1, true),
    ];
    let dir = scratch("bytes");
    for (text, cell_size, grid) in cases {
        let recipe: Recipe = text.parse().unwrap();
        let d = generate(&recipe).unwrap();
        let style = Style {
            cell_size,
            grid,
            ..Style::default()
        };
        let expected = whole_image_png(&rasterize(&d, &style).unwrap(), &recipe);
        assert_eq!(
            encode(&rasterize(&d, &style).unwrap(), &recipe).unwrap(),
            expected,
            "{text}"
        );
        let file = dir.join("map.png");
        let mut args = vec!["render", "--recipe", text, "-o", file.to_str().unwrap()];
        let size = cell_size.to_string();
        args.extend(["--cell-size", &size]);
        if !grid {
            args.push("--no-grid");
        }
        let out = run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(std::fs::read(&file).unwrap(), expected, "render {text}");
    }
}

#[test]
fn the_size_a_big_save_is_estimated_at_is_near_the_file_written() {
    // The window asks before a save over 50 MB from this estimate: it must be near the
    // real file, small maps and big, with and without grid lines, plain and tinted.
    for (text, cell_size, grid) in [
        ("dv1 seed=3", 12, true),
        ("dv1 seed=4 width=256 height=224 rooms=192", 4, false),
        (
            "dv1 seed=5 width=512 height=448 rooms=700 shape=mixed",
            8,
            true,
        ),
    ] {
        let d = dungeon(text);
        let style = Style {
            cell_size,
            grid,
            ..Style::default()
        };
        let raster = dungeon_files::draw::raster::Raster::new(&d, &style).unwrap();
        let estimate = png_file::estimated_size(&raster).unwrap();
        let mut file = Vec::new();
        png_file::write(&mut file, &raster, d.recipe()).unwrap();
        let real = file.len() as f64;
        let off = (estimate as f64 - real).abs() / real;
        assert!(
            off < 0.25,
            "{text} at {cell_size} px: estimated {estimate} bytes, wrote {real}"
        );
        // And the file is a PNG of the size the raster has.
        let decoder = ::png::Decoder::new(std::io::Cursor::new(&file));
        let info = decoder.read_info().unwrap();
        assert_eq!(
            (info.info().width, info.info().height),
            (raster.width(), raster.height())
        );
    }
}

/// The files a format's encoding gives in memory (what the web page downloads) are the
/// files `render` writes for the same recipe and options, name for name and byte for byte.
#[test]
fn encoded_files_are_the_files_render_writes_in_every_format() {
    use dungeon_files::draw::look::Look;
    use dungeon_files::formats::{Format, Options, encode};
    let recipe: Recipe = "dv1 seed=7 rooms=6 width=32 height=24".parse().unwrap();
    let dungeon = generate(&recipe).unwrap();
    let dir = scratch("encoded");
    for format in Format::ALL {
        // Doors wherever they are drawn: not in the SVG's original look, nor in formats
        // that draw no look (which refuse them).
        let look = Look {
            doors: format.draws_looks() && format != Format::Svg,
            ..Look::default()
        };
        let options = Options {
            cell_size: Some(if format == Format::Uvtt { 20 } else { 5 }),
            no_grid: false,
            look,
        };
        let files = encode(&dungeon, format, &options, "map").unwrap();
        let named = dir.join(format!("map.{}", format.extension()));
        let mut args = vec![
            "render".to_string(),
            "--recipe".into(),
            recipe.to_string(),
            "--cell-size".into(),
            options.cell_size.unwrap().to_string(),
            "-o".into(),
            named.display().to_string(),
        ];
        if look.doors {
            args.push("--doors".into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(&args);
        assert!(out.status.success(), "{}: {}", format.name(), stderr(&out));
        assert_eq!(files.len(), if format == Format::Tiled { 2 } else { 1 });
        for (name, bytes) in files {
            let written = std::fs::read(dir.join(&name))
                .unwrap_or_else(|e| panic!("{}: render wrote no {name}: {e}", format.name()));
            assert!(
                written == bytes,
                "{}: {name} differs from render's",
                format.name()
            );
        }
    }
}

/// The recipe in the PNG `file` as the `png` crate reads it: from a `tEXt` chunk, or a
/// `zTXt` chunk decompressed.
fn recipe_read_by_the_png_crate(file: &Path) -> String {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(file).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    reader.next_frame(&mut pixels).unwrap();
    reader.finish().unwrap();
    let info = reader.info();
    let mut stored = info.uncompressed_latin1_text.iter();
    let stored = stored
        .find(|t| t.keyword == "recipe")
        .map(|t| t.text.clone());
    stored.unwrap_or_else(|| {
        let mut chunk = info
            .compressed_latin1_text
            .iter()
            .find(|t| t.keyword == "recipe")
            .expect("a recipe")
            .clone();
        chunk.decompress_text_with_limit(64 << 20).unwrap();
        chunk.get_text().unwrap()
    })
}

/// `render` of `recipe`, given in a file (a long one passes no command line), with `flags`,
/// to `file`.
fn render_recipe(recipe: &Recipe, flags: &[&str], file: &Path) {
    let text = file.with_extension("txt");
    std::fs::write(&text, format!("{recipe}\n")).unwrap();
    let mut args = vec!["render", "--from", text.to_str().unwrap()];
    args.extend(flags);
    args.extend(["-o", file.to_str().unwrap()]);
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_png_of_a_long_recipe_opens_again_and_its_favourite_keeps_its_picture() {
    use dungeon_files::formats::layout::read_layout;
    use dungeon_generator::{Pos, Vault};
    use dungeon_viewer::store::favourites::Favourite;
    let dir = scratch("long-recipe");
    // A 701 × 701 vault (an 82 kB recipe), and 2,000 pinned rooms (issue 56).
    let side = 701;
    let square = Vault::new((0..side).flat_map(|y| (0..side).map(move |x| Pos::new(x, y))));
    let vaulted = Recipe {
        width: side + 1,
        height: side + 1,
        rooms: 3,
        vaults: vec![square.unwrap()],
        ..Recipe::default()
    };
    let crowded = Recipe {
        width: 500,
        height: 500,
        rooms: 2000,
        room_size: 40,
        connect: dungeon_generator::Connect::Nearest,
        ..Recipe::default()
    };
    let map = generate(&crowded).unwrap();
    let every: Vec<Pos> = map.rooms().iter().map(|room| room.cells()[0]).collect();
    let pinned = crowded.pin_each_at(&map, &every).unwrap();
    assert!(pinned.pins.len() >= 1900, "{} pins", pinned.pins.len());
    for recipe in [vaulted, pinned] {
        let text = recipe.to_string();
        assert!(text.len() > 64 * 1024, "{} bytes", text.len());
        let file = dir.join("long.png");
        render_recipe(&recipe, &["--cell-size", "1"], &file);
        assert_eq!(read_layout(&file).unwrap(), recipe);
        assert_eq!(recipe_read_by_the_png_crate(&file), text);
        let again = dir.join("again.png");
        let from = file.to_str().unwrap();
        let out = run(&[
            "render",
            "--from",
            from,
            "--cell-size",
            "1",
            "-o",
            again.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let same = std::fs::read(&again).unwrap() == std::fs::read(&file).unwrap();
        assert!(same, "the same picture again");
        // Its favourite's picture shows, and does not hold the recipe again.
        let favourite = Favourite::new(&generate(&recipe).unwrap()).unwrap();
        assert!(favourite.thumbnail().is_ok());
        assert!(favourite.thumbnail.len() < text.len() / 2);
    }
}

#[test]
fn a_contact_sheet_of_long_recipes_opens_again() {
    use dungeon_files::formats::layout::read_layout;
    use dungeon_generator::{Pos, Vault};
    let dir = scratch("long-sheet");
    // Each tile's recipe 6.7 kB: 1.7 MB of them, past the 1 MiB once read.
    let side = 200;
    let square = Vault::new((0..side).flat_map(|y| (0..side).map(move |x| Pos::new(x, y))));
    let recipe = Recipe {
        width: side + 2,
        height: side + 2,
        rooms: 2,
        vaults: vec![square.unwrap()],
        ..Recipe::default()
    };
    let sheet = dir.join("sheet.png");
    render_recipe(&recipe, &["--sheet", "16x16", "--cell-size", "1"], &sheet);
    assert!(std::fs::metadata(&sheet).unwrap().len() > 1 << 20);
    assert_eq!(read_layout(&sheet).unwrap(), recipe);
    assert_eq!(recipe_read_by_the_png_crate(&sheet), recipe.to_string());
    let picture = decode(&std::fs::read(&sheet).unwrap(), &sheet).unwrap();
    let tiles = picture.texts.iter().filter(|(k, _)| k.starts_with("tile "));
    assert_eq!(tiles.count(), 256);
    assert_eq!(
        picture.text("tile 256").map(|t| t.contains("seed=256 ")),
        Some(true)
    );
}

#[test]
fn short_recipes_stay_in_text_chunks_stored_as_before() {
    // Their bytes are those every earlier version wrote: see the band-by-band test.
    let d = dungeon("dv1 seed=3");
    let bytes = encode(&rasterize(&d, &Style::default()).unwrap(), d.recipe()).unwrap();
    let texts = &png::Decoder::new(std::io::Cursor::new(&bytes))
        .read_info()
        .unwrap();
    let info = texts.info();
    assert_eq!(info.uncompressed_latin1_text.len(), 2);
    assert!(info.compressed_latin1_text.is_empty());
}
