//! Counting losing sequences (XXI Open Cup, GP of Tokyo, problem G) as a
//! [`CountQuestion`]: the fast count judged by the plain baseline, the DP and the brute
//! force.

use gamecheck_oracles::moore_brute_count::brute_count_mod;
use gamecheck_oracles::moore_dp_count::dp_count_mod;
use proptest::prelude::*;

use super::oracles::Searches;
use super::strategy::{SUPPORTED_K, huge_len, value_set};
use super::strategy::{brute_case_mod, dp_case_mod, instance_mod, pow_mod_exact};
use rand_chacha::ChaCha8Rng;

use super::{CountingDomain, MODULUS, count_mod, count_plain};
use crate::claims::{ClaimReport, ExprError};
use crate::game::GameError;
use crate::game::count_question::{Count, CountCase, CountQuestion};
use crate::problem::{Bounds, Constraints, Domain, Evaluation, Flag, Flags, Property, Sample, Share};

/// The contest's prime.
const P: u64 = MODULUS as u64;

/// The counting problem of Moore's Nim_k.
pub struct MooreCount {
    /// The k of the instances its contest input describes.
    k: u32,
    /// The prime its contest input's counts are taken modulo.
    modulus: u64,
    pub(crate) searches: Searches,
}

impl Default for MooreCount {
    /// k = 6, as in the contest.
    fn default() -> MooreCount {
        MooreCount::with_k(6)
    }
}

impl MooreCount {
    /// Returns the problem whose input instances are of Moore's Nim_k.
    pub fn with_k(k: u32) -> MooreCount {
        MooreCount::new(k, P)
    }

    /// Returns the problem whose input instances are of Moore's Nim_k, counted modulo
    /// `modulus` (checked to be prime by [`ContestFormat::constraints`](crate::problem::ContestFormat::constraints)).
    pub fn new(k: u32, modulus: u64) -> MooreCount {
        MooreCount {
            k,
            modulus,
            searches: Searches::default(),
        }
    }

    /// Returns the prime of input instances.
    pub fn modulus(&self) -> u64 {
        self.modulus
    }

    /// Returns the k of input instances.
    pub fn k(&self) -> u32 {
        self.k
    }
}

/// Whether the brute force over all N^K sequences is cheap: K ≤ 5, values ≤ 7,
/// N^K ≤ 4096.
pub(super) fn brute_reach(c: &CountCase) -> bool {
    let n = c.values.len() as u64;
    let top = c.values.iter().copied().max().unwrap_or(0);
    c.len <= 5 && top <= 7 && u32::try_from(c.len).is_ok_and(|l| n.checked_pow(l).is_some_and(|s| s <= 4096))
}

/// The largest transform the baseline and the stored transform are asked for: 7^8.
const PLAIN_REACH: u64 = 5_764_801;

/// (k+1)^B for B the bit length of the largest of `values`, saturating.
fn size_of(values: &[u64], k: u32) -> u64 {
    let top = values.iter().copied().max().unwrap_or(0);
    (u64::from(k) + 1).saturating_pow(64 - top.leading_zeros())
}

/// (k+1)^B for the values' distinct bit columns, as the stored transform has them.
fn merged_size(c: &CountCase) -> u64 {
    size_of(&super::merge_columns(&c.values), c.k)
}

/// Whether the DP over (Z/(k+1))^B is cheap: (k+1)^B · K · N ≤ `work`.
pub(super) fn dp_reach(c: &CountCase, work: u64) -> bool {
    let top = c.values.iter().copied().max().unwrap_or(0);
    let states = (u64::from(c.k) + 1).saturating_pow(64 - top.leading_zeros());
    states
        .saturating_mul(c.len.max(1))
        .saturating_mul((c.values.len() as u64).max(1))
        <= work
}

impl CountQuestion for MooreCount {
    const NAME: &'static str = "moore-count";
    const GAME: &'static str = "moore";
    const COMMAND: &'static str = "games";
    const REGRESSIONS: &'static str = "proptest-regressions/moore.txt";

    fn flags() -> Vec<Flag> {
        super::flags::flags()
    }

    fn from_flags(flags: &Flags) -> Result<MooreCount, GameError> {
        super::flags::build(flags)
    }

    fn k(&self) -> u32 {
        self.k
    }

    fn modulus(&self) -> u64 {
        self.modulus
    }

    fn count(&self, c: &CountCase) -> Result<u64, String> {
        count_mod(&c.values, c.len, c.k, c.modulus).map_err(|e| e.to_string())
    }

    fn constraints(&self) -> Result<Constraints, String> {
        self.contest_constraints()
    }

    fn properties(&self) -> Vec<Property<MooreCount>> {
        properties()
    }

    /// The plain baseline, the DP and the brute force, each where it is cheap.
    fn oracles(&self, c: &CountCase) -> Vec<Evaluation<Count>> {
        let shown = |name, r: Result<u64, super::MooreError>| match r {
            Ok(n) => Evaluation::answer(name, Count(n)),
            Err(e) => Evaluation::check(name, Err(format!("error: {e}"))),
        };
        let dp = if dp_reach(c, 10_000_000) {
            Evaluation::answer("dp", Count(dp_count_mod(&c.values, c.len, c.k, c.modulus)))
        } else {
            Evaluation::out_of_reach("dp", "out of reach ((k+1)^B K N > 10^7)".into())
        };
        let brute = if brute_reach(c) {
            let n = self
                .searches
                .with(c.k, |s| brute_count_mod(s, &c.values, c.len as u32, c.modulus));
            Evaluation::answer("brute force", Count(n))
        } else {
            Evaluation::out_of_reach(
                "brute force",
                "out of reach (K > 5, a value > 7 or N^K > 4096)".into(),
            )
        };
        // The baseline stores two u64 buffers of (k+1)^B words: asked only up to 7^8.
        // The baseline needs a (k+1)-th root of unity mod 998244353, as the old fast path did.
        let has_root = (P - 1).is_multiple_of(u64::from(c.k) + 1);
        let plain = if c.modulus != P {
            Evaluation::out_of_reach("plain count", "only mod 998244353".into())
        } else if !has_root {
            Evaluation::out_of_reach("plain count", "out of reach (k + 1 does not divide p - 1)".into())
        } else if size_of(&c.values, c.k) <= PLAIN_REACH {
            shown("plain count", count_plain(&c.values, c.len, c.k).map(u64::from))
        } else {
            Evaluation::out_of_reach("plain count", "out of reach ((k+1)^B > 7^8)".into())
        };
        vec![plain, dp, brute]
    }

    fn reference(&self, c: &CountCase) -> (Count, &'static str) {
        self.claim_reference(c)
    }

    fn reference_text(&self) -> String {
        self.claim_reference_text()
    }

    /// K, k, N, the values, and how many coefficients of the stored transform are 0.
    fn describe(&self, c: &CountCase) -> String {
        // The stored transform is counted only where it is small.
        let modulus = if c.modulus == P {
            String::new()
        } else {
            format!(", p = {}", c.modulus)
        };
        let head = format!(
            "games: K = {}, k = {}{modulus}, N = {}, values {:?}",
            c.len,
            c.k,
            c.values.len(),
            c.values
        );
        let has_root = (P - 1).is_multiple_of(u64::from(c.k) + 1);
        if c.modulus != P || !has_root {
            return head;
        }
        if merged_size(c) > PLAIN_REACH {
            return format!("{head}; transform coefficients equal to 0: not counted (more than 7^8)");
        }
        let zeros = super::transform(&super::merge_columns(&c.values), c.k)
            .map(|t| t.coefficients().iter().filter(|&&f| f == 0).count());
        format!(
            "{head}; transform coefficients equal to 0: {}",
            zeros.map_or_else(|e| e.to_string(), |z| z.to_string())
        )
    }

    fn value_reason(&self, max: u64) -> String {
        format!(
            "values above {max} need more bits than gamecheck judges for k = {} \
             (at most 7^9 transform coefficients)",
            self.k
        )
    }

    fn solve_context(&self) -> String {
        format!("solve games (Moore's Nim_k, k = {}) on stdin", self.k)
    }

    fn len_candidates(&self) -> Vec<u64> {
        len_candidates()
    }

    fn generate(&self, rng: &mut ChaCha8Rng, bounds: &Bounds) -> CountCase {
        self.draw(rng, bounds)
    }

    fn exhaustive(&self) -> Domain<'_, CountCase> {
        CountingDomain::standard().domain(self.k, self.modulus)
    }

    fn random(&self) -> Sample<CountCase> {
        self.claim_sample()
    }

    fn typed_claim(&self, text: &str, seed: u64, cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        self.typed_claim_as_moore(text, seed, cases)
    }

    fn claim_vocabulary(&self) -> Option<&'static str> {
        Some("as moore: a claim about the positions whose losing sequences the count counts")
    }
}

/// Returns the lengths K a least-counterexample search tries: 0..=16, small multiples of
/// 7, and the neighbours of multiples of p − 1, of 10^18 and of the largest u64, where
/// reducing an exponent goes wrong.
///
/// # Example
/// ```
/// let ks = gamecheck::moore::len_candidates();
/// assert!(ks.contains(&998_244_352) && ks.windows(2).all(|w| w[0] < w[1]));
/// ```
pub fn len_candidates() -> Vec<u64> {
    let p1 = u64::from(MODULUS) - 1;
    let mut ks: Vec<u64> = (0..=16)
        .chain((3..=10).map(|i| 7 * i))
        .chain([49 * 7, 2401])
        .collect();
    for base in [p1, 2 * p1, 7 * p1, 1_000_000_000_000_000_000, u64::MAX - 2] {
        ks.extend(base.saturating_sub(2)..=base.saturating_add(2));
    }
    ks.sort_unstable();
    ks.dedup();
    ks
}

fn differs(what: &str, got: Result<u64, super::MooreError>, want: u64) -> Result<(), String> {
    match got {
        Ok(c) if c == want => Ok(()),
        other => Err(format!("{what} says {other:?}, the reference {want}")),
    }
}

fn case_of((k, modulus, len, values): (u32, u64, u64, Vec<u64>)) -> CountCase {
    CountCase {
        k,
        len,
        values,
        modulus,
    }
}

/// The count of `c` with other values, by the fast method.
fn count_with(c: &CountCase, values: &[u64]) -> Result<u64, super::MooreError> {
    count_mod(values, c.len, c.k, c.modulus)
}

type Check = fn(&MooreCount, &CountCase) -> Result<(), String>;

fn property(name: &'static str, cases: BoxedStrategy<CountCase>, check: Check) -> Property<MooreCount> {
    Property {
        name,
        share: Share { times: 1, per: 20 },
        cases,
        check: Box::new(move |g, c| check(g, c).map_err(Into::into)),
    }
}

/// Returns the properties: the fast count against the brute force, the DP and the plain
/// baseline, and its invariants. They draw k and the prime at random: small primes
/// (P ≤ k + 1 and P | k + 1 among them), 998244353, 10^9 + 7 and primes near 2^61.
fn properties() -> Vec<Property<MooreCount>> {
    let mut out = second_methods();
    out.extend(invariants());
    out
}

/// Returns the fast count against the brute force, the DP and the plain baseline.
fn second_methods() -> Vec<Property<MooreCount>> {
    vec![
        property(
            "count_matches_brute_force",
            brute_case_mod()
                .prop_map(|(k, p, len, v)| case_of((k, p, u64::from(len), v)))
                .boxed(),
            |problem, c| {
                let want = problem
                    .searches
                    .with(c.k, |s| brute_count_mod(s, &c.values, c.len as u32, c.modulus));
                differs("the fast count", count_with(c, &c.values), want)
            },
        ),
        property(
            "count_matches_dp",
            dp_case_mod().prop_map(case_of).boxed(),
            |_, c| {
                let want = dp_count_mod(&c.values, c.len, c.k, c.modulus);
                differs("the fast count", count_with(c, &c.values), want)
            },
        ),
        // The plain baseline exists only for the root-of-unity case mod 998244353.
        property(
            "count_matches_plain",
            prop::sample::select(&SUPPORTED_K[..])
                .prop_flat_map(|k| (Just(k), Just(P), huge_len(), value_set(k, 4, 40)))
                .prop_map(case_of)
                .boxed(),
            |_, c| match count_plain(&c.values, c.len, c.k) {
                Ok(want) => differs("the fast count", count_with(c, &c.values), u64::from(want)),
                Err(e) => Err(format!("the plain count fails: {e}")),
            },
        ),
    ]
}

/// Returns the count's invariants: under reordering, doubling and complementing the
/// values, and the count of copies of one value.
fn invariants() -> Vec<Property<MooreCount>> {
    vec![
        under_permutation(),
        under_doubling(),
        count_of_copies(),
        under_complement(),
    ]
}

/// Returns the property that reordering the values (reversed, sorted) keeps the count.
fn under_permutation() -> Property<MooreCount> {
    property(
        "count_is_invariant_under_permutation",
        instance_mod(3000, 40).prop_map(case_of).boxed(),
        |_, c| {
            let mut reversed = c.values.clone();
            reversed.reverse();
            let mut sorted = c.values.clone();
            sorted.sort_unstable();
            same_count(c, &[reversed, sorted], "reordering the values")
        },
    )
}

/// Returns the property that doubling every value keeps the count.
fn under_doubling() -> Property<MooreCount> {
    property(
        "count_is_invariant_under_doubling",
        instance_mod(3000, 40).prop_map(case_of).boxed(),
        |_, c| {
            let twice: Vec<u64> = c.values.iter().map(|v| 2 * v).collect();
            same_count(c, &[twice], "doubling every value")
        },
    )
}

/// Returns why the count of `c` with each of `others` in place of its values is not its
/// own, if it is not; `change` says how they were changed.
fn same_count(c: &CountCase, others: &[Vec<u64>], change: &str) -> Result<(), String> {
    let base = count_with(c, &c.values);
    for other in others {
        let got = count_with(c, other);
        if got != base {
            return Err(format!("{change} changes the count from {base:?} to {got:?}"));
        }
    }
    Ok(())
}

/// Returns the property that N copies of one nonzero value give N^K positions when k + 1
/// divides K, else none.
fn count_of_copies() -> Property<MooreCount> {
    property(
        "count_of_copies_is_a_power_or_zero",
        (instance_mod(10, 1), 1u64..=255, 1usize..=60)
            .prop_map(|((k, p, len, _), v, n)| case_of((k, p, len, vec![v; n])))
            .boxed(),
        |_, c| {
            let n = c.values.len() as u64;
            let all_equal_nonzero = c
                .values
                .first()
                .is_some_and(|&v| v != 0 && c.values.iter().all(|&w| w == v));
            if !all_equal_nonzero {
                return Ok(());
            }
            let want = if c.len.is_multiple_of(u64::from(c.k) + 1) {
                pow_mod_exact(n, c.len, c.modulus)
            } else {
                0
            };
            differs("the count of copies", count_with(c, &c.values), want)
        },
    )
}

/// Returns the property that complementing every value within its width keeps the count
/// when k + 1 divides K.
fn under_complement() -> Property<MooreCount> {
    // v ↦ 2^W − 1 − v turns each bit count c into K − c: divisible by k + 1 together.
    property(
        "count_is_invariant_under_complement",
        instance_mod(3000, 40)
            .prop_map(|(k, p, len, values)| {
                let m = u64::from(k) + 1;
                case_of((k, p, len / m * m, values))
            })
            .boxed(),
        |_, c| {
            if !c.len.is_multiple_of(u64::from(c.k) + 1) {
                return Ok(());
            }
            let width = 64 - c.values.iter().copied().max().unwrap_or(0).leading_zeros();
            let top = if width == 64 {
                u64::MAX
            } else {
                (1u64 << width) - 1
            };
            let flipped: Vec<u64> = c.values.iter().map(|v| top - v).collect();
            same_count(c, &[flipped], &format!("v -> {top} - v"))
        },
    )
}
