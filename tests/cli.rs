use crate::common;

use std::process::Output;

use common::{run, scratch, stderr};

use dungeon_files::formats::text::room_letter;
use dungeon_generator::Recipe;
use dungeon_generator::generate;
use serde_json::Value;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The process failed with `code` and said one line, containing `needle`, and no panic.
fn fails_with(out: &Output, code: i32, needle: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "not one line: {err}");
    assert!(err.contains(needle), "{err:?} does not mention {needle:?}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn render_json_describes_the_dungeon_the_library_makes() {
    let dir = scratch("json");
    let file = dir.join("map.json");
    let out = run(&[
        "render",
        "--seed",
        "5",
        "--rooms",
        "7",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let recipe: Recipe = json["recipe"].as_str().unwrap().parse().unwrap();
    assert_eq!((recipe.seed, recipe.rooms), (5, 7));
    let d = generate(&recipe).unwrap();
    assert_eq!(json["width"], 64);
    assert_eq!(json["height"], 56);
    let rooms = json["rooms"].as_array().unwrap();
    assert_eq!(rooms.len(), d.rooms().len());
    for (room, expected) in rooms.iter().zip(d.rooms()) {
        let colour: Vec<u64> = room["color"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(
            colour,
            vec![
                u64::from(expected.colour().0),
                u64::from(expected.colour().1),
                u64::from(expected.colour().2)
            ]
        );
        let cells = room["cells"].as_array().unwrap();
        assert_eq!(cells.len(), expected.cells().len());
        assert_eq!(
            cells[0],
            serde_json::json!([expected.cells()[0].x, expected.cells()[0].y])
        );
    }
    let paths = json["paths"].as_array().unwrap();
    assert_eq!(paths.len(), 6);
    assert_eq!(paths[2]["from"], 2);
    assert_eq!(paths[2]["to"], 3);
    assert_eq!(
        paths[2]["cells"].as_array().unwrap().len(),
        d.paths()[2].cells.len()
    );
    assert_eq!(json["stats"]["rooms_placed"], 7);
    assert_eq!(json["stats"]["rooms_requested"], 7);
}

#[test]
fn render_to_dash_writes_json_on_standard_output() {
    let out = run(&["render", "--recipe", "dv1 seed=3 rooms=4", "-o", "-"]);
    assert!(out.status.success());
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rooms"].as_array().unwrap().len(), 4);
    assert_eq!(
        json["recipe"].as_str().unwrap(),
        "dv1 seed=3 width=64 height=56 rooms=4 room-size=90 stickiness=0.5 randomness=1"
    );
}

#[test]
fn render_txt_draws_rooms_as_letters_paths_as_hashes_then_the_recipe() {
    let dir = scratch("txt");
    let file = dir.join("map.txt");
    let out = run(&[
        "render",
        "--width",
        "30",
        "--height",
        "20",
        "--rooms",
        "5",
        "--room-size",
        "20",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines.len(), 22);
    assert!(lines[..20].iter().all(|l| l.chars().count() == 30));
    assert_eq!(lines[20], "");
    let recipe: Recipe = lines[21].parse().unwrap();
    let d = generate(&recipe).unwrap();
    for (i, room) in d.rooms().iter().enumerate() {
        for p in room.cells() {
            assert_eq!(
                lines[p.y as usize].as_bytes()[p.x as usize] as char,
                room_letter(i)
            );
        }
    }
    for path in d.paths() {
        for p in &path.cells {
            let c = lines[p.y as usize].as_bytes()[p.x as usize] as char;
            assert!(c == '#' || c.is_ascii_alphabetic());
        }
    }
    assert!(written.contains('.') && written.contains('#'));
}

#[test]
fn room_letters_cycle_through_both_alphabets() {
    assert_eq!(room_letter(0), 'a');
    assert_eq!(room_letter(25), 'z');
    assert_eq!(room_letter(26), 'A');
    assert_eq!(room_letter(51), 'Z');
    assert_eq!(room_letter(52), 'a');
}

#[test]
fn flags_override_the_recipe_string() {
    let out = run(&[
        "render",
        "--recipe",
        "dv1 seed=3 rooms=4",
        "--rooms",
        "6",
        "-o",
        "-",
    ]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rooms"].as_array().unwrap().len(), 6);
    assert!(json["recipe"].as_str().unwrap().contains("seed=3"));
}

#[test]
fn bad_values_are_usage_errors_that_name_the_key() {
    fails_with(
        &run(&["render", "--width", "5000", "-o", "-"]),
        2,
        "width = 5000 is out of range",
    );
    fails_with(
        &run(&["render", "--stickiness", "lots", "-o", "-"]),
        2,
        "stickiness = `lots`",
    );
    fails_with(
        &run(&["render", "--recipe", "dv1 size=3", "-o", "-"]),
        2,
        "unknown recipe key `size`",
    );
    fails_with(
        &run(&["bench", "--rooms", "0"]),
        2,
        "rooms = 0 is out of range",
    );
}

#[test]
fn bad_arguments_are_usage_errors_in_one_line() {
    fails_with(
        &run(&["render", "--colour", "red", "-o", "-"]),
        2,
        "--colour",
    );
    fails_with(&run(&["render"]), 2, "--output");
    fails_with(&run(&["bench", "--iterations", "many"]), 2, "many");
    // A median of no runs is nothing to print.
    fails_with(
        &run(&["bench", "--iterations", "0"]),
        2,
        "invalid value '0' for '--iterations <N>'",
    );
    fails_with(
        &run(&["render", "-o", "map.bmp"]),
        2,
        "cannot tell the format of map.bmp",
    );
}

#[test]
fn files_that_cannot_be_written_are_io_errors_and_nothing_is_left_behind() {
    let dir = scratch("io");
    let missing = dir.join("no/such/dir/map.json");
    fails_with(
        &run(&["render", "-o", missing.to_str().unwrap()]),
        1,
        "cannot write",
    );
    let out = run(&["render", "-o", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let as_dir = dir.join("taken.json");
    std::fs::create_dir(&as_dir).unwrap();
    fails_with(
        &run(&["render", "-o", as_dir.to_str().unwrap()]),
        1,
        "cannot write",
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 1, "temporary files left: {left:?}");
}

#[test]
fn an_existing_file_is_replaced_only_by_a_complete_new_one() {
    let dir = scratch("replace");
    let file = dir.join("map.txt");
    std::fs::write(&file, "precious").unwrap();
    let out = run(&["render", "--seed", "8", "-o", file.to_str().unwrap()]);
    assert!(out.status.success());
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.ends_with(
        "dv1 seed=8 width=64 height=56 rooms=12 room-size=90 stickiness=0.5 randomness=1\n"
    ));
    // A bad recipe fails before anything is written.
    let out = run(&["render", "--seed", "x", "-o", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
}

#[test]
fn bench_prints_its_figures_as_key_value_lines() {
    let out = run(&[
        "bench",
        "--width",
        "32",
        "--height",
        "32",
        "--rooms",
        "4",
        "--iterations",
        "3",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let value = |key: &str| -> f64 {
        let line = report
            .lines()
            .find(|l| l.starts_with(&format!("{key}: ")))
            .unwrap_or_else(|| panic!("no {key} in {report}"));
        line[key.len() + 2..].parse().unwrap()
    };
    assert_eq!(value("iterations"), 3.0);
    assert!(value("min_ms") <= value("median_ms"));
    assert!(value("median_ms") <= value("max_ms"));
    assert!(value("floor_ms") > 0.0);
    assert!(value("generic_flood_ms") > 0.0);
    let ratio = value("median_ms") / value("floor_ms");
    assert!((value("ratio") - ratio).abs() < 0.01 * ratio + 0.01);
    assert_eq!(value("rooms_placed"), 4.0);
    assert!(report.contains("recipe: dv1 seed=1 width=32 height=32 rooms=4"));
}

#[test]
fn help_and_version_succeed() {
    let help = run(&["render", "--help"]);
    assert!(help.status.success());
    assert!(text(&help.stdout).contains("--room-size"));
    let version = run(&["--version"]);
    assert!(version.status.success());
    assert!(text(&version.stdout).contains(env!("CARGO_PKG_VERSION")));
}

/// `render -o -` into `stdout`, its output collected.
fn render_to(stdout: impl Into<std::process::Stdio>) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
        .args(["render", "--seed", "3", "-o", "-"])
        .stdout(stdout)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("the binary runs")
}

#[test]
fn standard_output_whose_reader_is_gone_is_an_io_error() {
    // The read end is closed before the program starts, so its write meets EPIPE.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    fails_with(&render_to(writer), 1, "cannot write to standard output");
}

#[test]
fn an_output_named_like_a_flag_is_a_file() {
    let dir = scratch("dash-name");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
        .args(["render", "--seed", "3", "--cell-size", "2", "-o", "-.png"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (_, recipe) = dungeon_files::formats::png::read(&dir.join("-.png")).unwrap();
    assert_eq!(recipe.seed, 3);
}

/// Run the program with `args` and its data directory in `data` (`$XDG_DATA_HOME`).
fn run_with_data(data: &std::path::Path, args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
        .args(args)
        .env("XDG_DATA_HOME", data)
        .output()
        .expect("the binary runs")
}

#[test]
fn presets_lists_every_built_in_then_the_users_own() {
    use dungeon_viewer::store::presets::UserPresets;
    use dungeon_viewer::store::presets::{Preset, built_in};

    let data = scratch("presets-list");
    let (mut mine, _) = UserPresets::open(&data.join("dungeon-viewer"));
    let tiny = Preset {
        name: "Tiny".to_string(),
        recipe: "dv1 rooms=3".to_string(),
    };
    mine.add(tiny.clone()).unwrap();
    let out = run_with_data(&data, &["presets"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listed = text(&out.stdout);
    let mut expected: Vec<String> = built_in()
        .iter()
        .chain([&tiny])
        .map(|p| format!("{}: {}", p.name, p.apply(&Recipe::default()).unwrap()))
        .collect();
    expected.push(String::new());
    assert_eq!(listed, expected.join("\n"));
    assert!(listed.contains("Tiny: dv1 seed=1 width=64 height=56 rooms=3 "));

    let out = run_with_data(&data, &["render", "--preset", "TINY", "-o", "-"]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rooms"].as_array().unwrap().len(), 3);
}

#[test]
fn a_preset_renders_as_its_recipe_and_flags_override_it() {
    let data = scratch("presets-render");
    let listed = text(&run_with_data(&data, &["presets"]).stdout);
    let blobs = listed
        .lines()
        .find_map(|line| line.strip_prefix("Blobs: "))
        .expect("Blobs is listed")
        .to_string();
    let (by_preset, by_recipe) = (data.join("x.json"), data.join("y.json"));
    for args in [
        [
            "render",
            "--preset",
            "blobs",
            "-o",
            by_preset.to_str().unwrap(),
        ],
        [
            "render",
            "--recipe",
            &blobs,
            "-o",
            by_recipe.to_str().unwrap(),
        ],
    ] {
        let out = run_with_data(&data, &args);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let (a, b) = (
        std::fs::read(&by_preset).unwrap(),
        std::fs::read(&by_recipe).unwrap(),
    );
    assert_eq!(a, b);
    assert!(text(&a).contains("stickiness=0 "));

    let out = run_with_data(
        &data,
        &[
            "render", "--preset", "blobs", "--rooms", "3", "--seed", "9", "-o", "-",
        ],
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let recipe: Recipe = json["recipe"].as_str().unwrap().parse().unwrap();
    assert_eq!((recipe.rooms, recipe.seed, recipe.stickiness), (3, 9, 0.0));
}

#[test]
fn an_unknown_preset_is_a_usage_error_naming_the_known_ones() {
    let data = scratch("presets-unknown");
    let out = run_with_data(&data, &["bench", "--preset", "Volcano"]);
    fails_with(&out, 2, "there is no preset `Volcano`");
    fails_with(&out, 2, "Winding caverns");
    let out = run_with_data(
        &data,
        &["render", "--preset", "blobs", "--recipe", "dv1", "-o", "-"],
    );
    fails_with(&out, 2, "cannot be used with");
    let out = run_with_data(
        &data,
        &["render", "--preset", "blobs", "--from", "a.png", "-o", "-"],
    );
    fails_with(&out, 2, "cannot be used with");
}

#[test]
fn a_text_file_with_a_recipe_opens_like_the_picture_of_it() {
    let dir = scratch("from-text");
    let (note, from_text, direct) = (
        dir.join("note.txt"),
        dir.join("from-text.json"),
        dir.join("direct.json"),
    );
    std::fs::write(&note, "the one with the long hall:\ndv1 seed=12 rooms=9\n").unwrap();
    let note_arg = note.to_str().unwrap();
    let out = run(&[
        "render",
        "--from",
        note_arg,
        "--rooms",
        "8",
        "-o",
        from_text.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&[
        "render",
        "--seed",
        "12",
        "--rooms",
        "8",
        "-o",
        direct.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read(from_text).unwrap(),
        std::fs::read(direct).unwrap()
    );

    std::fs::write(&note, "no recipe in here").unwrap();
    let out = run(&["render", "--from", note.to_str().unwrap(), "-o", "-"]);
    fails_with(&out, 1, "holds no recipe");
}

#[test]
fn a_mistyped_flag_gets_the_flag_it_looks_like() {
    let out = run(&["render", "--sede", "3", "-o", "x.png"]);
    fails_with(&out, 2, "a similar argument exists: '--seed'");
    assert_eq!(text(&out.stderr).lines().count(), 1);
}

#[test]
fn help_gives_each_range_once_in_words_for_files_and_window() {
    let help = text(&run(&["render", "--help"]).stdout);
    for flag in ["--width", "--height"] {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(flag))
            .unwrap_or_else(|| panic!("no {flag} in the help"));
        assert_eq!(line.matches("2048").count(), 1, "{line}");
        assert!(!line.contains("panel"), "{line}");
    }
}

#[test]
fn a_failed_write_names_the_file_asked_for_not_a_temporary_one() {
    let dir = scratch("temp-name");
    let file = dir.join("missing/map.json");
    let out = run(&["render", "-o", file.to_str().unwrap()]);
    fails_with(&out, 1, &format!("cannot write {}", file.display()));
    assert!(!text(&out.stderr).contains(".tmp"), "{}", text(&out.stderr));
}

#[test]
fn standard_output_closed_is_an_io_error_not_a_silent_success() {
    // The shell closes standard output before the program starts.
    let out = std::process::Command::new("sh")
        .args(["-c", "exec \"$0\" render --seed 3 -o - >&-"])
        .arg(env!("CARGO_BIN_EXE_dungeon-viewer"))
        .output()
        .unwrap();
    fails_with(&out, 1, "cannot write to standard output");
    // Sent to the null device on purpose, it is written, as always.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dungeon-viewer"))
        .args(["render", "--seed", "3", "-o", "-"])
        .stdout(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn bad_kinds_are_usage_errors_that_list_what_is_allowed() {
    let out = run(&["render", "--shape", "hexagon", "-o", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("choose cave, rect, diamond, cross or mixed"),
        "{}",
        stderr(&out)
    );
    let out = run(&["render", "--loops", "2", "-o", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("allowed 0 to 1"), "{}", stderr(&out));
    let out = run(&["render", "--recipe", "dv1 corridor=zigzag", "-o", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("flood, half-rect or twisty"),
        "{}",
        stderr(&out)
    );
    // Flags of every key exist, negative numbers included.
    let out = run(&[
        "render",
        "--stretch",
        "-0.5",
        "--connect",
        "nearest",
        "-o",
        "-",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn render_says_when_a_crowded_recipe_placed_fewer_rooms_and_why() {
    let dir = scratch("crowded");
    let file = dir.join("crowded.txt");
    let crowded = "dv1 width=8 height=8 rooms=50 room-size=5";
    let out = run(&["render", "--recipe", crowded, "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let short = generate(&crowded.parse().unwrap())
        .unwrap()
        .shortfall()
        .unwrap();
    assert_eq!(text(&out.stderr).trim(), format!("note: {short}"));
    assert!(text(&out.stderr).contains("of 50 rooms: the map is full"));
    let out = run(&[
        "render",
        "--recipe",
        "dv1 rooms=5",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn a_look_asked_of_a_format_that_draws_none_is_refused_before_any_work() {
    let dir = scratch("no-look");
    for name in ["map.json", "map.txt", "map.tmj"] {
        let file = dir.join(name);
        for flags in [&["--hatched"][..], &["--doors", "--numbers"]] {
            let mut args = vec!["render", "--seed", "3"];
            args.extend(flags);
            args.extend(["-o", file.to_str().unwrap()]);
            let out = run(&args);
            fails_with(&out, 2, &format!("leave out {}", flags.join(" ")));
            assert!(stderr(&out).contains("takes no look option"), "{name}");
        }
        assert!(!file.exists(), "{name}");
        // Without a look it is written.
        let out = run(&["render", "--seed", "3", "-o", file.to_str().unwrap()]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
    }
}

#[test]
fn a_recipe_over_the_bound_is_a_usage_error_however_it_comes() {
    let dir = scratch("over-bound");
    let recipe = "dv1 seed=1 width=2048 height=2048 rooms=10000 room-size=100";
    let file = dir.join("slow.txt");
    std::fs::write(&file, format!("{recipe}\n")).unwrap();
    let data = dir.join("data");
    let presets = data.join("dungeon-viewer");
    std::fs::create_dir_all(&presets).unwrap();
    let list = serde_json::json!([{"name": "slow", "recipe": recipe}]);
    std::fs::write(presets.join("presets.json"), list.to_string()).unwrap();
    let output = dir.join("map.png");
    let output = output.to_str().unwrap();
    for from in [
        vec!["--recipe", recipe],
        vec!["--from", file.to_str().unwrap()],
        vec!["--preset", "slow"],
    ] {
        let mut args = vec!["render"];
        args.extend(&from);
        args.extend(["-o", output]);
        let out = run_with_data(&data, &args);
        fails_with(&out, 2, "more than the 5 s a recipe may take");
    }
    // A recipe in a file that does not parse is the file's fault.
    std::fs::write(&file, "dv1 rooms=0\n").unwrap();
    let out = run(&["render", "--from", file.to_str().unwrap(), "-o", output]);
    fails_with(&out, 1, "rooms = 0 is out of range");
}
