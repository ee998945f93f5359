//! `prove moore`: Moore's P-test against the explicit game search on every multiset of
//! at most P piles of sizes 0..=S.
//!
//! The game search's work is not the number of positions. Asked about a position, it
//! visits every sub-position, and at each it lists every successor at once: [10; 10]
//! alone has about 2.4·10^8 successors for k = 6, tens of gigabytes. So a shard's work is
//! computed up front from the positions it covers, and refused when it is over the limits.

use std::ops::Range;

use gamecheck_oracles::moore_game_search::GameSearch;

use super::game::move_count as successors;
use super::{Moore, is_p_position};
use crate::game::{Game, Outcome};
use crate::problem::{Flag, Flags};
use crate::prove::{ProofParts, ProofProgress, ProofRun, ProveCommand, ProveError, prove_bounded};

/// Every multiset of at most `max_piles` piles with sizes in 0..=`max_size`, as sorted
/// pile lists, numbered fewest piles first, then lexicographically (the order in which
/// itertools' `combinations_with_replacement` lists the multisets of each size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MooreDomain {
    pub max_piles: usize,
    pub max_size: u64,
}

/// The most piles a domain may have.
const MAX_PILES: usize = 32;
/// The most positions a domain may have.
const MAX_POSITIONS: u64 = 2_000_000;
/// The most successors one worker's game search may list, summed over every position it
/// visits. Each costs about a microsecond here: this is about an hour.
const MAX_SEARCH_WORK: u128 = 1 << 32;
/// The most memory the workers' game searches may hold at once, as estimated below.
const MAX_SEARCH_BYTES: u128 = 2 << 30;
/// The most stones in a position: the search recurses once per stone, on a worker
/// thread's stack (2 MiB).
const MAX_STONES: u64 = 1000;

/// Returns C(n, r), saturating far above any domain size.
fn binomial(n: u128, r: u128) -> u128 {
    (1..=r).fold(1u128, |c, i| c.saturating_mul(n - r + i) / i)
}

/// Returns the number of sorted lists of `len` values in `lo..=max`: C(max − lo + len, len).
fn lists(len: usize, lo: u64, max: u64) -> u128 {
    binomial(u128::from(max - lo) + len as u128, len as u128)
}

/// Returns the `rank`-th (0-based) sorted list of `len` values in 0..=`max`, in
/// lexicographic order.
fn unrank_len(len: usize, max: u64, mut rank: u128) -> Vec<u64> {
    let mut piles = Vec::with_capacity(len);
    let mut lo = 0;
    for i in 0..len {
        let rest = len - i;
        // Lists that start with a value below v (at least lo): all from lo on, less all
        // from v on.
        let before = |v: u64| lists(rest, lo, max) - lists(rest, v, max);
        let (mut a, mut b) = (lo, max);
        while a < b {
            let mid = a + (b - a).div_ceil(2);
            if before(mid) <= rank {
                a = mid;
            } else {
                b = mid - 1;
            }
        }
        rank -= before(a);
        piles.push(a);
        lo = a;
    }
    piles
}

/// The piles without the empty ones, still sorted.
fn nonzero(piles: &[u64]) -> &[u64] {
    &piles[piles.iter().take_while(|&&p| p == 0).count()..]
}

/// Returns whether every sub-position of `small` is one of `big` (both sorted): the
/// largest piles of `big` cover those of `small` one by one.
fn dominates(big: &[u64], small: &[u64]) -> bool {
    let (big, small) = (nonzero(big), nonzero(small));
    small.len() <= big.len()
        && small
            .iter()
            .zip(&big[big.len() - small.len()..])
            .all(|(s, b)| s <= b)
}

/// Returns the pile-by-pile maximum of the sorted lists of one length from `lo` to `hi`
/// in lexicographic order: their common prefix, `hi`'s next value, then `max`.
fn top_of(lo: &[u64], hi: &[u64], max: u64) -> Vec<u64> {
    let t = lo.iter().zip(hi).take_while(|(a, b)| a == b).count();
    if t == lo.len() {
        return lo.to_vec();
    }
    let mut top = lo[..t].to_vec();
    top.push(hi[t]);
    top.resize(lo.len(), max);
    top
}

/// What the game search would do for a set of positions: the successors it lists in all
/// (`work`), the sub-positions it keeps (`memo`), and the largest position's successors
/// (`peak`), which it lists at once.
struct SearchWork {
    work: u128,
    memo: u128,
    peak: u128,
}

/// Adds to `sum` every sub-position of `top` not under one of `earlier`, stopping once
/// the work passes `cap`. Returns false when it stopped.
fn walk(top: &[u64], earlier: &[Vec<u64>], k: usize, cap: u128, sum: &mut SearchWork) -> bool {
    fn go(
        top: &[u64],
        earlier: &[Vec<u64>],
        k: usize,
        cap: u128,
        e: &mut [Vec<u128>],
        cur: &mut Vec<u64>,
        sum: &mut SearchWork,
    ) -> bool {
        let i = cur.len();
        if i == top.len() {
            if !earlier.iter().any(|t| dominates(t, cur)) {
                sum.work = sum
                    .work
                    .saturating_add(e[i][1..].iter().fold(0, |s, &x| s.saturating_add(x)));
                sum.memo += 1;
            }
            return sum.work <= cap;
        }
        let lo = cur.last().copied().unwrap_or(0);
        for v in lo..=top[i] {
            let (done, next) = e.split_at_mut(i + 1);
            let (prev, next) = (&done[i], &mut next[0]);
            for j in 1..=k {
                next[j] = prev[j].saturating_add(prev[j - 1].saturating_mul(u128::from(v)));
            }
            cur.push(v);
            let go_on = go(top, earlier, k, cap, e, cur, sum);
            cur.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    let k = k.min(top.len());
    // e[i] holds the elementary symmetric polynomials of the first i piles.
    let mut e = vec![vec![0u128; k + 1]; top.len() + 1];
    for row in &mut e {
        row[0] = 1;
    }
    go(
        top,
        earlier,
        k,
        cap,
        &mut e,
        &mut Vec::with_capacity(top.len()),
        sum,
    )
}

fn gib(bytes: u128) -> String {
    format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
}

impl MooreDomain {
    /// Returns the position at `index` of the domain.
    fn unrank(&self, index: u64) -> Vec<u64> {
        let mut rank = u128::from(index);
        for len in 0..self.max_piles {
            let here = lists(len, 0, self.max_size);
            if rank < here {
                return unrank_len(len, self.max_size, rank);
            }
            rank -= here;
        }
        unrank_len(self.max_piles, self.max_size, rank)
    }

    /// Returns the largest positions of `range`, none under another: every position of
    /// the range is a sub-position of one of them.
    fn tops(&self, range: &Range<u64>) -> Vec<Vec<u64>> {
        let (first, last) = (self.unrank(range.start), self.unrank(range.end - 1));
        let mut tops: Vec<Vec<u64>> = (first.len()..=last.len())
            .map(|len| {
                let lo = if len == first.len() {
                    first.clone()
                } else {
                    vec![0; len]
                };
                let hi = if len == last.len() {
                    last.clone()
                } else {
                    vec![self.max_size; len]
                };
                nonzero(&top_of(&lo, &hi, self.max_size)).to_vec()
            })
            .collect();
        tops.sort();
        tops.dedup();
        let all = tops.clone();
        tops.retain(|t| !all.iter().any(|u| u != t && dominates(u, t)));
        tops
    }

    /// Returns the number of positions of the domain.
    ///
    /// # Errors
    /// [`ProveError::Range`] above 32 piles or 2,000,000 positions.
    ///
    /// # Example
    /// ```
    /// use gamecheck::moore::MooreDomain;
    /// assert_eq!(MooreDomain { max_piles: 4, max_size: 3 }.size(), Ok(70));
    /// assert!(MooreDomain { max_piles: usize::MAX, max_size: 1 }.size().is_err());
    /// ```
    pub fn size(&self) -> Result<u64, ProveError> {
        let too_many = || {
            ProveError::Range(format!(
                "at most {MAX_PILES} piles and {MAX_POSITIONS} positions; {} piles of size at most {} are more",
                self.max_piles, self.max_size
            ))
        };
        if self.max_piles > MAX_PILES {
            return Err(too_many());
        }
        // Lists of up to P values in 0..=S are lists of exactly P values in 0..=S + 1.
        let total = lists(self.max_piles, 0, self.max_size.saturating_add(1));
        u64::try_from(total)
            .ok()
            .filter(|&t| t <= MAX_POSITIONS && self.max_size < u64::MAX)
            .ok_or_else(too_many)
    }

    /// Refuses the shard `range` when its game search for Moore's Nim_k would recurse
    /// through more than 1000 stones, list more than 2^32 successors in one worker (about
    /// an hour), or hold more than an estimated 2 GiB in all workers.
    ///
    /// # Errors
    /// [`ProveError::TooMuchWork`], saying which limit.
    fn prepare(&self, k: u32, range: &Range<u64>) -> Result<(), ProveError> {
        if range.is_empty() {
            return Ok(());
        }
        let tops = self.tops(range);
        let threads = rayon::current_num_threads().max(1) as u128;
        let refuse = |why: String| {
            Err(ProveError::TooMuchWork(format!(
                "prove moore refuses this shard: {why}; lower --max-size or --max-piles"
            )))
        };
        if let Some(top) = tops.iter().find(|t| t.iter().sum::<u64>() > MAX_STONES) {
            return refuse(format!(
                "the game search recurses once per stone, and {top:?} has more than {MAX_STONES} stones"
            ));
        }
        let longest = tops.iter().map(Vec::len).max().unwrap_or(0) as u128;
        // Measured: about 210 bytes per listed successor of 8 piles, 250 of 10, counting
        // the list and its sorted keys.
        let per_successor = 64 + 20 * longest;
        let per_entry = 2 * (64 + 8 * longest);
        let Some((peak, largest)) = tops.iter().map(|t| (successors(t, k), t)).max() else {
            return Ok(());
        };
        let peak_bytes = threads.saturating_mul(peak).saturating_mul(per_successor);
        if peak_bytes > MAX_SEARCH_BYTES {
            return refuse(format!(
                "the game search lists every successor of a position at once, and {largest:?} has {peak} successors \
                 for k = {k}: about {} in {threads} workers, over the {} limit",
                gib(peak_bytes),
                gib(MAX_SEARCH_BYTES)
            ));
        }
        let mut sum = SearchWork {
            work: 0,
            memo: 0,
            peak,
        };
        let within = tops
            .iter()
            .enumerate()
            .all(|(i, top)| walk(top, &tops[..i], k as usize, MAX_SEARCH_WORK, &mut sum));
        if !within {
            return refuse(format!(
                "its positions have more sub-positions than the game search can visit in time: their \
                 successors number more than {MAX_SEARCH_WORK} (about an hour)"
            ));
        }
        let bytes = threads.saturating_mul(
            sum.peak
                .saturating_mul(per_successor)
                .saturating_add(sum.memo.saturating_mul(per_entry)),
        );
        if bytes > MAX_SEARCH_BYTES {
            return refuse(format!(
                "the game search would keep {} sub-positions and list up to {} successors at once: \
                 about {} in {threads} workers, over the {} limit",
                sum.memo,
                sum.peak,
                gib(bytes),
                gib(MAX_SEARCH_BYTES)
            ));
        }
        Ok(())
    }
}

/// Returns the proof that Moore's P-test agrees with the game search on `domain`.
///
/// # Errors
/// As for [`MooreDomain::size`].
fn proof(k: u32, domain: MooreDomain) -> Result<ProofParts<Vec<u64>, Outcome, GameSearch>, ProveError> {
    Ok(ProofParts {
        name: Moore::NAME,
        size: domain.size()?,
        case: Box::new(move |i| domain.unrank(i)),
        fast: Box::new(move |p: &Vec<u64>| Ok(Outcome::of(!is_p_position(p, k)))),
        prepare: Box::new(move |range: &Range<u64>| domain.prepare(k, range)),
        worker: Box::new(move || GameSearch::new(k)),
        oracle: Box::new(|search: &mut GameSearch, p: &Vec<u64>| Ok(Outcome::of(!search.is_p(p)))),
        describe: Box::new(move |p: &Vec<u64>| format!("moore: piles {p:?}, k = {k}")),
        to_json: Box::new(move |p: &Vec<u64>| serde_json::json!({ "piles": p, "k": k })),
        repro: Box::new(move |p: &Vec<u64>| {
            let piles: Vec<String> = p.iter().map(u64::to_string).collect();
            format!("gamecheck repro moore --k {k} {}", piles.join(" "))
                .trim_end()
                .to_owned()
        }),
        statement: format!(
            "moore P-test = game search, k = {k}, every multiset of at most {} piles of size at most {}",
            domain.max_piles, domain.max_size
        ),
        parameters: serde_json::json!({ "k": k, "max_piles": domain.max_piles, "max_size": domain.max_size }),
        unit: "positions",
        oracle_name: "game search",
    })
}

impl ProveCommand for Moore {
    fn about(&self) -> &'static str {
        "Moore's P-test against the explicit game search on every multiset in range."
    }

    /// `--k` builds the game.
    fn flags(&self) -> Vec<Flag> {
        vec![
            Flag::number("k", "Piles per move.", "6", 1)
                .at_most(u32::MAX as u64)
                .value_name("K"),
            Flag::number("max-piles", "The most piles in a position.", "8", 0).value_name("N"),
            Flag::number("max-size", "The largest pile size.", "3", 0).value_name("S"),
        ]
    }

    fn run(&self, flags: &Flags, progress: &ProofProgress) -> Result<ProofRun, ProveError> {
        let max_piles = flags.number("max-piles")?;
        let domain = MooreDomain {
            max_piles: usize::try_from(max_piles)
                .map_err(|_| ProveError::Range(format!("--max-piles {max_piles} is too large")))?,
            max_size: flags.number("max-size")?,
        };
        prove_bounded(&proof(self.k(), domain)?, &(), progress)
    }
}

#[cfg(test)]
mod tests {
    use gamecheck_oracles::moore_game_search::successors as listed;
    use itertools::Itertools;

    use super::*;

    #[test]
    fn positions_are_numbered_in_itertools_order() {
        for (max_piles, max_size) in [(0, 5), (1, 0), (3, 0), (4, 3), (2, 9), (6, 2)] {
            let domain = MooreDomain { max_piles, max_size };
            let listed: Vec<Vec<u64>> = (0..=max_piles)
                .flat_map(|n| (0..=max_size).combinations_with_replacement(n))
                .collect();
            assert_eq!(domain.size(), Ok(listed.len() as u64));
            for (i, piles) in listed.iter().enumerate() {
                assert_eq!(&domain.unrank(i as u64), piles, "{domain:?} #{i}");
            }
        }
    }

    #[test]
    fn successor_count_matches_the_search_listing() {
        for k in 1..=4 {
            for n in 0..=4 {
                for piles in (0..=3u64).combinations_with_replacement(n) {
                    assert_eq!(
                        successors(&piles, k),
                        listed(&piles, k).len() as u128,
                        "{piles:?}, k = {k}"
                    );
                }
            }
        }
    }

    #[test]
    fn search_work_counts_every_sub_position_of_a_shard_once() {
        let domain = MooreDomain {
            max_piles: 4,
            max_size: 3,
        };
        let total = domain.size().unwrap_or(0);
        for range in [0..total, 20..41, 5..6, 34..35, 60..total] {
            // Independent evidence: the distinct non-empty sub-positions of the range's
            // positions, by brute force, and the successors listed at each.
            let mut subs: Vec<Vec<u64>> = range
                .clone()
                .flat_map(|i| {
                    let piles = domain.unrank(i);
                    let bounds: Vec<u64> = piles.clone();
                    bounds
                        .iter()
                        .map(|&b| 0..=b)
                        .multi_cartesian_product()
                        .map(|mut v| {
                            v.retain(|&p| p > 0);
                            v.sort_unstable();
                            v
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
            subs.sort();
            subs.dedup();
            let tops = domain.tops(&range);
            for i in range.clone() {
                let piles = domain.unrank(i);
                assert!(
                    tops.iter().any(|t| dominates(t, &piles)),
                    "{piles:?} under no top of {range:?}"
                );
            }
            let mut sum = SearchWork {
                work: 0,
                memo: 0,
                peak: 0,
            };
            for (i, top) in tops.iter().enumerate() {
                assert!(walk(top, &tops[..i], 2, u128::MAX, &mut sum));
            }
            // The tops bound the range from above: at least its sub-positions.
            assert!(sum.memo >= subs.len() as u128, "{range:?}");
            let work: u128 = subs.iter().map(|s| listed(s, 2).len() as u128).sum();
            assert!(sum.work >= work, "{range:?}");
            if range == (0..total) {
                assert_eq!((sum.memo, sum.work), (subs.len() as u128, work));
            }
        }
    }
}
