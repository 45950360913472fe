//! The frame loop, in phases: input (the map the worker made, the panel, keys, mouse,
//! dropped files) → actions (carried out in [`super::commands`]) → update (sweeps,
//! gallery, the map to ask for, replays, fitting, saves and keeps waiting for their map) →
//! schedule (another frame only when something moves) → draw.

use std::time::Duration;

use egui_macroquad::egui;
use macroquad::window::next_frame;

use super::action::Action;
use super::draw;
use super::gallery::{self, Gallery};
use super::keys::{self, Typing};
use super::platform::{self, Alarm, Instant, Worker};
use super::pointer::{Pointer, Target};
use super::screen::Screen;
use super::session::Session;
use super::state::App;
use super::state::address::Address;
use super::state::pins;
use super::status::Status;
use super::store::Store;
use super::ui::{Facts, Panel};
use super::view::Area;
use super::watch::Watch;

/// While a map is being generated, the window draws a frame at least this often to show its
/// progress, waiting for the map in between.
const GENERATING_FRAME: Duration = Duration::from_millis(50);
/// How long frames keep coming after the last input. miniquad 0.4.11's blocking event
/// loop, after reading the events that arrived during a frame, waits for one more before it
/// draws: a key pressed and released while a frame is drawn would wait for the next mouse
/// move. Staying awake a moment after input draws such keys; the idle window still sleeps.
/// On a loaded machine a frame may take longer than that, so the window stays awake for at
/// least [`AWAKE_FRAMES`] of its longest recent frames too.
const AWAKE_AFTER_INPUT: Duration = Duration::from_millis(250);
/// How long a key or button held keeps the window drawing after the last input.
const HELD_AWAKE: Duration = Duration::from_secs(2);
/// Frames, as long as the longest of late, drawn after the last input at least.
const AWAKE_FRAMES: u32 = 4;
/// Frames drawn before `--screenshot` saves the window.
const SCREENSHOT_FRAMES: u32 = 3;

/// Run the window until the user quits.
pub async fn main_loop(start: crate::Start) -> Result<(), String> {
    let wake = platform::wake;
    let worker =
        Worker::start(wake).map_err(|e| format!("cannot start the generator thread: {e}"))?;
    // Without the alarm thread, egui's delayed repaints wait for the next input event.
    if let Ok(ring) = Alarm::start(wake) {
        egui_macroquad::cfg(|ctx| {
            ctx.set_request_repaint_callback(move |info| {
                if info.delay.is_zero() {
                    macroquad::miniquad::window::schedule_update();
                } else {
                    ring.ring_after(info.delay);
                }
            });
        });
    }
    // egui-macroquad divides wheel steps by 90, as if they came in the 120ths of a notch
    // some systems report; X11 reports whole notches, so a notch scrolled the panel by
    // half a point and the panel seemed not to scroll at all.
    #[cfg(target_os = "linux")]
    egui_macroquad::cfg(|ctx| ctx.options_mut(|o| o.line_scroll_speed *= 90.0));
    // egui times a click from the frame that saw the press to the one that saw the
    // release, and one held longer than 0.8 s is no click: on a busy machine two frames
    // may lie that far apart, and a quick click on a button or a right-click on a
    // favourite did nothing. A press and release in place is a click however long.
    egui_macroquad::cfg(|ctx| {
        ctx.options_mut(|o| o.input_options.max_click_duration = f64::INFINITY);
    });
    let (new_seeds, seeds_note) = platform::new_seeds();
    let mut app = App {
        session: Session::new(start.recipe.clone(), new_seeds),
        screen: Screen::new(worker),
        look: start.look,
        grid: true,
        panel: Panel::new(),
        watch: Watch::default(),
        store: Store::open(wake),
        gallery: Gallery::new(start.gallery),
        status: Status::default(),
        pointer: Pointer::default(),
        pins: pins::Pins::default(),
        hover: None,
        out_dir: start.out_dir.clone(),
        save_pending: None,
        keep_pending: false,
        waiting_said: false,
        quitting: None,
        address: Address::default(),
    };
    if let Some(note) = seeds_note {
        app.status.problem(note);
    }
    // In the browser the address may name the map to open.
    app.follow_address();
    // The window's close button asks, as Ctrl+Q does, so that nothing kept is lost.
    macroquad::input::prevent_quit();
    let mut frames = 0;
    let mut last_input = Instant::now();
    // The longest frame of late, fading by a tenth each frame; and when the last frame
    // began, if it asked for this one (the time between is then a frame's).
    let mut long_frame = Duration::ZERO;
    let mut asked_by: Option<Instant> = None;
    loop {
        let frame_start = Instant::now();
        let took = asked_by.map_or(Duration::ZERO, |start| frame_start.duration_since(start));
        long_frame = took.max(long_frame.mul_f32(0.9));
        // Input.
        let frame_start = Instant::now();
        let patience = if app.screen.is_generating() {
            GENERATING_FRAME
        } else {
            Duration::ZERO
        };
        app.screen.take_new_map(patience, &mut app.watch);
        for (message, problem) in app.store.poll() {
            app.status.set(message, problem);
        }
        for refused in platform::refused_drops() {
            app.status.problem(refused);
        }
        let mut typing = Typing::default();
        egui_macroquad::cfg(|ctx| typing = Typing::begin(ctx));
        let mut actions = Vec::new();
        let recipe_before = app.session.recipe.clone();
        let mut area = Area::default();
        let facts_hover = app.hover.and_then(|p| app.screen.describe(p));
        egui_macroquad::ui(|ctx| {
            let finished = app
                .screen
                .shown
                .as_ref()
                .filter(|_| !app.screen.is_filling());
            let progress = app.screen.progress();
            let making = app.watch.recipe(&app.session.recipe).levels;
            let level = match (progress, &app.screen.shown) {
                (Some(under), _) => (under.level > 0).then_some((under.level, making)),
                (None, Some(shown)) => {
                    let dungeon = &shown.map.dungeon;
                    Some((dungeon.level(), dungeon.recipe().levels))
                }
                (None, None) => None,
            };
            let facts = Facts {
                stats: finished.filter(|_| progress.is_none()).map(|s| &s.stats),
                shortfall: finished
                    .filter(|_| progress.is_none())
                    .and_then(|s| s.map.dungeon.shortfall()),
                figures: finished
                    .filter(|_| progress.is_none())
                    .and_then(|s| s.map.figures.as_deref()),
                took_ms: finished.map(|s| s.map.took.as_secs_f64() * 1e3),
                timings: finished.map(|s| s.map.dungeon.timings()),
                progress,
                level: level.filter(|&(_, of)| of > 1),
                replay: app.watch.replay.as_ref().map(|r| r.place()),
                error: app.screen.error.as_deref(),
                grid: app.grid,
                look: app.look,
                grid_fits: app.grid_fits(),
                hover: facts_hover.clone(),
            };
            actions.extend(app.panel.show(
                ctx,
                &mut app.session,
                &mut app.watch,
                &app.store,
                &mut app.status,
                &facts,
            ));
            if let Some(why) = app.quitting.as_ref().and_then(|q| q.question.as_deref()) {
                actions.extend(super::ui::quit::ask(ctx, why));
            } else if let Some(deadline) = app.quit_deadline() {
                ctx.request_repaint_after(deadline);
            }
            // What the panels leave, known only while egui makes the frame.
            area = map_area(ctx);
        });
        egui_macroquad::cfg(|ctx| {
            if ctx.input(|i| !i.events.is_empty()) || keys::keys_changed() {
                last_input = Instant::now();
            }
            actions.extend(keys::shortcuts(ctx, typing.shortcuts_from(ctx)));
            if macroquad::input::is_quit_requested() {
                actions.push(Action::Quit);
            }
            // Files dropped on the window open as layouts.
            actions.extend(
                macroquad::input::get_dropped_files()
                    .into_iter()
                    .filter_map(super::platform::opening)
                    .map(|opening| Action::Keep(super::action::KeepAction::Open(opening))),
            );
            if app.gallery.open {
                actions.extend(gallery::click(ctx, area));
                return;
            }
            let screen = &app.screen;
            let recipe = &app.session.recipe;
            let target = Target {
                fitted: screen.fitted_view(),
                picture: screen.picture_size(),
                cell_at: &|pixel| screen.cell_at(pixel),
                pinned: &|cell| recipe.pin_covering(cell).is_some(),
            };
            let (view, hover, mouse) = app.pointer.handle(ctx, screen.view, &target);
            app.screen.view = view;
            app.hover = hover;
            actions.extend(mouse);
        });
        // A message speaks of what was done last: an action or an edit of the recipe
        // (messages said while this frame was made are about it, and stay).
        if !actions.is_empty() || app.session.recipe != recipe_before {
            app.status.moved_on(frame_start);
        }
        // Keep drawing a moment after any input: characters and egui's reactions trail the
        // event that woke this frame, and miniquad's blocking loop draws input that arrives
        // during a frame only once a further event comes. Idle frames schedule nothing.
        let awake = last_input.elapsed() < AWAKE_AFTER_INPUT.max(long_frame * AWAKE_FRAMES);
        // A key or button held keeps frames coming while input comes with it (a slider or a
        // room dragged); a release the window never heard cannot keep it busy for good.
        let held =
            (keys::keys_held() || app.pointer.is_down()) && last_input.elapsed() < HELD_AWAKE;
        let mut again = awake || !actions.is_empty() || held;

        // Actions.
        for action in actions {
            if app.carry_out(action, area) {
                return Ok(());
            }
        }

        // Update.
        again |= app.update(area);
        if app.quitting.is_some() && app.quit_when_saved() {
            return Ok(());
        }

        // Schedule: another frame only while something moves.
        again |= app.screen.is_generating()
            || app.screen.needs_frames()
            || app.watch.is_playing()
            || app.gallery.is_filling()
            || app.store.is_busy();
        if again {
            macroquad::miniquad::window::schedule_update();
        } else {
            platform::sleeping();
        }

        // Draw.
        if app.gallery.open {
            app.gallery.draw(area);
        } else {
            draw::map(&app.screen, area, app.grid, &app.look);
        }
        egui_macroquad::draw();
        frames += 1;
        if let Some(file) = &start.screenshot {
            let settled = !app.screen.is_generating()
                && app.screen.shown.is_some()
                && !app.gallery.is_filling()
                && !app.store.is_busy();
            if frames >= SCREENSHOT_FRAMES && settled {
                return super::platform::save_window(file, &app.session.recipe, app.map_place());
            }
            macroquad::miniquad::window::schedule_update();
        }
        asked_by = again.then_some(frame_start);
        next_frame().await;
    }
}

/// The part of the window the panels leave to the map, in screen pixels.
fn map_area(ctx: &egui::Context) -> Area {
    let rect = ctx.available_rect();
    let k = ctx.pixels_per_point();
    Area {
        x: rect.min.x * k,
        y: rect.min.y * k,
        w: (rect.width() * k).max(1.0),
        h: (rect.height() * k).max(1.0),
    }
}

impl App {
    /// Move everything on that moves by itself; returns whether the panel drawn this frame
    /// is out of date (a replay ended, a save was done), so another frame must come.
    fn update(&mut self, area: Area) -> bool {
        self.follow_address();
        self.session.show_level();
        self.unpin_what_cannot_stay();
        self.watch.follow(&self.session.recipe);
        let wanted = self.watch.recipe(&self.session.recipe).clone();
        if let Err(e) = self.gallery.update(&wanted, area, self.look) {
            self.status.problem(e);
        }
        self.screen
            .regenerate_if_changed(&wanted, area, (self.look, self.grid), &mut self.watch);
        self.screen
            .fill_in(&wanted, area, self.look, &mut self.watch);
        if let Some(note) = self.screen.numbers_note() {
            self.status.say(note);
        }
        let played = self.screen.play(&mut self.watch, &wanted);
        self.screen.refit_if_needed(area);
        self.say_waiting();
        let saved = self.save_when_ready();
        let kept = self.keep_when_ready();
        if !self.pointer.is_down() {
            self.session.commit();
        }
        self.show_address();
        played || saved || kept
    }

    /// Whether cells on screen are big enough for grid lines (or there is no map yet).
    fn grid_fits(&self) -> bool {
        self.screen
            .screen_cell()
            .is_none_or(|cell| cell >= draw::GRID_FROM as f32)
    }

    /// Where the map is drawn, for `--screenshot`: `x=… y=… scale=… cell=…`.
    fn map_place(&self) -> String {
        self.screen.shown.as_ref().map_or(String::new(), |s| {
            let view = self.screen.view;
            format!(
                "x={} y={} scale={} cell={}",
                view.x, view.y, view.scale, s.map.style.cell_size
            )
        })
    }
}
