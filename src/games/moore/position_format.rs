//! A contest format for Moore's Nim_k positions: a line `T`, then T lines `N p_1 … p_N`;
//! `First` when the player to move wins (an N-position), `Second` otherwise. k is the
//! problem's.

use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::position_problem::{MoorePosition, Position, PositionOutcome};
use crate::input::InputError;
use crate::problem::{Bounds, Constraints, ContestFormat, Dimension};
use crate::tokens::Tokens;

/// A pile size near a boundary of `0..=cap`.
fn pile(rng: &mut ChaCha8Rng, cap: u64) -> u64 {
    match rng.random_range(0..8) {
        0..=2 => rng.random_range(0..=cap.min(3)),
        3 => cap - rng.random_range(0..=cap.min(2)),
        4 => 1u64 << rng.random_range(0..=63 - cap.leading_zeros().min(63)),
        _ => rng.random_range(0..=cap),
    }
    .min(cap)
}

/// `n` piles that are a P-position when `n ≥ k + 1` allows one: groups of k + 1 equal
/// piles (every bit is then set a multiple of k + 1 times), the rest empty.
fn p_position(rng: &mut ChaCha8Rng, n: usize, m: usize, cap: u64) -> Vec<u64> {
    let mut piles = vec![0; n];
    for group in 0..n / m {
        let v = pile(rng, cap);
        piles[group * m..(group + 1) * m].fill(v);
    }
    piles.shuffle(rng);
    piles
}

impl ContestFormat for MoorePosition {
    /// T ≤ 20 positions of N ≤ 20 piles of at most 10^18 stones by default; extended
    /// T ≤ 1000, N ≤ 1000, piles up to 2^64 − 1.
    fn constraints(&self) -> Result<Constraints, String> {
        if self.k() == 0 {
            return Err("k = 0 is not allowed: a move takes stones from between 1 and k piles".into());
        }
        Ok(Constraints {
            dimensions: vec![
                Dimension::cases_per_input(10_000),
                Dimension {
                    flag: "n",
                    label: "N",
                    min: 1,
                    start: 1,
                    contest: 20,
                    extended: 1000,
                    limit: 1000,
                },
                Dimension {
                    flag: "value",
                    label: "p_i",
                    min: 0,
                    start: 3,
                    contest: 1_000_000_000_000_000_000,
                    extended: u64::MAX,
                    limit: u64::MAX,
                },
            ],
        })
    }

    fn read_cases(&self, tokens: &mut Tokens<'_>) -> Result<Vec<Position>, InputError> {
        let (max_t, max_n) = self
            .constraints()
            .map_or((u64::MAX, u64::MAX), |c| (c.limit("cases"), c.limit("n")));
        let t = tokens.u64_anywhere_at_most(
            "the number of positions T",
            max_t,
            &format!("T above {max_t} is beyond what gamecheck judges"),
        )?;
        tokens.end_line("the number of positions T")?;
        let mut cases = Vec::new();
        for i in 0..t {
            let n = tokens.u64_on_line_at_most(
                &format!("position {} of {t} (`N p_1 … p_N`)", i + 1),
                max_n,
                &format!("N above {max_n} is beyond what gamecheck judges"),
            )?;
            let expected = format!("one of the N = {n} pile sizes");
            let mut piles = Vec::new();
            for _ in 0..n {
                piles.push(tokens.u64_on_line(&expected)?);
            }
            tokens.end_line(&format!("the N = {n} pile sizes"))?;
            cases.push(Position { k: self.k(), piles });
        }
        tokens.end_of_input(&format!("the last of the {t} positions"))?;
        Ok(cases)
    }

    fn numbers_text(&self) -> &'static str {
        "[--k K] PILES…"
    }

    fn case_from_numbers(&self, numbers: &[u64]) -> Result<Position, String> {
        Ok(Position {
            k: self.k(),
            piles: numbers.to_vec(),
        })
    }

    fn write_case(&self, p: &Position) -> String {
        let mut line = p.piles.len().to_string();
        for pile in &p.piles {
            line.push(' ');
            line.push_str(&pile.to_string());
        }
        line
    }

    fn write_answer(&self, answer: &PositionOutcome) -> String {
        match answer {
            PositionOutcome::N => "First",
            PositionOutcome::P => "Second",
        }
        .to_owned()
    }

    /// Moore's winning move (from the highest bit whose count of piles is not a multiple
    /// of k + 1), or that every bit is balanced.
    fn explain(&self, p: &Position, _answer: &PositionOutcome) -> String {
        match super::p_position::winning_move(&p.piles, p.k) {
            Some(next) => format!("play to {next:?}, where every bit is set in a multiple of k + 1 = {} piles", u64::from(p.k) + 1),
            None => format!(
                "every bit is set in a multiple of k + 1 = {} piles, so every move leaves the opponent a win",
                u64::from(p.k) + 1
            ),
        }
    }

    fn read_answer(&self, token: &str) -> Result<PositionOutcome, String> {
        crate::problem::first_wins(token).map(|wins| PositionOutcome::of(!wins))
    }

    fn extent(&self, cases: &[Position]) -> Vec<(&'static str, u64)> {
        let n = cases.iter().map(|p| p.piles.len() as u64).max().unwrap_or(0);
        let top = cases
            .iter()
            .flat_map(|p| p.piles.iter().copied())
            .max()
            .unwrap_or(0);
        vec![("cases", cases.len() as u64), ("n", n), ("value", top)]
    }

    /// Positions of 1 to N piles: P-positions (groups of k + 1 equal piles), their
    /// neighbours (one pile moved by one), and boundary-biased random piles.
    fn generate(&self, rng: &mut ChaCha8Rng, bounds: &Bounds) -> Vec<Position> {
        let most_n = usize::try_from(bounds.max_or("n", 20))
            .unwrap_or(usize::MAX)
            .max(1);
        let cap = bounds.max_or("value", u64::MAX);
        let m = usize::try_from(self.k()).unwrap_or(usize::MAX).saturating_add(1);
        (0..bounds.draw_cases(rng))
            .map(|_| {
                let n = rng.random_range(1..=most_n);
                let piles = match rng.random_range(0..10) {
                    0..=3 => p_position(rng, n, m, cap),
                    4..=6 => {
                        let mut piles = p_position(rng, n, m, cap);
                        let i = rng.random_range(0..n);
                        piles[i] = if piles[i] > 0 && rng.random_bool(0.5) {
                            piles[i] - 1
                        } else {
                            piles[i].saturating_add(1).min(cap)
                        };
                        piles
                    }
                    _ => (0..n).map(|_| pile(rng, cap)).collect(),
                };
                Position { k: self.k(), piles }
            })
            .collect()
    }
}
