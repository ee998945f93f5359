//! What claims on Moore's Nim_k positions are checked against: every small position by
//! explicit game search, then random positions over the full `u64` range by Moore's
//! theorem; a failure is reduced in the order fewest piles, then the sorted piles.

use itertools::Itertools;
use proptest::prelude::*;
use rand::RngExt;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::{MoorePosition, Position, PositionOutcome, is_p_position};
use super::GamesExpr;
use crate::claims::{ClaimReport, ExprError, check_typed_claim};
use crate::problem::{Claims, Domain, Least, Predicate, Sample, TypedClaims};

/// The most piles of a random position, less one.
const MAX_RANDOM_PILES: usize = 48;

/// Returns (P, S) of the exhaustive range for `k`: every position of at most P piles of
/// sizes 0..=S is checked against the explicit game search, about a second in all.
///
/// # Example
/// ```
/// use gamecheck::moore::exhaustive_bounds;
/// assert_eq!(exhaustive_bounds(6), (8, 4));
/// ```
pub fn exhaustive_bounds(k: u32) -> (usize, u64) {
    // Game search visits every sub-multiset with all its successors, whose number grows
    // as Π(p + 1) over the k piles that move. Eight piles reach k + 1 piles for k <= 7,
    // where the limit of k piles per move starts to matter. Measured in release builds:
    // k = 1: 0.2 s, 2: 0.7 s, 3: 0.4 s, 4: 0.3 s, 5: 0.7 s, 6: 1.3 s, 7 and 100: 0.1 s.
    match k {
        0 | 1 => (8, 8),
        2 => (8, 7),
        3 => (8, 5),
        4..=6 => (8, 4),
        _ => (8, 3),
    }
}

/// Whether `piles` lies in the exhaustive range of `k`, where the game search judges.
fn in_range(piles: &[u64], k: u32) -> bool {
    let (max_piles, max_size) = exhaustive_bounds(k);
    piles.len() <= max_piles && piles.iter().all(|&p| p <= max_size)
}

/// A random sorted position for Moore's Nim_k: many piles, sizes over the whole `u64`
/// range, biased to P-positions (each bit set in a multiple of k + 1 piles) and to
/// positions one change away from one.
fn random_position(rng: &mut ChaCha8Rng, k: u32) -> Vec<u64> {
    let n = match rng.random_range(0..10) {
        0..=5 => rng.random_range(0..=10),
        6..=8 => rng.random_range(0..=MAX_RANDOM_PILES / 2),
        _ => rng.random_range(0..=MAX_RANDOM_PILES),
    };
    let bits: u32 = match rng.random_range(0..4) {
        0 => rng.random_range(1..=4),
        1 => rng.random_range(1..=16),
        _ => 64,
    };
    let mask = if bits == 64 { u64::MAX } else { (1 << bits) - 1 };
    let boundary = |rng: &mut ChaCha8Rng| -> u64 {
        match rng.random_range(0..6) {
            0 => rng.random_range(0..=3),
            1 => u64::MAX - rng.random_range(0..=2),
            2 => 1 << rng.random_range(0..64),
            3 => (1 << rng.random_range(0..64)) - 1,
            _ => u64::from(k) + rng.random_range(0..=2),
        }
    };
    let m = u64::from(k) + 1;
    let mut piles: Vec<u64> = match rng.random_range(0..8) {
        0 => (0..n).map(|_| rng.random::<u64>() & mask).collect(),
        1 => (0..n).map(|_| boundary(rng)).collect(),
        _ => {
            // Balanced: each bit in a multiple of k + 1 of the piles.
            let mut piles = vec![0u64; n];
            let mut order: Vec<usize> = (0..n).collect();
            for bit in 0..bits {
                let groups = n as u64 / m;
                let count = if groups == 0 {
                    0
                } else {
                    m * rng.random_range(0..=groups)
                };
                order.shuffle(rng);
                for &i in order.iter().take(count as usize) {
                    piles[i] |= 1 << bit;
                }
            }
            piles
        }
    };
    // Half the time, one change: a bit flipped, a pile added, removed or copied.
    if rng.random_bool(0.5) {
        match rng.random_range(0..4) {
            0 if !piles.is_empty() => {
                let i = rng.random_range(0..piles.len());
                piles[i] ^= 1 << rng.random_range(0..bits);
            }
            1 if !piles.is_empty() => {
                let i = rng.random_range(0..piles.len());
                piles.remove(i);
            }
            2 if !piles.is_empty() => {
                let i = rng.random_range(0..piles.len());
                piles.push(piles[i]);
            }
            _ => piles.push(boundary(rng)),
        }
    }
    piles.sort_unstable();
    piles
}

impl Claims for MoorePosition {
    fn typed_claim(&self, text: &str, seed: u64, cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        Some(check_typed_claim(self, text, seed, cases))
    }

    fn claim_vocabulary(&self) -> Option<&'static str> {
        Some(
            "EXPR over piles, k, xor, sum, max, bitcount(j), all_bits(expr of j) claims \"the position is a loss for the player to move\" in Moore's Nim_k (--k)",
        )
    }

    /// The explicit game search in the exhaustive range ([`exhaustive_bounds`]); beyond
    /// it Moore's theorem (the P-test), which `check` and `prove` verify against the
    /// search and [`Claims::audit`] compares with the search in the range.
    fn reference(&self, p: &Position) -> (PositionOutcome, &'static str) {
        if in_range(&p.piles, p.k) {
            let is_p = self.searches.with(p.k, |s| s.is_p(&p.piles));
            (PositionOutcome::of(is_p), "game search")
        } else {
            (
                PositionOutcome::of(is_p_position(&p.piles, p.k)),
                "Moore's theorem",
            )
        }
    }

    /// Every position of at most P piles of sizes 0..=S ([`exhaustive_bounds`]), fewest
    /// piles first, then the sorted piles: the order, but not a prefix of it (a pile of
    /// 9 comes before two piles), so a failure there is handed to the least search.
    fn exhaustive(&self) -> Domain<'_, Position> {
        let k = self.k();
        let (max_piles, max_size) = exhaustive_bounds(k);
        let cases = (0..=max_piles).flat_map(move |n| {
            (0..=max_size)
                .combinations_with_replacement(n)
                .map(move |piles| Position { k, piles })
        });
        Domain {
            cases: Box::new(cases),
            description: format!(
                "positions of at most {max_piles} piles of sizes 0..={max_size} by game search"
            ),
            separator: ", ",
            standing: Least::Bounded {
                searched: format!("every position of at most {max_piles} piles of sizes 0..={max_size}"),
            },
            refine: true,
        }
    }

    /// Sorted positions of up to 49 piles, sizes up to `u64::MAX`, mostly P-positions and
    /// their neighbours. They do not shrink: the least search reduces a failure.
    fn random(&self) -> Sample<Position> {
        let k = self.k();
        Sample {
            cases: any::<u64>()
                .no_shrink()
                .prop_map(move |seed| Position {
                    k,
                    piles: random_position(&mut ChaCha8Rng::seed_from_u64(seed), k),
                })
                .boxed(),
            description: format!(
                "positions of up to {} piles over the full u64 range, mostly P-positions and their neighbours",
                MAX_RANDOM_PILES + 1
            ),
            separator: ", ",
        }
    }

    fn least_budget(&self) -> u64 {
        60_000
    }

    fn reference_text(&self) -> String {
        format!(
            "explicit game search (oracle) in the exhaustive range; Moore's theorem (is_p_position, verified against the game search by the tests) beyond, k = {}",
            self.k()
        )
    }

    /// In the exhaustive range Moore's theorem, the reference beyond it, must agree with
    /// the game search.
    fn audit(&self, p: &Position) -> Option<Result<(), String>> {
        in_range(&p.piles, p.k).then(|| {
            let searched = self.searches.with(p.k, |s| s.is_p(&p.piles));
            if searched == is_p_position(&p.piles, p.k) {
                Ok(())
            } else {
                Err(format!(
                    "game search and Moore's theorem disagree at {:?}",
                    p.piles
                ))
            }
        })
    }

    fn answer_text(&self, answer: &PositionOutcome) -> String {
        match answer {
            PositionOutcome::P => "loss (P-position)",
            PositionOutcome::N => "win (N-position)",
        }
        .to_owned()
    }
}

/// `claim games 'EXPR'`: "the position is a loss for the player to move exactly when
/// EXPR", over piles, k, xor, sum, max, `bitcount(j)` and `all_bits(…)`.
impl TypedClaims for MoorePosition {
    fn compile(&self, text: &str) -> Result<Predicate<Position>, ExprError> {
        let expr = GamesExpr::compile(text, self.k())?;
        Ok(Box::new(move |p: &Position| expr.is_loss(&p.piles)))
    }

    fn answer_from_claim(&self, claim_true: bool) -> PositionOutcome {
        PositionOutcome::of(claim_true)
    }
}
