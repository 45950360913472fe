//! The README's pictures, each with the command that makes it (its caption, or the guide's
//! list of the README's pictures), and how a picture made now is held to the one in the
//! repository: `render`'s files byte for byte; the window's pixel for pixel but for the
//! status bar's left end, which says how long the map took to make (`… · 0.8 ms`), a
//! figure of the machine and the moment, not of the caption; Tiled's pixel for pixel.
//!
//! With `UPDATE_PICTURES=1` a picture that differs is written over the repository's
//! instead, and the test passes: that is how the README's pictures are made again
//! (`assets/doc/GUIDE.md`, "The README's pictures").

use std::path::{Path, PathBuf};

use super::examples::{examples, words};
use dungeon_files::formats::png;

/// The repository's top.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// Where the commands that make the README's pictures are written: its captions first.
const DOCUMENTS: [&str; 2] = ["README.md", "assets/doc/GUIDE.md"];
/// Rows at the window's foot that are its status bar (26 points, `ui::STATUS_HEIGHT`, at
/// one pixel a point), and pixels at the bar's right end that are the cell under the
/// pointer's: the timing is left of them, and the separator after it moves with its width.
pub const STATUS_BAR_ROWS: u32 = 26;
pub const CELL_HINT: u32 = 260;

/// What makes a picture.
#[derive(Clone, Debug)]
pub enum Maker {
    /// `render` with these arguments.
    Render(Vec<String>),
    /// The window, with these arguments (`--screenshot`).
    Window(Vec<String>),
    /// Tiled's `tmxrasterizer` drawing the map `render` writes with these arguments to the
    /// `.tmj` file named.
    Tiled { render: Vec<String>, map: String },
}

/// A picture the README shows, and what makes it, if a document says.
#[derive(Debug)]
pub struct Picture {
    /// From the repository's top: `assets/window.png`.
    pub file: String,
    pub maker: Option<Maker>,
}

fn read(document: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(document))
        .unwrap_or_else(|e| panic!("{document}: {e}"))
}

/// Every picture of the repository that the README shows (`![…](assets/…)`), in order,
/// each once.
pub fn readme_pictures() -> Vec<Picture> {
    let readme = read("README.md");
    let mut files: Vec<String> = Vec::new();
    for (at, _) in readme.match_indices("![") {
        let rest = &readme[at..];
        let Some(start) = rest.find("](") else {
            continue;
        };
        let target = &rest[start + 2..];
        let Some(end) = target.find(')') else {
            continue;
        };
        let file = &target[..end];
        if file.starts_with("assets/") && !files.iter().any(|f| f == file) {
            files.push(file.to_string());
        }
    }
    let shown: Vec<(String, Vec<String>)> = DOCUMENTS
        .iter()
        .flat_map(|document| examples(document, &read(document)))
        .map(|example| (example.at, example.args))
        .collect();
    // Each `tmxrasterizer MAP PICTURE` line, with the last command before it in its
    // document that writes MAP.
    let rasterized: Vec<(String, Maker)> = DOCUMENTS
        .iter()
        .flat_map(|document| {
            let shown = &shown;
            read(document)
                .lines()
                .enumerate()
                .filter_map(move |(n, line)| {
                    let words = words(line);
                    let at = words.iter().position(|w| w == "tmxrasterizer")?;
                    let (map, picture) = (words.get(at + 1)?, words.get(at + 2)?);
                    let render = shown
                        .iter()
                        .filter(|(at, _)| {
                            at.rsplit_once(':').is_some_and(|(d, line)| {
                                d == *document && line.parse().is_ok_and(|l: usize| l <= n)
                            })
                        })
                        .map(|(_, args)| args)
                        .rfind(|args| {
                            args.windows(2)
                                .any(|pair| pair[0] == "-o" && pair[1] == *map)
                        })?;
                    let maker = Maker::Tiled {
                        render: render.clone(),
                        map: map.clone(),
                    };
                    Some((picture.clone(), maker))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    files
        .into_iter()
        .map(|file| {
            let writes = |args: &&Vec<String>| {
                args.windows(2).any(|pair| {
                    matches!(pair[0].as_str(), "-o" | "--output" | "--screenshot")
                        && pair[1] == file
                })
            };
            let made = shown.iter().map(|(_, args)| args).find(writes);
            let maker = match made {
                Some(args) if args.iter().any(|a| a == "--screenshot") => {
                    Some(Maker::Window(args.clone()))
                }
                Some(args) if args.first().is_some_and(|a| a == "render") => {
                    Some(Maker::Render(args.clone()))
                }
                _ => rasterized
                    .iter()
                    .find(|(picture, _)| *picture == file)
                    .map(|(_, maker)| maker.clone()),
            };
            Picture { file, maker }
        })
        .collect()
}

/// The README's pictures that `which` makes, with its arguments.
pub fn made_by(which: fn(&Maker) -> bool) -> Vec<(String, Maker)> {
    readme_pictures()
        .into_iter()
        .filter_map(|p| p.maker.filter(which).map(|m| (p.file, m)))
        .collect()
}

/// `file`'s place in `dir`, its folders made.
pub fn place_in(dir: &Path, file: &str) -> PathBuf {
    let path = dir.join(file);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    path
}

/// Hold the repository's picture `file` to `made`, as `differ` compares them (`None` when
/// they agree, else how they differ): `Err` says how, unless `UPDATE_PICTURES` is set, when
/// `made` is written over it.
pub fn hold(
    file: &str,
    made: &Path,
    differ: impl Fn(&[u8], &[u8]) -> Option<String>,
) -> Result<(), String> {
    let kept = Path::new(ROOT).join(file);
    let new = std::fs::read(made).map_err(|e| format!("{file}: nothing made ({e})"))?;
    let old = std::fs::read(&kept).unwrap_or_default();
    let Some(how) = differ(&old, &new) else {
        return Ok(());
    };
    if std::env::var_os("UPDATE_PICTURES").is_some() {
        std::fs::write(&kept, &new).map_err(|e| format!("{file}: {e}"))?;
        eprintln!("wrote {file}: {how}");
        return Ok(());
    }
    Err(format!(
        "{file} is not what its caption makes: {how} (UPDATE_PICTURES=1 makes it again)"
    ))
}

/// How two files differ, byte for byte: for PNGs, in how many pixels (none, when only
/// their chunks of text differ).
pub fn bytes_differ(old: &[u8], new: &[u8]) -> Option<String> {
    const PNG: &[u8] = b"\x89PNG";
    if old == new {
        return None;
    }
    let pixels = (old.starts_with(PNG) && new.starts_with(PNG))
        .then(|| pixels_differ(old, new, |_, _| false))
        .flatten();
    Some(pixels.unwrap_or_else(|| "their bytes differ".into()))
}

/// How two window pictures differ, pixel for pixel, but for the status bar left of the
/// cell under the pointer (see the module's notes).
pub fn window_differs(old: &[u8], new: &[u8]) -> Option<String> {
    let (width, height) = png::decode(new, Path::new("made"))
        .map_or((0, 0), |p| (p.pixels.width(), p.pixels.height()));
    let timing = |x: u32, y: u32| y + STATUS_BAR_ROWS >= height && x + CELL_HINT < width;
    pixels_differ(old, new, timing)
}

/// How many pixels of two PNGs differ, leaving out those `masked`; `None` when none do.
pub fn pixels_differ(old: &[u8], new: &[u8], masked: impl Fn(u32, u32) -> bool) -> Option<String> {
    let decode = |bytes: &[u8]| png::decode(bytes, Path::new("picture")).ok();
    let (Some(old), Some(new)) = (decode(old), decode(new)) else {
        return Some("one of them is no PNG".into());
    };
    let (old, new) = (old.pixels, new.pixels);
    let size = |p: &dungeon_files::draw::pixels::Pixels| (p.width(), p.height());
    if size(&old) != size(&new) {
        return Some(format!("{:?} pixels, not {:?}", size(&new), size(&old)));
    }
    let (w, h) = size(&new);
    let differ = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| !masked(x, y) && old.pixel(x, y) != new.pixel(x, y))
        .count();
    (differ > 0).then(|| {
        let share = 100.0 * differ as f64 / (f64::from(w) * f64::from(h));
        format!("{differ} of its {} pixels ({share:.2} %) differ", w * h)
    })
}
