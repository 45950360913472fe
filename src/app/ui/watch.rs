//! The panel's "Watch it grow" section: replay the shown map's generation, and sweep one
//! setting across its values. Every line keeps its place whether or not something plays,
//! so no button moves under the pointer.

use egui_macroquad::egui;

use crate::app::action::{Action, WatchAction};
use crate::app::watch::{SPEEDS, Watch, sweep_keys};
use dungeon_generator::Key;

/// The size of a button whose label changes (Replay and Stop, Sweep and Stop sweep), so
/// that what follows it stays put: as wide as the longer label.
const TOGGLE: egui::Vec2 = egui::vec2(96.0, 0.0);

/// The section.
pub fn ui(ui: &mut egui::Ui, watch: &mut Watch, actions: &mut Vec<Action>) {
    let mut act = |a| actions.push(Action::Watch(a));
    let replaying = watch.replay.is_some();
    ui.horizontal(|ui| {
        let (label, help) = if replaying {
            ("■ Stop", "Stop the replay: the finished map again (W).")
        } else {
            (
                "▶ Replay",
                "Replay how this map was made: rooms grow cell by cell in the order they \
                 were placed, then each path is drawn (W).",
            )
        };
        if ui
            .add(egui::Button::new(label).min_size(TOGGLE))
            .on_hover_text(help)
            .clicked()
        {
            act(WatchAction::Replay);
        }
        ui.add_enabled_ui(replaying, |ui| {
            let paused = watch.replay.as_ref().is_some_and(|r| r.paused);
            if ui
                .button(if paused { "▶" } else { "⏸" })
                .on_hover_text("Play or pause.")
                .clicked()
            {
                act(WatchAction::PlayPause);
            }
            if ui
                .button("Step")
                .on_hover_text("One cell on, paused.")
                .clicked()
            {
                act(WatchAction::Step);
            }
            if ui
                .button("⟲")
                .on_hover_text("From the start again.")
                .clicked()
            {
                act(WatchAction::Restart);
            }
        });
    });
    let line = match &watch.replay {
        Some(replay) => {
            let at = replay.place();
            format!("step {} of {}: {}", at.step, at.of, at.stage)
        }
        None => "Not replaying.".to_string(),
    };
    ui.weak(line);
    let mut speed = watch.speed.unwrap_or(*SPEEDS.start());
    let moved = ui
        .add_enabled(
            replaying,
            egui::Slider::new(&mut speed, SPEEDS)
                .logarithmic(true)
                .fixed_decimals(0)
                .text("steps a second"),
        )
        .on_hover_text("How fast the replay goes: one step is one cell of a room or a path.")
        .changed();
    if moved {
        watch.speed = Some(speed);
    }
    ui.horizontal(|ui| {
        let mut key = watch.sweep_key;
        egui::ComboBox::from_id_salt("sweep key")
            .selected_text(key)
            .show_ui(ui, |ui| {
                for name in sweep_keys() {
                    ui.selectable_value(&mut key, name, name);
                }
            });
        watch.sweep_key = key;
        let playing = watch.sweep.as_ref().is_some_and(|s| s.key == key);
        let label = if playing {
            "■ Stop sweep"
        } else {
            "▶ Sweep"
        };
        if ui
            .add(egui::Button::new(label).min_size(TOGGLE))
            .on_hover_text(
                "Play this setting from its least to its most at this seed, over and over, \
                 to see how it shapes the map.",
            )
            .clicked()
        {
            act(WatchAction::Sweep(key));
        }
    });
    ui.horizontal(|ui| {
        let line = match &watch.sweep {
            Some(sweep) => {
                let current = &sweep.recipes[sweep.index];
                let value = Key::named(sweep.key).map(|k| k.format(&k.get(current)));
                format!(
                    "{} = {} ({} of {})",
                    sweep.key,
                    value.unwrap_or_default(),
                    sweep.index + 1,
                    sweep.recipes.len()
                )
            }
            None => "Not sweeping.".to_string(),
        };
        // The button first: the line after it changes length as the sweep plays.
        if ui
            .add_enabled(watch.sweep.is_some(), egui::Button::new("Keep this"))
            .on_hover_text("Stop here and make this the map's setting.")
            .clicked()
        {
            act(WatchAction::KeepSweep);
        }
        ui.weak(line);
    });
}
