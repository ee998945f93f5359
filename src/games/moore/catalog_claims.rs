//! The counting claims of the catalog: Nim's criterion, independent piles, the reduced
//! exponent, and the seed's own algorithm, with the small domains its cost allows.

use std::sync::OnceLock;
use std::time::Duration;

use proptest::strategy::Strategy;

pub use super::seed_dict_convolution::{SeedTimeout, seed_dict_convolution};
use super::strategy::{huge_len, value_set};
use super::{Count, MooreCount};
use super::{CountCase, CountingDomain, MODULUS, count, merge_columns, transform};
use crate::claims::{ClaimReport, ClaimVerdict, Domains, Entry, check_claim, check_claim_in};
use crate::problem::{Claims, Sample};

const P: u64 = MODULUS as u64;

fn pow_mod(base: u64, exp: u64) -> u64 {
    u64::from(super::pow_mod((base % P) as u32, exp))
}

/// The count under ordinary Nim's criterion (the XOR of the sequence is 0): Moore's
/// Nim with k = 1, whose criterion is exactly that.
///
/// # Constraints
/// Values below 2^26.
///
/// # Complexity
/// O(2^B · B + 2^B log K).
///
/// # Example
/// ```
/// use gamecheck::moore::catalog_claims::xor_nim;
/// assert_eq!(xor_nim(&[1], 2), Ok(1), "1 xor 1 = 0, yet two piles of 1 are not a Moore_6 loss");
/// ```
pub fn xor_nim(values: &[u64], len: u64) -> Result<u32, String> {
    count(values, len, 1).map_err(|e| e.to_string())
}

/// The count as a product of per-pile losing counts: (number of zero values)^K.
///
/// # Complexity
/// O(N + log K).
///
/// # Example
/// ```
/// use gamecheck::moore::catalog_claims::independent_piles;
/// assert_eq!(independent_piles(&[0, 0, 5], 3), Ok(8));
/// ```
pub fn independent_piles(values: &[u64], len: u64) -> Result<u32, String> {
    let zeros = values.iter().filter(|&&v| v == 0).count() as u64;
    Ok(pow_mod(zeros, len) as u32)
}

/// The fast count with K reduced modulo p − 1 before the powers: wrong exactly when K is
/// a positive multiple of p − 1 and some coefficient F(t) is 0, since 0^0 = 1.
///
/// # Constraints
/// As [`count`] with k = 6.
///
/// # Complexity
/// As [`count`].
///
/// # Example
/// ```
/// use gamecheck::moore::catalog_claims::exponent_mod_p_minus_1;
/// let k = 998_244_352;
/// assert_eq!(exponent_mod_p_minus_1(&[0, 1, 2, 3, 4, 5, 6], k), Ok(1));
/// ```
pub fn exponent_mod_p_minus_1(values: &[u64], len: u64) -> Result<u32, String> {
    // Merged columns give the same sum with a smaller transform.
    let t = transform(&merge_columns(values), 6).map_err(|e| e.to_string())?;
    let e = len % (P - 1);
    let sum = t
        .coefficients()
        .iter()
        .fold(0u64, |acc, &f| (acc + pow_mod(u64::from(f), e)) % P);
    let size = pow_mod(7, u64::from(t.bits()));
    Ok((sum * pow_mod(size, P - 2) % P) as u32)
}

/// The seed document's dictionary convolution, with a time budget per instance.
///
/// # Constraints
/// Values below 128.
///
/// # Complexity
/// O(S² log K) for S reachable states, cut off after `budget`.
///
/// # Example
/// ```
/// use gamecheck::moore::catalog_claims::seed_python;
/// assert_eq!(seed_python(&[1], 7), Ok(1));
/// ```
pub fn seed_python(values: &[u64], len: u64) -> Result<u32, String> {
    seed_dict_convolution(values, len, Duration::from_secs(2)).map_err(|e| e.to_string())
}

/// Returns the domains the seed's algorithm is checked on: its cost is O(S² log K), so
/// tiny inputs only (N ≤ 3, values up to 127, 31 and 7 by N; K up to 49; random
/// instances of at most 3 values up to 3).
///
/// # Example
/// ```
/// use gamecheck::moore::catalog_claims::seed_python_domains;
/// let domains = seed_python_domains(6);
/// assert_eq!(domains.exhaustive.cases.count(), 20 * (128 + 528 + 120));
/// ```
pub fn seed_python_domains(k: u32) -> Domains<'static, CountCase> {
    let exhaustive = CountingDomain {
        lens: (0..=16).chain([21, 28, 49]).collect(),
        shapes: vec![(1, 127), (2, 31), (3, 7)],
    };
    Domains {
        exhaustive: exhaustive.domain(k, u64::from(super::MODULUS)),
        random: Sample {
            cases: (value_set(k, 2, 3), huge_len())
                .prop_map(move |(values, len)| CountCase {
                    k,
                    len,
                    values,
                    modulus: u64::from(super::MODULUS),
                })
                .boxed(),
            description: "instances: N <= 3, values 0..=3, K at the boundaries or anywhere (tiny inputs: the seed's cost is O(S^2 log K))".into(),
            separator: "; ",
        },
    }
}

/// Returns the notes on the seed's algorithm at full size, where it is hopeless, and
/// outside the contest range, where it is wrong: each run of it is given `budget`.
///
/// # Complexity
/// At most about 2 · `budget`, plus one fast count.
pub fn seed_python_notes(budget: Duration) -> Vec<String> {
    let full: Vec<u64> = (1..=100).collect();
    let huge = 1_000_000_000_000_000_000;
    let started = std::time::Instant::now();
    let verdict = match seed_dict_convolution(&full, huge, budget) {
        Ok(answer) => format!("answered {answer} in {:.2} s", started.elapsed().as_secs_f64()),
        Err(timeout) => timeout.to_string(),
    };
    let fast_start = std::time::Instant::now();
    let fast = count(&full, huge, 6);
    let fast_ms = fast_start.elapsed().as_secs_f64() * 1e3;
    let truncated =
        seed_dict_convolution(&[128], 1, budget).map_or_else(|e| e.to_string(), |c| c.to_string());
    let truth = super::MooreCount::default().reference(&CountCase {
        k: 6,
        len: 1,
        values: vec![128],
        modulus: u64::from(super::MODULUS),
    });
    vec![
        format!("full-size case N = 100, A = 1..100, K = 10^18: {verdict}"),
        format!(
            "the fast count answers the same case ({}) in {fast_ms:.1} ms",
            fast.map_or_else(|e| e.to_string(), |c| c.to_string())
        ),
        format!(
            "outside the contest range it reads only bits 0..6: K = 1, A = [128] gives {truncated}, the truth is {}",
            truth.0
        ),
    ]
}

/// 10^9 + 7, the other prime contests use most.
pub const P_1E9_7: u64 = 1_000_000_007;

/// The count mod 10^9 + 7 (k = 6) with K reduced modulo p − 1 before the powers, as if
/// Fermat applied.
///
/// That is exactly the claim count(K) = count(K mod (p − 1)). It is wrong: 7 ∤ p − 1, so
/// the transform's values live in F_{p²}, whose units have order dividing p² − 1, not
/// p − 1. Below p − 1 nothing is reduced, so the least counterexample has
/// K = p − 1 = 1000000006 ≡ 5 (mod 7): there one pile of 1 is never a loss (truth 0),
/// while the claim gives count(0) = 1.
///
/// # Example
/// ```
/// use gamecheck::moore::catalog_claims::exponent_mod_p_minus_1_1e9_7;
/// assert_eq!(exponent_mod_p_minus_1_1e9_7(&[1], 1_000_000_006), Ok(1));
/// assert_eq!(gamecheck::moore::count_mod(&[1], 1_000_000_006, 6, 1_000_000_007), Ok(0));
/// ```
pub fn exponent_mod_p_minus_1_1e9_7(values: &[u64], len: u64) -> Result<u64, String> {
    super::count_mod(values, len % (P_1E9_7 - 1), 6, P_1E9_7).map_err(|e| e.to_string())
}

/// The domains of the 10^9 + 7 pitfall: the standard shapes, with lengths at the
/// boundaries of this prime (multiples of p − 1 and of p² − 1 and their neighbours), and
/// random instances whose K favours them.
pub fn exponent_1e9_7_domains() -> Domains<'static, CountCase> {
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
    let exhaustive = super::CountingDomain {
        lens,
        ..super::CountingDomain::standard()
    };
    Domains {
        exhaustive: exhaustive.domain(6, p),
        random: Sample {
            cases: (value_set(6, 7, 8), super::strategy::huge_len_for(6, p))
                .prop_map(move |(values, len)| CountCase {
                    k: 6,
                    len,
                    values,
                    modulus: p,
                })
                .boxed(),
            description: "instances: N <= 8, values 0..=127, K at the boundaries (0..=8, multiples of 7, of p - 1 and of p^2 - 1 and their neighbours, 10^18, u64::MAX) or anywhere".into(),
            separator: "; ",
        },
    }
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

fn counting(entry: &Entry, seed: u64, cases: u32, claim: CountFn) -> ClaimReport {
    check_claim(moore_count(), entry.id, entry.text, &as_count(claim), seed, cases)
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

/// The counting entries of the catalog, in report order.
pub(crate) fn entries() -> Vec<Entry> {
    use ClaimVerdict::{Holds, Refuted};
    vec![
        Entry::new(
            "xor-nim",
            "moore-count",
            "the count computed with ordinary Nim's criterion (XOR of the sequence is 0)",
            Refuted,
            |e, seed, cases| counting(e, seed, cases, xor_nim),
        ),
        Entry::new(
            "independent-piles",
            "moore-count",
            "the count as a product of per-pile losing counts: (number of zero values)^K",
            Refuted,
            |e, seed, cases| counting(e, seed, cases, independent_piles),
        ),
        Entry::new(
            "exponent-mod-p-minus-1",
            "moore-count",
            "the fast count with K reduced modulo p - 1",
            Refuted,
            |e, seed, cases| counting(e, seed, cases, exponent_mod_p_minus_1),
        ),
        Entry::new(
            "exponent-mod-p-minus-1-1e9+7",
            "moore-count",
            "the fast count mod 10^9 + 7 with K reduced modulo p - 1 (Fermat), k = 6",
            Refuted,
            exponent_1e9_7_claim,
        ),
        Entry::new(
            "seed-python-dict-convolution",
            "moore-count",
            "the seed's own algorithm: a dictionary over (Z/7)^7 raised to the K-th power by convolution squaring",
            Holds,
            seed_claim,
        ),
    ]
}
