//! Real SVG renderers drawing our SVG at one pixel a unit, as users draw it: resvg (linked
//! in), rsvg-convert (librsvg, as GNOME and many web tools), ImageMagick's own renderer
//! (`convert`, or `convert msvg:` where Inkscape would be used), and Inkscape where it is
//! installed. The room numbers' font, DejaVu Sans Mono, is loaded into resvg from where
//! fontconfig has it. Without rsvg-convert, ImageMagick's SVG module or the font, the tests
//! that need them say loudly that they skip; under `CI` they fail instead, and `.ci/run`
//! installs them, so CI never skips.

use std::io::Write;
use std::path::Path;
use std::process::Command;

use super::within;
use resvg::{tiny_skia, usvg};

/// What `.ci/run` installs for these renderers (Debian).
const PACKAGES: &str = "librsvg2-bin imagemagick libmagickcore-6.q16-6-extra fonts-dejavu-core";

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

/// The renderers at hand: resvg, rsvg-convert and ImageMagick's own (or a loud skip of
/// those missing, a failure under `CI`), and Inkscape where it is installed. Empty when
/// DejaVu Sans Mono, the numbers' font, is missing.
pub fn at_hand() -> Vec<Renderer> {
    if font().is_none() {
        skip_or_fail("DejaVu Sans Mono (fontconfig's `fc-match` does not find it)");
        return Vec::new();
    }
    let mut renderers = vec![Renderer::Resvg];
    if runs(Command::new("rsvg-convert").arg("--version")) {
        renderers.push(Renderer::Rsvg);
    } else {
        skip_or_fail("rsvg-convert (librsvg) does not run");
    }
    let formats = Command::new("convert").args(["-list", "format"]).output();
    if formats.is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("MSVG")) {
        renderers.push(Renderer::ImageMagick);
    } else {
        skip_or_fail("ImageMagick's `convert` has no SVG renderer (MSVG)");
    }
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

/// Say loudly that a renderer's tests skip `why`; under `CI`, fail.
fn skip_or_fail(why: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("SVG renderer tests cannot run: {why}. Install: apt-get install -y {PACKAGES}");
    }
    // Straight to the terminal: the test harness would hide eprintln! of a passing test.
    let bar = "!".repeat(78);
    let _ = writeln!(
        std::io::stderr(),
        "\n{bar}\n!! SKIPPING an SVG renderer: {why}.\n!! To run it, install: apt-get \
         install -y {PACKAGES}\n{bar}\n"
    );
}
