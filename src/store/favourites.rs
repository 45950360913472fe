//! The layouts the user kept: each favourite holds its recipe, a name, when it was kept
//! and a small picture, in `favourites.json` (a [`JsonList`]).

use std::path::Path;
use std::sync::Arc;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};

use super::Error;
use super::list::{Entry, JsonList};
use super::presets::Preset;
use super::utc;
use dungeon_files::draw::pixels::{Pixels, nearest};
use dungeon_files::draw::raster::{self, CELL_SIZE, Look, Style};
use dungeon_files::formats::png;
use dungeon_files::text::quote;
use dungeon_generator::Dungeon;
use dungeon_generator::Recipe;

/// The widest thumbnail, in pixels.
pub const THUMBNAIL_WIDTH: u32 = 96;
/// The tallest thumbnail, in pixels.
pub const THUMBNAIL_HEIGHT: u32 = 84;
/// The longest stored thumbnail read, in base64 characters: far more than a thumbnail of
/// [`THUMBNAIL_WIDTH`] × [`THUMBNAIL_HEIGHT`] needs.
pub const MAX_THUMBNAIL_TEXT: usize = 256 * 1024;

/// The user's kept layouts.
pub type Favourites = JsonList<Favourite>;

/// A layout the user kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Favourite {
    /// Unique and stable: the time it was made, the process and a counter.
    pub id: String,
    /// `seed 7` or `seed 7 · Caverns` ([`default_name`]) unless the user renamed it.
    pub name: String,
    /// The recipe string; read it with [`Favourite::recipe`].
    pub recipe: String,
    /// When it was kept, in seconds since the Unix epoch.
    pub kept: u64,
    /// The same time for people: `2026-11-22 03:17:00 UTC`.
    #[serde(default)]
    pub kept_utc: String,
    /// A small picture of the map (at most [`THUMBNAIL_WIDTH`] × [`THUMBNAIL_HEIGHT`]), as a
    /// base64 PNG; read it with [`Favourite::thumbnail`]. Shared, not copied, when a
    /// favourite is: most of a favourite's bytes are its picture's.
    pub thumbnail: Arc<str>,
}

impl Entry for Favourite {
    const FILE: &'static str = "favourites.json";

    fn id(&self) -> &str {
        &self.id
    }

    fn set_name(&mut self, name: &str) {
        name.clone_into(&mut self.name);
    }
}

impl Favourite {
    /// Keep `dungeon`: named `seed N` (give it its [`default_name`] among others), kept
    /// now, with a thumbnail of it.
    ///
    /// # Errors
    /// Only when the thumbnail cannot be drawn or encoded, which a generated map never
    /// causes.
    pub fn new(dungeon: &Dungeon) -> Result<Self, Error> {
        let recipe = dungeon.recipe();
        let drawn = |e: &dyn std::fmt::Display| Error::Thumbnail(format!("cannot be drawn: {e}"));
        let pixels = thumbnail_pixels(dungeon).map_err(|e| drawn(&e))?;
        // Without the recipe, which the favourite keeps beside it: a thumbnail stays small
        // however long the recipe.
        let png = png::encode_picture(&pixels).map_err(|e| drawn(&e))?;
        let now = utc::since_epoch();
        Ok(Self {
            id: new_id(now.as_nanos()),
            name: format!("seed {}", recipe.seed),
            recipe: recipe.to_string(),
            kept: now.as_secs(),
            kept_utc: utc::readable(now.as_secs()),
            thumbnail: STANDARD.encode(png).into(),
        })
    }

    /// The kept recipe.
    ///
    /// # Errors
    /// When the stored text no longer parses (edited by hand, or written by a newer
    /// version); the favourite stays listed.
    pub fn recipe(&self) -> Result<Recipe, dungeon_generator::Error> {
        self.recipe.parse()
    }

    /// The thumbnail's pixels. A stored picture larger than a thumbnail is refused before
    /// anything is decoded, so a hostile file costs nothing.
    ///
    /// # Errors
    /// When the stored thumbnail is not base64, not a PNG, or larger than a thumbnail
    /// (edited by hand); the message names the favourite.
    pub fn thumbnail(&self) -> Result<Pixels, Error> {
        let source = format!("of “{}”", quote(&self.name));
        if self.thumbnail.len() > MAX_THUMBNAIL_TEXT {
            return Err(Error::Thumbnail(format!("{source} is too long to be one")));
        }
        let bytes = STANDARD
            .decode(self.thumbnail.as_bytes())
            .map_err(|e| Error::Thumbnail(format!("{source} is not base64: {e}")))?;
        let most = (THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT);
        png::decode_within(&bytes, Path::new(&source), most)
            .map(|picture| picture.pixels)
            .map_err(|e| Error::Thumbnail(e.to_string()))
    }
}

/// The name a new favourite of `recipe` gets, among `kept`: `seed 41`, with the preset it
/// was made from when its settings are those of one of `presets` that changes anything
/// (`seed 41 · Caverns`), and a counter after the seed when a favourite already reads the
/// same (`seed 41 (2) · Caverns`), so that no two favourites kept so read alike, and what
/// tells them apart comes first.
#[must_use]
pub fn default_name(recipe: &Recipe, presets: &[Preset], kept: &[Favourite]) -> String {
    let plain = Recipe {
        seed: recipe.seed,
        ..Recipe::default()
    };
    let made_from = presets.iter().find(|preset| {
        preset
            .apply(recipe)
            .is_ok_and(|settings| settings == *recipe && settings != plain)
    });
    let kind = made_from.map_or(String::new(), |preset| format!(" · {}", preset.name));
    let taken: std::collections::HashSet<&str> = kept.iter().map(|f| f.name.as_str()).collect();
    let seed = recipe.seed;
    std::iter::once(format!("seed {seed}{kind}"))
        .chain((2..=kept.len() + 1).map(|n| format!("seed {seed} ({n}){kind}")))
        .find(|name| !taken.contains(name.as_str()))
        .unwrap_or_else(|| format!("seed {seed}{kind}"))
}

/// A new id, unique among the ids of all processes: `nanos-process-counter` in hex (in the
/// browser, whose page is one process, 0 for the process).
fn new_id(nanos: u128) -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    #[cfg(not(target_arch = "wasm32"))]
    let process = std::process::id();
    #[cfg(target_arch = "wasm32")]
    let process = 0;
    format!("{nanos:x}-{process:x}-{count:x}")
}

/// `dungeon` drawn without grid lines to fit [`THUMBNAIL_WIDTH`] × [`THUMBNAIL_HEIGHT`]:
/// as many pixels a cell as fit, or, for a map over that many cells, one pixel every few
/// cells.
fn thumbnail_pixels(dungeon: &Dungeon) -> Result<Pixels, dungeon_files::draw::Error> {
    let (width, height) = (dungeon.width(), dungeon.height());
    let fit = (THUMBNAIL_WIDTH / width).min(THUMBNAIL_HEIGHT / height);
    let style = Style {
        cell_size: fit.clamp(*CELL_SIZE.start(), *CELL_SIZE.end()),
        grid: false,
        look: Look::default(),
    };
    let pixels = raster::rasterize(dungeon, &style)?;
    let step = width
        .div_ceil(THUMBNAIL_WIDTH)
        .max(height.div_ceil(THUMBNAIL_HEIGHT));
    if step == 1 {
        return Ok(pixels);
    }
    // A block of `step` cells, one pixel a cell, becomes one pixel.
    let columns = nearest(step, 1, width.div_ceil(step));
    let rows = nearest(step, 1, height.div_ceil(step));
    Ok(pixels.pick(&columns, &rows))
}
