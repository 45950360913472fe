//! Opening a saved layout from a file: the recipe inside a PNG saved by Dungeon Viewer, or
//! the first recipe in a text file (a recipe copied from the panel, a line of `presets`, a
//! JSON export: anything with `dv1 …` on a line).

use std::io::Read;
use std::path::Path;

use super::{Error, png, safe_write};
use dungeon_generator::recipe::{Recipe, VERSION};

/// Text files are read up to this many bytes.
const MOST_TEXT: u64 = 1 << 20;

/// The recipe a saved layout file holds.
///
/// # Errors
/// A file that cannot be read or is not a regular file, a damaged PNG or one without a
/// recipe, or a text without a recipe line or whose recipe does not parse; each message
/// names the file.
pub fn read_layout(path: &Path) -> Result<Recipe, Error> {
    let mut file = safe_write::open_regular(path).map_err(Error::read(path))?;
    let mut start = [0u8; 8];
    let got = file.read(&mut start).map_err(Error::read(path))?;
    let named_png = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if named_png || start == png::SIGNATURE {
        return png::read_recipe(path);
    }
    let mut bytes = start[..got].to_vec();
    file.take(MOST_TEXT)
        .read_to_end(&mut bytes)
        .map_err(Error::read(path))?;
    let text = String::from_utf8_lossy(&bytes);
    let line = text
        .lines()
        .find_map(|line| {
            let at = line.find(&format!("{VERSION} "))?;
            // Up to a quote, for a recipe inside JSON or a quoted string.
            Some(
                line[at..]
                    .split(['"', '\''])
                    .next()
                    .unwrap_or_default()
                    .trim(),
            )
        })
        .ok_or_else(|| Error::NoRecipe {
            file: path.to_path_buf(),
            what: format!(
                "holds no recipe: open a PNG saved by Dungeon Viewer or a text with a recipe \
                 such as `{}`",
                Recipe::default()
            ),
        })?;
    line.parse().map_err(|source| Error::BadRecipe {
        file: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        ];
        for (name, text) in cases {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            let recipe = read_layout(&path).unwrap();
            assert_eq!((recipe.seed, recipe.rooms), (4, 3), "{name}");
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
            read_layout(dir.path())
                .unwrap_err()
                .to_string()
                .contains("directory")
        );
    }
}
