//! Moore's Nim_k positions as a [`Problem`]: is a position a P-position? Moore's P-test
//! is judged by the explicit game search; least counterexamples have the fewest piles,
//! then the sorted piles lexicographically.

use std::fmt;

use proptest::prelude::*;

use super::oracles::Searches;
use super::strategy::small_position;
use super::{is_p_position, winning_move};
use crate::problem::{Below, Evaluation, Least, Order, Problem, Properties, Property, Share};

/// A position of Moore's Nim_k: the piles (sorted in the order's canonical form) and k,
/// the most piles one move may take from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub k: u32,
    pub piles: Vec<u64>,
}

/// Whether the player to move loses (P) or wins (N).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionOutcome {
    P,
    N,
}

impl PositionOutcome {
    /// Returns `P` when `is_p`, else `N`.
    pub fn of(is_p: bool) -> PositionOutcome {
        if is_p {
            PositionOutcome::P
        } else {
            PositionOutcome::N
        }
    }
}

impl fmt::Display for PositionOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PositionOutcome::P => "P-position (the player to move loses)",
            PositionOutcome::N => "N-position (the player to move wins)",
        })
    }
}

/// Moore's Nim_k: a move takes at least one stone from each of between 1 and k
/// non-empty piles; is the position a loss for the player to move?
pub struct MoorePosition {
    /// The k of the positions its contest input describes.
    k: u32,
    pub(crate) searches: Searches,
}

impl Default for MoorePosition {
    /// Moore's Nim_6, as in the contest.
    fn default() -> MoorePosition {
        MoorePosition::with_k(6)
    }
}

impl MoorePosition {
    /// Returns the problem whose input positions are of Moore's Nim_k.
    pub fn with_k(k: u32) -> MoorePosition {
        MoorePosition {
            k,
            searches: Searches::default(),
        }
    }

    /// Returns the k of input positions.
    pub fn k(&self) -> u32 {
        self.k
    }
}

/// The game search visits every sub-position: it is asked only when Π (p + 1) ≤ 5000.
fn searchable(piles: &[u64]) -> bool {
    piles
        .iter()
        .try_fold(1u64, |acc, &p| acc.checked_mul(p.checked_add(1)?))
        .is_some_and(|n| n <= 5000)
}

impl Problem for MoorePosition {
    type Case = Position;
    type Answer = PositionOutcome;

    fn name(&self) -> &'static str {
        "moore"
    }

    fn solve(&self, p: &Position) -> Result<PositionOutcome, String> {
        if p.k == 0 {
            return Err("k must be at least 1".into());
        }
        Ok(PositionOutcome::of(is_p_position(&p.piles, p.k)))
    }

    fn evaluate(&self, p: &Position) -> Vec<Evaluation<PositionOutcome>> {
        let fast = PositionOutcome::of(is_p_position(&p.piles, p.k));
        let detail = winning_move(&p.piles, p.k)
            .map_or_else(String::new, |next| format!("; winning move to {next:?}"));
        let search = if searchable(&p.piles) {
            let (is_p, grundy) = self
                .searches
                .with(p.k, |s| (s.is_p(&p.piles), s.grundy(&p.piles)));
            Evaluation::detailed(
                "game search",
                PositionOutcome::of(is_p),
                format!(" (Grundy value {grundy})"),
            )
        } else {
            Evaluation::out_of_reach(
                "game search",
                "out of reach (more than 5000 sub-positions)".into(),
            )
        };
        vec![Evaluation::detailed("p-test", fast, detail), search]
    }

    fn describe(&self, p: &Position) -> String {
        format!("moore: piles {:?}, k = {}", p.piles, p.k)
    }

    fn to_json(&self, p: &Position) -> serde_json::Value {
        serde_json::json!({ "piles": p.piles, "k": p.k })
    }

    fn repro_command(&self, p: &Position) -> String {
        let piles: Vec<String> = p.piles.iter().map(u64::to_string).collect();
        format!("gamecheck repro moore --k {} {}", p.k, piles.join(" "))
            .trim_end()
            .to_owned()
    }
}

/// Values below `x` a descent tries: 0, `x` without its top bit, geometric steps up to
/// `x`, and `x − 1`.
fn lowered(x: u64) -> impl Iterator<Item = u64> {
    let top = if x == 0 {
        0
    } else {
        x & !(1 << (63 - x.leading_zeros()))
    };
    // Geometric steps reach a threshold in O(log x) descent steps where x − 1 takes x.
    let steps = (1..64)
        .map_while(move |i| Some(x >> i).filter(|&d| d > 0))
        .map(move |d| x - d);
    [0, top]
        .into_iter()
        .chain(steps)
        .chain([x.saturating_sub(1)])
        .filter(move |&y| y < x)
}

/// The number of multisets of `n` values in 0..=`max`, C(max + n, n), capped.
fn multiset_count(n: usize, max: u64) -> u128 {
    let mut c: u128 = 1;
    for i in 1..=n as u128 {
        c = c.saturating_mul(u128::from(max) + i) / i;
        if c > u128::from(u64::MAX) {
            return u128::MAX;
        }
    }
    c
}

fn describe(n: usize, bound: u64) -> String {
    match n {
        0 => "no piles".to_owned(),
        1 => format!("1 pile of size <= {bound}"),
        _ => format!("{n} piles of sizes <= {bound}"),
    }
}

impl Order for MoorePosition {
    type Key = (usize, Vec<u64>);

    fn key(&self, p: &Position) -> (usize, Vec<u64>) {
        let mut piles = p.piles.clone();
        piles.sort_unstable();
        (piles.len(), piles)
    }

    fn smaller(&self, p: &Position) -> Vec<Position> {
        let piles = &p.piles;
        let n = piles.len();
        let mut out = Vec::new();
        let mut push = |mut v: Vec<u64>| {
            v.sort_unstable();
            out.push(v);
        };
        for i in 0..n {
            let mut v = piles.clone();
            v.remove(i);
            push(v);
            for j in i + 1..n {
                push(
                    piles
                        .iter()
                        .enumerate()
                        .filter(|&(t, _)| t != i && t != j)
                        .map(|(_, &x)| x)
                        .collect(),
                );
            }
            for y in lowered(piles[i]) {
                let mut v = piles.clone();
                v[i] = y;
                push(v);
            }
        }
        let mut values = piles.clone();
        values.sort_unstable();
        values.dedup();
        for &x in &values {
            push(piles.iter().copied().filter(|&q| q != x).collect());
            for y in lowered(x) {
                push(piles.iter().map(|&q| if q == x { y } else { q }).collect());
            }
            // Fewer piles, all copies of one: j copies of a pile are a P-position exactly
            // when k + 1 divides j, so this keeps a large pile while dropping the rest.
            for j in 1..n {
                push(vec![x; j]);
            }
        }
        let all = piles.iter().fold(0, |a, &q| a | q);
        for bit in (0..64).filter(|b| all >> b & 1 == 1) {
            push(piles.iter().map(|&q| q & !(1 << bit)).collect());
        }
        push(piles.iter().map(|&q| q / 2).collect());
        out.sort();
        out.dedup();
        out.into_iter().map(|piles| Position { k: p.k, piles }).collect()
    }

    fn below(&self, p: &Position, budget: u64) -> Below<'_, Position> {
        let len = p.piles.len();
        // The budget is shared by the pile counts; sizes may exceed the found case's
        // largest pile ([0, 9] comes before [1, 1]).
        let per_count = (u128::from(budget) / (len as u128 + 1)).max(500);
        let bounds: Vec<u64> = (0..=len)
            .map(|n| {
                if n == 0 {
                    return 0;
                }
                let (mut lo, mut hi) = (0u64, u64::MAX);
                while lo < hi {
                    let mid = lo + (hi - lo).div_ceil(2);
                    if multiset_count(n, mid) <= per_count {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                lo
            })
            .collect();
        let descriptions: Vec<String> = bounds.iter().enumerate().map(|(n, &b)| describe(n, b)).collect();
        // What was searched before a case of `n` piles: every smaller count in full, and
        // the cases of `n` piles before it.
        let searched_before = move |n: usize| {
            let mut parts = descriptions[..n.min(descriptions.len())].to_vec();
            if let Some(last) = descriptions.get(n) {
                parts.push(format!("{last} (before it)"));
            }
            format!("every position of {}", parts.join("; "))
        };
        let k = p.k;
        let first_pile = p.piles.iter().copied().min().unwrap_or(0);
        let one_pile_reaches = len == 0 || (len == 1 && bounds[1].saturating_add(1) >= first_pile);
        let exhausted = if one_pile_reaches {
            Least::Proven
        } else {
            Least::Bounded {
                searched: searched_before(len),
            }
        };
        let cases = bounds.into_iter().enumerate().flat_map(move |(n, bound)| {
            itertools::Itertools::combinations_with_replacement(0..=bound, n)
                .map(move |piles| Position { k, piles })
        });
        Below {
            cases: Box::new(cases),
            // Everything before a case of at most one pile was enumerated; beyond that
            // the order is infinite below it.
            found: Box::new(move |c: &Position| {
                if c.piles.len() <= 1 {
                    Least::Proven
                } else {
                    Least::Bounded {
                        searched: searched_before(c.piles.len()),
                    }
                }
            }),
            exhausted,
        }
    }
}

fn certified(problem: &MoorePosition, p: &Position, small: bool) -> Result<(), String> {
    let is_p = |piles: &[u64]| {
        if small {
            problem.searches.with(p.k, |s| s.is_p(piles))
        } else {
            is_p_position(piles, p.k)
        }
    };
    match winning_move(&p.piles, p.k) {
        None if is_p(&p.piles) => Ok(()),
        None => Err("no winning move from an N-position".into()),
        Some(next) => {
            let changed = p.piles.iter().zip(&next).filter(|(a, b)| a != b).count();
            let legal = next.len() == p.piles.len()
                && (1..=p.k as usize).contains(&changed)
                && p.piles.iter().zip(&next).all(|(a, b)| b <= a);
            if !legal {
                return Err(format!("illegal move to {next:?}"));
            }
            if is_p(&next) {
                Ok(())
            } else {
                Err(format!("the move to {next:?} leaves an N-position"))
            }
        }
    }
}

fn small_positions() -> BoxedStrategy<Position> {
    (1u32..=7)
        .prop_flat_map(|k| (Just(k), small_position(k)))
        .prop_map(|(k, piles)| Position { k, piles })
        .boxed()
}

impl Properties for MoorePosition {
    fn properties(&self) -> Vec<Property<MoorePosition>> {
        let share = |times| Share { times, per: 20 };
        vec![
            Property {
                name: "p_test_matches_game_search",
                share: share(1),
                cases: small_positions(),
                check: Box::new(|problem: &MoorePosition, p: &Position| {
                    let searched = problem.searches.with(p.k, |s| s.is_p(&p.piles));
                    let fast = is_p_position(&p.piles, p.k);
                    if fast == searched {
                        Ok(())
                    } else {
                        Err(format!("P-test says {fast}, game search says {searched}").into())
                    }
                }),
            },
            Property {
                name: "winning_move_is_certified",
                share: share(1),
                cases: small_positions(),
                check: Box::new(|problem, p| certified(problem, p, true).map_err(Into::into)),
            },
            Property {
                name: "winning_move_is_certified_on_large_piles",
                share: share(2),
                cases: (
                    prop_oneof![1u32..=20, Just(u32::MAX - 1)],
                    prop::collection::vec(prop_oneof![any::<u64>(), 0u64..16, Just(u64::MAX)], 0..30),
                )
                    .prop_map(|(k, piles)| Position { k, piles })
                    .boxed(),
                check: Box::new(|problem, p| certified(problem, p, false).map_err(Into::into)),
            },
        ]
    }

    fn regressions(&self) -> &'static str {
        "proptest-regressions/moore.txt"
    }

    fn search_budget(&self) -> u64 {
        60_000
    }
}
