//! A contest's input and output for a [`Game`], described as data: single case or `T`
//! cases, the fields of a case line by line (fixed numbers, a length then that many
//! numbers), a header that builds the game, limits on sums, and the answer with its
//! checker. [`Game::format`] returns it; `solve`, `stress`, `repro` and the stress judge
//! read, write, generate and judge through it, so every generated or shrunk input is
//! valid.
//!
//! # Example
//! ```
//! use gamecheck::game::{Field, Format, Game, Output};
//! /// Nim: take any number of stones from one pile.
//! struct Nim;
//! impl Game for Nim {
//!     type Position = Vec<u64>;
//!     const NAME: &'static str = "nim";
//!     fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
//!         for (i, &x) in piles.iter().enumerate() {
//!             out.extend((0..x).map(|y| { let mut q = piles.clone(); q[i] = y; q }));
//!         }
//!     }
//!     fn format(&self) -> Format<Nim> {
//!         Format::cases(1..=1000)
//!             .line([Field::len("n", 1..=100)])
//!             .line([Field::list("x_i", 0..=10u64.pow(18))])
//!             .sum("n", 10_000)
//!             .answer(Output::Move { lost: "lose" })
//!     }
//! }
//! assert_eq!(Nim.format().write(&[vec![1, 2]], |c| c.clone()), "1\n2\n1 2\n");
//! ```

use std::ops::RangeInclusive;

use super::{Game, Position};

/// One number of a line of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// One count of the position, in `range`.
    Number {
        name: &'static str,
        range: RangeInclusive<u64>,
    },
    /// How many numbers the list holds, in `range`.
    Len {
        name: &'static str,
        range: RangeInclusive<u64>,
    },
    /// The list: as many counts of the position as the [`Field::Len`] says, each in
    /// `range`.
    List {
        name: &'static str,
        range: RangeInclusive<u64>,
    },
}

impl Field {
    /// Returns a count of the position in `range`.
    pub fn number(name: &'static str, range: RangeInclusive<u64>) -> Field {
        Field::Number { name, range }
    }

    /// Returns the length of the list, in `range`.
    pub fn len(name: &'static str, range: RangeInclusive<u64>) -> Field {
        Field::Len { name, range }
    }

    /// Returns the list, its numbers each in `range`.
    pub fn list(name: &'static str, range: RangeInclusive<u64>) -> Field {
        Field::List { name, range }
    }

    /// Returns the field's name.
    pub fn name(&self) -> &'static str {
        match self {
            Field::Number { name, .. } | Field::Len { name, .. } | Field::List { name, .. } => name,
        }
    }

    /// Returns the field's range.
    pub fn range(&self) -> &RangeInclusive<u64> {
        match self {
            Field::Number { range, .. } | Field::Len { range, .. } | Field::List { range, .. } => range,
        }
    }
}

/// How many cases an input holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cases {
    /// One case, no count before it.
    Single,
    /// A line `T`, T in the range, then T cases.
    Many(RangeInclusive<u64>),
}

/// What a solution prints for a case, and how it is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Who wins: `win` when the player to move wins, `loss` when they lose, `draw` for a
    /// draw (loopy games). A name may be several words (`Stan wins`); the line's words
    /// are read as one answer.
    Winner {
        win: &'static str,
        loss: &'static str,
        draw: Option<&'static str>,
    },
    /// The Grundy value (normal play).
    Grundy,
    /// The number of winning moves: the distinct positions one move reaches that are
    /// lost for the player to move then.
    WinningMoves,
    /// One token over the positions `from..=n` of a one-count game, the case being n:
    /// `win` or `loss` per position (`WLWWL`).
    Range { from: u64, win: char, loss: char },
    /// A winning move `i y` (count i, 1-based, becomes y), or `lost` where the player
    /// to move loses. Any winning move is right: the checker confirms that it is legal
    /// ([`Game::is_move`]) and leads to a lost position, and that `lost` is printed
    /// exactly at lost positions.
    Move { lost: &'static str },
}

impl Output {
    /// Returns the answer `win` / `loss` (no draw).
    pub fn winner(win: &'static str, loss: &'static str) -> Output {
        Output::Winner {
            win,
            loss,
            draw: None,
        }
    }
}

/// The header: numbers before the cases that build the game (a move set).
pub(crate) struct Header<G> {
    pub(crate) lines: Vec<Vec<Field>>,
    /// This game's numbers, without the lengths.
    pub(crate) values: Vec<u64>,
    pub(crate) build: fn(&[u64]) -> Result<G, String>,
}

/// The contest format of a game: built by [`Format::cases`] or [`Format::single`], then
/// its lines, header, sums and answer.
pub struct Format<G> {
    pub(crate) cases: Cases,
    /// T's contest and extended bounds in stress, when not the range's end.
    pub(crate) generated_t: Option<(u64, u64)>,
    pub(crate) header: Option<Header<G>>,
    pub(crate) lines: Vec<Vec<Field>>,
    pub(crate) sums: Vec<(&'static str, u64)>,
    pub(crate) output: Output,
    /// The report labels of the counts and of the list's length, when not the fields'.
    pub(crate) labels: Option<(&'static str, &'static str)>,
    /// The counts' label made from the fields' names, once.
    pub(crate) count_label: std::sync::OnceLock<&'static str>,
}

impl<G> Format<G> {
    fn new(cases: Cases) -> Format<G> {
        Format {
            cases,
            generated_t: None,
            header: None,
            lines: Vec::new(),
            sums: Vec::new(),
            output: Output::Winner {
                win: "First",
                loss: "Second",
                draw: Some("Draw"),
            },
            labels: None,
            count_label: std::sync::OnceLock::new(),
        }
    }

    /// Returns the format of a line `T`, T in `t`, then T cases (no lines yet; the
    /// answer `First` / `Second` / `Draw`).
    pub fn cases(t: RangeInclusive<u64>) -> Format<G> {
        Format::new(Cases::Many(t))
    }

    /// Returns the format of an input of one case.
    pub fn single() -> Format<G> {
        Format::new(Cases::Single)
    }

    /// Returns the format with one more line of each case.
    pub fn line(mut self, fields: impl Into<Vec<Field>>) -> Format<G> {
        self.lines.push(fields.into());
        self
    }

    /// Returns the format with a header before the cases: its `lines`, the numbers that
    /// this game writes there (without the lengths), and how a game is built from the
    /// numbers read (`solve` answers with that game).
    pub fn header(
        mut self,
        lines: Vec<Vec<Field>>,
        values: Vec<u64>,
        build: fn(&[u64]) -> Result<G, String>,
    ) -> Format<G> {
        self.header = Some(Header { lines, values, build });
        self
    }

    /// Returns the format whose `stress` inputs hold up to `contest` cases, or up to
    /// `extended` with `--extended`, when T's range allows more.
    pub fn generated(mut self, contest: u64, extended: u64) -> Format<G> {
        self.generated_t = Some((contest, extended));
        self
    }

    /// Returns the format with the sum over the cases of field `name` at most `limit`.
    pub fn sum(mut self, name: &'static str, limit: u64) -> Format<G> {
        self.sums.push((name, limit));
        self
    }

    /// Returns the format with `output` as the answer.
    pub fn answer(mut self, output: Output) -> Format<G> {
        self.output = output;
        self
    }

    fn fields(&self) -> impl Iterator<Item = &Field> {
        self.lines.iter().flatten()
    }

    /// Returns the fields that are counts of the position, in order.
    fn counts(&self) -> impl Iterator<Item = &Field> {
        self.fields().filter(|f| !matches!(f, Field::Len { .. }))
    }

    /// Returns the list's length field, if a case has one.
    pub(crate) fn len_field(&self) -> Option<&Field> {
        self.fields().find(|f| matches!(f, Field::Len { .. }))
    }

    /// Returns the range of each count of a case with `len` counts, in order, or `None`
    /// when no case has that many.
    pub(crate) fn count_ranges(&self, len: usize) -> Option<Vec<&RangeInclusive<u64>>> {
        let fixed = self
            .counts()
            .filter(|f| matches!(f, Field::Number { .. }))
            .count();
        let list = len.checked_sub(fixed)?;
        let mut out = Vec::with_capacity(len);
        for f in self.counts() {
            match f {
                Field::List { range, .. } => out.extend(std::iter::repeat_n(range, list)),
                _ => out.push(f.range()),
            }
        }
        let has_list = self.fields().any(|f| matches!(f, Field::List { .. }));
        (out.len() == len && (has_list || list == 0)).then_some(out)
    }

    /// Returns whether a case with these counts is one the format admits: each count in
    /// its field's range and the list's length in its own.
    pub(crate) fn admits(&self, counts: &[u64]) -> bool {
        let Some(ranges) = self.count_ranges(counts.len()) else {
            return false;
        };
        let len_ok = match self.len_field() {
            Some(f) => {
                let fixed = self
                    .counts()
                    .filter(|f| matches!(f, Field::Number { .. }))
                    .count();
                f.range().contains(&((counts.len() - fixed) as u64))
            }
            None => true,
        };
        len_ok && counts.iter().zip(ranges).all(|(v, r)| r.contains(v))
    }

    /// Returns why the format cannot describe positions of type `P`, if it cannot: more
    /// than one list, a list without its length (or the reverse), a list for a fixed
    /// number of counts or the wrong number of fixed counts, an empty range.
    pub(crate) fn check<P: Position>(&self) -> Result<(), String> {
        let lists = self.fields().filter(|f| matches!(f, Field::List { .. })).count();
        let lens = self.fields().filter(|f| matches!(f, Field::Len { .. })).count();
        let fixed = self.counts().count() - lists;
        if lists > 1 || lens != lists {
            return Err("a case has at most one list, with one length before it".into());
        }
        if let Some(f) = self
            .fields()
            .chain(self.header.iter().flat_map(|h| h.lines.iter().flatten()))
            .find(|f| f.range().is_empty())
        {
            return Err(format!("the range of {} is empty", f.name()));
        }
        match (P::ARITY, lists) {
            (Some(k), 0) if k == fixed => {}
            (Some(k), _) => return Err(format!("a position has {k} counts, the format's case {fixed}")),
            (None, _) => {}
        }
        if let Cases::Many(t) = &self.cases
            && t.is_empty()
        {
            return Err("the range of T is empty".into());
        }
        if let Output::Range { .. } = self.output
            && P::ARITY != Some(1)
        {
            return Err("an answer over a range of n needs a one-count position".into());
        }
        Ok(())
    }

    /// Returns the input of `cases` (each a position's counts by `counts`): the header,
    /// `T` when the format has it, then each case's lines.
    pub fn write<C>(&self, cases: &[C], counts: impl Fn(&C) -> Vec<u64>) -> String {
        let mut out = String::new();
        if let Some(h) = &self.header {
            out.push_str(&write_lines(&h.lines, &h.values));
            out.push('\n');
        }
        if let Cases::Many(_) = self.cases {
            out.push_str(&format!("{}\n", cases.len()));
        }
        for c in cases {
            out.push_str(&self.write_case(&counts(c)));
            out.push('\n');
        }
        out
    }

    /// Returns the header's lines (no newline at the end), if the format has a header.
    pub(crate) fn write_header(&self) -> Option<String> {
        self.header.as_ref().map(|h| write_lines(&h.lines, &h.values))
    }

    /// Returns the range of T, or `None` for an input of one case.
    pub(crate) fn t_range(&self) -> Option<RangeInclusive<u64>> {
        match &self.cases {
            Cases::Many(t) => Some(t.clone()),
            Cases::Single => None,
        }
    }

    /// Returns one case's lines, joined by newlines (no newline at the end).
    pub(crate) fn write_case(&self, counts: &[u64]) -> String {
        write_lines(&self.lines, counts)
    }
}

/// Returns `lines` filled with `values` (the lengths computed), joined by newlines.
fn write_lines(lines: &[Vec<Field>], values: &[u64]) -> String {
    let fixed = lines
        .iter()
        .flatten()
        .filter(|f| matches!(f, Field::Number { .. }))
        .count();
    let list = values.len().saturating_sub(fixed);
    let mut next = values.iter();
    let text: Vec<String> = lines
        .iter()
        .map(|line| {
            let mut words: Vec<String> = Vec::new();
            for f in line {
                match f {
                    Field::Number { .. } => words.extend(next.next().map(u64::to_string)),
                    Field::Len { .. } => words.push(list.to_string()),
                    Field::List { .. } => words.extend(next.by_ref().take(list).map(u64::to_string)),
                }
            }
            words.join(" ")
        })
        .collect();
    text.join("\n")
}

impl<G: Game> Format<G> {
    /// Returns the format every game has unless it says otherwise: a line `T`, then T
    /// lines, each one position's counts (for a list: its length, then its counts); the
    /// answer `First`, `Second` or `Draw`, or with `--grundy` the Grundy value.
    pub fn default_for(game: &G) -> Format<G> {
        let max = game.max_count();
        let line = match G::Position::ARITY {
            Some(k) => {
                let names = G::Position::names();
                (0..k)
                    .map(|i| Field::number(names.get(i).copied().unwrap_or("a count"), 0..=max))
                    .collect()
            }
            None => vec![
                Field::len("the number of counts", 0..=game.max_len() as u64),
                Field::list("a count", 0..=max),
            ],
        };
        let mut format = Format::cases(1..=MAX_T).line(line).generated(20, 1000);
        format.labels = Some(("counts", "counts per position"));
        format
    }
}

/// The most cases per input of the default format that `solve` and the judge accept.
pub(crate) const MAX_T: u64 = 1_000_000;
