//! What a partizan game adds to its moves so that every engine can run it: its contest
//! input (a [`Format`], by default), its size (the order of least counterexamples), every
//! position of a size, and the positions one step smaller.

use crate::game_trait::{Format, FromFlags, Position};
use crate::input::InputError;

use super::by_format;
use super::{Partizan, Value, Values};

/// The scanner a family that reads its own input ([`Family::read`]) reads with: numbers and
/// words, with errors naming the line and the token.
pub use crate::tokens::Tokens;

/// A property a family adds to `check`, by name: its fast path against a second method
/// of its own.
pub type CrossCheck<G> = (
    &'static str,
    fn(&G, &<G as Partizan>::Position) -> Result<(), String>,
);

/// Returns `Ok` when `want`, the value a second method (`method`) gives `p`, is the
/// canonical form of `p` from the moves of `family`: the body of a [`CrossCheck`].
///
/// # Errors
/// The two values, named, when they differ; the search's error when the moves' value is
/// beyond its budget.
pub(crate) fn agrees_with_moves<G: Partizan>(
    family: G,
    p: &G::Position,
    method: &str,
    want: Value,
) -> Result<(), String> {
    let by_moves = Values::new(family).of(p).map_err(|e| e.to_string())?;
    if by_moves == want {
        Ok(())
    } else {
        Err(format!(
            "{method} says {want}, the canonical form from the moves is {by_moves}"
        ))
    }
}

/// A partizan game with positions the engines can list, order, read and write: what
/// `solve --value`, `check`, `claim` and `stress` run on, and what
/// [`main!(partizan = …)`](crate::main) serves.
///
/// A position is its counts ([`Position`]: a `Vec<u64>` of a grid's `r, c` and cells, or a
/// list), and [`Family::format`] says how contest input writes them: every other item
/// follows from the two. Nothing is required beyond the moves ([`Partizan`]) and the flags
/// ([`FromFlags`], free for a `Default` game):
///
/// | item | default | who overrides it |
/// |---|---|---|
/// | `format` | `T` (0 to 100,000), then each position's counts, its length first | a board: `Format::cases(1..=100).line([Field::grid("board", ".xo", 1..=8, 1..=32)])` |
/// | `read`, `write`, `show` | the format's case, read as `scanf` reads it; `show` on one line | a family whose input is not counts (Hackenbush's `BRG` words) |
/// | `size`, `max_size` | a grid's cells, else the counts' total plus their number; the format's most | Domineering: its empty cells |
/// | `of_size`, `enumerated` | every grid of n cells, else every list of that size, all listed | a family whose positions are not counts |
/// | `smaller` | a row or column left out, a cell set to the alphabet's first character; else a count left out or one less | as `of_size` |
/// | `random` | a grid drawn by the format, else one of `of_size` | Domineering: boards with filled cells |
/// | `flagged_position`, `oracle_size`, `cross_checks` | none; 8; none | the built-ins |
///
/// # Example
/// ```
/// use gamecheck::game::{Field, Format};
/// use gamecheck::partizan::family::Family;
/// use gamecheck::partizan::{Partizan, PartizanProblem, Ask};
/// use gamecheck::problem::Problem;
///
/// /// A row of `L` and `R` squares: each player takes one own square from the right end.
/// #[derive(Clone, Default)]
/// struct Ends;
/// impl Partizan for Ends {
///     type Position = Vec<u64>;
///     const NAME: &'static str = "ends";
///     fn left_moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) { take(p, 0, out) }
///     fn right_moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) { take(p, 1, out) }
/// }
/// /// The grid `1 c` then its row: counts 1, c, then each cell (0 for `L`, 1 for `R`).
/// fn take(p: &Vec<u64>, mine: u64, out: &mut Vec<Vec<u64>>) {
///     if p.len() > 2 && p[p.len() - 1] == mine {
///         let mut q = p[..p.len() - 1].to_vec();
///         q[1] -= 1;
///         out.push(q);
///     }
/// }
/// impl Family for Ends {
///     fn format(&self) -> Format<Ends> {
///         Format::cases(1..=100).line([Field::grid("row", "LR", 1..=20, 1..=20)])
///     }
/// }
/// let problem = PartizanProblem::new(Ends, Ask::Value);
/// let row = Ends.read(&mut gamecheck::partizan::family::Tokens::new(&b"1 3\nRLL"[..])).unwrap();
/// assert_eq!(problem.solve(&row).unwrap().to_string(), "1");
/// ```
pub trait Family: Partizan<Position: Position> + FromFlags + Clone {
    /// Returns the position the flags name (the empty m × n Domineering board), if any:
    /// claims are then about it alone.
    fn flagged_position(&self) -> Option<Self::Position> {
        None
    }

    /// Returns the contest input: `T` in its range, then each position on the format's
    /// lines (a grid, numbers, a list). A partizan input has no header, common lines or
    /// sums, and its answer is the one asked (`--value`, `--outcome`, …), whatever the
    /// format's `answer` says.
    fn format(&self) -> Format<Self> {
        by_format::default_format()
    }

    /// Returns one position read from contest input, its lines consumed. Default: the
    /// format's case, each number and row a word wherever it stands (as `scanf` reads).
    ///
    /// # Errors
    /// The first malformed token, with its line.
    fn read(&self, tokens: &mut Tokens<'_>) -> Result<Self::Position, InputError> {
        by_format::read(&self.format(), tokens, Self::NAME)
    }

    /// Returns the position as contest input writes it (lines, no final newline).
    fn write(&self, p: &Self::Position) -> String {
        self.format().write_case(&p.counts())
    }

    /// Returns the position on one line, for reports.
    fn show(&self, p: &Self::Position) -> String {
        self.write(p).replace('\n', "/")
    }

    /// Returns the size of `p`: cells, edges, squares. Least counterexamples are least in
    /// size first. Default: a grid's cells, else the counts' total plus their number.
    fn size(&self, p: &Self::Position) -> u64 {
        by_format::size(&self.format(), &p.counts())
    }

    /// Returns the largest size contest input may hold.
    fn max_size(&self) -> u64 {
        by_format::max_size(&self.format())
    }

    /// Returns every position of size `n`, in order. The list may be cut to the small
    /// shapes (boards of at most a few rows).
    fn of_size(&self, n: u64) -> Vec<Self::Position> {
        let mut all: Vec<Self::Position> = by_format::of_size(&self.format(), n)
            .iter()
            .filter_map(|c| Self::Position::from_counts(c))
            .collect();
        all.sort();
        all
    }

    /// Returns what [`Family::of_size`] leaves out, when it cuts the list (`boards of at
    /// most 4 × 4`): a least counterexample is then least among those only.
    fn enumerated(&self) -> Option<&'static str> {
        None
    }

    /// Returns a random position of size at most `size` (and at least 1), or `None` when
    /// the family has none that small.
    fn random(&self, rng: &mut rand_chacha::ChaCha8Rng, size: u64) -> Option<Self::Position> {
        use rand::RngExt;
        if let Some(counts) = by_format::random_grid(&self.format(), rng, size) {
            return Self::Position::from_counts(&counts);
        }
        let mut n = rng.random_range(1..=size.clamp(1, 10));
        while n <= self.max_size().min(self.oracle_size().max(10)) {
            if let Some(p) = by_format::pick(rng, &self.of_size(n)) {
                return Some(p);
            }
            n += 1;
        }
        None
    }

    /// Returns positions one step smaller than `p`.
    fn smaller(&self, p: &Self::Position) -> Vec<Self::Position> {
        by_format::smaller(&self.format(), &p.counts())
            .iter()
            .filter_map(|c| Self::Position::from_counts(c))
            .collect()
    }

    /// Returns the largest size the definition-based oracles are asked about in `check`.
    fn oracle_size(&self) -> u64 {
        8
    }

    /// Returns the properties the family adds to `check`: its fast path against a second
    /// method of its own, by name.
    fn cross_checks(&self) -> Vec<CrossCheck<Self>> {
        Vec::new()
    }
}

/// Returns the next word (on this line or a later one, as `scanf("%s")` reads) made of
/// `alphabet`'s characters, at least `min` and at most `max` of them.
///
/// # Errors
/// The word missing, too long or too short, or a character outside the alphabet, named
/// with its line and the token.
pub fn read_row(
    tokens: &mut Tokens<'_>,
    what: &str,
    alphabet: &[u8],
    min: usize,
    max: usize,
) -> Result<Vec<u8>, InputError> {
    let expected = format!("{what} over {}", shown_alphabet(alphabet));
    let word = tokens.word_anywhere(&expected, max)?;
    let line = tokens.line();
    if let Some(c) = word
        .chars()
        .find(|c| !c.is_ascii() || !alphabet.contains(&(*c as u8)))
    {
        return Err(InputError::OutOfRange {
            line,
            token: crate::shown::escaped(word.as_bytes(), 40),
            why: format!("character `{c}` is not one of {}", shown_alphabet(alphabet)),
        });
    }
    if word.len() < min {
        return Err(InputError::OutOfRange {
            line,
            token: word,
            why: format!("{what} has at least {min} characters"),
        });
    }
    Ok(word.into_bytes())
}

fn shown_alphabet(alphabet: &[u8]) -> String {
    alphabet
        .iter()
        .map(|&b| format!("`{}`", b as char))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Returns every string of length `n` over `alphabet`, in order.
pub(crate) fn strings(alphabet: &[u8], n: u64) -> Vec<Vec<u8>> {
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    itertools::Itertools::multi_cartesian_product((0..n).map(|_| alphabet.iter().copied()))
        .chain((n == 0).then(Vec::new))
        .collect()
}

/// Returns the strings one step smaller than `s`: each character dropped.
pub(crate) fn dropped(s: &[u8]) -> Vec<Vec<u8>> {
    (0..s.len())
        .map(|i| {
            let mut t = s.to_vec();
            t.remove(i);
            t
        })
        .collect()
}
