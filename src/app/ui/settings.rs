//! A control for every recipe key but the seed, made from the key table: its range or
//! choices, its help as the tooltip, its group as the place in the panel. Controls that
//! change nothing for the current kind of dungeon are greyed out and say why.
//!
//! A number typed into a control's box is taken once, on Enter or when the box loses
//! focus, never one map per keystroke; a slider being dragged makes maps as it moves, and
//! the history records the value where the drag ends.

use egui_macroquad::egui;

use super::field;

use dungeon_generator::{Key, Kind, Recipe, Value};
use dungeon_viewer::recipe_keys::{self, Group};

/// How many steps the 0-to-1 sliders have.
const STEPS: f64 = 100.0;
/// The step of the 0-to-1 sliders.
const STEP: f64 = 1.0 / STEPS;
/// Points the sliders take, beside their boxes and labels.
const SLIDER_WIDTH: f32 = 120.0;
/// Switches drawn at the end of another key's row, not on a row of their own: `closed`
/// after `fit`, just below the spacing it sets at least 1.
const AT_THE_END_OF: &[(&str, &str)] = &[("closed", "fit")];

/// Slider values are kept to their step, so that the recipe reads `0.35`, not
/// `0.35000000000000003`: a whole number of steps divided by the steps in one is the
/// closest number to the decimal, as the recipe parses it.
fn to_step(value: f64) -> f64 {
    (value * STEPS).round() / STEPS
}

/// The controls of the keys in `group`, in the key table's order: sliders with their boxes,
/// one a row, but for the levels' boxes, on one line (see [`Group::Levels`]).
pub fn group(ui: &mut egui::Ui, shown: Group, recipe: &mut Recipe) {
    // Rooms × room size stay within what the map may hold, and the margin within the map;
    // each slider ends where the other allows (and pulls its value in when the map
    // shrinks). Chained rooms end where the recipe would take too long to make.
    let allowed = recipe.room_cells_most();
    let most = |other: u32, max: u64| (allowed / u64::from(other.max(1))).clamp(1, max);
    ui.spacing_mut().slider_width = SLIDER_WIDTH;
    let slider = shown != Group::Levels;
    let at_an_end = |key: &Key| AT_THE_END_OF.iter().any(|&(k, _)| k == key.name());
    let shown_keys = Key::all().iter().filter(|k| recipe_keys::group(k) == shown);
    for key in shown_keys.filter(|k| !at_an_end(k)) {
        let kind = match (key.name(), key.kind()) {
            ("rooms", Kind::Whole { min, max }) => Kind::Whole {
                min,
                max: Recipe {
                    rooms: most(recipe.room_size, max) as u32,
                    ..recipe.clone()
                }
                .rooms_that_fit()
                .max(1)
                .into(),
            },
            ("room-size", Kind::Whole { min, max }) => Kind::Whole {
                min,
                max: most(recipe.rooms, max),
            },
            // The margin leaves a cell inside it, and the map stays wider than its margins.
            ("margin", Kind::Whole { min, max }) => Kind::Whole {
                min,
                max: max.min(u64::from(
                    recipe.width.min(recipe.height).saturating_sub(1) / 2,
                )),
            },
            ("width" | "height", Kind::Whole { min, max }) => Kind::Whole {
                min: min.max(2 * u64::from(recipe.margin) + 1),
                max,
            },
            // The level shown is one the dungeon has.
            ("level", Kind::Whole { min, max }) => Kind::Whole {
                min,
                max: max.min(recipe.levels.into()).max(min),
            },
            (_, kind) => kind,
        };
        let ends: Vec<&Key> = (AT_THE_END_OF.iter())
            .filter(|&&(_, row)| row == key.name())
            .filter_map(|&(end, _)| Key::named(end))
            .collect();
        if ends.is_empty() {
            control(ui, key, kind, recipe, slider);
            continue;
        }
        ui.horizontal(|ui| {
            control(ui, key, kind, recipe, slider);
            for end in ends {
                control(ui, end, end.kind(), recipe, slider);
            }
        });
    }
}

/// One key's control, within `kind`: a number with a slider beside its box where `slider`.
fn control(ui: &mut egui::Ui, key: &Key, kind: Kind, recipe: &mut Recipe, slider: bool) {
    let label = key.name().replace('-', " ");
    let applies = key.applies(recipe);
    let help = match applies {
        Ok(()) => key.help(),
        Err(why) => format!("{} {why}", key.help()),
    };
    // A number not given (the level of a dungeon of one level) shows as the least.
    let mut value = match (key.get(recipe), kind) {
        (Value::Absent, Kind::Whole { min, .. }) => Value::Whole(min),
        (value, _) => value,
    };
    let moved = ui
        .add_enabled_ui(applies.is_ok(), |ui| match (&mut value, kind) {
            (Value::Fraction(x), Kind::Fraction { min, max }) => {
                let moved = number(ui, x, min..=max, STEP, &label, &help, slider);
                *x = to_step(*x);
                moved
            }
            (Value::Whole(n), kind) if kind.is_switch() => {
                let mut on = *n == 1;
                let clicked = ui.checkbox(&mut on, &label).on_hover_text(&help).changed();
                *n = u64::from(on);
                clicked
            }
            (Value::Whole(n), Kind::Whole { min, max }) => {
                let mut x = *n as f64;
                let range = min as f64..=max as f64;
                let moved = number(ui, &mut x, range, 1.0, &label, &help, slider);
                *n = (x.round() as u64).clamp(min, max);
                moved
            }
            (Value::Choice(i), Kind::Choice { names, .. }) => {
                // Every choice in sight, one click away.
                let before = *i;
                ui.horizontal_wrapped(|ui| {
                    ui.label(&label).on_hover_text(&help);
                    for (k, choice) in names.iter().enumerate() {
                        ui.selectable_value(i, k, *choice).on_hover_text(&help);
                    }
                });
                *i != before
            }
            _ => false,
        })
        .inner;
    // The controls keep to the key's range, so the key takes every value they give.
    if moved {
        let _ = key.set(recipe, value);
    }
}

/// A slider (where `slider`) and a box for typing the number, with a label: the slider
/// moves `x` as it is dragged, the box once its number is entered. Whole-number ranges
/// over two decades slide on a logarithmic scale. Returns whether `x` changed.
fn number(
    ui: &mut egui::Ui,
    x: &mut f64,
    range: std::ops::RangeInclusive<f64>,
    step: f64,
    label: &str,
    help: &str,
    slider: bool,
) -> bool {
    let (min, max) = (*range.start(), *range.end());
    let whole = step >= 1.0;
    let logarithmic = whole && max / min.max(1.0) >= 100.0;
    ui.horizontal(|ui| {
        let slid = slider
            && ui
                .add(
                    egui::Slider::new(x, range.clone())
                        .show_value(false)
                        .step_by(step)
                        .logarithmic(logarithmic),
                )
                .on_hover_text(help)
                .on_disabled_hover_text(help)
                .changed();
        let decimals = if whole { 0 } else { 2 };
        let (typed, changed) = field::number(ui, x, range, decimals, "");
        typed
            .on_hover_text(format!("{help} Type a value and press Enter."))
            .on_disabled_hover_text(help);
        ui.label(label)
            .on_hover_text(help)
            .on_disabled_hover_text(help);
        slid || changed
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slider_values_keep_to_their_step() {
        assert_eq!(to_step(0.350_000_000_000_000_03), 0.35);
        assert_eq!(to_step(0.1 + 0.2), 0.3);
        assert_eq!(to_step(1.0), 1.0);
        assert_eq!(to_step(0.0), 0.0);
        for i in 0..=100 {
            let v = to_step(f64::from(i) * STEP);
            assert_eq!(
                v,
                format!("{}.{:02}", i / 100, i % 100)
                    .parse::<f64>()
                    .unwrap()
            );
        }
    }
}
