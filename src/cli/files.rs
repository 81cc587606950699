//! The files a command writes, checked all together before any is opened: none is an
//! input of the run or another of its outputs (compared as canonical paths, so `./a`,
//! `a` and a symbolic link to `a` are one file), none that exists is replaced without
//! `--force`, and each can be written, in a directory that exists (unless the command
//! makes it: [`Writes::making_dirs`], and a directory output makes its own). A run
//! refused here has written nothing. The files are then made through [`open`] and
//! [`write`].

use anyhow::{anyhow, bail, Result};
use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};

/// How one output is written.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// A file, made or replaced; `hint` is what else the user can do with one that exists.
    File { hint: &'static str },
    /// A results file that is appended to if it exists (`--resume`).
    Append,
    /// A summary made from the results file, written by a resumed run: replaced without
    /// `--force` when it is one this program wrote.
    Summary,
    /// A directory of files named like `names` (which `matches` tells).
    Dir {
        names: &'static str,
        matches: fn(&str) -> bool,
    },
}

/// One output: the flag that names it, its path, how it is written.
#[derive(Debug)]
struct Output {
    flag: &'static str,
    path: String,
    kind: Kind,
}

/// The inputs and outputs of one run, to be checked together with [`Writes::check`].
#[derive(Debug, Default)]
pub struct Writes {
    inputs: Vec<String>,
    outputs: Vec<Output>,
    force: bool,
    make_dirs: bool,
}

impl Writes {
    /// No files yet; `force` is the command's `--force` (replace existing outputs).
    pub fn new(force: bool) -> Writes {
        Writes {
            force,
            ..Writes::default()
        }
    }

    /// Missing directories of the outputs are made, not refused (an install location).
    pub fn making_dirs(mut self) -> Writes {
        self.make_dirs = true;
        self
    }

    /// The files the run reads (`-`, standard input, is no file).
    pub fn inputs<S: AsRef<str>>(mut self, files: &[S]) -> Writes {
        self.inputs.extend(
            files
                .iter()
                .map(|f| f.as_ref().to_string())
                .filter(|f| f != "-"),
        );
        self
    }

    /// A file the run makes or replaces, named by `flag`.
    pub fn file(self, flag: &'static str, path: Option<&str>) -> Writes {
        self.push(flag, path, Kind::File { hint: "" })
    }

    /// A summary of the results (`--csv`, `--markdown`, `--plot`), which a resumed run
    /// replaces without `--force` when it is one this program wrote.
    pub fn summary(self, flag: &'static str, path: Option<&str>, resume: bool) -> Writes {
        let kind = if resume {
            Kind::Summary
        } else {
            Kind::File { hint: "" }
        };
        self.push(flag, path, kind)
    }

    /// A results file: appended to when `resume`, else made or replaced (an existing
    /// one then needs `--force`, and the message offers `--resume` too).
    pub fn results(self, flag: &'static str, path: Option<&str>, resume: bool) -> Writes {
        let kind = if resume {
            Kind::Append
        } else {
            Kind::File {
                hint: "add --resume to continue that run, or ",
            }
        };
        self.push(flag, path, kind)
    }

    /// A directory the run fills with files named like `names` (which `matches` tells);
    /// one that holds such files already needs `--force`.
    pub fn dir(
        self,
        flag: &'static str,
        path: Option<&str>,
        names: &'static str,
        matches: fn(&str) -> bool,
    ) -> Writes {
        self.push(flag, path, Kind::Dir { names, matches })
    }

    fn push(mut self, flag: &'static str, path: Option<&str>, kind: Kind) -> Writes {
        if let Some(path) = path {
            self.outputs.push(Output {
                flag,
                path: path.to_string(),
                kind,
            });
        }
        self
    }

    /// Checks every rule for every output (see the module doc); the error names the
    /// flags and paths that clash and says what to do.
    pub fn check(&self) -> Result<()> {
        for o in &self.outputs {
            if o.path == "-" {
                bail!(
                    "{} -: `-` is standard output, which is not a file here; give a file name",
                    o.flag
                );
            }
            if o.path.is_empty() {
                bail!("{} needs a file name", o.flag);
            }
        }
        let outputs: Vec<(&Output, PathBuf)> = self
            .outputs
            .iter()
            .map(|o| (o, identity(&o.path)))
            .collect();
        for input in &self.inputs {
            let id = identity(input);
            for (o, oid) in &outputs {
                if covers(o, oid, &id) {
                    bail!(
                        "{} {} is the input file {input}: writing it would destroy the input (even with --force); write to another file",
                        o.flag,
                        o.path
                    );
                }
            }
        }
        for (i, (a, aid)) in outputs.iter().enumerate() {
            for (b, bid) in &outputs[i + 1..] {
                if aid == bid || covers(a, aid, bid) || covers(b, bid, aid) {
                    bail!(
                        "{} {} and {} {} name the same file: give each its own",
                        a.flag,
                        a.path,
                        b.flag,
                        b.path
                    );
                }
            }
        }
        for o in &self.outputs {
            self.check_one(o)?;
        }
        Ok(())
    }

    /// Whether a directory output of the run makes `dir` (it, or one of its parents).
    fn makes_dir(&self, dir: &Path) -> bool {
        let id = identity(&dir.to_string_lossy());
        self.outputs
            .iter()
            .any(|o| matches!(o.kind, Kind::Dir { .. }) && identity(&o.path).starts_with(&id))
    }

    /// The rules of one output on its own: what exists there, and whether it can be
    /// written.
    fn check_one(&self, o: &Output) -> Result<()> {
        let (flag, path) = (o.flag, o.path.as_str());
        let here = Path::new(path);
        match (std::fs::symlink_metadata(here), o.kind) {
            (Ok(_), Kind::Dir { names, matches }) => {
                if !here.is_dir() {
                    bail!("{flag} {path} is a file, not a directory: give a directory");
                }
                let mut old: Vec<String> = std::fs::read_dir(here)
                    .map_err(|e| anyhow!("{flag} {path}: cannot read the directory: {e}"))?
                    .filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| matches(n))
                    .collect();
                old.sort();
                if let (Some(first), false) = (old.first(), self.force) {
                    let more = match old.len() {
                        1 => String::new(),
                        n => format!(" and {} more {names} file(s)", n - 1),
                    };
                    bail!(
                        "{flag} {path} already holds {first}{more}: add --force to replace them, or give another directory"
                    );
                }
                writable(flag, path, here)
            }
            (Ok(_), _) if here.is_dir() => {
                bail!("{flag} {path} is a directory: give a file name")
            }
            (Ok(_), Kind::File { hint }) if !self.force => {
                bail!("{flag} {path} already exists: {hint}add --force to replace it")
            }
            (Ok(_), Kind::Summary) if !self.force && !wrote_summary(here) => {
                bail!(
                    "{flag} {path} already exists: it is not a summary this program wrote, which --resume replaces; add --force to replace it"
                )
            }
            (Ok(_), _) => writable(flag, path, here),
            (Err(_), _) => {
                let mut dir = here.parent();
                while let Some(d) = dir {
                    let d = if d.as_os_str().is_empty() {
                        Path::new(".")
                    } else {
                        d
                    };
                    if d.exists() {
                        if !d.is_dir() {
                            bail!(
                                "{flag} {path}: cannot write there: {} is a file, not a directory",
                                d.display()
                            );
                        }
                        return writable(flag, path, d);
                    }
                    if !self.make_dirs && !matches!(o.kind, Kind::Dir { .. }) && !self.makes_dir(d)
                    {
                        bail!(
                            "{flag} {path}: cannot write there: the directory {} does not exist; make it first (mkdir -p {})",
                            d.display(),
                            d.display()
                        );
                    }
                    dir = d.parent();
                }
                Ok(())
            }
        }
    }
}

/// Whether the file at `path` is a summary this program wrote (from its first MiB).
fn wrote_summary(path: &Path) -> bool {
    use std::io::Read;
    let mut head = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(1 << 20).read_to_end(&mut head))
        .is_ok_and(|_| sudoku_arena::harness::is_summary(&head))
}

/// Whether writing output `o` (at `oid`) writes the file at `id`: the same path, or,
/// for a directory, one of the files it fills.
fn covers(o: &Output, oid: &Path, id: &Path) -> bool {
    if oid == id {
        return true;
    }
    match o.kind {
        Kind::Dir { matches, .. } => {
            id.parent() == Some(oid)
                && id
                    .file_name()
                    .is_some_and(|n| matches(&n.to_string_lossy()))
        }
        _ => false,
    }
}

/// Refuses an output whose file, or the directory it would be made in, this process
/// may not write.
fn writable(flag: &str, path: &str, at: &Path) -> Result<()> {
    nix::unistd::access(at, nix::unistd::AccessFlags::W_OK).map_err(|e| {
        anyhow!(
            "{flag} {path}: cannot write {}: {}",
            at.display(),
            std::io::Error::from(e)
        )
    })
}

/// The path as the file system resolves it: the longest part that exists made
/// canonical (symbolic links followed), the rest joined to it with `.` and `..` worked
/// out, so that a file not made yet has one name too.
pub fn identity(path: &str) -> PathBuf {
    let given = Path::new(path);
    let absolute = if given.is_absolute() {
        given.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(given)
    };
    let parts: Vec<Component> = absolute.components().collect();
    for known in (0..=parts.len()).rev() {
        let base: PathBuf = parts[..known].iter().collect();
        let Ok(mut out) = base.canonicalize() else {
            continue;
        };
        for part in &parts[known..] {
            match part {
                Component::ParentDir => {
                    out.pop();
                }
                Component::Normal(name) => out.push(OsString::from(name)),
                _ => {}
            }
        }
        return out;
    }
    absolute
}

/// Opens `path` with `options`, making the directories it needs first.
pub fn open(path: &str, options: &std::fs::OpenOptions) -> Result<std::fs::File> {
    make_parent(path)?;
    options
        .open(path)
        .map_err(|e| anyhow!("{path}: cannot write: {e}"))
}

/// Makes (or empties) the file `path`, making the directories it needs first.
pub fn create(path: &str) -> Result<std::fs::File> {
    open(
        path,
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true),
    )
}

/// Writes `contents` to `path` (replacing it), making the directories it needs first.
pub fn write(path: &str, contents: impl AsRef<[u8]>) -> Result<()> {
    make_parent(path)?;
    std::fs::write(path, contents).map_err(|e| anyhow!("{path}: cannot write: {e}"))
}

/// Makes the directories `path` is in, if they are missing.
fn make_parent(path: &str) -> Result<()> {
    match Path::new(path).parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.exists() => std::fs::create_dir_all(dir)
            .map_err(|e| anyhow!("{path}: cannot make the directory {}: {e}", dir.display())),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_not_made_yet_has_the_identity_it_will_have() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        assert_eq!(
            identity(&format!("{d}/sub/../new/./x")),
            identity(&format!("{d}/new/x"))
        );
        std::os::unix::fs::symlink(dir.path().join("sub"), dir.path().join("link")).unwrap();
        assert_eq!(
            identity(&format!("{d}/link/y")),
            identity(&format!("{d}/sub/y"))
        );
    }
}
