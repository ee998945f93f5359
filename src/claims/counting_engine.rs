//! Checking a counting claim ("the number of losing length-K sequences over A is …")
//! against the oracles: an exhaustive domain in the order K, N, values, then random
//! instances, then the least counterexample.

use std::time::Instant;

use gamecheck_oracles::moore_brute_count::brute_count_mod;
use gamecheck_oracles::moore_dp_count::dp_count_mod;
use gamecheck_oracles::moore_game_search::GameSearch;
use proptest::strategy::{BoxedStrategy, Strategy};
use proptest::test_runner::{TestCaseError, TestError};

use super::verdict::{ClaimReport, Evidence, Refutation, stopped};
use crate::check::{Least, least_counting, len_candidates, seeded_runner};
use crate::moore::strategy::contest_instance;

/// Piles per move in the contest.
const K_MOVE: u32 = 6;

/// Returns the true count of losing length-`len` sequences over `values` (k = 6), and
/// which implementation gave it: the brute force over all N^K sequences with the game
/// search where K ≤ 4, values ≤ 7 and N^K ≤ 4096; else the linear DP where B ≤ 4 and its
/// work 7^B · K · N is at most 10^6; else the verified fast count.
///
/// # Constraints
/// Values below 2^8.
///
/// # Complexity
/// As the implementation chosen: at most about 10^6 steps for the oracles.
///
/// # Example
/// ```
/// use gamecheck::claims::reference_count;
/// assert_eq!(reference_count(&[1, 2], 2), (0, "brute force"));
/// assert_eq!(reference_count(&[1], 7), (1, "dp"));
/// ```
pub fn reference_count(values: &[u64], len: u64) -> (u32, &'static str) {
    let (count, by) = reference_count_mod(values, len, u64::from(crate::moore::MODULUS));
    (count as u32, by)
}

/// Returns [`reference_count`] mod the prime `modulus` (k = 6), from the same
/// implementations; beyond the oracles, the verified [`crate::moore::count_mod`].
///
/// # Constraints
/// Values below 2^8; `modulus` prime.
///
/// # Complexity
/// As [`reference_count`].
///
/// # Example
/// ```
/// use gamecheck::claims::reference_count_mod;
/// assert_eq!(reference_count_mod(&[1], 7, 1_000_000_007), (1, "dp"));
/// assert_eq!(reference_count_mod(&[1], 1_000_000_006, 1_000_000_007), (0, "fast count"));
/// ```
pub fn reference_count_mod(values: &[u64], len: u64, modulus: u64) -> (u64, &'static str) {
    let n = values.len() as u64;
    let top = values.iter().copied().max().unwrap_or(0);
    if len <= 4 && top <= 7 && n.pow(len as u32) <= 4096 {
        thread_local! {
            static SEARCH: std::cell::RefCell<GameSearch> = std::cell::RefCell::new(GameSearch::new(K_MOVE));
        }
        let count = SEARCH.with(|s| brute_count_mod(&mut s.borrow_mut(), values, len as u32, modulus));
        return (count, "brute force");
    }
    let states = 7u64.pow(64 - top.leading_zeros());
    if len <= 64 && states <= 2401 && states.saturating_mul(len.max(1)).saturating_mul(n) <= 1_000_000 {
        return (dp_count_mod(values, len, K_MOVE, modulus), "dp");
    }
    (
        crate::moore::count_mod(values, len, K_MOVE, modulus).unwrap_or(u64::MAX),
        "fast count",
    )
}

/// A counting claim: the count it gives for (values, K), or why it gives none.
pub type CountClaim = dyn Fn(&[u64], u64) -> Result<u32, String> + Sync;

/// The exhaustive part of a counting check: every K in `lens`, and for each `(n, max)`
/// every sequence of n values up to max (only sorted ones when the claim is symmetric).
pub struct CountingDomain {
    /// The prime the counts are taken mod.
    pub modulus: u64,
    pub lens: Vec<u64>,
    pub shapes: Vec<(usize, u64)>,
    /// The random instances tried after the exhaustive part.
    pub random: fn() -> BoxedStrategy<(Vec<u64>, u64)>,
    /// How `random` draws, for the report.
    pub random_text: &'static str,
}

impl CountingDomain {
    /// Returns the standard domain: the candidate lengths of [`len_candidates`]; N = 1
    /// and 2 over all contest values 0..=127, N = 3 up to 15, N ≤ 7 up to 6 (which
    /// reaches sets whose transform vanishes, such as 0..=6).
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::CountingDomain;
    /// assert!(CountingDomain::standard().shapes.contains(&(7, 6)));
    /// ```
    pub fn standard() -> CountingDomain {
        CountingDomain {
            modulus: u64::from(crate::moore::MODULUS),
            lens: len_candidates(),
            shapes: vec![(1, 127), (2, 127), (3, 15), (4, 6), (5, 6), (6, 6), (7, 6)],
            random: || contest_instance().boxed(),
            random_text: "N <= 8, values 0..=127 sharing bits or with vanishing transforms, K at the boundaries (0..=8, multiples of 7 and of p - 1 and their neighbours, 10^18, u64::MAX) or anywhere",
        }
    }

    fn describe(&self) -> String {
        let shapes: Vec<String> = self
            .shapes
            .iter()
            .map(|(n, m)| format!("N = {n} with values <= {m}"))
            .collect();
        format!(
            "{} lengths K from 0 to {}; {}",
            self.lens.len(),
            self.lens.last().copied().unwrap_or(0),
            shapes.join(", ")
        )
    }
}

fn sorted_sequences(n: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut v = vec![0u64; n];
    loop {
        out.push(v.clone());
        let Some(i) = (0..n).rev().find(|&i| v[i] < max) else {
            break;
        };
        v[i] += 1;
        let fill = v[i];
        v[i + 1..].iter_mut().for_each(|x| *x = fill);
    }
    out
}

/// Returns the verdict on a counting claim (k = 6, values 0..=127 as in the contest):
/// `claim(values, K)` is its count, or an error when it cannot answer. The claim must be
/// symmetric (depend only on the multiset of values), as every count is; only sorted
/// sequences are then enumerated, and the least failing sequence is sorted.
///
/// # Constraints
/// `claim` is deterministic and symmetric.
///
/// # Complexity
/// One claim and one reference call per case of `domain`, plus `cases` random ones.
///
/// # Example
/// ```
/// use gamecheck::claims::{check_counting_claim, ClaimVerdict, CountingDomain};
/// let mut domain = CountingDomain::standard();
/// domain.lens = (0..=8).collect();
/// domain.shapes = vec![(1, 3), (2, 3)];
/// let r = check_counting_claim("zero", "no sequence is losing", &|_, _| Ok(0), &domain, 1, 10);
/// assert_eq!(r.verdict, ClaimVerdict::Refuted);
/// assert_eq!(r.counterexample.to_string(), r#"{"values":[0],"K":0}"#);
/// ```
pub fn check_counting_claim(
    id: &str,
    text: &str,
    claim: &CountClaim,
    domain: &CountingDomain,
    seed: u64,
    cases: u32,
) -> ClaimReport {
    let start = Instant::now();
    let truth = |values: &[u64], len: u64| reference_count_mod(values, len, domain.modulus);
    let fails =
        |values: &[u64], len: u64| claim(values, len).map_or(true, |c| u64::from(c) != truth(values, len).0);
    let mut checked = 0u64;
    let mut refuted: Option<((Vec<u64>, u64), Least)> = None;
    let by_shape: Vec<Vec<Vec<u64>>> = domain
        .shapes
        .iter()
        .map(|&(n, m)| sorted_sequences(n, m))
        .collect();
    'exhaustive: for &len in &domain.lens {
        for sequences in &by_shape {
            for values in sequences {
                checked += 1;
                if fails(values, len) {
                    let least = Least::Bounded {
                        searched: domain.describe(),
                    };
                    refuted = Some(((values.clone(), len), least));
                    break 'exhaustive;
                }
            }
        }
    }
    let exhaustive = format!(
        "{checked} instances: {}{}",
        domain.describe(),
        stopped(refuted.is_some(), "; ")
    );
    let mut random = "not needed".to_owned();
    if refuted.is_none() {
        let mut runner = seeded_runner(seed, id, cases, None);
        let result = runner.run(&(domain.random)(), |(values, len)| {
            if fails(&values, len) {
                Err(TestCaseError::fail("claim disagrees"))
            } else {
                Ok(())
            }
        });
        checked += u64::from(cases);
        random = format!("{cases} instances: {}; seed {seed}", domain.random_text);
        if let Err(TestError::Fail(_, (values, len))) = result {
            refuted = Some(least_counting(&fails, (values, len), true, 20_000));
        }
    }
    let refutation = refuted.map(|((values, len), least)| {
        let (truth, by) = truth(&values, len);
        Refutation {
            counterexample: serde_json::json!({ "values": values, "K": len }),
            least,
            claim_says: claim(&values, len).map_or_else(|e| format!("no answer ({e})"), |c| c.to_string()),
            truth: format!("{truth} (by {by})"),
        }
    });
    let evidence = Evidence {
        cases: checked,
        exhaustive,
        random,
        reference: "brute force with the game search where K <= 4, values <= 7, N^K <= 4096; linear DP where B <= 4 and 7^B K N <= 10^6; verified fast count beyond".into(),
    };
    ClaimReport::new(
        id,
        "games",
        text,
        refutation,
        evidence,
        Vec::new(),
        start.elapsed(),
    )
}
