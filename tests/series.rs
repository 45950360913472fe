//! Series from the command line: replays and sweeps as GIFs (read back by the `gif` crate's
//! decoder) and numbered PNGs, contact sheets and batches (read back by the `png` crate),
//! each picture equal to a single `render` of its recipe.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{run, scratch, stderr};
use dungeon_files::draw::sheet::{Layout, SheetSize};

/// An RGB picture as a decoder gives it.
#[derive(Clone, PartialEq, Eq)]
struct Rgb {
    width: usize,
    height: usize,
    pixels: Vec<[u8; 3]>,
}

impl std::fmt::Debug for Rgb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}×{} picture", self.width, self.height)
    }
}

impl Rgb {
    fn crop(&self, x: usize, y: usize, width: usize, height: usize) -> Rgb {
        let pixels = (y..y + height)
            .flat_map(|row| self.pixels[row * self.width + x..][..width].to_vec())
            .collect();
        Rgb {
            width,
            height,
            pixels,
        }
    }
}

/// The pixels and `tEXt` chunks of a PNG, read by the `png` crate.
fn read_png(file: &Path) -> (Rgb, Vec<(String, String)>) {
    let decoder = png::Decoder::new(fs::File::open(file).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let texts = reader
        .info()
        .uncompressed_latin1_text
        .iter()
        .map(|t| (t.keyword.clone(), t.text.clone()))
        .collect();
    let pixels = buf[..info.buffer_size()]
        .chunks_exact(3)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    let picture = Rgb {
        width: info.width as usize,
        height: info.height as usize,
        pixels,
    };
    (picture, texts)
}

/// Every frame of a GIF as shown, each drawn over the one before, read by the `gif` crate.
fn read_gif(file: &Path) -> Vec<Rgb> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(fs::File::open(file).unwrap()).unwrap();
    let (width, height) = (decoder.width() as usize, decoder.height() as usize);
    let mut screen = vec![[0u8; 3]; width * height];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        let (left, top, w) = (
            frame.left as usize,
            frame.top as usize,
            frame.width as usize,
        );
        for (i, px) in frame.buffer.chunks_exact(4).enumerate() {
            if px[3] != 0 {
                screen[(top + i / w) * width + left + i % w] = [px[0], px[1], px[2]];
            }
        }
        frames.push(Rgb {
            width,
            height,
            pixels: screen.clone(),
        });
    }
    frames
}

/// The picture `render` writes for these flags (to a PNG in `dir`).
fn single(dir: &Path, flags: &[&str]) -> (PathBuf, Rgb) {
    let file = dir.join(format!(
        "single-{}.png",
        flags.join("_").replace(['/', '='], "-")
    ));
    let mut args = vec!["render", "-o", file.to_str().unwrap()];
    args.extend_from_slice(flags);
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let (picture, _) = read_png(&file);
    (file, picture)
}

/// Run `render` with `args`, expecting success.
fn render(args: &[&str]) -> String {
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert!(out.status.success(), "{}", stderr(&out));
    stderr(&out)
}

fn pngs_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    files.sort();
    files
}

#[test]
fn an_animated_replay_grows_the_map_and_ends_on_the_rendered_picture() {
    let dir = scratch("animate");
    let flags = ["--seed", "4", "--rooms", "6", "--cell-size", "4"];
    let gif = dir.join("grow.gif");
    let mut args = vec!["--animate", "-o", gif.to_str().unwrap()];
    args.extend_from_slice(&flags);
    let said = render(&args);
    assert!(said.contains("200 frames"), "{said}");
    let frames = read_gif(&gif);
    assert_eq!(frames.len(), 200);
    let (_, expected) = single(&dir, &flags);
    assert_eq!(frames.last(), Some(&expected));
    // The map grows: the first frame is nearly empty ground, and the frames change.
    let ground = frames[0].pixels[1];
    let differing = |f: &Rgb| f.pixels.iter().filter(|p| **p != ground).count();
    assert!(differing(&frames[0]) < differing(&frames[100]));
    assert!(differing(&frames[100]) < differing(&frames[199]));
}

#[test]
fn replay_frames_as_numbered_pngs_end_in_the_rendered_file() {
    let dir = scratch("animate-dir");
    let frames = dir.join("frames/");
    let flags = [
        "--seed", "8", "--rooms", "3", "--width", "20", "--height", "16",
    ];
    let mut args = vec!["--animate", "-o", frames.to_str().unwrap()];
    args.extend_from_slice(&flags);
    render(&args);
    let files = pngs_in(&frames);
    assert!(
        files.len() > 10 && files.len() <= 200,
        "{} frames",
        files.len()
    );
    let (file, _) = single(&dir, &flags);
    let last = files.last().unwrap();
    assert_eq!(fs::read(last).unwrap(), fs::read(file).unwrap(), "{last:?}");
}

#[test]
fn sweep_frames_equal_single_renders_of_each_value() {
    let dir = scratch("sweep");
    let gif = dir.join("sweep.gif");
    let base = ["--seed", "3", "--rooms", "5", "--cell-size", "3"];
    let mut args = vec!["--sweep", "stickiness=0:1:3", "-o", gif.to_str().unwrap()];
    args.extend_from_slice(&base);
    render(&args);
    let frames = read_gif(&gif);
    assert_eq!(frames.len(), 3);
    for (frame, value) in frames.iter().zip(["0", "0.5", "1"]) {
        let mut flags = base.to_vec();
        flags.extend_from_slice(&["--stickiness", value]);
        assert_eq!(frame, &single(&dir, &flags).1, "stickiness {value}");
    }

    // As files, each is byte for byte the single render, recipe inside.
    let pngs = dir.join("pngs/");
    let mut args = vec!["--sweep", "shape=rect:cross", "-o", pngs.to_str().unwrap()];
    args.extend_from_slice(&base);
    render(&args);
    let files = pngs_in(&pngs);
    assert_eq!(files.len(), 2);
    for (file, shape) in files.iter().zip(["rect", "cross"]) {
        let mut flags = base.to_vec();
        flags.extend_from_slice(&["--shape", shape]);
        let (expected, _) = single(&dir, &flags);
        assert_eq!(
            fs::read(file).unwrap(),
            fs::read(expected).unwrap(),
            "{file:?}"
        );
    }
}

#[test]
fn a_contact_sheet_holds_single_renders_of_consecutive_seeds_and_their_recipes() {
    let dir = scratch("sheet");
    let sheet = dir.join("sheet.png");
    let base = ["--rooms", "4", "--width", "30", "--height", "20"];
    let mut args = vec![
        "--sheet",
        "3x2",
        "--seed",
        "10",
        "-o",
        sheet.to_str().unwrap(),
    ];
    args.extend_from_slice(&base);
    render(&args);
    let (picture, texts) = read_png(&sheet);
    let tiles: Vec<&(String, String)> = texts
        .iter()
        .filter(|(k, _)| k.starts_with("tile"))
        .collect();
    assert_eq!(tiles.len(), 6);
    let size: SheetSize = "3x2".parse().unwrap();
    for (i, (keyword, recipe)) in tiles.iter().enumerate() {
        assert_eq!(keyword, &format!("tile {}", i + 1));
        let seed = (10 + i).to_string();
        assert!(recipe.contains(&format!("seed={seed} ")), "{recipe}");
        let mut flags = base.to_vec();
        flags.extend_from_slice(&["--seed", &seed]);
        let (_, expected) = single(&dir, &flags);
        let layout = Layout::new(size, (expected.width as u32, expected.height as u32));
        let (x, y) = layout.tile_at(i as u32);
        let tile = picture.crop(x as usize, y as usize, expected.width, expected.height);
        assert_eq!(tile, expected, "tile {}", i + 1);
    }
    // A second sheet never replaces the first.
    let before = fs::read(&sheet).unwrap();
    let said = render(&args);
    assert!(said.contains("sheet-2.png"), "{said}");
    assert_eq!(fs::read(&sheet).unwrap(), before);
    assert!(dir.join("sheet-2.png").exists());
}

#[test]
fn a_batch_writes_each_seed_as_render_would() {
    let dir = scratch("batch");
    let maps = dir.join("maps/");
    render(&["--count", "3", "--seed", "20", "-o", maps.to_str().unwrap()]);
    let files = pngs_in(&maps);
    assert_eq!(files.len(), 3);
    for seed in ["20", "21", "22"] {
        let (expected, _) = single(&dir, &["--seed", seed]);
        let bytes = fs::read(expected).unwrap();
        assert!(
            files.iter().any(|f| fs::read(f).unwrap() == bytes),
            "no file equals the render of seed {seed}"
        );
    }
}

/// Run `render` with `args` in `dir`, expecting success; returns what it said.
fn render_in(dir: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
        .arg("render")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stderr(&out)
}

#[test]
fn every_series_run_twice_keeps_the_first_run_whole() {
    let dir = scratch("twice");
    let small = [
        "--seed", "7", "--rooms", "3", "--width", "20", "--height", "16",
    ];
    let sweep = ["--sweep", "stickiness=0:1:2"];
    for (series, output, second) in [
        (&["--animate"][..], "grow.gif", "grow-2.gif"),
        (&sweep[..], "sweep.gif", "sweep-2.gif"),
        (&["--sheet", "2x1"][..], "sheet.png", "sheet-2.png"),
        (&["--animate"][..], "frames/", "frames-2/"),
        (&sweep[..], "sweeps/", "sweeps-2/"),
        (&["--count", "2"][..], "batch/", "batch-2/"),
    ] {
        let args: Vec<&str> = [series, &small[..], &["-o", output][..]].concat();
        render_in(&dir, &args);
        let first = dir.join(output);
        let listing = |path: &Path| -> Vec<Vec<u8>> {
            if path.is_dir() {
                pngs_in(path).iter().map(|f| fs::read(f).unwrap()).collect()
            } else {
                vec![fs::read(path).unwrap()]
            }
        };
        let before = listing(&first);
        let said = render_in(&dir, &args);
        assert_eq!(listing(&first), before, "{output} was changed");
        assert!(said.contains(second), "{output}: {said}");
        assert_eq!(
            listing(&dir.join(second)),
            before,
            "{second} is a run alike"
        );
    }

    // --replace writes over the file named, and only a file.
    let gif = dir.join("grow.gif");
    let before = fs::read(&gif).unwrap();
    let said = render_in(
        &dir,
        &["--animate", "--seed", "8", "--replace", "-o", "grow.gif"],
    );
    assert!(
        said.contains("to grow.gif") && !said.contains("grow-3"),
        "{said}"
    );
    assert_ne!(fs::read(&gif).unwrap(), before);
    let out = run(&["render", "--count", "2", "--replace", "-o", "x/"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("fresh directory"), "{}", stderr(&out));
}

#[test]
fn a_long_series_says_what_it_wrote_in_a_short_line() {
    let dir = scratch("long-sweep");
    let said = render_in(
        &dir,
        &[
            "--sweep",
            "stickiness=0:1:1000",
            "--width",
            "4",
            "--height",
            "4",
            "--rooms",
            "1",
            "--room-size",
            "4",
            "--cell-size",
            "1",
            "-o",
            "out/",
        ],
    );
    assert_eq!(pngs_in(&dir.join("out")).len(), 1000);
    assert!(said.len() < 200, "{} bytes: {said}", said.len());
    assert!(
        said.contains("1000 frames")
            && said.contains("stickiness-001-0.png … stickiness-1000-1.png"),
        "{said}"
    );
}

#[test]
fn series_refuse_what_they_cannot_write_in_one_line() {
    let dir = scratch("series-bad");
    let huge = [
        "--animate",
        "--width",
        "1024",
        "--height",
        "1024",
        "-o",
        "x.gif",
    ];
    let big_sheet = [
        "--sheet", "4x4", "--width", "512", "--height", "512", "-o", "s.png",
    ];
    let cases: [(&[&str], &str); 7] = [
        (&big_sheet, "use a smaller --cell-size or fewer tiles"),
        (&huge, "use --cell-size 4 or less"),
        (&["--animate", "-o", "x.png"], ".gif file or to a directory"),
        (
            &["--animate", "--sheet", "2x2", "-o", "x.gif"],
            "cannot be used with",
        ),
        (
            &["--sheet", "2x2", "-o", "x.gif"],
            "a contact sheet is a PNG",
        ),
        (&["--count", "2", "-o", "x.png"], "end -o in /"),
        (&["--sweep", "sticky=0:1:2", "-o", "x.gif"], "no recipe key"),
    ];
    for (args, needle) in cases {
        let mut all = vec!["render"];
        all.extend_from_slice(args);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
            .args(&all)
            .current_dir(&dir)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing was written"
    );
}

#[test]
fn series_past_a_bound_are_refused_at_once_with_their_estimate() {
    let dir = scratch("series-bounds");
    let big = [
        "--width",
        "1365",
        "--height",
        "1365",
        "--rooms",
        "200",
        "--connect",
        "nearest",
    ];
    // Issue 46: 42 GB of frames, 2 TB of maps, a GIF of 4095² pixels a frame.
    let cases: [(&[&str], &str); 3] = [
        (&["--animate", "-o", "f/"], "200 files of up to 45 GB"),
        (
            &["--count", "10000", "-o", "g/"],
            "10000 files of up to 2.2 TB",
        ),
        (
            &["--cell-size", "3", "--animate", "-o", "big.gif"],
            "longer than the 2 min a series may take",
        ),
    ];
    for (args, needle) in cases {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"));
        command.arg("render").args(big).args(args).current_dir(&dir);
        let out = common::within(15, command);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("this series would write") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert!(err.contains("--no-limit"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing was written"
    );
}

#[test]
fn no_series_writes_more_than_it_announced() {
    use dungeon_files::draw::look::Look;

    // Squares of cells, and the hatched look, whose anti-aliased strokes leave no runs.
    for (name, look) in [
        ("original", Look::ORIGINAL),
        (
            "hatched",
            Look {
                hatched: true,
                ..Look::ORIGINAL
            },
        ),
    ] {
        series_keep_their_announcement(&scratch(&format!("series-announced-{name}")), look);
    }
}

/// Every kind of series in `look`, written into `dir`, within the bytes it announced.
fn series_keep_their_announcement(dir: &Path, look: dungeon_files::draw::look::Look) {
    use dungeon_files::formats::Options;
    use dungeon_files::formats::series::{self, Destination, Series};
    use std::sync::atomic::AtomicU32;

    let recipe: dungeon_generator::Recipe =
        "dv1 seed=3 rooms=12 width=48 height=40".parse().unwrap();
    let options = Options {
        cell_size: Some(7),
        look,
        ..Options::default()
    };
    let sweep: dungeon_files::sweep::Sweep = "stickiness=0:1:4".parse().unwrap();
    let batch: Vec<dungeon_generator::Recipe> = recipe
        .consecutive_seeds(5)
        .collect::<Result<_, _>>()
        .unwrap();
    let bytes =
        |files: &[PathBuf]| -> u64 { files.iter().map(|f| fs::metadata(f).unwrap().len()).sum() };
    let done = AtomicU32::new(0);
    let map = dungeon_generator::generate(&recipe).unwrap();
    for (name, series) in [
        ("replay", Series::Replay(recipe.clone())),
        ("sweep", Series::Sweep(recipe.clone(), sweep.clone())),
        ("batch", Series::Batch(batch.clone())),
    ] {
        for to in [
            Destination::Dir(dir.join(format!("{name}/"))),
            Destination::Gif {
                path: dir.join(format!("{name}.gif")),
                replace: false,
            },
        ] {
            if matches!((&series, &to), (Series::Batch(_), Destination::Gif { .. })) {
                continue;
            }
            let announced = series.estimate(&options, &to).unwrap();
            let written = match &series {
                Series::Replay(_) => series::write_replay(&map, &options, &to, &done),
                Series::Sweep(..) => series::write_sweep(&recipe, &sweep, &options, &to, &done),
                _ => {
                    let Destination::Dir(d) = &to else {
                        unreachable!()
                    };
                    series::write_batch(&batch, &options, d, &done)
                }
            }
            .unwrap();
            let all = bytes(&written.files);
            assert!(all <= announced.bytes, "{name} {to:?}: {all} > {announced}");
            assert!(
                written.files.len() as u64 <= announced.files,
                "{name}: {announced}"
            );
        }
    }
    let size: SheetSize = "3x2".parse().unwrap();
    let sheet = dir.join("sheet.png");
    let announced = Series::Sheet(recipe.clone(), size)
        .estimate(&options, &Destination::Dir(dir.to_path_buf()))
        .unwrap();
    let written = series::write_sheet(&recipe, size, &options, (&sheet, false), &done).unwrap();
    assert!(bytes(&written.files) <= announced.bytes, "{announced}");
}

#[test]
fn a_hatched_series_is_estimated_by_what_its_maps_draw_not_by_their_pixels_alone() {
    use dungeon_files::draw::look::Look;
    use dungeon_files::formats::Options;
    use dungeon_files::formats::series::{Destination, Series};
    use dungeon_generator::Recipe;
    let to = Destination::Dir(scratch("hatched-estimate"));
    let estimate = |text: &str, look: Look| {
        let recipes: Vec<Recipe> = vec![text.parse().unwrap(); 2];
        let options = Options {
            cell_size: Some(8),
            no_grid: false,
            look,
        };
        Series::Batch(recipes)
            .estimate(&options, &to)
            .unwrap()
            .seconds
    };
    let hatched = Look {
        hatched: true,
        ..Look::default()
    };
    // As many pixels, six times the outline (measured: 0.22 s against 0.56 s a map).
    let (sparse, crowded) = (
        "dv1 width=256 height=224 rooms=4",
        "dv1 width=256 height=224 rooms=192",
    );
    let plain = estimate(crowded, Look::default()) / estimate(sparse, Look::default());
    let inked = estimate(crowded, hatched) / estimate(sparse, hatched);
    assert!(plain < 1.3 && inked > 2.0, "{plain} {inked}");
    // Issue 56: --count 2 of a 2048² map at 8 pixels a cell was announced at 105 s and took
    // 640 s of CPU; now it takes 22 s of CPU here.
    let big = "dv1 width=2048 height=2048 rooms=3000 room-size=100 connect=nearest";
    let seconds = estimate(big, hatched);
    assert!((20.0..60.0).contains(&seconds), "{seconds}");
}
