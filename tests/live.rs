//! The tests that need more than Rust: the program running live, as a user meets it, in
//! the real window under Xvfb ([`window`]) and the web page in Chromium ([`web`]); files
//! read by the real Tiled ([`tiled`]) and SVG drawn by rsvg-convert and ImageMagick
//! ([`svg`]); and what only the superuser can set up: another user racing a write
//! ([`race`]) or planting files ([`writes`]), a small disk mounted ([`series`]). Each of
//! those but the window and the page has its file in `tests/live/`, beside the tests of
//! its part that need nothing in `tests/main.rs`. This test crate has a harness of its own
//! (libtest-mimic): what each group needs ([`Needs`]) is checked once, and where it is
//! missing its tests are counted as *ignored*, with the reason, in `cargo test`'s summary;
//! under `CI` they fail instead. Filters (`cargo test window::`, several too), `--list`,
//! `--test-threads` and `--ignored` work as with any test crate.
//!
//! A test is a plain function, registered by one line in [`TESTS`]; one left out of the
//! list is a `never used` warning, which clippy denies.

mod common;
#[path = "live/race.rs"]
mod race;
#[path = "live/series.rs"]
mod series;
#[path = "live/svg.rs"]
mod svg;
#[path = "live/tiled.rs"]
mod tiled;
mod web;
mod window;
#[path = "live/writes.rs"]
mod writes;

use std::sync::OnceLock;

use libtest_mimic::{Arguments, Completion, Failed, Trial};

/// What a test needs to run at all.
#[derive(Clone, Copy)]
enum Needs {
    /// Nothing beyond the program.
    Nothing,
    /// A display, xdotool and ImageMagick ([`window::missing`]).
    Window,
    /// The built page, Node.js with its driver, and Chromium ([`web::missing`]).
    Page,
    /// The superuser, to act as another user or give files to one ([`not_superuser`]).
    Superuser,
    /// A small file system mounted for the test ([`series::missing`]).
    Mount,
    /// The real Tiled, to read our maps ([`tiled::missing`]).
    Tiled,
    /// rsvg-convert, ImageMagick's SVG renderer and the numbers' font, to draw our SVG
    /// ([`common::renderers::missing`]).
    SvgRenderers,
}

impl Needs {
    /// Why the tests that need this cannot run here, if they cannot; checked once a run.
    fn missing(self) -> Option<&'static str> {
        // Each need's answer, kept in a static of its own.
        macro_rules! once {
            () => {{
                static CHECKED: OnceLock<Option<String>> = OnceLock::new();
                &CHECKED
            }};
        }
        type Check = fn() -> Option<String>;
        let (checked, check): (&OnceLock<Option<String>>, Check) = match self {
            Needs::Nothing => return None,
            Needs::Window => (once!(), window::missing),
            Needs::Page => (once!(), web::missing),
            Needs::Superuser => (once!(), not_superuser),
            Needs::Mount => (once!(), series::missing),
            Needs::Tiled => (once!(), tiled::missing),
            Needs::SvgRenderers => (once!(), common::renderers::missing),
        };
        checked.get_or_init(check).as_deref()
    }
}

/// Why this user cannot act as another: only the superuser may.
fn not_superuser() -> Option<String> {
    (!rustix::process::geteuid().is_root())
        .then(|| "needs the superuser: run these tests as root (CI does)".into())
}

/// A test: its name as filters see it (`window::panel::…`), what it needs, its function.
struct Test {
    name: &'static str,
    needs: Needs,
    run: fn(),
}

/// `Needs: module::function, …` as [`Test`]s named by their paths.
macro_rules! tests {
    ($($needs:ident: $first:ident $(:: $rest:ident)*),* $(,)?) => {
        &[$(Test {
            name: concat!(stringify!($first) $(, "::", stringify!($rest))*),
            needs: Needs::$needs,
            run: $first $(:: $rest)*,
        }),*]
    };
}

/// Every test of this crate.
const TESTS: &[Test] = tests![
    Nothing: window::no_display::a_display_without_a_server_is_an_error_not_a_crash,
    Nothing: window::no_display::without_a_display_the_window_says_so_instead_of_crashing,
    Nothing: window::no_display::an_empty_display_is_an_error_not_a_crash,
    Window: window::panel::typing_into_any_text_field_fires_no_shortcut,
    Window: window::panel::at_1280_by_720_save_png_export_as_and_keep_are_in_sight,
    Window: window::panel::a_longer_recipe_moves_nothing_below_it,
    Window: window::panel::a_message_goes_when_the_user_moves_on,
    Window: window::hatched::the_hatched_look_comes_on_with_its_key_and_saves_renders_picture,
    Window: window::levels::page_down_and_up_step_through_the_levels_and_saves_keep_the_level_shown,
    Window: window::pins::a_pinned_room_stays_through_new_maps_moves_when_dragged_and_back_undoes_it,
    Window: window::replay::w_replays_the_generation_and_ends_on_the_map,
    Window: window::replay::the_status_bar_tells_of_a_replay_with_its_section_closed_and_esc_stops_it,
    Window: window::screenshot::a_screenshot_of_the_window_shows_the_map_of_the_recipe,
    Window: window::screenshot::a_small_map_is_drawn_large,
    Window: window::screenshot::the_readmes_pictures_of_the_window_are_what_their_captions_make,
    Window: window::shortcuts::keys_drive_the_window_and_saved_pictures_bring_their_maps_back,
    Window: window::shortcuts::a_kept_layout_is_found_again_after_a_restart,
    Window: window::shortcuts::the_gallery_shows_nine_seeds_and_a_click_picks_one,
    Window: window::shortcuts::a_lock_held_by_another_program_never_freezes_the_window,
    Window: window::shortcuts::quitting_waits_for_a_favourite_another_program_keeps_from_being_saved,
    Window: window::shortcuts::a_quick_ctrl_q_quits_a_window_that_has_slept,
    Window: window::shortcuts::space_gives_other_seeds_at_each_launch,
    Page: web::the_page_draws_the_map_its_address_names_in_renders_colours,
    Page: web::a_key_changes_the_map_and_the_address_and_back_goes_back,
    Page: web::a_favourite_kept_in_the_page_is_there_after_a_reload,
    Page: web::save_png_downloads_the_file_render_writes,
    Page: web::in_the_hatched_look_save_png_downloads_the_file_render_writes,
    Page: web::the_hatched_look_comes_on_with_its_key_and_the_address_keeps_it,
    Page: web::page_down_shows_the_level_below_and_the_address_keeps_it,
    Page: web::a_bad_address_says_so_and_shows_a_map,
    Page: web::an_address_changed_in_the_page_opens_its_map,
    Page: web::a_slider_changes_the_map_and_the_address,
    Page: web::a_room_is_pinned_kept_through_new_rooms_and_dragged_in_the_page,
    Page: web::an_address_of_thousands_of_pins_opens_its_map_or_says_why_not,
    Page: web::with_the_browsers_storage_full_a_favourite_stays_in_the_page_and_says_so,
    Page: web::a_saved_png_or_a_recipe_file_dropped_on_the_page_opens_its_map,
    Page: web::a_huge_dropped_file_is_refused_with_a_message_and_a_big_one_opens_from_its_start,
    Page: web::a_favourites_name_is_shown_with_control_and_direction_characters_escaped,
    Page: web::space_gives_other_seeds_at_each_visit,
    Page: web::the_documents_give_the_pages_size_as_built,
    SvgRenderers: svg::rsvg_and_inkscape_draw_the_pngs_pixels_and_imagemagick_one_pixel_right_and_down,
    SvgRenderers: svg::the_svgs_digits_sit_inside_their_labels_in_every_renderer,
    SvgRenderers: svg::the_svg_of_a_hatched_map_has_smooth_caves_and_renderers_draw_its_png,
    Tiled: tiled::real_tiled_reads_every_cell_room_start_and_goal,
    Tiled: tiled::render_writes_the_map_and_its_tileset_beside_it,
    Tiled: tiled::real_tiled_reads_every_level_as_a_group_with_its_stairs,
    Tiled: tiled::the_readmes_picture_of_tiled_is_what_tiled_draws_of_its_map,
    Superuser: race::a_folder_swapped_for_a_link_two_thousand_times_never_lets_a_write_reach_root_s_files,
    Superuser: writes::a_link_another_user_planted_in_a_shared_directory_is_not_followed,
    Superuser: writes::a_folder_another_user_made_in_a_shared_directory_is_not_written_into,
    Superuser: writes::a_folder_another_user_made_in_a_shared_directory_is_refused_however_the_path_is_written,
    Superuser: writes::another_user_s_file_written_over_keeps_neither_set_id_bits_nor_their_write,
    Mount: series::a_series_larger_than_its_disk_s_free_space_is_refused_before_it_starts,
];

/// The test as libtest-mimic runs it: ignored with the reason when what it needs is
/// missing, failed for it under `CI`; else run, a panic failing it.
fn trial(test: &'static Test) -> Trial {
    Trial::ignorable_test(test.name, move || match test.needs.missing() {
        Some(why) if std::env::var_os("CI").is_some() => {
            Err(Failed::from(format!("CI must run this test: {why}")))
        }
        Some(why) => Ok(Completion::ignored_with(why)),
        None => {
            (test.run)();
            Ok(Completion::Completed)
        }
    })
}

/// The options of the command line that take a value (`--skip NAME`).
const VALUED: [&str; 6] = [
    "--test-threads",
    "--logfile",
    "--skip",
    "--color",
    "--format",
    "-Z",
];

/// The command line as libtest-mimic reads it, and the tests it names: libtest-mimic takes
/// one filter where libtest takes any number (`cargo test -- pins quick`, a test then
/// running when its name holds any of them). With two or more, the tests are chosen here
/// (the summary then counts none as filtered out); with one or none, as usual.
fn command_line() -> (Arguments, Vec<Trial>) {
    let mut args = std::env::args();
    let mut kept: Vec<String> = args.next().into_iter().collect();
    let mut filters = Vec::new();
    while let Some(arg) = args.next() {
        if VALUED.contains(&arg.as_str()) {
            kept.push(arg);
            kept.extend(args.next());
        } else if arg.starts_with('-') {
            kept.push(arg);
        } else {
            filters.push(arg);
        }
    }
    if filters.len() < 2 {
        kept.append(&mut filters);
    }
    let arguments = Arguments::from_iter(kept);
    let named = |test: &&Test| {
        filters.is_empty()
            || filters.iter().any(|filter| {
                test.name == filter || (!arguments.exact && test.name.contains(filter.as_str()))
            })
    };
    let trials = TESTS.iter().filter(named).map(trial).collect();
    (arguments, trials)
}

fn main() {
    let (arguments, trials) = command_line();
    libtest_mimic::run(&arguments, trials).exit();
}
