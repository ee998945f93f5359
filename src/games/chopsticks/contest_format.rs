//! Chopsticks' contest format: a line `T`, then `T` lines `a c b d`; one `First` or
//! `Second` per case. `solve` is the problem core's line stream
//! ([`solve_lines`](crate::problem::solve_lines)), as for Wythoff.

use std::io::{Read, Write};

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::problem::Chopsticks;
use super::state::{Outcome, State};
use crate::input::InputError;
use crate::problem::{Bounds, Constraints, ContestFormat, Dimension, SolveError, read_line_cases, solve_lines};
use crate::tokens::Tokens;

fn is_real_play(p: [u64; 4]) -> bool {
    (p[0] > 0 || p[1] > 0) && (p[2] > 0 || p[3] > 0)
}

fn counts(s: &State) -> [u64; 4] {
    // Cases come from u64 input or from the generator, so every count fits.
    [s.a, s.c, s.b, s.d].map(|x| u64::try_from(x).unwrap_or(u64::MAX))
}

/// A count near a boundary of `0..=cap`: 0–3, small, the cap and its neighbours, half
/// of it, 10^18 ± 3 when within it, or uniform.
fn boundary_count(rng: &mut ChaCha8Rng, cap: u64) -> u64 {
    const E18: u64 = 1_000_000_000_000_000_000;
    match rng.random_range(0..10) {
        0..=3 => rng.random_range(0..=cap.min(3)),
        4 => rng.random_range(0..=cap.min(20)),
        5 if cap >= E18 + 3 => E18 - 3 + rng.random_range(0..=6),
        5 | 6 => cap - rng.random_range(0..=cap.min(3)),
        7 => cap / 2 + rng.random_range(0..=(cap - cap / 2).min(2)),
        _ => rng.random_range(0..=cap),
    }
}

fn position(rng: &mut ChaCha8Rng, cap: u64) -> [u64; 4] {
    let mut p = [0; 4];
    // Real play (both players hold a hand) needs a count of at least 1.
    for _ in 0..100 {
        p = [0; 4].map(|_: u64| boundary_count(rng, cap));
        if rng.random_bool(0.6) {
            // Tie the counts: n − m ∈ {−2..2}, where every case of the rule lives.
            let delta: i128 = rng.random_range(-2..=2);
            let d = i128::from(p[0]) + i128::from(p[1]) - delta - i128::from(p[2]);
            match u64::try_from(d) {
                Ok(d) if d <= cap => p[3] = d,
                _ => continue,
            }
        }
        if is_real_play(p) {
            break;
        }
    }
    p
}

impl ContestFormat for Chopsticks {
    /// T ≤ 20 cases per generated input by default (the statement bounds no T; `solve`
    /// takes any), and counts in `0..=u64::MAX`.
    fn constraints(&self) -> Result<Constraints, String> {
        Ok(Constraints {
            dimensions: vec![
                Dimension::cases_per_input(u64::MAX),
                Dimension {
                    flag: "count",
                    label: "counts",
                    min: 0,
                    start: 3,
                    contest: u64::MAX,
                    extended: u64::MAX,
                    limit: u64::MAX,
                },
            ],
        })
    }

    fn read_cases(&self, tokens: &mut Tokens<'_>) -> Result<Vec<State>, InputError> {
        read_line_cases(self, tokens)
    }

    fn numbers_text(&self) -> &'static str {
        "a c b d"
    }

    fn case_from_numbers(&self, numbers: &[u64]) -> Result<State, String> {
        match *numbers {
            [a, c, b, d] => Ok(State::new(a, c, b, d)),
            _ => Err(format!(
                "a Chopsticks position is four counts `a c b d`, not {} numbers",
                numbers.len()
            )),
        }
    }

    fn write_case(&self, s: &State) -> String {
        format!("{} {} {} {}", s.a, s.c, s.b, s.d)
    }

    fn write_answer(&self, answer: &Outcome) -> String {
        answer.to_string()
    }

    /// The deciding case of the rule and a winning move with the position it leaves.
    fn explain(&self, s: &State, _answer: &Outcome) -> String {
        super::solve::explanation(*s)
    }

    fn read_answer(&self, token: &str) -> Result<Outcome, String> {
        crate::problem::first_wins(token).map(|wins| if wins { Outcome::Win } else { Outcome::Loss })
    }

    fn extent(&self, cases: &[State]) -> Vec<(&'static str, u64)> {
        let largest = cases.iter().flat_map(counts).max().unwrap_or(0);
        vec![("cases", cases.len() as u64), ("count", largest)]
    }

    /// Files of 1 to T cases (one case a fifth of the time), each a position of real play
    /// when the counts allow, most with n − m ∈ {−2..2}.
    fn generate(&self, rng: &mut ChaCha8Rng, bounds: &Bounds) -> Vec<State> {
        let cap = bounds.max_or("count", u64::MAX);
        (0..bounds.draw_cases(rng))
            .map(|_| {
                let [a, c, b, d] = position(rng, cap);
                State::new(a, c, b, d)
            })
            .collect()
    }

    fn solve_stream(
        &self,
        input: &mut dyn Read,
        output: &mut dyn Write,
        explain: bool,
    ) -> Result<(), SolveError> {
        solve_lines(self, input, output, explain)
    }
}
