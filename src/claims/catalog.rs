//! The catalog of claims users want checked, by id.

use super::chopsticks_claims::{
    corrected_rule, greedy_remove_two_first, seed_subtask2_everywhere, seed_three_bullets,
};
use super::chopsticks_engine::check_chopsticks_claim;
use super::counting_claims::{
    P_1E9_7, exponent_mod_p_minus_1, exponent_mod_p_minus_1_1e9_7, independent_piles, seed_python, xor_nim,
};
use super::counting_engine::{CountingDomain, check_counting_claim};
use super::seed_dict_convolution::seed_dict_convolution;
use super::verdict::ClaimReport;
use crate::chopsticks::State;
use crate::moore::strategy::{huge_len, huge_len_for, value_set};
use proptest::strategy::Strategy;

/// One claim of the catalog.
pub struct Entry {
    pub id: &'static str,
    pub game: &'static str,
    pub text: &'static str,
    check: fn(&Entry, u64, u32) -> ClaimReport,
}

impl Entry {
    /// Returns the verdict on this claim under `seed`, with `cases` random cases after the
    /// exhaustive range.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// That of the claim's engine: a few seconds at most for the built-in claims, except
    /// the seed's own algorithm, which is given a time budget.
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::{catalog, ClaimVerdict};
    /// let entry = catalog().into_iter().find(|e| e.id == "corrected-rule");
    /// assert_eq!(entry.map(|e| e.check(1, 1000).verdict), Some(ClaimVerdict::Holds));
    /// ```
    pub fn check(&self, seed: u64, cases: u32) -> ClaimReport {
        (self.check)(self, seed, cases)
    }
}

fn chopsticks(entry: &Entry, seed: u64, cases: u32, claim: fn(State) -> bool) -> ClaimReport {
    check_chopsticks_claim(entry.id, entry.text, &|s| Ok(claim(s)), seed, cases)
}

type Count = fn(&[u64], u64) -> Result<u32, String>;

fn counting(entry: &Entry, seed: u64, cases: u32, claim: Count) -> ClaimReport {
    check_counting_claim(
        entry.id,
        entry.text,
        &claim,
        &CountingDomain::standard(),
        seed,
        cases,
    )
}

/// The seed's algorithm: correct on tiny inputs, hopeless at full size; report both.
fn seed_claim(entry: &Entry, seed: u64, cases: u32) -> ClaimReport {
    // Its cost is O(S² log K) per instance: keep to tiny inputs and few random cases.
    let domain = CountingDomain {
        modulus: u64::from(crate::moore::MODULUS),
        lens: (0..=16).chain([21, 28, 49]).collect(),
        shapes: vec![(1, 127), (2, 31), (3, 7)],
        random: || (value_set(6, 2, 3), huge_len()).boxed(),
        random_text: "N <= 3, values 0..=3, K at the boundaries or anywhere (tiny inputs: the seed's cost is O(S^2 log K))",
    };
    let mut report = check_counting_claim(entry.id, entry.text, &seed_python, &domain, seed, cases.min(500));
    let full: Vec<u64> = (1..=100).collect();
    let budget = std::time::Duration::from_secs(5);
    let started = std::time::Instant::now();
    let verdict = match seed_dict_convolution(&full, 1_000_000_000_000_000_000, budget) {
        Ok(answer) => format!("answered {answer} in {:.2} s", started.elapsed().as_secs_f64()),
        Err(timeout) => timeout.to_string(),
    };
    report.notes.push(format!(
        "full-size case N = 100, A = 1..100, K = 10^18: {verdict}"
    ));
    let fast_start = std::time::Instant::now();
    let fast = crate::moore::count(&full, 1_000_000_000_000_000_000, 6);
    report.notes.push(format!(
        "the fast count answers the same case ({}) in {:.1} ms",
        fast.map_or_else(|e| e.to_string(), |c| c.to_string()),
        fast_start.elapsed().as_secs_f64() * 1e3
    ));
    let truncated =
        seed_dict_convolution(&[128], 1, budget).map_or_else(|e| e.to_string(), |c| c.to_string());
    report.notes.push(format!(
        "outside the contest range it reads only bits 0..6: K = 1, A = [128] gives {truncated}, the truth is 0"
    ));
    report
}

/// K reduced mod p − 1 with p = 10^9 + 7: lengths reach p − 1, 2(p − 1), 7(p − 1),
/// p² − 1 and beyond.
fn exponent_1e9_7_claim(entry: &Entry, seed: u64, cases: u32) -> ClaimReport {
    let p = P_1E9_7;
    let mut lens: Vec<u64> = (0..=16)
        .chain((3..=10).map(|i| 7 * i))
        .chain([343, 2401])
        .collect();
    for base in [
        p - 1,
        2 * (p - 1),
        7 * (p - 1),
        p * p - 1,
        1_000_000_000_000_000_000,
        u64::MAX - 2,
    ] {
        lens.extend(base - 2..=base.saturating_add(2));
    }
    lens.sort_unstable();
    lens.dedup();
    let domain = CountingDomain {
        modulus: p,
        lens,
        random: || (value_set(6, 7, 8), huge_len_for(6, P_1E9_7)).boxed(),
        random_text: "N <= 8, values 0..=127, K at the boundaries (0..=8, multiples of 7, of p - 1 and of p^2 - 1 and their neighbours, 10^18, u64::MAX) or anywhere",
        ..CountingDomain::standard()
    };
    let mut report = check_counting_claim(
        entry.id,
        entry.text,
        &exponent_mod_p_minus_1_1e9_7,
        &domain,
        seed,
        cases,
    );
    let least = serde_json::json!({ "values": [1], "K": p - 1 });
    if report.counterexample == least {
        report.notes.push(
            "least counterexample: below K = p - 1 = 1000000006 nothing is reduced, so the claim is the count itself; at K = p - 1, A = [0] agrees (1 = 1), and A = [1] does not"
                .into(),
        );
    }
    report
}

/// Returns every claim of the catalog, in a fixed order.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// let ids: Vec<&str> = gamecheck::claims::catalog().iter().map(|e| e.id).collect();
/// assert!(ids.contains(&"seed-three-bullets"));
/// ```
pub fn catalog() -> Vec<Entry> {
    vec![
        Entry {
            id: "seed-three-bullets",
            game: "chopsticks",
            text: "the editorial's three bullets read literally: n > m wins; m >= n + 2 loses; when n = m, lose exactly when b = m and a is odd; otherwise lose",
            check: |e, seed, cases| chopsticks(e, seed, cases, seed_three_bullets),
        },
        Entry {
            id: "seed-subtask2-everywhere",
            game: "chopsticks",
            text: "first player wins iff n > m, or n = m and n is even, applied to every position",
            check: |e, seed, cases| chopsticks(e, seed, cases, seed_subtask2_everywhere),
        },
        Entry {
            id: "greedy-remove-two-first",
            game: "chopsticks",
            text: "a position is a win iff the greedy move (remove an opposing two-finger hand when possible, else a one-finger hand with a two-finger hand, else convert) leads to a loss",
            check: |e, seed, cases| chopsticks(e, seed, cases, greedy_remove_two_first),
        },
        Entry {
            id: "corrected-rule",
            game: "chopsticks",
            text: "the verified fast rule (gamecheck::chopsticks::outcome)",
            check: |e, seed, cases| chopsticks(e, seed, cases, corrected_rule),
        },
        Entry {
            id: "xor-nim",
            game: "games",
            text: "the count computed with ordinary Nim's criterion (XOR of the sequence is 0)",
            check: |e, seed, cases| counting(e, seed, cases, xor_nim),
        },
        Entry {
            id: "independent-piles",
            game: "games",
            text: "the count as a product of per-pile losing counts: (number of zero values)^K",
            check: |e, seed, cases| counting(e, seed, cases, independent_piles),
        },
        Entry {
            id: "exponent-mod-p-minus-1",
            game: "games",
            text: "the fast count with K reduced modulo p - 1",
            check: |e, seed, cases| counting(e, seed, cases, exponent_mod_p_minus_1),
        },
        Entry {
            id: "exponent-mod-p-minus-1-1e9+7",
            game: "games",
            text: "the count mod p = 10^9 + 7 (k = 6) with K reduced modulo p - 1, as if x^(p-1) = 1 for every transform value",
            check: exponent_1e9_7_claim,
        },
        Entry {
            id: "seed-python-dict-convolution",
            game: "games",
            text: "the seed's own algorithm: a dictionary over (Z/7)^7 raised to the K-th power by convolution squaring",
            check: seed_claim,
        },
    ]
}
