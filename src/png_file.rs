//! PNG files that carry their recipe, so that a saved picture alone brings its map back.
//!
//! The recipe goes into a `tEXt` chunk with the keyword `recipe` (before the image data),
//! beside a `Software` chunk. Encoding is deterministic: the same pixels and recipe give the
//! same bytes.

use std::fmt;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use crate::raster::{MAX_SIDE, Pixels};
use crate::recipe::{Recipe, RecipeError};

/// The `tEXt` keyword under which the recipe is stored.
pub const RECIPE_KEYWORD: &str = "recipe";

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// A decoded picture: its pixels and its `tEXt` chunks as (keyword, text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub pixels: Pixels,
    pub texts: Vec<(String, String)>,
}

impl Picture {
    /// The text stored under `keyword`, if any.
    #[must_use]
    pub fn text(&self, keyword: &str) -> Option<&str> {
        self.texts
            .iter()
            .find(|(k, _)| k == keyword)
            .map(|(_, t)| t.as_str())
    }
}

/// What went wrong reading a picture file. Every message names the file.
#[derive(Debug)]
pub enum PictureError {
    /// The file could not be read at all.
    Unreadable {
        file: PathBuf,
        error: std::io::Error,
    },
    /// The file does not start like a PNG.
    NotPng { file: PathBuf },
    /// A PNG that breaks off or is otherwise damaged.
    Damaged { file: PathBuf, detail: String },
    /// A good PNG without a recipe chunk.
    NoRecipe { file: PathBuf },
    /// A recipe chunk that does not parse.
    BadRecipe { file: PathBuf, error: RecipeError },
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PictureError::Unreadable { file, error } => {
                write!(f, "cannot read {}: {error}", file.display())
            }
            PictureError::NotPng { file } => write!(f, "{} is not a PNG image", file.display()),
            PictureError::Damaged { file, detail } => {
                write!(f, "{} is a damaged PNG image: {detail}", file.display())
            }
            PictureError::NoRecipe { file } => write!(
                f,
                "{} has no dungeon recipe in it (only pictures saved by Dungeon Viewer have one)",
                file.display()
            ),
            PictureError::BadRecipe { file, error } => {
                write!(
                    f,
                    "the recipe in {} does not parse: {error}",
                    file.display()
                )
            }
        }
    }
}

impl std::error::Error for PictureError {}

/// The PNG bytes of `pixels` with `recipe` inside.
///
/// # Errors
/// Only when the encoder fails, which an image from [`crate::raster::rasterize`] never
/// makes it do; the message says why.
pub fn encode(pixels: &Pixels, recipe: &Recipe) -> Result<Vec<u8>, String> {
    encode_with(pixels, recipe, &[])
}

/// The PNG bytes of `pixels` with `recipe` and further `tEXt` chunks inside.
///
/// # Errors
/// As [`encode`], and for a keyword that is not 1 to 79 Latin-1 characters.
pub fn encode_with(
    pixels: &Pixels,
    recipe: &Recipe,
    extra: &[(&str, String)],
) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, pixels.width(), pixels.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let texts = [
        (RECIPE_KEYWORD, recipe.to_string()),
        (
            "Software",
            format!("Dungeon Viewer {}", env!("CARGO_PKG_VERSION")),
        ),
    ];
    for (keyword, text) in texts.iter().chain(extra) {
        encoder
            .add_text_chunk(keyword.to_string(), text.clone())
            .map_err(|e| e.to_string())?;
    }
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    let rgb: Vec<u8> = pixels
        .rgba()
        .chunks_exact(4)
        .flat_map(|px| [px[0], px[1], px[2]])
        .collect();
    writer.write_image_data(&rgb).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// Decode PNG `bytes` (any colour type and depth) into RGBA pixels and their text chunks.
/// `file` only names the source in errors.
///
/// # Errors
/// Bytes that are not a PNG, or a PNG that is damaged, cut short or over the size limit.
pub fn decode(bytes: &[u8], file: &Path) -> Result<Picture, PictureError> {
    if !bytes.starts_with(&SIGNATURE) {
        return Err(PictureError::NotPng {
            file: file.to_path_buf(),
        });
    }
    let damaged = |e: png::DecodingError| PictureError::Damaged {
        file: file.to_path_buf(),
        detail: match e {
            png::DecodingError::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
                "it breaks off before its end".to_string()
            }
            other => other.to_string(),
        },
    };
    let limits = png::Limits {
        bytes: MAX_SIDE as usize * MAX_SIDE as usize * 4,
    };
    let mut decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(damaged)?;
    let mut buffer = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buffer).map_err(damaged)?;
    reader.finish().map_err(damaged)?;
    buffer.truncate(frame.buffer_size());
    let rgba: Vec<u8> = match frame.color_type {
        png::ColorType::Rgba => buffer,
        png::ColorType::Rgb => buffer
            .chunks_exact(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buffer
            .chunks_exact(2)
            .flat_map(|c| [c[0], c[0], c[0], c[1]])
            .collect(),
        png::ColorType::Grayscale | png::ColorType::Indexed => {
            buffer.iter().flat_map(|&g| [g, g, g, 255]).collect()
        }
    };
    let pixels = Pixels::from_rgba(frame.width, frame.height, rgba).map_err(|detail| {
        PictureError::Damaged {
            file: file.to_path_buf(),
            detail,
        }
    })?;
    let texts = reader
        .info()
        .uncompressed_latin1_text
        .iter()
        .map(|chunk| (chunk.keyword.clone(), chunk.text.clone()))
        .collect();
    Ok(Picture { pixels, texts })
}

/// Read a picture file and the recipe inside it.
///
/// # Errors
/// The file cannot be read, is not a PNG, is damaged, has no recipe, or its recipe does not
/// parse; each message names the file.
pub fn read(file: &Path) -> Result<(Pixels, Recipe), PictureError> {
    let bytes = std::fs::read(file).map_err(|error| PictureError::Unreadable {
        file: file.to_path_buf(),
        error,
    })?;
    let picture = decode(&bytes, file)?;
    let text = picture
        .text(RECIPE_KEYWORD)
        .ok_or_else(|| PictureError::NoRecipe {
            file: file.to_path_buf(),
        })?;
    let recipe = text.parse().map_err(|error| PictureError::BadRecipe {
        file: file.to_path_buf(),
        error,
    })?;
    Ok((picture.pixels, recipe))
}
