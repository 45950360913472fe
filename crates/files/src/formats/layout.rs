//! Opening a saved layout from a file: the recipe inside a PNG saved by Dungeon Viewer, or
//! the first recipe in a text file (a recipe copied from the panel, a line of `presets`, a
//! JSON export, an SVG's or a Tiled map's: anything with `dv1 …` on a line).

use std::path::Path;

use super::{Error, png};
use dungeon_generator::Recipe;

/// Text files are read up to this many bytes.
const MOST_TEXT: u64 = 1 << 20;

/// The most bytes of a file a layout is read from: a text's first MiB and one byte more
/// (which tells a text that goes on), or a picture's chunks before its image data (at most
/// [`png::MAX_HEADER_BYTES`]) and the head of the chunk after them. [`layout_of`] says of
/// this much of a file what it says of the whole.
pub const MOST_READ: u64 = if MOST_TEXT + 1 > png::MAX_HEADER_BYTES + 8 {
    MOST_TEXT + 1
} else {
    png::MAX_HEADER_BYTES + 8
};

/// The recipe a saved layout file holds.
///
/// # Errors
/// A file that cannot be read or is not a regular file, a damaged PNG or one without a
/// recipe, or a text without a recipe line or whose recipe does not parse; each message
/// names the file.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_layout(path: &Path) -> Result<Recipe, Error> {
    use std::io::Read;
    let mut file = super::safe_write::open_regular(path).map_err(Error::read(path))?;
    let mut start = [0u8; 8];
    let got = file.read(&mut start).map_err(Error::read(path))?;
    if is_png(path, &start) {
        return png::read_recipe(path);
    }
    // One byte past the limit tells a text cut short from one that ends there.
    let mut bytes = start[..got].to_vec();
    file.take(MOST_TEXT + 1 - got as u64)
        .read_to_end(&mut bytes)
        .map_err(Error::read(path))?;
    recipe_in_text(&bytes, path)
}

/// The recipe a saved layout file holds, given its bytes (a file dropped on the web page)
/// and its name, for messages; as [`read_layout`] reads a file.
///
/// # Errors
/// As [`read_layout`], but for reading the file.
pub fn layout_of(bytes: &[u8], name: &Path) -> Result<Recipe, Error> {
    if is_png(name, bytes) {
        return png::recipe_of(bytes, name);
    }
    recipe_in_text(bytes, name)
}

/// Whether the file `path`, starting with `start`, is a picture: by its name or its
/// signature.
fn is_png(path: &Path, start: &[u8]) -> bool {
    let named_png = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    named_png || start.starts_with(&png::SIGNATURE)
}

/// The first recipe on a line of the text `bytes`, the file `path`, read up to
/// [`MOST_TEXT`] bytes. The byte after them tells whether the text goes on: a recipe that
/// runs to the limit without ending (at the end of its line, or at a quote or a tag) is
/// refused as cut short, never read as a shorter one.
fn recipe_in_text(bytes: &[u8], path: &Path) -> Result<Recipe, Error> {
    let cut = bytes.len() as u64 > MOST_TEXT;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(MOST_TEXT as usize + 1)]);
    let (line, ends) = text
        .split_inclusive('\n')
        .find_map(|line| {
            let at = line.find(&format!("{} ", Recipe::VERSION))?;
            // Up to a quote or a tag, for a recipe inside JSON, a quoted string or an
            // SVG's metadata: no recipe holds one; or to the line's end.
            let recipe = &line[at..];
            let ends = recipe.contains(['"', '\'', '<', '\n']);
            let recipe = recipe.split(['"', '\'', '<']).next().unwrap_or_default();
            Some((recipe.trim(), ends))
        })
        .ok_or_else(|| Error::NoRecipe {
            file: path.to_path_buf(),
            what: format!(
                "holds no recipe: open a PNG saved by Dungeon Viewer or a text with a recipe \
                 such as `{}`",
                Recipe::default()
            ),
        })?;
    if cut && !ends {
        return Err(Error::CutShort {
            file: path.to_path_buf(),
            most: MOST_TEXT,
        });
    }
    line.parse().map_err(|source| Error::BadRecipe {
        file: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pictures_recipe_is_read_from_its_bytes_as_from_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let recipe: Recipe = "dv1 seed=9 rooms=4".parse().unwrap();
        let dungeon = dungeon_generator::generate(&recipe).unwrap();
        let pixels =
            crate::draw::raster::rasterize(&dungeon, &crate::draw::raster::Style::default())
                .unwrap();
        let bytes = png::encode(&pixels, &recipe).unwrap();
        let path = dir.path().join("map.png");
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(read_layout(&path).unwrap(), recipe);
        // Named otherwise, it is known by its signature.
        assert_eq!(layout_of(&bytes, Path::new("dropped")).unwrap(), recipe);
        assert!(matches!(
            layout_of(&bytes[..20], Path::new("cut.png")),
            Err(Error::Damaged { .. } | Error::NotPng(_))
        ));
    }

    #[test]
    fn the_start_of_a_file_up_to_most_read_says_what_the_whole_file_says() {
        let name = Path::new("dropped.png");
        let said = |bytes: &[u8]| match layout_of(bytes, name) {
            Ok(recipe) => recipe.to_string(),
            Err(e) => e.to_string(),
        };
        let same = |bytes: &[u8]| {
            let start = &bytes[..bytes.len().min(MOST_READ as usize)];
            assert_eq!(said(start), said(bytes));
            said(bytes)
        };
        let chunk = |kind: &[u8; 4], data: &[u8]| {
            let mut crc = crc32fast::Hasher::new();
            crc.update(kind);
            crc.update(data);
            let mut bytes = (data.len() as u32).to_be_bytes().to_vec();
            bytes.extend_from_slice(kind);
            bytes.extend_from_slice(data);
            bytes.extend_from_slice(&crc.finalize().to_be_bytes());
            bytes
        };
        // A picture with `filler` bytes of chunks before its recipe and image data, and
        // `after` bytes after them.
        let picture = |filler: usize, after: usize| {
            let mut bytes = png::SIGNATURE.to_vec();
            bytes.extend(chunk(b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]));
            let most = png::MAX_CHUNK_BYTES as usize;
            for start in (0..filler).step_by(most) {
                bytes.extend(chunk(b"zzZz", &vec![0; (filler - start).min(most) - 12]));
            }
            bytes.extend(chunk(b"tEXt", b"recipe\0dv1 seed=5 rooms=3"));
            bytes.extend(chunk(b"IDAT", &vec![0; after]));
            bytes
        };
        let recipe = "dv1 seed=5 rooms=3".parse::<Recipe>().unwrap().to_string();
        assert_eq!(same(&picture(0, 5 << 20)), recipe);
        // Within the limit by 4 bytes (the signature, the header and the recipe aside): the
        // image data's head then ends past the first MiB.
        let header = png::MAX_HEADER_BYTES as usize;
        assert_eq!(same(&picture(header - 8 - 25 - 38 - 4, 1 << 10)), recipe);
        assert!(same(&picture(header, 1 << 10)).contains("goes past the limits"));
        // A text: a recipe on a line within its first MiB, or only after it.
        let text = |at: usize| {
            let mut bytes = vec![b' '; at];
            bytes.extend_from_slice(b"\ndv1 seed=6 rooms=2\n");
            bytes.extend(vec![b'x'; MOST_READ as usize]);
            bytes
        };
        let name = Path::new("notes.txt");
        for at in [0, (1 << 20) - 100, 1 << 20] {
            let bytes = text(at);
            let start = &bytes[..MOST_READ as usize];
            let read = |b: &[u8]| layout_of(b, name).map_err(|e| e.to_string());
            assert_eq!(read(start), read(&bytes), "a recipe at byte {at}");
        }
    }

    #[test]
    fn a_recipe_cut_short_by_the_limit_is_refused_not_read_as_a_shorter_one() {
        let dir = tempfile::tempdir().unwrap();
        let name = Path::new("long.txt");
        // Notes, then `dv1 seed=7 rooms=35` whose `5` is the first byte past the limit.
        let line = "dv1 seed=7 rooms=35";
        let text = |last: usize| {
            let mut bytes = vec![b'x'; last + 1 - line.len()];
            *bytes.last_mut().unwrap() = b'\n';
            bytes.extend_from_slice(line.as_bytes());
            bytes.extend_from_slice(b"\nmore notes\n");
            bytes
        };
        let most = MOST_TEXT as usize;
        let bytes = text(most);
        assert_eq!(&bytes[most - 1..=most], b"35");
        let path = dir.path().join(name);
        std::fs::write(&path, &bytes).unwrap();
        let start = &bytes[..bytes.len().min(MOST_READ as usize)];
        for said in [
            read_layout(&path),
            layout_of(&bytes, name),
            layout_of(start, name),
        ] {
            let error = said.unwrap_err();
            assert!(matches!(error, Error::CutShort { .. }), "{error}");
            assert!(
                error.to_string().contains("past the first 1 MiB"),
                "{error}"
            );
        }
        // Ending within the limit, at its line's end or at a quote, it is read whole.
        assert_eq!(layout_of(&text(most - 1), name).unwrap().rooms, 35);
        let mut quoted = vec![b' '; most - line.len() - 2];
        quoted.extend_from_slice(format!("\"{line}\"{}", "x".repeat(50)).as_bytes());
        assert_eq!(layout_of(&quoted, name).unwrap().rooms, 35);
    }

    #[test]
    fn recipes_are_found_in_text_of_any_kind() {
        let dir = tempfile::tempdir().unwrap();
        let cases = [
            ("plain.txt", "dv1 seed=4 rooms=3\n"),
            ("preset.txt", "# mine\nTiny: dv1 seed=4 rooms=3"),
            (
                "map.json",
                "{\n  \"recipe\": \"dv1 seed=4 rooms=3\",\n  \"width\": 64\n}",
            ),
            (
                "map.svg",
                "<svg>\n<metadata>dv1 seed=4 rooms=3</metadata>\n</svg>",
            ),
        ];
        for (name, text) in cases {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            let recipe = read_layout(&path).unwrap();
            assert_eq!((recipe.seed, recipe.rooms), (4, 3), "{name}");
            // The same from the bytes alone, as a file dropped on the web page.
            assert_eq!(layout_of(text.as_bytes(), Path::new(name)).unwrap(), recipe);
        }
        let none = dir.path().join("none.txt");
        std::fs::write(&none, "nothing here").unwrap();
        assert!(
            read_layout(&none)
                .unwrap_err()
                .to_string()
                .contains("holds no recipe")
        );
        let bad = dir.path().join("bad.txt");
        std::fs::write(&bad, "dv1 rooms=0").unwrap();
        assert!(
            read_layout(&bad)
                .unwrap_err()
                .to_string()
                .contains("the recipe in")
        );
        assert!(
            layout_of(b"dv1 rooms=0", Path::new("bad.txt"))
                .unwrap_err()
                .to_string()
                .contains("the recipe in")
        );
        assert!(
            read_layout(dir.path())
                .unwrap_err()
                .to_string()
                .contains("directory")
        );
    }
}
