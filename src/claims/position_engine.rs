//! Checking a Moore's Nim_k claim ("the position is a loss for the player to move
//! exactly when …") against the references: every small position by explicit game search,
//! then random positions over the full `u64` range by Moore's theorem, then the least
//! counterexample (fewest piles, then the sorted piles lexicographically).

use std::time::Instant;

use gamecheck_oracles::moore_game_search::GameSearch;
use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::verdict::{ClaimReport, Evidence, Refutation, stopped};
use crate::check::stream;
use crate::games::moore::is_p_position;
use crate::problem::Least;

/// Candidates that the least-counterexample search enumerates below a failure.
const LEAST_BUDGET: u128 = 60_000;
/// The most piles of a random position.
const MAX_RANDOM_PILES: usize = 48;

/// Returns (P, S) of the exhaustive range for `k`: every position of at most P piles of
/// sizes 0..=S is checked against the explicit game search, about a second in all.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use gamecheck::claims::exhaustive_bounds;
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

/// Every multiset of `n` values in 0..=`max` as a sorted list, lexicographically.
fn multisets(n: usize, max: u64) -> impl Iterator<Item = Vec<u64>> {
    let mut next = Some(vec![0u64; n]);
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut v = current.clone();
        if let Some(i) = (0..n).rev().find(|&i| v[i] < max) {
            v[i] += 1;
            let fill = v[i];
            v[i + 1..].iter_mut().for_each(|x| *x = fill);
            next = Some(v);
        }
        Some(current)
    })
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

/// The order key: fewest piles, then the sorted piles lexicographically.
fn key(piles: &[u64]) -> (usize, &[u64]) {
    (piles.len(), piles)
}

fn lowered(x: u64) -> impl Iterator<Item = u64> {
    let top = if x == 0 {
        0
    } else {
        x & !(1 << (63 - x.leading_zeros()))
    };
    // Geometric steps down (x − x/2, x − x/4, …, x − 1) reach a threshold in O(log x)
    // descent steps where x − 1 alone would take x.
    let steps = (1..64)
        .map_while(move |i| Some(x >> i).filter(|&d| d > 0))
        .map(move |d| x - d);
    [0, top]
        .into_iter()
        .chain(steps)
        .chain([x.saturating_sub(1)])
        .filter(move |&y| y < x)
}

/// Smaller positions a descent tries from the sorted `piles`, least first: a pile or two
/// removed, a pile lowered, and changes made to many piles at once, which keep the bit
/// counts that P-positions depend on: every copy of a value removed or lowered together,
/// a bit cleared in every pile, every pile halved.
fn smaller(piles: &[u64]) -> Vec<Vec<u64>> {
    let n = piles.len();
    let mut out = Vec::new();
    let mut push = |mut v: Vec<u64>| {
        v.sort_unstable();
        out.push(v);
    };
    for i in 0..n {
        let mut v = piles.to_vec();
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
            let mut v = piles.to_vec();
            v[i] = y;
            push(v);
        }
    }
    let mut values = piles.to_vec();
    values.dedup();
    for &x in &values {
        push(piles.iter().copied().filter(|&p| p != x).collect());
        for y in lowered(x) {
            push(piles.iter().map(|&p| if p == x { y } else { p }).collect());
        }
    }
    let all = piles.iter().fold(0, |a, &p| a | p);
    for bit in (0..64).filter(|b| all >> b & 1 == 1) {
        push(piles.iter().map(|&p| p & !(1 << bit)).collect());
    }
    push(piles.iter().map(|&p| p / 2).collect());
    out.sort_by(|a, b| key(a).cmp(&key(b)));
    out.dedup();
    out
}

/// Returns the least position (fewest piles, then the sorted piles lexicographically) on
/// which `fails` holds, searching from the failing sorted position `found`: a descent
/// (removing piles, lowering sizes, one pile or many at once), then, for each pile count
/// up to that of the result, every multiset of sizes up to the largest bound keeping the
/// whole enumeration near `budget` candidates.
/// [`Least::Proven`] only when everything before the result was checked: the order is
/// infinite below any position of two piles or more, so that needs at most one pile.
///
/// # Constraints
/// `fails(found)` is true and `found` is sorted.
///
/// # Complexity
/// O(budget + 500 · piles) calls of `fails`, plus the descent: O(piles²) calls per step.
///
/// # Example
/// ```
/// use gamecheck::claims::least_position;
/// use gamecheck::check::Least;
/// let fails = |p: &[u64]| p.len() >= 2 && p[0] >= 3;
/// let (least, proof) = least_position(&fails, vec![9, 40, 1 << 50], 2_000);
/// assert_eq!(least, vec![3, 3]);
/// assert!(matches!(proof, Least::Bounded { .. }));
/// let (least, proof) = least_position(&|p: &[u64]| p.iter().sum::<u64>() >= 5, vec![7, 8], 2_000);
/// assert_eq!((least, proof), (vec![5], Least::Proven));
/// ```
pub fn least_position(fails: &dyn Fn(&[u64]) -> bool, found: Vec<u64>, budget: u128) -> (Vec<u64>, Least) {
    let mut best = found;
    'descend: loop {
        for c in smaller(&best) {
            if key(&c) < key(&best) && fails(&c) {
                best = c;
                continue 'descend;
            }
        }
        break;
    }
    let top = best.iter().copied().max().unwrap_or(0);
    let mut searched: Vec<String> = Vec::new();
    let mut complete_below = true;
    // The budget is shared by the pile counts, at least a few hundred candidates each.
    let per_count = (budget / (best.len() as u128 + 1)).max(500);
    for n in 0..=best.len() {
        // The largest size bound whose enumeration stays within the budget: sizes may
        // exceed the result's largest pile ([0, 9] comes before [1, 1]).
        let cap = u64::MAX;
        let bound = if n == 0 {
            0
        } else {
            let (mut lo, mut hi) = (0u64, cap);
            while lo < hi {
                let mid = lo + (hi - lo).div_ceil(2);
                if multiset_count(n, mid) <= per_count {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            lo
        };
        for v in multisets(n, bound) {
            if key(&v) >= key(&best) {
                break;
            }
            if fails(&v) {
                best = v;
                let proven = complete_below && n <= 1;
                return (best, proof(proven, &searched, n, bound));
            }
        }
        // Everything with n piles before the result was seen only when n is 0, or n is 1
        // and the bound reached below the result's single pile.
        complete_below &= n == 0 || (n == 1 && best.len() == 1 && bound.saturating_add(1) >= best[0]);
        let mut done = describe(n, bound);
        if n == best.len() {
            done.push_str(" (before it)");
        }
        searched.push(done);
    }
    let proven = complete_below && best.len() <= 1;
    let n = best.len();
    (best, proof(proven, &searched, n, top))
}

fn describe(n: usize, bound: u64) -> String {
    match n {
        0 => "no piles".to_owned(),
        1 => format!("1 pile of size <= {bound}"),
        _ => format!("{n} piles of sizes <= {bound}"),
    }
}

fn proof(proven: bool, searched: &[String], n: usize, bound: u64) -> Least {
    if proven {
        Least::Proven
    } else {
        let mut all = searched.to_vec();
        if searched.len() <= n {
            all.push(format!("{} (before it)", describe(n, bound)));
        }
        Least::Bounded {
            searched: format!("every position of {}", all.join("; ")),
        }
    }
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

fn says(loss: Result<bool, String>) -> String {
    match loss {
        Ok(true) => "loss (P-position)".to_owned(),
        Ok(false) => "win (N-position)".to_owned(),
        Err(e) => format!("no answer ({e})"),
    }
}

fn position_json(piles: &[u64], k: u32) -> serde_json::Value {
    serde_json::json!({ "piles": piles, "k": k })
}

/// Returns the verdict on a Moore's Nim_k claim: `claim(piles)` says whether the player to
/// move loses at the sorted position `piles`, or fails to answer. It is checked on every
/// position of at most P piles of sizes 0..=S ([`exhaustive_bounds`]), in the order fewest
/// piles then lexicographic, against the explicit game search; then on `cases` random
/// positions from `seed` (up to 49 piles, sizes up to `u64::MAX`, biased to P-positions)
/// against Moore's theorem ([`is_p_position`], which the tests verify against the game
/// search); a failure is reduced to the least counterexample by [`least_position`].
///
/// # Constraints
/// `claim` is deterministic and depends on the multiset of piles only.
///
/// # Complexity
/// About a second of game search, plus a few thousand exhaustive and `cases` random calls
/// of `claim`, plus the least-counterexample search.
///
/// # Example
/// ```
/// use gamecheck::claims::{check_position_claim, ClaimVerdict};
/// let r = check_position_claim("nim", "xor == 0", 1, &|p| Ok(p.iter().fold(0, |x, y| x ^ y) == 0), 1, 100);
/// assert_eq!(r.verdict, ClaimVerdict::Holds);
/// ```
pub fn check_position_claim(
    id: &str,
    text: &str,
    k: u32,
    claim: &dyn Fn(&[u64]) -> Result<bool, String>,
    seed: u64,
    cases: u32,
) -> ClaimReport {
    let start = Instant::now();
    let fails = |p: &[u64]| claim(p) != Ok(is_p_position(p, k));
    let (max_piles, max_size) = exhaustive_bounds(k);
    let mut search = GameSearch::new(k);
    let mut disagreements = Vec::new();
    let mut checked = 0u64;
    let mut refuted: Option<Vec<u64>> = None;
    'exhaustive: for n in 0..=max_piles {
        for piles in multisets(n, max_size) {
            checked += 1;
            let truth = search.is_p(&piles);
            if truth != is_p_position(&piles, k) && disagreements.len() < 3 {
                disagreements.push(format!("{piles:?}"));
            }
            if claim(&piles) != Ok(truth) {
                refuted = Some(piles);
                break 'exhaustive;
            }
        }
    }
    let exhaustive = format!(
        "{checked} positions of at most {max_piles} piles of sizes 0..={max_size} by game search{}",
        stopped(refuted.is_some(), ", ")
    );
    let mut random = "not needed".to_owned();
    if refuted.is_none() {
        let mut rng = stream(seed, id);
        let mut drawn = 0u32;
        for _ in 0..cases {
            let piles = random_position(&mut rng, k);
            checked += 1;
            drawn += 1;
            if fails(&piles) {
                refuted = Some(piles);
                break;
            }
        }
        random = format!(
            "{drawn} positions of up to {} piles over the full u64 range, mostly P-positions and their neighbours, seed {seed}{}",
            MAX_RANDOM_PILES + 1,
            stopped(refuted.is_some(), ", ")
        );
    }
    let mut notes = Vec::new();
    let refutation = refuted.map(|found| {
        let (piles, mut least) = least_position(&fails, found, LEAST_BUDGET);
        // The exhaustive range was checked in order: a failure within it, with
        // nothing before it there, is least unless a position outside it comes first.
        if let Least::Bounded { searched } = &mut least {
            searched.push_str(&format!(
                "; and every position of at most {max_piles} piles of sizes 0..={max_size}"
            ));
        }
        Refutation {
            counterexample: position_json(&piles, k),
            least,
            claim_says: says(claim(&piles)),
            truth: says(Ok(is_p_position(&piles, k))),
        }
    });
    if !disagreements.is_empty() {
        notes.push(format!(
            "REFERENCE INCONSISTENT: game search and Moore's theorem disagree at {}",
            disagreements.join(", ")
        ));
    }
    let evidence = Evidence {
        cases: checked,
        exhaustive,
        random,
        reference: format!(
            "explicit game search (oracle) in the exhaustive range; Moore's theorem (is_p_position, verified against the game search by the tests) beyond, k = {k}"
        ),
    };
    ClaimReport::new(id, "games", text, refutation, evidence, notes, start.elapsed())
}
