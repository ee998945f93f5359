//! The catalog of claims users want checked, by id, each with the verdict it should
//! reach.

use std::sync::OnceLock;
use std::time::Duration;

use super::engine::{Domains, check_claim, check_claim_in};
use super::verdict::{ClaimReport, ClaimVerdict};
use crate::games::chopsticks::catalog_claims::{
    corrected_rule, greedy_remove_two_first, seed_subtask2_everywhere, seed_three_bullets,
};
use crate::games::chopsticks::{Chopsticks, Outcome, State};
use crate::games::moore::catalog_claims::{
    P_1E9_7, exponent_1e9_7_domains, exponent_mod_p_minus_1, exponent_mod_p_minus_1_1e9_7, independent_piles,
    seed_python, seed_python_domains, seed_python_notes, xor_nim,
};
use crate::games::moore::{Count, CountCase, MooreCount};
use crate::games::wythoff::catalog_claims::{exact_rule, float_formula, xor_rule};
use crate::games::wythoff::{Piles, Wythoff, WythoffOutcome, diagonals};
use crate::problem::{Claims, TypedClaims};

/// One claim of the catalog.
pub struct Entry {
    pub id: &'static str,
    pub game: &'static str,
    pub text: &'static str,
    /// The verdict the claim should reach: `gamecheck claims` fails when it does not.
    pub expected: ClaimVerdict,
    check: fn(&Entry, u64, u32) -> ClaimReport,
}

impl Entry {
    /// Returns the verdict on this claim under `seed`, with `cases` random cases after the
    /// exhaustive range, and the verdict the catalog expects.
    ///
    /// # Complexity
    /// That of the claims engine: a few seconds at most for the built-in claims, except
    /// the seed's own algorithm, which is given a time budget.
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::{catalog, ClaimVerdict};
    /// let entry = catalog().into_iter().find(|e| e.id == "corrected-rule");
    /// let report = entry.map(|e| e.check(1, 1000));
    /// assert!(report.is_some_and(|r| r.verdict == ClaimVerdict::Holds && r.as_expected()));
    /// ```
    pub fn check(&self, seed: u64, cases: u32) -> ClaimReport {
        let mut report = (self.check)(self, seed, cases);
        report.expected = Some(self.expected);
        report
    }
}

fn chopsticks(entry: &Entry, seed: u64, cases: u32, claim: fn(State) -> bool) -> ClaimReport {
    let problem = Chopsticks::for_claims();
    let says = |s: &State| -> Result<Outcome, String> { Ok(problem.answer_from_claim(claim(*s))) };
    check_claim(problem, entry.id, entry.text, &says, seed, cases)
}

type CountFn = fn(&[u64], u64) -> Result<u32, String>;

fn as_count(claim: CountFn) -> impl Fn(&CountCase) -> Result<Count, String> + Sync {
    move |c: &CountCase| claim(&c.values, c.len).map(|n| Count(u64::from(n)))
}

/// The counting problem of the catalog, shared so that its game-search memo serves
/// every counting claim.
fn moore_count() -> &'static MooreCount {
    static PROBLEM: OnceLock<MooreCount> = OnceLock::new();
    PROBLEM.get_or_init(MooreCount::default)
}

/// K reduced mod p − 1 with p = 10^9 + 7, on lengths at that prime's boundaries.
fn exponent_1e9_7_claim(entry: &Entry, seed: u64, cases: u32) -> ClaimReport {
    static PROBLEM: OnceLock<MooreCount> = OnceLock::new();
    let problem = PROBLEM.get_or_init(|| MooreCount::new(6, P_1E9_7));
    let claim = |c: &CountCase| exponent_mod_p_minus_1_1e9_7(&c.values, c.len).map(Count);
    let mut report = check_claim_in(
        problem,
        exponent_1e9_7_domains(),
        entry.id,
        entry.text,
        &claim,
        seed,
        cases,
    );
    if report.counterexample == serde_json::json!({ "values": [1], "K": P_1E9_7 - 1 }) {
        report.notes.push(
            "least counterexample: below K = p - 1 = 1000000006 nothing is reduced, so the claim is the count itself; at K = p - 1, A = [0] agrees (1 = 1), and A = [1] does not"
                .into(),
        );
    }
    report
}

fn counting(entry: &Entry, seed: u64, cases: u32, claim: CountFn) -> ClaimReport {
    check_claim(moore_count(), entry.id, entry.text, &as_count(claim), seed, cases)
}

/// The Wythoff problem of the catalog, shared so that its mex table is built once.
fn wythoff() -> &'static Wythoff {
    static PROBLEM: OnceLock<Wythoff> = OnceLock::new();
    PROBLEM.get_or_init(Wythoff::default)
}

fn wythoff_claim(entry: &Entry, seed: u64, cases: u32, claim: fn(u64, u64) -> bool) -> ClaimReport {
    let says = |p: &Piles| -> Result<WythoffOutcome, String> { Ok(WythoffOutcome::of_p(claim(p.x, p.y))) };
    check_claim(wythoff(), entry.id, entry.text, &says, seed, cases)
}

/// The diagonals searched beyond the exhaustive box: past F_40 = 102334155, where
/// `f64` first rounds ⌊jφ⌋ wrong.
const DIAGONALS: u64 = 1 << 27;

/// A floating-point formula errs only next to the P-positions, and only at large j:
/// after the exhaustive box, every P-position and its neighbours up to [`DIAGONALS`].
fn wythoff_diagonal_claim(entry: &Entry, seed: u64, cases: u32, claim: fn(u64, u64) -> bool) -> ClaimReport {
    let problem = wythoff();
    let says = |p: &Piles| -> Result<WythoffOutcome, String> { Ok(WythoffOutcome::of_p(claim(p.x, p.y))) };
    let domains = Domains {
        exhaustive: diagonals(DIAGONALS),
        random: problem.random(),
    };
    check_claim_in(problem, domains, entry.id, entry.text, &says, seed, cases)
}

/// The seed's algorithm: correct on tiny inputs, hopeless at full size; report both.
fn seed_claim(entry: &Entry, seed: u64, cases: u32) -> ClaimReport {
    let problem = moore_count();
    let domains = seed_python_domains(problem.k());
    // Its cost is O(S² log K) per instance: few random cases.
    let mut report = check_claim_in(
        problem,
        domains,
        entry.id,
        entry.text,
        &as_count(seed_python),
        seed,
        cases.min(500),
    );
    report.notes.extend(seed_python_notes(Duration::from_secs(5)));
    report
}

/// Returns every claim of the catalog, in a fixed order.
///
/// # Example
/// ```
/// use gamecheck::claims::{catalog, ClaimVerdict};
/// let entry = catalog().into_iter().find(|e| e.id == "seed-three-bullets");
/// assert_eq!(entry.map(|e| e.expected), Some(ClaimVerdict::Refuted));
/// ```
pub fn catalog() -> Vec<Entry> {
    use ClaimVerdict::{Holds, Refuted};
    vec![
        Entry {
            id: "seed-three-bullets",
            game: "chopsticks",
            text: "the editorial's three bullets read literally: n > m wins; m >= n + 2 loses; when n = m, lose exactly when b = m and a is odd; otherwise lose",
            expected: Refuted,
            check: |e, seed, cases| chopsticks(e, seed, cases, seed_three_bullets),
        },
        Entry {
            id: "seed-subtask2-everywhere",
            game: "chopsticks",
            text: "first player wins iff n > m, or n = m and n is even, applied to every position",
            expected: Refuted,
            check: |e, seed, cases| chopsticks(e, seed, cases, seed_subtask2_everywhere),
        },
        Entry {
            id: "greedy-remove-two-first",
            game: "chopsticks",
            text: "a position is a win iff the greedy move (remove an opposing two-finger hand when possible, else a one-finger hand with a two-finger hand, else convert) leads to a loss",
            expected: Refuted,
            check: |e, seed, cases| chopsticks(e, seed, cases, greedy_remove_two_first),
        },
        Entry {
            id: "corrected-rule",
            game: "chopsticks",
            text: "the verified fast rule (gamecheck::chopsticks::outcome)",
            expected: Holds,
            check: |e, seed, cases| chopsticks(e, seed, cases, corrected_rule),
        },
        Entry {
            id: "xor-nim",
            game: "moore-count",
            text: "the count computed with ordinary Nim's criterion (XOR of the sequence is 0)",
            expected: Refuted,
            check: |e, seed, cases| counting(e, seed, cases, xor_nim),
        },
        Entry {
            id: "independent-piles",
            game: "moore-count",
            text: "the count as a product of per-pile losing counts: (number of zero values)^K",
            expected: Refuted,
            check: |e, seed, cases| counting(e, seed, cases, independent_piles),
        },
        Entry {
            id: "exponent-mod-p-minus-1",
            game: "moore-count",
            text: "the fast count with K reduced modulo p - 1",
            expected: Refuted,
            check: |e, seed, cases| counting(e, seed, cases, exponent_mod_p_minus_1),
        },
        Entry {
            id: "exponent-mod-p-minus-1-1e9+7",
            game: "moore-count",
            text: "the fast count mod 10^9 + 7 with K reduced modulo p - 1 (Fermat), k = 6",
            expected: Refuted,
            check: exponent_1e9_7_claim,
        },
        Entry {
            id: "seed-python-dict-convolution",
            game: "moore-count",
            text: "the seed's own algorithm: a dictionary over (Z/7)^7 raised to the K-th power by convolution squaring",
            expected: Holds,
            check: seed_claim,
        },
        Entry {
            id: "wythoff-float-formula",
            game: "wythoff",
            text: "the double-precision formula contest solutions write: with x <= y, a loss iff x == floor((y - x) * (1 + sqrt(5)) / 2) in f64",
            expected: Refuted,
            check: |e, seed, cases| wythoff_diagonal_claim(e, seed, cases, float_formula),
        },
        Entry {
            id: "wythoff-xor",
            game: "wythoff",
            text: "ordinary Nim's rule: a loss iff x ^ y == 0",
            expected: Refuted,
            check: |e, seed, cases| wythoff_claim(e, seed, cases, xor_rule),
        },
        Entry {
            id: "wythoff-exact-rule",
            game: "wythoff",
            text: "the exact rule: a loss iff x == floor(j * phi) for j = |x - y|, in integer arithmetic (gamecheck::wythoff::is_p_position)",
            expected: Holds,
            check: |e, seed, cases| wythoff_claim(e, seed, cases, exact_rule),
        },
    ]
}
