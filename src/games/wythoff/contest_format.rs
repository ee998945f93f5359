//! Wythoff's contest format: a line `T`, then T lines `x y`; `First` when the player to
//! move wins, `Second` otherwise. Piles are any `u64`.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::problem::{Piles, Wythoff, Outcome};
use super::rule::floor_phi;
use crate::game::Position;
use crate::input::InputError;
use crate::problem::{Bounds, Constraints, ContestFormat, Dimension, SolveError, read_line_cases, solve_lines};
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
        read_line_cases(self, tokens)
    }

    fn numbers_text(&self) -> &'static str {
        "x y"
    }

    fn case_from_numbers(&self, numbers: &[u64]) -> Result<Piles, String> {
        Piles::from_counts(numbers)
            .ok_or_else(|| format!("a Wythoff position is two piles `x y`, not {} numbers", numbers.len()))
    }

    fn write_case(&self, p: &Piles) -> String {
        format!("{} {}", p.x, p.y)
    }

    fn write_answer(&self, answer: &Outcome) -> String {
        answer.to_string()
    }

    /// A winning move to a P-position, or that the position is one.
    fn explain(&self, p: &Piles, _answer: &Outcome) -> String {
        super::solve::explanation(p)
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

    /// The line stream ([`solve_lines`]): the same output and errors as the default, in
    /// parallel and in bounded memory.
    fn solve_stream(
        &self,
        input: &mut dyn std::io::Read,
        output: &mut dyn std::io::Write,
        explain: bool,
    ) -> Result<(), SolveError> {
        solve_lines(self, input, output, explain)
    }
}
