//! Directories held open: a path is resolved once, component by component from `/` or the
//! working directory, each directory opened without following links (`openat` with
//! `O_DIRECTORY | O_NOFOLLOW`) and checked through the handle it gives (`fstat`); links on
//! the way are read and followed by the rules of [`links`](super::links). Every later look, create,
//! rename and removal is made relative to the handle, so nothing another user changes
//! between two system calls (a directory swapped for a link, say) can send a write
//! elsewhere.

use std::ffi::{OsStr, OsString};
use std::io;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use rustix::fs::{AtFlags, CWD, FileType, Mode, OFlags, RenameFlags, Stat};
use rustix::io::Errno;

use super::links::{MOST_LINKS, may_enter, may_follow};
use super::temporary;
use crate::text::quote_path;

/// A directory, held open: files are looked at, made, renamed and removed in it by name,
/// never through a path that could change meanwhile.
#[derive(Clone, Debug)]
pub struct Dir {
    fd: Arc<OwnedFd>,
    shown: PathBuf,
}

/// Where a file goes: the directory it is in, held open, and its name there, reached
/// through the links of the path that named it (by the rules of [`links`](super::links)).
#[derive(Debug)]
pub struct Located {
    /// Its directory.
    pub dir: Dir,
    /// Its name in the directory.
    pub name: OsString,
}

impl Located {
    /// What the entry is now (not following a link), or `None` when there is none.
    ///
    /// # Errors
    /// When it cannot be looked at.
    pub fn stat(&self) -> io::Result<Option<Stat>> {
        self.dir.stat(&self.name)
    }
}

impl Dir {
    /// The existing directory `path`, its links followed by the rules of [`links`](super::links). Stale
    /// temporary files of ours in it are removed (see [`temporary`]).
    ///
    /// # Errors
    /// A directory on the way that is missing (saying which), a file, a link or a
    /// directory another user made in a shared sticky directory, or one that cannot be
    /// opened.
    pub fn open(path: &Path) -> io::Result<Dir> {
        Self::walk(path, false)
    }

    /// The directory `path`, made (with those above it) when missing; otherwise as
    /// [`Dir::open`].
    ///
    /// # Errors
    /// As [`Dir::open`], or a directory that cannot be made.
    pub fn make(path: &Path) -> io::Result<Dir> {
        Self::walk(path, true)
    }

    fn walk(path: &Path, make: bool) -> io::Result<Dir> {
        let mut links = 0;
        let mut dir = start(path)?.enter(path, make, &mut links)?;
        temporary::remove_stale_once(&dir);
        // Files written in it are named as the directory was given.
        dir.shown = path.to_path_buf();
        Ok(dir)
    }

    /// The directory `name` in this one, as [`Dir::open`] opens a directory on its way:
    /// a link there followed by the rules of [`links`](super::links), a directory checked as
    /// [`may_enter`] says. Stale temporary files of ours in it are removed.
    ///
    /// # Errors
    /// As [`Dir::open`].
    pub fn open_in(&self, name: &OsStr) -> io::Result<Dir> {
        let mut links = 0;
        let dir = self.child(name, false, &mut links)?;
        temporary::remove_stale_once(&dir);
        Ok(Dir {
            shown: self.shown.join(name),
            ..dir
        })
    }

    /// The path of this directory, as it was reached (the path given, or the targets of
    /// the links followed): for messages and the names of files written.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.shown
    }

    /// The same directory, its path (for messages and files' names) said as `path`.
    #[must_use]
    pub fn shown_as(self, path: &Path) -> Dir {
        Dir {
            shown: path.to_path_buf(),
            ..self
        }
    }

    /// The handle.
    #[must_use]
    pub fn fd(&self) -> BorrowedFd<'_> {
        self.fd.as_fd()
    }

    /// A handle to the same open directory, for a list that outlives this value.
    pub(super) fn shared(&self) -> Arc<OwnedFd> {
        Arc::clone(&self.fd)
    }

    /// The directory itself, as `fstat` says.
    ///
    /// # Errors
    /// When it cannot be looked at.
    pub fn own_stat(&self) -> io::Result<Stat> {
        Ok(rustix::fs::fstat(self.fd())?)
    }

    /// What `name` is (a link itself, not what it leads to), or `None` when there is none.
    ///
    /// # Errors
    /// When it cannot be looked at.
    pub fn stat(&self, name: &OsStr) -> io::Result<Option<Stat>> {
        match rustix::fs::statat(self.fd(), name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(stat) => Ok(Some(stat)),
            Err(Errno::NOENT) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Open `name` with `flags` (never following a link there), made with `mode` when
    /// `flags` ask for it.
    ///
    /// # Errors
    /// As `openat`.
    pub fn open_at(&self, name: &OsStr, flags: OFlags, mode: Mode) -> io::Result<OwnedFd> {
        let flags = flags | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        Ok(rustix::fs::openat(self.fd(), name, flags, mode)?)
    }

    /// Rename `from` in this directory over `to` in `dir`.
    ///
    /// # Errors
    /// As `renameat`.
    pub fn rename(&self, from: &OsStr, dir: &Dir, to: &OsStr) -> io::Result<()> {
        Ok(rustix::fs::renameat(self.fd(), from, dir.fd(), to)?)
    }

    /// Rename `from` to `to` in this directory unless `to` exists (then
    /// `AlreadyExists`), atomically: nothing can appear at `to` in between and be written
    /// over.
    ///
    /// # Errors
    /// When `to` exists, or the rename fails.
    pub fn rename_new(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        let fd = self.fd();
        match rustix::fs::renameat_with(fd, from, fd, to, RenameFlags::NOREPLACE) {
            Ok(()) => Ok(()),
            // A file system without the flag: a link fails as well when `to` exists.
            Err(Errno::INVAL | Errno::NOSYS) => {
                self.link(from, to)?;
                self.remove(from)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Give the file `from` a second name `to`, which must not exist.
    ///
    /// # Errors
    /// As `linkat`.
    pub fn link(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        let fd = self.fd();
        Ok(rustix::fs::linkat(fd, from, fd, to, AtFlags::empty())?)
    }

    /// Remove the file (or link) `name`.
    ///
    /// # Errors
    /// As `unlinkat`.
    pub fn remove(&self, name: &OsStr) -> io::Result<()> {
        Ok(rustix::fs::unlinkat(self.fd(), name, AtFlags::empty())?)
    }

    /// The names in this directory (not `.` and `..`).
    ///
    /// # Errors
    /// When it cannot be read.
    pub fn names(&self) -> io::Result<Vec<OsString>> {
        let mut names = Vec::new();
        for entry in rustix::fs::Dir::read_from(self.fd())? {
            let name = entry?.file_name().to_bytes().to_vec();
            if name != b"." && name != b".." {
                names.push(OsString::from(std::ffi::OsStr::from_bytes(&name)));
            }
        }
        Ok(names)
    }

    /// The directory `name` in this one, made when missing and `make`; a link there
    /// followed by the rules of [`links`](super::links), a directory there checked as [`may_enter`]
    /// says.
    fn child(&self, name: &OsStr, make: bool, links: &mut usize) -> io::Result<Dir> {
        let shown = self.shown.join(name);
        // A name swapped between a directory and a link as it is looked at is looked at
        // again, a few times, and then refused.
        for _ in 0..MOST_LINKS {
            let e = match self.open_dir(name) {
                Ok(fd) => {
                    let stat = rustix::fs::fstat(&fd)?;
                    if FileType::from_raw_mode(stat.st_mode) != FileType::Directory {
                        return Err(not_a_directory(&shown));
                    }
                    may_enter(&shown, &stat, &self.shown, &self.own_stat()?)?;
                    return Ok(Dir {
                        fd: Arc::new(fd),
                        shown,
                    });
                }
                Err(e) => e,
            };
            match Errno::from_io_error(&e) {
                Some(Errno::LOOP | Errno::NOTDIR) => {
                    let Some(stat) = self.stat(name)? else {
                        // Removed meanwhile: look again.
                        continue;
                    };
                    match FileType::from_raw_mode(stat.st_mode) {
                        FileType::Symlink => {}
                        FileType::Directory => continue,
                        _ => return Err(not_a_directory(&shown)),
                    }
                    let target = self.follow(name, &stat, links)?;
                    let from = self.start_of_link(&target)?;
                    return from.enter(&target, make, links);
                }
                Some(Errno::NOENT) if make => {
                    match rustix::fs::mkdirat(self.fd(), name, Mode::from_raw_mode(0o777)) {
                        Ok(()) | Err(Errno::EXIST) => {}
                        Err(e) => return Err(e.into()),
                    }
                }
                Some(Errno::NOENT) => return Err(missing(&shown)),
                _ => return Err(e),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::ResourceBusy,
            format!(
                "{} keeps changing between a directory and something else: nothing is \
                 written in it",
                quote_path(&shown)
            ),
        ))
    }

    /// Where the link `name` (whose own metadata is `stat`) in this directory leads, once
    /// it is known that it may be followed; counts it among `links`.
    ///
    /// # Errors
    /// A link another user planted (see [`may_follow`]), too many links, or a link that
    /// cannot be read.
    pub(super) fn follow(
        &self,
        name: &OsStr,
        stat: &Stat,
        links: &mut usize,
    ) -> io::Result<PathBuf> {
        *links += 1;
        if *links > MOST_LINKS {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} is a link in a loop", quote_path(&self.shown.join(name))),
            ));
        }
        may_follow(&self.shown.join(name), stat, &self.shown, &self.own_stat()?)?;
        let target = rustix::fs::readlinkat(self.fd(), name, Vec::new())?;
        Ok(PathBuf::from(OsStr::from_bytes(target.as_bytes())))
    }

    /// Where a link's target `target` is walked from: `/` for an absolute one, else this
    /// directory.
    pub(super) fn start_of_link(&self, target: &Path) -> io::Result<Dir> {
        if target.is_absolute() {
            root()
        } else {
            Ok(self.clone())
        }
    }

    /// The directory `path` names from this one (which it starts from when relative).
    fn enter(self, path: &Path, make: bool, links: &mut usize) -> io::Result<Dir> {
        let mut dir = self;
        for component in path.components() {
            dir = match component {
                Component::RootDir => root()?,
                Component::CurDir | Component::Prefix(_) => dir,
                Component::ParentDir => dir.parent()?,
                Component::Normal(name) => dir.child(name, make, links)?,
            };
        }
        Ok(dir)
    }

    /// The directory above this one.
    fn parent(&self) -> io::Result<Dir> {
        Ok(Dir {
            fd: Arc::new(self.open_dir(OsStr::new(".."))?),
            shown: self.shown.join(".."),
        })
    }

    /// Open the directory `name` in this one (never through a link there): for reading,
    /// or only to pass through when this user may not read it (mode 711).
    fn open_dir(&self, name: &OsStr) -> io::Result<OwnedFd> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY;
        self.open_at(name, flags, Mode::empty())
            .or_else(|e| match Errno::from_io_error(&e) {
                Some(Errno::ACCESS) => self.open_at(name, OFlags::PATH | flags, Mode::empty()),
                _ => Err(e),
            })
    }

    /// `Ok` when each directory from this one up to `/` may be entered by the rules of
    /// [`links`](super::links), as the walk of an absolute path checks each on its way
    /// down: for the working directory, where a relative path's walk starts. Named in
    /// messages from `named`, this directory's path.
    ///
    /// # Errors
    /// A directory on the way up that another user made in a shared sticky directory, or
    /// one that cannot be opened or looked at.
    fn check_up_from(&self, named: &Path) -> io::Result<()> {
        let mut dir = Dir {
            shown: named.to_path_buf(),
            ..self.clone()
        };
        loop {
            let above = dir.parent()?;
            let above = above.shown_as(dir.shown.parent().unwrap_or(&dir.shown));
            let (stat, above_stat) = (dir.own_stat()?, above.own_stat()?);
            if (stat.st_dev, stat.st_ino) == (above_stat.st_dev, above_stat.st_ino) {
                // `/`, its own parent.
                return Ok(());
            }
            may_enter(&dir.shown, &stat, &above.shown, &above_stat)?;
            dir = above;
        }
    }

    /// Where the file `path` goes (which need not exist): the directory it is in, held
    /// open, and its name there, the links on the way and the file's own followed by the
    /// rules of [`links`](super::links) (so that a file kept as a link stays one). Stale temporary files
    /// of ours in that directory are removed first (see [`temporary`]).
    ///
    /// # Errors
    /// As [`Dir::open`] for its directory; a path without a file name (`..`, `/`); a link
    /// in a loop or planted by another user.
    pub fn locate(path: &Path) -> io::Result<Located> {
        let mut links = 0;
        let (mut dir, mut name) = (Dir::open(super::parent_dir(path))?, file_name(path)?);
        while let Some(stat) = dir.stat(&name)? {
            if FileType::from_raw_mode(stat.st_mode) != FileType::Symlink {
                break;
            }
            let target = dir.follow(&name, &stat, &mut links)?;
            let from = dir.start_of_link(&target)?;
            let above = super::parent_dir(&target);
            name = file_name(&target)?;
            dir = from.enter(above, false, &mut links)?;
            temporary::remove_stale_once(&dir);
        }
        Ok(Located { dir, name })
    }
}

/// The last part of `path`, a name in its directory.
fn file_name(path: &Path) -> io::Result<OsString> {
    match path.components().next_back() {
        Some(Component::Normal(name)) => Ok(name.to_os_string()),
        _ => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} names no file", quote_path(path)),
        )),
    }
}

/// `/`, held open.
fn root() -> io::Result<Dir> {
    let fd = rustix::fs::openat(
        CWD,
        "/",
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )?;
    Ok(Dir {
        fd: Arc::new(fd),
        shown: PathBuf::from("/"),
    })
}

/// Where the walk of `path` starts: `/` for an absolute path, else the working directory,
/// once each directory from it up to `/` is known to be one the walk of its absolute path
/// would enter ([`Dir::check_up_from`]): however a path is written (`x.png`, `./x.png`,
/// `../x.png`), a directory another user made in a shared sticky directory is refused.
fn start(path: &Path) -> io::Result<Dir> {
    if path.is_absolute() {
        return root();
    }
    let fd = rustix::fs::openat(
        CWD,
        ".",
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )?;
    let here = Dir {
        fd: Arc::new(fd),
        shown: PathBuf::new(),
    };
    // Messages name the working directory by its path, as the system last knew it.
    let named = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    here.check_up_from(&named)?;
    Ok(here)
}

/// The error for a directory on the way that does not exist.
fn missing(dir: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::NotFound,
        format!(
            "no such file or directory: the directory {} does not exist (make it first, or \
             name one that does)",
            quote_path(dir)
        ),
    )
}

/// The error for a file where a directory was named.
pub(super) fn not_a_directory(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::NotADirectory,
        format!(
            "not a directory: {} is a file (name a directory, or move the file away)",
            quote_path(path)
        ),
    )
}
