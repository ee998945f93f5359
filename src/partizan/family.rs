//! What a built-in partizan family adds to its moves so that every engine can run it:
//! how a position is read and written in contest input, its size (the order of least
//! counterexamples), every position of a size, and the positions one step smaller.

use crate::input::InputError;
use crate::problem::{Flag, Flags};
use crate::tokens::Tokens;

use super::Partizan;

/// A property a family adds to `check`, by name: its fast path against a second method
/// of its own.
pub type CrossCheck<G> = (
    &'static str,
    fn(&G, &<G as Partizan>::Position) -> Result<(), String>,
);

/// A partizan game with positions the engines can list, order, read and write.
pub trait Family: Partizan<Position: Ord> + Clone {
    /// Returns the flags that build the family (`--rows`, `--cols`).
    fn flags() -> Vec<Flag> {
        Vec::new()
    }

    /// Returns the family `flags` builds.
    ///
    /// # Errors
    /// A flag's value that makes no game.
    fn from_flags(flags: &Flags) -> Result<Self, String>;

    /// Returns the position the flags name (the empty m × n Domineering board), if any.
    fn flagged_position(&self) -> Option<Self::Position> {
        None
    }

    /// Returns one position read from contest input, its lines consumed.
    ///
    /// # Errors
    /// The first malformed token, with its line.
    fn read(&self, tokens: &mut Tokens<'_>) -> Result<Self::Position, InputError>;

    /// Returns the position as contest input writes it (lines, no final newline).
    fn write(&self, p: &Self::Position) -> String;

    /// Returns the position on one line, for reports.
    fn show(&self, p: &Self::Position) -> String {
        self.write(p).replace('\n', "/")
    }

    /// Returns the size of `p`: cells, edges, squares. Least counterexamples are least in
    /// size first.
    fn size(&self, p: &Self::Position) -> u64;

    /// Returns the largest size contest input may hold.
    fn max_size(&self) -> u64;

    /// Returns every position of size `n`, in order. The list may be cut to the small
    /// shapes (boards of at most a few rows).
    fn of_size(&self, n: u64) -> Vec<Self::Position>;

    /// Returns what [`Family::of_size`] leaves out, when it cuts the list (`boards of at
    /// most 4 × 4`): a least counterexample is then least among those only.
    fn enumerated(&self) -> Option<&'static str> {
        None
    }

    /// Returns a random position of size at most `size` (and at least 1).
    fn random(&self, rng: &mut rand_chacha::ChaCha8Rng, size: u64) -> Self::Position {
        use rand::RngExt;
        let mut n = rng.random_range(1..=size.clamp(1, 10));
        loop {
            let all = self.of_size(n);
            if !all.is_empty() {
                return all[rng.random_range(0..all.len())].clone();
            }
            n += 1;
        }
    }

    /// Returns positions one step smaller than `p`.
    fn smaller(&self, p: &Self::Position) -> Vec<Self::Position>;

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
