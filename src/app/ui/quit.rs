//! The question asked when quitting would lose a favourite not saved yet.

use egui_macroquad::egui;

use super::super::action::Action;

/// Ask whether to quit although `why` keeps a change from being saved; the answer once
/// given.
pub fn ask(ctx: &egui::Context, why: &str) -> Option<Action> {
    let mut answer = None;
    egui::Window::new("Quit without saving?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(format!(
                "A change to your favourites is not saved yet: {why} Quit anyway and lose \
                 it, or stay open and keep it?"
            ));
            ui.horizontal(|ui| {
                if ui.button("Stay open").clicked()
                    || ui.input(|i| i.key_pressed(egui::Key::Escape))
                {
                    answer = Some(Action::StayOpen);
                }
                if ui.button("Quit and lose it").clicked() {
                    answer = Some(Action::QuitAnyway);
                }
            });
        });
    answer
}
