//! The flags a problem adds to its own subcommands (`prove <problem>`, `plot <problem>`),
//! described as data: the command line is built from the registry, so a new game brings
//! its flags without touching the binary.

use std::collections::BTreeMap;

use thiserror::Error;

/// What a flag takes, with its default as the command line would spell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagKind {
    /// One `u64` in `min..=max`; `default` is checked against them when the command line
    /// is built.
    Number {
        default: &'static str,
        min: u64,
        max: u64,
    },
    /// Comma-separated `u64`s, or the flag repeated.
    Numbers { default: &'static [&'static str] },
    /// Present or not.
    Switch,
    /// Optional text.
    Text,
    /// One of `values`, read as text; `default` is one of them.
    Choice {
        values: &'static [&'static str],
        default: &'static str,
    },
}

/// One flag of a problem's subcommand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The long name, without the dashes.
    pub long: &'static str,
    /// One line for `--help`.
    pub help: &'static str,
    /// What it takes, and its default.
    pub kind: FlagKind,
    /// What `--help` calls its value ("L" in `--max-count <L>`).
    pub value_name: &'static str,
    /// Other long names it answers to, shown in `--help`.
    pub aliases: &'static [&'static str],
    /// Long names of flags it cannot be given with, the subcommand's shared ones
    /// (`shard`, `shard-index`, `shard-count`, `json`) included.
    pub conflicts: &'static [&'static str],
}

impl Flag {
    /// Returns the flag `--long N` with `default`, `min` ≤ N ≤ `u64::MAX`.
    pub const fn number(long: &'static str, help: &'static str, default: &'static str, min: u64) -> Flag {
        Flag {
            long,
            help,
            kind: FlagKind::Number {
                default,
                min,
                max: u64::MAX,
            },
            value_name: "N",
            aliases: &[],
            conflicts: &[],
        }
    }

    /// Returns the number flag, refusing values above `max`.
    pub const fn at_most(self, max: u64) -> Flag {
        match self.kind {
            FlagKind::Number { default, min, .. } => Flag {
                kind: FlagKind::Number { default, min, max },
                ..self
            },
            _ => self,
        }
    }

    /// Returns the flag with `--help` calling its value `name`.
    pub const fn value_name(self, name: &'static str) -> Flag {
        Flag {
            value_name: name,
            ..self
        }
    }

    /// Returns the flag `--long N,M,…` with `default`.
    pub const fn numbers(long: &'static str, help: &'static str, default: &'static [&'static str]) -> Flag {
        Flag {
            long,
            help,
            kind: FlagKind::Numbers { default },
            value_name: "N,…",
            aliases: &[],
            conflicts: &[],
        }
    }

    /// Returns the switch `--long`.
    pub const fn switch(long: &'static str, help: &'static str) -> Flag {
        Flag {
            long,
            help,
            kind: FlagKind::Switch,
            value_name: "",
            aliases: &[],
            conflicts: &[],
        }
    }

    /// Returns the optional text flag `--long TEXT`.
    pub const fn text(long: &'static str, help: &'static str) -> Flag {
        Flag {
            long,
            help,
            kind: FlagKind::Text,
            value_name: "TEXT",
            aliases: &[],
            conflicts: &[],
        }
    }

    /// Returns the flag `--long VALUE`, VALUE one of `values`, `default` when not given;
    /// read with [`Flags::text`].
    pub const fn choice(
        long: &'static str,
        help: &'static str,
        values: &'static [&'static str],
        default: &'static str,
    ) -> Flag {
        Flag {
            long,
            help,
            kind: FlagKind::Choice { values, default },
            value_name: "VALUE",
            aliases: &[],
            conflicts: &[],
        }
    }

    /// Returns the flag, also answering to `aliases`.
    pub const fn aliases(self, aliases: &'static [&'static str]) -> Flag {
        Flag { aliases, ..self }
    }

    /// Returns the flag, refused together with any of `conflicts`.
    pub const fn conflicts(self, conflicts: &'static [&'static str]) -> Flag {
        Flag { conflicts, ..self }
    }
}

/// A flag's value as given (or defaulted) on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlagValue {
    Number(u64),
    Numbers(Vec<u64>),
    Switch(bool),
    Text(Option<String>),
}

/// A flag read as the wrong kind, or not given: a mismatch between a problem's
/// [`Flag`]s and the code that reads them.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("flag --{flag} is not a {wanted} flag of this subcommand")]
pub struct FlagError {
    /// The flag's long name.
    pub flag: String,
    /// The kind it was read as: "number", "list", "switch" or "text".
    pub wanted: &'static str,
}

/// The values of a subcommand's flags, by long name.
///
/// # Example
/// ```
/// use gamecheck::problem::{FlagValue, Flags};
/// let flags = Flags::from_iter([("max-pile", FlagValue::Number(8))]);
/// assert_eq!(flags.number("max-pile"), Ok(8));
/// assert!(flags.switch("all").is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flags(BTreeMap<String, FlagValue>);

impl<S: Into<String>> FromIterator<(S, FlagValue)> for Flags {
    fn from_iter<I: IntoIterator<Item = (S, FlagValue)>>(iter: I) -> Flags {
        Flags(iter.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }
}

impl Flags {
    /// Returns whether `long` was given a value.
    pub fn contains(&self, long: &str) -> bool {
        self.0.contains_key(long)
    }

    /// Sets `long` to `value`.
    pub fn insert(&mut self, long: &str, value: FlagValue) {
        self.0.insert(long.to_owned(), value);
    }

    /// Returns the flags given, by long name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &FlagValue)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    fn get(&self, long: &str) -> Option<&FlagValue> {
        self.0.get(long)
    }

    fn wrong(long: &str, wanted: &'static str) -> FlagError {
        FlagError {
            flag: long.to_owned(),
            wanted,
        }
    }

    /// Returns the number `--long` holds.
    pub fn number(&self, long: &str) -> Result<u64, FlagError> {
        match self.get(long) {
            Some(FlagValue::Number(n)) => Ok(*n),
            _ => Err(Flags::wrong(long, "number")),
        }
    }

    /// Returns the numbers `--long` holds.
    pub fn numbers(&self, long: &str) -> Result<&[u64], FlagError> {
        match self.get(long) {
            Some(FlagValue::Numbers(v)) => Ok(v),
            _ => Err(Flags::wrong(long, "list")),
        }
    }

    /// Returns whether the switch `--long` was given.
    pub fn switch(&self, long: &str) -> Result<bool, FlagError> {
        match self.get(long) {
            Some(FlagValue::Switch(on)) => Ok(*on),
            _ => Err(Flags::wrong(long, "switch")),
        }
    }

    /// Returns the text `--long` holds, if given.
    pub fn text(&self, long: &str) -> Result<Option<&str>, FlagError> {
        match self.get(long) {
            Some(FlagValue::Text(t)) => Ok(t.as_deref()),
            _ => Err(Flags::wrong(long, "text")),
        }
    }
}

/// Why a game or a question could not be built from flags.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameError {
    /// A flag of the wrong kind, or one the game does not have.
    #[error(transparent)]
    Flag(#[from] FlagError),
    /// A flag's value makes no game.
    #[error("--{flag}: {why}")]
    Invalid { flag: &'static str, why: String },
    /// The flags ask a question the game cannot answer.
    #[error("{0}")]
    Question(String),
    /// The game's contest format is a mistake: it names the game and the field.
    #[error("{0}")]
    Format(String),
}

/// Returns `given` with every flag of `declared` that it lacks at its default.
pub fn with_defaults(declared: &[Flag], given: &Flags) -> Flags {
    let mut out = given.clone();
    for flag in declared {
        if out.contains(flag.long) {
            continue;
        }
        let value = match flag.kind {
            FlagKind::Number { default, .. } => match default.parse() {
                Ok(n) => FlagValue::Number(n),
                Err(_) => continue,
            },
            FlagKind::Numbers { default } => {
                FlagValue::Numbers(default.iter().filter_map(|d| d.parse().ok()).collect())
            }
            FlagKind::Switch => FlagValue::Switch(false),
            FlagKind::Text => FlagValue::Text(None),
            FlagKind::Choice { default, .. } => FlagValue::Text(Some(default.to_owned())),
        };
        out.insert(flag.long, value);
    }
    out
}
