//! Wythoff's contest format: a line `T`, then T lines `x y`; `First` when the player to
//! move wins, `Second` otherwise. Piles are any `u64`.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::problem::{Piles, Wythoff, Outcome};
use super::rule::floor_phi;
use super::solve::{Limits, stream};
use crate::input::InputError;
use crate::problem::{Bounds, Constraints, ContestFormat, Dimension, SolveError};
use crate::tokens::Tokens;

/// A pile near a boundary of `0..=cap`: tiny, the cap and its neighbours, or uniform.
fn pile(rng: &mut ChaCha8Rng, cap: u64) -> u64 {
    match rng.random_range(0..6) {
        0..=1 => rng.random_range(0..=cap.min(5)),
        2 => cap - rng.random_range(0..=cap.min(2)),
        _ => rng.random_range(0..=cap),
    }
}

/// A position within `cap`: half the time a P-position (⌊jφ⌋, ⌊jφ⌋ + j) or a diagonal
/// neighbour, mirrored at random, where a wrong formula shows.
fn position(rng: &mut ChaCha8Rng, cap: u64) -> Piles {
    if rng.random_bool(0.5) {
        let j = rng.random_range(0..=cap / 3);
        if let Ok(a) = u64::try_from(floor_phi(j)) {
            let x = a.saturating_add_signed(rng.random_range(-1..=1));
            if let Some(y) = x.checked_add(j).filter(|&y| y <= cap) {
                return if rng.random_bool(0.5) {
                    Piles { x, y }
                } else {
                    Piles { x: y, y: x }
                };
            }
        }
    }
    Piles {
        x: pile(rng, cap),
        y: pile(rng, cap),
    }
}

// The grammar, once: `read_cases` is these three in turn, and the fast `solve` asks them
// whenever a line is not of the common shape, so both give the same errors.

/// Reads the line of T.
pub(super) fn read_header(tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
    let t = tokens.u64_anywhere("the number of cases T")?;
    tokens.end_line("the number of cases T")?;
    Ok(t)
}

/// Reads one case line `x y`.
pub(super) fn read_case(tokens: &mut Tokens<'_>) -> Result<Piles, InputError> {
    let x = tokens.u64_on_line("x")?;
    let y = tokens.u64_on_line("y")?;
    tokens.end_line("the two piles `x y` of a case")?;
    Ok(Piles { x, y })
}

/// Reads what follows the last of the `t` cases: only whitespace.
pub(super) fn read_end(tokens: &mut Tokens<'_>, t: u64) -> Result<(), InputError> {
    tokens.end_of_input(&format!("the last of the {t} cases"))
}

impl ContestFormat for Wythoff {
    /// T ≤ 20 cases per generated input by default (`solve` takes any T), and piles in
    /// `0..=u64::MAX`.
    fn constraints(&self) -> Result<Constraints, String> {
        Ok(Constraints {
            dimensions: vec![
                Dimension::cases_per_input(u64::MAX),
                Dimension {
                    flag: "count",
                    label: "piles",
                    min: 0,
                    start: 3,
                    contest: u64::MAX,
                    extended: u64::MAX,
                    limit: u64::MAX,
                },
            ],
        })
    }

    fn read_cases(&self, tokens: &mut Tokens<'_>) -> Result<Vec<Piles>, InputError> {
        let t = read_header(tokens)?;
        let mut cases = Vec::new();
        for _ in 0..t {
            cases.push(read_case(tokens)?);
        }
        read_end(tokens, t)?;
        Ok(cases)
    }

    fn numbers_text(&self) -> &'static str {
        "x y"
    }

    fn case_from_numbers(&self, numbers: &[u64]) -> Result<Piles, String> {
        match *numbers {
            [x, y] => Ok(Piles { x, y }),
            _ => Err(format!(
                "a Wythoff position is two piles `x y`, not {} numbers",
                numbers.len()
            )),
        }
    }

    fn write_case(&self, p: &Piles) -> String {
        format!("{} {}", p.x, p.y)
    }

    fn write_answer(&self, answer: &Outcome) -> String {
        answer.to_string()
    }

    fn read_answer(&self, token: &str) -> Result<Outcome, String> {
        crate::problem::first_wins(token).map(|wins| Outcome::of_loss(!wins))
    }

    fn extent(&self, cases: &[Piles]) -> Vec<(&'static str, u64)> {
        let largest = cases.iter().map(|p| p.x.max(p.y)).max().unwrap_or(0);
        vec![("cases", cases.len() as u64), ("count", largest)]
    }

    fn generate(&self, rng: &mut ChaCha8Rng, bounds: &Bounds) -> Vec<Piles> {
        let cap = bounds.max_or("count", u64::MAX);
        (0..bounds.draw_cases(rng)).map(|_| position(rng, cap)).collect()
    }

    /// The fast path of [`super::solve`]: the same output and errors as the default,
    /// in parallel and in bounded memory.
    fn solve_stream(
        &self,
        input: &mut dyn std::io::Read,
        output: &mut dyn std::io::Write,
        explain: bool,
    ) -> Result<(), SolveError> {
        stream(self, input, output, explain, Limits::DEFAULT)
    }
}
