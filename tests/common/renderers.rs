//! Real SVG renderers drawing our SVG at one pixel a unit, as users draw it: resvg (linked
//! in), rsvg-convert (librsvg, as GNOME and many web tools), ImageMagick's own renderer
//! (`convert`, or `convert msvg:` where Inkscape would be used), and Inkscape where it is
//! installed. The room numbers' font, DejaVu Sans Mono, is loaded into resvg from where
//! fontconfig has it. The tests that need rsvg-convert, ImageMagick's SVG module or the
//! font run in `tests/live.rs`, which counts them as ignored where [`missing`] says they
//! cannot run (and fails them under `CI`; `.ci/run` installs them, so CI never skips).
//! Also the maps and styles the SVG tests of both test crates draw.

use std::path::Path;
use std::process::Command;

use super::within;
use dungeon_files::draw::raster::{Look, Style};
use resvg::{tiny_skia, usvg};

/// What `.ci/run` installs for these renderers (Debian).
const PACKAGES: &str = "librsvg2-bin imagemagick libmagickcore-6.q16-6-extra fonts-dejavu-core";

/// The maps the SVG is drawn of: the default, mixed shapes, a long thin map, one cell.
pub const RECIPES: [&str; 4] = [
    "dv1",
    "dv1 seed=3 width=40 height=30 rooms=9 shape=mixed corridor=twisty connect=loops",
    "dv1 seed=9 width=50 height=9 rooms=6 room-size=12 randomness=0 shape=rect",
    "dv1 seed=2 width=1 height=1 rooms=1 room-size=1",
];

/// Two-cell rooms, whose room numbers' labels overprinted each other.
pub const TWOS: &str = "dv1 seed=3 width=30 height=20 rooms=40 room-size=2";

/// A W1 map of caves, as the Caverns preset makes them, for the hatched look.
pub const CAVES: &str =
    "dv1 seed=7 stickiness=0.8 connect=loops loops=0.2 spacing=2 fit=move merge=1";
/// The pixels a cell the hatched look is judged at.
pub const CELL: u32 = 24;

/// The styles a renderer draws: grid lines or not, original or print look, at cell sizes
/// from too small for grid lines to large.
pub fn styles() -> Vec<Style> {
    let looks = [
        (4, true, false),
        (8, true, false),
        (12, true, false),
        (12, false, false),
        (3, true, false),
        (4, true, true),
        (12, true, true),
        (12, false, true),
    ];
    looks
        .into_iter()
        .map(|(cell_size, grid, print)| Style {
            cell_size,
            grid,
            look: Look {
                print,
                ..Look::ORIGINAL
            },
        })
        .collect()
}

/// Every pixel of a `width × height` picture, row by row.
pub fn pixels(width: u32, height: u32) -> impl Iterator<Item = (u32, u32)> {
    (0..height).flat_map(move |y| (0..width).map(move |x| (x, y)))
}

/// A renderer of SVG files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renderer {
    /// resvg, the crate.
    Resvg,
    /// librsvg's `rsvg-convert`.
    Rsvg,
    /// ImageMagick's own SVG renderer (MSVG), which `convert` uses unless Inkscape is
    /// installed.
    ImageMagick,
    /// Inkscape's command line.
    Inkscape,
}

/// A picture a renderer drew, as straight RGBA.
pub struct Drawn {
    pub width: u32,
    pub height: u32,
    rgba: Vec<[u8; 4]>,
}

impl Drawn {
    /// The pixel at (x, y).
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        self.rgba[(y * self.width + x) as usize]
    }
}

/// Why rsvg-convert, ImageMagick's own renderer or the numbers' font DejaVu Sans Mono
/// cannot draw here, if they cannot: what is lacking and what to install.
pub fn missing() -> Option<String> {
    let formats = Command::new("convert").args(["-list", "format"]).output();
    let lacking: Vec<&str> = [
        (
            font().is_some(),
            "no DejaVu Sans Mono (fontconfig's `fc-match` does not find it)",
        ),
        (
            runs(Command::new("rsvg-convert").arg("--version")),
            "rsvg-convert (librsvg) does not run",
        ),
        (
            formats.is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("MSVG")),
            "ImageMagick's `convert` has no SVG renderer (MSVG)",
        ),
    ]
    .into_iter()
    .filter(|(found, _)| !found)
    .map(|(_, what)| what)
    .collect();
    (!lacking.is_empty()).then(|| format!("{}: apt-get install -y {PACKAGES}", lacking.join(", ")))
}

/// The renderers at hand: resvg, rsvg-convert and ImageMagick's own (the harness checked
/// them, [`missing`]), and Inkscape where it is installed.
pub fn at_hand() -> Vec<Renderer> {
    let mut renderers = vec![Renderer::Resvg, Renderer::Rsvg, Renderer::ImageMagick];
    if runs(Command::new("inkscape").arg("--version")) {
        renderers.push(Renderer::Inkscape);
    }
    renderers
}

impl Renderer {
    /// Draw `svg` at one pixel a unit, using `dir` for its files.
    pub fn draw(self, svg: &str, dir: &Path) -> Drawn {
        let input = dir.join("drawn.svg");
        let output = dir.join(format!("drawn-{self:?}.png"));
        let (program, args) = match self {
            Renderer::Resvg => return resvg(svg),
            Renderer::Rsvg => (
                "rsvg-convert",
                vec![input.clone(), "-o".into(), output.clone()],
            ),
            Renderer::ImageMagick => (
                "convert",
                vec![format!("msvg:{}", input.display()).into(), output.clone()],
            ),
            Renderer::Inkscape => (
                "inkscape",
                vec![
                    input.clone(),
                    "--export-type=png".into(),
                    format!("--export-filename={}", output.display()).into(),
                ],
            ),
        };
        std::fs::write(&input, svg).unwrap();
        let mut command = Command::new(program);
        command.args(args);
        let done = within(120, command);
        assert!(done.status.success(), "{self:?} failed: {done:?}");
        read_png(&output)
    }
}

/// Whether `command` runs and succeeds.
fn runs(command: &mut Command) -> bool {
    command.output().is_ok_and(|out| out.status.success())
}

/// DejaVu Sans Mono's file, as fontconfig finds it.
fn font() -> Option<Vec<u8>> {
    let out = Command::new("fc-match")
        .args(["-f", "%{file}", "DejaVu Sans Mono"])
        .output()
        .ok()?;
    let file = String::from_utf8(out.stdout).ok()?;
    file.contains("DejaVuSansMono")
        .then(|| std::fs::read(file).ok())
        .flatten()
}

/// `svg` drawn by resvg with the numbers' font.
fn resvg(svg: &str) -> Drawn {
    let mut options = usvg::Options::default();
    if let Some(font) = font() {
        options.fontdb_mut().load_font_data(font);
    }
    let tree = usvg::Tree::from_str(svg, &options).expect("the SVG parses");
    let (width, height) = (tree.size().width() as u32, tree.size().height() as u32);
    let mut pixmap = tiny_skia::Pixmap::new(width, height).expect("a picture of some size");
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    let rgba = pixmap
        .take_demultiplied()
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2], p[3]])
        .collect();
    Drawn {
        width,
        height,
        rgba,
    }
}

/// A PNG file of any colour type as straight RGBA.
fn read_png(file: &Path) -> Drawn {
    let mut decoder = png::Decoder::new(std::fs::File::open(file).unwrap());
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let bytes = &buf[..info.buffer_size()];
    let rgba = match info.color_type {
        png::ColorType::Rgba => bytes
            .chunks_exact(4)
            .map(|p| [p[0], p[1], p[2], p[3]])
            .collect(),
        png::ColorType::Rgb => bytes
            .chunks_exact(3)
            .map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => bytes
            .chunks_exact(2)
            .map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        png::ColorType::Grayscale => bytes.iter().map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => unreachable!("expanded"),
    };
    Drawn {
        width: info.width,
        height: info.height,
        rgba,
    }
}
