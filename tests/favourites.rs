//! Favourites and the user's presets: saved at once, safely, by several windows at once, and
//! never lost, not even a file that no longer parses.

use std::fs;
use std::path::Path;
use std::thread;

use dungeon_files::text::quote_path;
use dungeon_generator::Recipe;
use dungeon_generator::generate;
use dungeon_viewer::store::Error as StoreError;
use dungeon_viewer::store::favourites::{
    Favourite, Favourites, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, default_name,
};
use dungeon_viewer::store::list::{Entry, JsonList};
use dungeon_viewer::store::presets::UserPresets;
use dungeon_viewer::store::presets::{self, Preset};
use tempfile::TempDir;

fn favourite(recipe: &str) -> Favourite {
    Favourite::new(&generate(&recipe.parse().unwrap()).unwrap()).unwrap()
}

fn open(dir: &Path) -> Favourites {
    let (list, notice) = Favourites::open(dir);
    assert_eq!(notice, None);
    list
}

fn names<T: Entry>(list: &JsonList<T>) -> Vec<String> {
    let json = serde_json::to_value(list.entries()).unwrap();
    json.as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect()
}

/// The backups of broken files in `dir`.
fn backups(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(".broken-"))
        .collect();
    names.sort();
    names
}

#[test]
fn a_missing_directory_is_an_empty_list() {
    let tmp = TempDir::new().unwrap();
    let list = open(&tmp.path().join("not-yet"));
    assert!(list.entries().is_empty());
    assert!(
        !tmp.path().join("not-yet").exists(),
        "opening writes nothing"
    );
}

#[test]
fn a_favourite_keeps_its_recipe_a_default_name_and_a_small_thumbnail() {
    let fav = favourite("dv1 seed=7 rooms=5");
    assert_eq!(fav.name, "seed 7");
    assert_eq!(fav.recipe().unwrap(), "dv1 seed=7 rooms=5".parse().unwrap());
    assert!(fav.kept > 1_700_000_000, "{}", fav.kept);
    assert!(fav.kept_utc.ends_with(" UTC"), "{}", fav.kept_utc);
    let pixels = fav.thumbnail().unwrap();
    // 64×56 cells at one pixel a cell: a second pixel would not fit 96×84.
    assert_eq!((pixels.width(), pixels.height()), (64, 56));
    let other = favourite("dv1 seed=7 rooms=5");
    assert_ne!(fav.id, other.id, "ids are unique");
}

#[test]
fn default_names_tell_favourites_apart() {
    let presets = presets::built_in();
    let name =
        |recipe: &str, kept: &[Favourite]| default_name(&recipe.parse().unwrap(), &presets, kept);
    // The default settings: the seed alone. A preset's: the seed and the preset.
    assert_eq!(name("dv1 seed=41", &[]), "seed 41");
    let caverns =
        "dv1 seed=41 stickiness=0.8 connect=loops loops=0.2 spacing=2 fit=move merge=1 closed=1";
    assert_eq!(name(caverns, &[]), "seed 41 · Caverns");
    // Settings of no preset: the seed; a name already kept gets the first free counter.
    let mut kept = vec![favourite("dv1 seed=41 rooms=5")];
    kept[0].name = name("dv1 seed=41 rooms=5", &[]);
    assert_eq!(kept[0].name, "seed 41");
    assert_eq!(name("dv1 seed=41 rooms=6", &kept), "seed 41 (2)");
    kept.push(favourite("dv1 seed=41 rooms=6"));
    kept[1].name = "seed 41 (2)".into();
    assert_eq!(name("dv1 seed=41", &kept), "seed 41 (3)");
    assert_eq!(name(caverns, &kept), "seed 41 · Caverns");
    kept[0].name = "seed 41 · Caverns".into();
    assert_eq!(name(caverns, &kept), "seed 41 (2) · Caverns");
}

#[test]
fn thumbnails_fit_small_and_large_maps() {
    for (recipe, expected) in [
        ("dv1 width=20 height=10 rooms=2 room-size=5", (80, 40)),
        ("dv1 width=960 height=100 rooms=2 room-size=5", (96, 10)),
        ("dv1 width=100 height=1000 rooms=2 room-size=5", (9, 84)),
    ] {
        let pixels = favourite(recipe).thumbnail().unwrap();
        let size = (pixels.width(), pixels.height());
        assert_eq!(size, expected, "{recipe}");
        assert!(size.0 <= THUMBNAIL_WIDTH && size.1 <= THUMBNAIL_HEIGHT);
    }
}

#[test]
fn the_file_is_readable_pretty_json_with_the_recipe_text() {
    let tmp = TempDir::new().unwrap();
    let mut list = open(tmp.path());
    list.add(favourite("dv1 seed=3")).unwrap();
    let text = fs::read_to_string(tmp.path().join("favourites.json")).unwrap();
    assert!(text.contains("\n  {\n"), "pretty-printed: {text}");
    assert!(text.contains(&format!("\"{}\"", "dv1 seed=3".parse::<Recipe>().unwrap())));
    assert!(text.contains("\"name\": \"seed 3\""), "{text}");
}

#[test]
fn a_restart_finds_what_was_added_renamed_and_deleted() {
    let tmp = TempDir::new().unwrap();
    let mut list = open(tmp.path());
    let (a, b, c) = (
        favourite("dv1 seed=1"),
        favourite("dv1 seed=2"),
        favourite("dv1 seed=3"),
    );
    for fav in [&a, &b, &c] {
        assert_eq!(list.add(fav.clone()).unwrap(), None);
    }
    list.rename(&b.id, "the good one").unwrap();
    list.delete(&a.id).unwrap();
    assert_eq!(names(&list), ["the good one", "seed 3"]);

    let again = open(tmp.path());
    assert_eq!(names(&again), ["the good one", "seed 3"]);
    assert_eq!(again.get(&c.id), Some(&c));
    assert_eq!(again.get(&a.id), None);
    assert!(matches!(
        list.delete(&a.id),
        Err(StoreError::NoSuchEntry(_))
    ));
}

#[test]
fn changes_by_another_window_are_kept_and_seen() {
    let tmp = TempDir::new().unwrap();
    let mut one = open(tmp.path());
    let mut two = open(tmp.path());
    let a = favourite("dv1 seed=1");
    one.add(a.clone()).unwrap();
    two.add(favourite("dv1 seed=2")).unwrap();
    assert_eq!(names(&two), ["seed 1", "seed 2"], "two re-read the file");
    // One renames an entry it never saw added; two deletes one it did not add.
    one.rename(&a.id, "first").unwrap();
    two.delete(&a.id).unwrap();
    assert_eq!(names(&open(tmp.path())), ["seed 2"]);
}

#[test]
fn windows_adding_at_once_lose_nothing() {
    let tmp = TempDir::new().unwrap();
    let fav = favourite("dv1 seed=9");
    thread::scope(|scope| {
        for t in 0..8 {
            let (dir, fav) = (tmp.path(), fav.clone());
            scope.spawn(move || {
                let mut list = open(dir);
                for n in 0..5 {
                    let mut entry = fav.clone();
                    entry.id = format!("{t}-{n}");
                    list.add(entry).unwrap();
                }
            });
        }
    });
    let list = open(tmp.path());
    assert_eq!(list.entries().len(), 40);
    for t in 0..8 {
        for n in 0..5 {
            assert!(list.get(&format!("{t}-{n}")).is_some(), "{t}-{n} is lost");
        }
    }
}

#[test]
fn a_broken_file_is_kept_aside_and_a_new_list_starts() {
    let tmp = TempDir::new().unwrap();
    let file = tmp.path().join("favourites.json");
    fs::write(&file, "[{\"id\": not json").unwrap();
    let (mut list, notice) = Favourites::open(tmp.path());
    let notice = notice.expect("a notice for the panel");
    assert!(list.entries().is_empty());
    let kept = backups(tmp.path());
    assert_eq!(kept.len(), 1);
    assert!(kept[0].starts_with("favourites.json.broken-20"), "{kept:?}");
    assert!(
        notice.starts_with("favourites.json could not be read (")
            && notice.ends_with(&format!(
                "kept it as {} and started a new list",
                quote_path(&tmp.path().join(&kept[0]))
            )),
        "{notice}"
    );
    assert_eq!(
        fs::read_to_string(tmp.path().join(&kept[0])).unwrap(),
        "[{\"id\": not json"
    );

    // Broken again in the same second: a second backup, the first untouched.
    fs::write(&file, "also broken").unwrap();
    let notice = list.add(favourite("dv1 seed=4")).unwrap();
    assert!(notice.is_some_and(|n| n.contains("could not be read")));
    let kept = backups(tmp.path());
    assert_eq!(kept.len(), 2, "{kept:?}");
    let contents: Vec<String> = kept
        .iter()
        .map(|name| fs::read_to_string(tmp.path().join(name)).unwrap())
        .collect();
    assert!(contents.contains(&"[{\"id\": not json".to_string()));
    assert!(contents.contains(&"also broken".to_string()));
    assert_eq!(names(&open(tmp.path())), ["seed 4"]);
}

#[test]
fn an_entry_whose_recipe_no_longer_parses_is_still_listed_and_kept() {
    let tmp = TempDir::new().unwrap();
    let mut fav = favourite("dv1 seed=5");
    fav.recipe = "dv9 seed=5 colour=teal".to_string();
    fav.thumbnail = "not base64!".into();
    let mut list = open(tmp.path());
    list.add(fav.clone()).unwrap();
    list.add(favourite("dv1 seed=6")).unwrap();
    let again = open(tmp.path());
    let kept = again.get(&fav.id).expect("still listed");
    assert!(kept.recipe().is_err());
    let error = kept.thumbnail().unwrap_err().to_string();
    assert!(error.contains("the thumbnail of “seed 5”"), "{error}");
    assert_eq!(again.entries().len(), 2);
}

#[test]
fn a_directory_that_cannot_be_written_keeps_changes_in_memory_and_loses_nothing() {
    let tmp = TempDir::new().unwrap();
    let blocker = tmp.path().join("file.txt");
    fs::write(&blocker, "in the way").unwrap();
    let dir = blocker.join("dungeon-viewer");
    let (mut list, notice) = Favourites::open(&dir);
    assert!(list.entries().is_empty());
    assert!(notice.is_some_and(|n| n.contains("could not be read")));

    let fav = favourite("dv1 seed=8");
    let error = list.add(fav.clone()).unwrap_err().to_string();
    assert!(error.starts_with("cannot save "), "{error}");
    assert!(error.contains("favourites.json"), "{error}");
    assert_eq!(list.get(&fav.id), Some(&fav), "still shown");
    assert!(list.rename(&fav.id, "renamed").is_err());
    assert_eq!(names(&list), ["renamed"]);
    assert!(list.delete(&fav.id).is_err());
    assert!(list.entries().is_empty());
    assert_eq!(fs::read_to_string(&blocker).unwrap(), "in the way");
}

#[test]
fn a_change_that_failed_is_saved_with_the_next_one() {
    let tmp = TempDir::new().unwrap();
    let mut list = open(tmp.path());
    let saved = favourite("dv1 seed=1");
    list.add(saved.clone()).unwrap();
    // The list file is a directory for a while: nothing can replace it.
    let file = tmp.path().join("favourites.json");
    let aside = tmp.path().join("aside.json");
    fs::rename(&file, &aside).unwrap();
    fs::create_dir(&file).unwrap();
    let unsaved = favourite("dv1 seed=2");
    assert!(list.add(unsaved.clone()).is_err());
    assert_eq!(names(&list), ["seed 1", "seed 2"]);
    fs::remove_dir(&file).unwrap();
    fs::rename(&aside, &file).unwrap();

    list.rename(&saved.id, "one").unwrap();
    assert_eq!(names(&open(tmp.path())), ["one", "seed 2"]);
}

#[test]
fn user_presets_share_the_same_safe_list() {
    let tmp = TempDir::new().unwrap();
    let (mut presets, notice) = UserPresets::open(tmp.path());
    assert_eq!(notice, None);
    let preset = Preset {
        name: "Tiny".to_string(),
        recipe: "dv1 rooms=3 room-size=10".to_string(),
    };
    presets.add(preset.clone()).unwrap();
    let mut other = preset.clone();
    other.name = "Other".to_string();
    presets.add(other).unwrap();
    assert!(matches!(presets.add(preset), Err(StoreError::Taken(_))));
    assert!(matches!(
        presets.rename("Tiny", "Other"),
        Err(StoreError::Taken(_))
    ));
    presets.rename("Tiny", "Small").unwrap();
    let (again, _) = UserPresets::open(tmp.path());
    assert_eq!(names(&again), ["Small", "Other"]);
    assert!(tmp.path().join("presets.json").is_file());
    assert!(!tmp.path().join("favourites.json").exists());
}
