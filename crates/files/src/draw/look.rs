//! Look options and their one table, [`LOOKS`]: each option's name (its `render` flag), its
//! key in the window, its checkbox's label, its help and what it draws. The command line's
//! flags, the window's keys and its `?` help, the panel's checkboxes and their tooltips and
//! the README's table of looks all come from it, so a new option is a field of [`Look`], its
//! entry in [`LOOKS`] and its drawing in [`super::raster`].

/// Look options: marks and shades over the original look, any of them together. They are
/// not part of the recipe (the same map in any look), and all are off by default, when a
/// picture is the original's byte for byte. [`LOOKS`] says what each is for users.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Look {
    /// A wooden bar across every door's edge, where tabletops put the door (from
    /// [`MIN_MARK_CELL`](super::raster::MIN_MARK_CELL) pixels).
    pub doors: bool,
    /// The start as a green disc, the goal as a red one (from
    /// [`MIN_MARK_CELL`](super::raster::MIN_MARK_CELL) pixels).
    pub marks: bool,
    /// Every walkable cell shaded by its walking distance from the start: orange near it,
    /// blue at the farthest cell.
    pub distance: bool,
    /// A dark line inside a room's cells where they meet rock, the map's edge or another
    /// room, but not a path (from [`MIN_MARK_CELL`](super::raster::MIN_MARK_CELL) pixels).
    pub outlines: bool,
    /// Ink-friendly: white ground, black walls (rock beside walkable cells), light grey
    /// rooms and paths, a light grid over everything but walls, and a dark line where two
    /// rooms touch (from [`MIN_MARK_CELL`](super::raster::MIN_MARK_CELL) pixels).
    pub print: bool,
    /// Each room's number on a label over the room, placed by
    /// [`numbers::place`](super::numbers::place) (from
    /// [`MIN_NUMBER_CELL`](super::numbers::MIN_NUMBER_CELL) pixels).
    pub numbers: bool,
    /// The hand-inked look ([`super::hatched`]): hatched rock, heavy walls, smooth caves,
    /// drawn as vector shapes; on parchment, or on white paper with the print look.
    pub hatched: bool,
    /// In the hatched look, the rooms' own colours as a faint wash over their floor.
    pub colours: bool,
}

impl Look {
    /// The original look: every option off.
    pub const ORIGINAL: Look = Look {
        doors: false,
        marks: false,
        distance: false,
        outlines: false,
        print: false,
        numbers: false,
        hatched: false,
        colours: false,
    };
}

impl Default for Look {
    fn default() -> Self {
        Self::ORIGINAL
    }
}

/// One look option: its names, its help in a user's words, and its switch in a [`Look`].
/// [`LOOKS`] lists them all.
#[derive(Clone, Copy)]
pub struct LookOption {
    /// Its name, which is its flag on the command line: `doors`, `--doors`.
    pub name: &'static str,
    /// The key that turns it on and off in the window: a capital letter.
    pub key: char,
    /// Its checkbox's label in the window's panel, and its name in the README.
    pub label: &'static str,
    /// What it does, in one sentence without a full stop, for `--help` and the panel's
    /// tooltip.
    pub help: &'static str,
    /// What it draws, in detail, for the README.
    pub draws: &'static str,
    switch: fn(&mut Look) -> &mut bool,
    applies: fn(&Look) -> Result<(), &'static str>,
}

impl LookOption {
    /// Whether it is on in `look`.
    #[must_use]
    pub fn is_on(&self, look: &Look) -> bool {
        let mut look = *look;
        *self.switch(&mut look)
    }

    /// Its switch in `look`, to read or to turn.
    pub fn switch<'a>(&self, look: &'a mut Look) -> &'a mut bool {
        (self.switch)(look)
    }

    /// Whether it changes anything drawn with the other options of `look`.
    ///
    /// # Errors
    /// Why it does not, in a user's words: an option the hatched look draws anyway, or one
    /// that only it draws.
    pub fn applies(&self, look: &Look) -> Result<(), &'static str> {
        (self.applies)(look)
    }
}

/// An option that applies whatever the other options are.
fn always(_: &Look) -> Result<(), &'static str> {
    Ok(())
}

/// Options are told apart by their names, which differ.
impl PartialEq for LookOption {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for LookOption {}

impl std::fmt::Debug for LookOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LookOption")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Every look option, in the order the panel, the keys' help and the README list them.
pub const LOOKS: &[LookOption] = &[
    LookOption {
        name: "doors",
        key: 'D',
        label: "doors",
        help: "Mark each door, where a path goes into a room, with a wooden bar",
        draws: "a wooden bar where a path goes into a room: where a tabletop puts the door",
        switch: |look| &mut look.doors,
        applies: always,
    },
    LookOption {
        name: "marks",
        key: 'M',
        label: "start and goal marks",
        help: "Mark the start (green) and the goal, the cell farthest from it by walking \
               (red)",
        draws: "a green disc in the start cell and a red one in the goal, the cell farthest \
                from the start by walking",
        switch: |look| &mut look.marks,
        applies: always,
    },
    LookOption {
        name: "distance",
        key: 'T',
        label: "distance tint",
        help: "Tint rooms and paths by walking distance from the start: orange near it, blue \
               far away",
        draws: "each floor cell shaded by its walking distance from the start, orange near, \
                blue farthest",
        switch: |look| &mut look.distance,
        applies: always,
    },
    LookOption {
        name: "outlines",
        key: 'O',
        label: "room outlines",
        help: "Outline each room where it meets rock or another room, so that touching rooms \
               part",
        draws: "a dark line along each room's edge (not where a path comes in), so touching \
                rooms part",
        switch: |look| &mut look.outlines,
        applies: |look| {
            if look.hatched {
                Err("the hatched look draws every wall already")
            } else {
                Ok(())
            }
        },
    },
    LookOption {
        name: "print",
        key: 'P',
        label: "print look",
        help: "An ink-friendly look for printing: white ground, black walls, light grey floors, \
               light grid, dark lines between touching rooms",
        draws: "ink-friendly: white ground, black walls, grey rooms, lighter paths; hatched, \
                white paper and black ink",
        switch: |look| &mut look.print,
        applies: always,
    },
    LookOption {
        name: "numbers",
        key: 'N',
        label: "room numbers",
        help: "Number each room (1, 2, 3…, as in the JSON and in Tiled) on a label over it, \
               from 8 pixels a cell",
        draws: "each room's number (as in the JSON and Tiled) on a small white label at its \
                most interior cell, from 8 pixels a cell; labels never touch",
        switch: |look| &mut look.numbers,
        applies: always,
    },
    LookOption {
        name: "hatched",
        key: 'I',
        label: "hatched look",
        help: "The hand-inked look: hatched rock, heavy walls, smooth caves and a faint grid \
               on the floor, on parchment (white with the print look); hatching from 8 \
               pixels a cell",
        draws: "hatched rock fading into paper, walls in heavy ink, a shadow and faint grid on \
                the floor, doors as jambs and a leaf",
        switch: |look| &mut look.hatched,
        applies: always,
    },
    LookOption {
        name: "colours",
        key: 'U',
        label: "room colours",
        help: "In the hatched look, a faint wash of each room's own colour over its floor",
        draws: "in the hatched look, each room's own colour as a faint wash over its floor",
        switch: |look| &mut look.colours,
        applies: |look| {
            if look.hatched {
                Ok(())
            } else {
                Err("only the hatched look washes rooms: the others colour them already")
            }
        },
    },
];

impl Look {
    /// The names of the options on, joined by commas, in [`LOOKS`]' order:
    /// `numbers,hatched`; empty for the original look. [`Look::from_names`] reads it back.
    #[must_use]
    pub fn names(&self) -> String {
        LOOKS
            .iter()
            .filter(|option| option.is_on(self))
            .map(|option| option.name)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The look whose options on are `names`, as [`Look::names`] writes them (an empty
    /// text is the original look).
    ///
    /// # Errors
    /// The first name that is not a look option's, in the message for a user.
    pub fn from_names(names: &str) -> Result<Look, String> {
        let mut look = Look::ORIGINAL;
        for name in names.split(',').filter(|n| !n.is_empty()) {
            let option = LOOKS.iter().find(|o| o.name == name).ok_or_else(|| {
                let known: Vec<&str> = LOOKS.iter().map(|o| o.name).collect();
                format!("`{name}` is not a look option ({})", known.join(", "))
            })?;
            *option.switch(&mut look) = true;
        }
        Ok(look)
    }
}

/// The README's table of look options, in Markdown, from [`LOOKS`].
#[must_use]
pub fn looks_markdown() -> String {
    let mut table =
        String::from("| option | key | `render` flag | what it draws |\n|---|---|---|---|\n");
    for option in LOOKS {
        table.push_str(&format!(
            "| {} | {} | `--{}` | {} |\n",
            option.label, option.key, option.name, option.draws
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of `look`, named one by one: a new field does not compile here until it is
    /// named, and the tests below then fail until [`LOOKS`] has its entry.
    fn fields(look: Look) -> Vec<bool> {
        let Look {
            doors,
            marks,
            distance,
            outlines,
            print,
            numbers,
            hatched,
            colours,
        } = look;
        vec![
            doors, marks, distance, outlines, print, numbers, hatched, colours,
        ]
    }

    #[test]
    fn each_option_turns_on_one_field_and_together_all() {
        let mut all = Look::ORIGINAL;
        for option in LOOKS {
            let mut alone = Look::ORIGINAL;
            *option.switch(&mut alone) = true;
            assert!(option.is_on(&alone), "{}", option.name);
            let on = fields(alone).into_iter().filter(|&on| on).count();
            assert_eq!(on, 1, "{} turns on {on} fields", option.name);
            *option.switch(&mut all) = true;
        }
        assert!(
            fields(all).into_iter().all(|on| on),
            "a field has no option"
        );
    }

    #[test]
    fn names_keys_and_labels_differ_and_keys_are_capitals() {
        for (i, a) in LOOKS.iter().enumerate() {
            assert!(a.key.is_ascii_uppercase(), "{}", a.name);
            for b in &LOOKS[i + 1..] {
                assert!(a.name != b.name && a.key != b.key && a.label != b.label);
            }
        }
    }

    #[test]
    fn a_looks_names_read_back_as_the_look() {
        let mut look = Look::ORIGINAL;
        assert_eq!(look.names(), "");
        assert_eq!(Look::from_names(""), Ok(Look::ORIGINAL));
        for option in LOOKS {
            *option.switch(&mut look) = true;
            assert_eq!(Look::from_names(&look.names()), Ok(look));
        }
        assert_eq!(
            Look::from_names("hatched,numbers").map(|l| (l.hatched, l.numbers, l.doors)),
            Ok((true, true, false))
        );
        let wrong = Look::from_names("hatched,shiny").unwrap_err();
        assert!(
            wrong.starts_with("`shiny` is not a look option (doors,"),
            "{wrong}"
        );
    }

    #[test]
    fn help_is_one_sentence_without_a_full_stop() {
        for option in LOOKS {
            assert!(!option.help.ends_with('.'), "{}", option.name);
        }
    }
}
