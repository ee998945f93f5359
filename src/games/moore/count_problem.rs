//! Counting losing sequences (XXI Open Cup, GP of Tokyo, problem G) as a [`Problem`]:
//! the fast count judged by the plain baseline, the DP and the brute force; least
//! counterexamples ordered by K, then N, then the values.

use std::fmt;

use gamecheck_oracles::moore_brute_count::brute_count_mod;
use gamecheck_oracles::moore_dp_count::dp_count_mod;
use itertools::Itertools;
use proptest::prelude::*;

use super::oracles::Searches;
use super::strategy::{SUPPORTED_K, huge_len, value_set};
use super::strategy::{brute_case_mod, dp_case_mod, instance_mod, pow_mod_exact};
use super::{MODULUS, count_mod, count_plain};
use crate::problem::{Below, Evaluation, Least, Order, Problem, Properties, Property, Share};

/// One counting instance: how many sequences of `len` (K) values drawn from `values`
/// (the multiset A) are losing positions of Moore's Nim_k, modulo the prime `modulus`
/// (998244353 in the contest).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CountCase {
    pub k: u32,
    pub len: u64,
    pub values: Vec<u64>,
    pub modulus: u64,
}

/// The contest's prime.
const P: u64 = MODULUS as u64;

/// A count modulo the problem's prime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Count(pub u64);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

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

impl Problem for MooreCount {
    type Case = CountCase;
    type Answer = Count;

    fn name(&self) -> &'static str {
        "moore-count"
    }

    fn game(&self) -> &'static str {
        "moore"
    }

    fn solve(&self, c: &CountCase) -> Result<Count, String> {
        count_mod(&c.values, c.len, c.k, c.modulus)
            .map(Count)
            .map_err(|e| e.to_string())
    }

    fn evaluate(&self, c: &CountCase) -> Vec<Evaluation<Count>> {
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
        vec![
            shown("fast count", count_mod(&c.values, c.len, c.k, c.modulus)),
            plain,
            dp,
            brute,
        ]
    }

    fn describe(&self, c: &CountCase) -> String {
        // The stored transform is counted only where it is small.
        let modulus = if c.modulus == P {
            String::new()
        } else {
            format!(", p = {}", c.modulus)
        };
        let has_root = (P - 1).is_multiple_of(u64::from(c.k) + 1);
        let zeros = if c.modulus != P || !has_root {
            return format!(
                "games: K = {}, k = {}{modulus}, N = {}, values {:?}",
                c.len,
                c.k,
                c.values.len(),
                c.values
            );
        } else if merged_size(c) <= PLAIN_REACH {
            super::transform(&super::merge_columns(&c.values), c.k)
                .map(|t| t.coefficients().iter().filter(|&&f| f == 0).count())
        } else {
            return format!(
                "games: K = {}, k = {}, N = {}, values {:?}; transform coefficients equal to 0: not counted (more than 7^8)",
                c.len,
                c.k,
                c.values.len(),
                c.values
            );
        };
        format!(
            "games: K = {}, k = {}, N = {}, values {:?}; transform coefficients equal to 0: {}",
            c.len,
            c.k,
            c.values.len(),
            c.values,
            zeros.map_or_else(|e| e.to_string(), |z| z.to_string())
        )
    }

    fn to_json(&self, c: &CountCase) -> serde_json::Value {
        if c.modulus == P {
            serde_json::json!({ "values": c.values, "K": c.len, "k": c.k })
        } else {
            serde_json::json!({ "values": c.values, "K": c.len, "k": c.k, "modulus": c.modulus })
        }
    }

    fn repro_command(&self, c: &CountCase) -> String {
        let values: Vec<String> = c.values.iter().map(u64::to_string).collect();
        let modulus = if c.modulus == P {
            String::new()
        } else {
            format!(" --modulus {}", c.modulus)
        };
        format!(
            "gamecheck repro games --k {}{modulus} {} {}",
            c.k,
            c.len,
            values.join(" ")
        )
        .trim_end()
        .to_owned()
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

impl Order for MooreCount {
    type Key = (u64, usize, Vec<u64>);

    fn key(&self, c: &CountCase) -> Self::Key {
        (c.len, c.values.len(), c.values.clone())
    }

    fn smaller(&self, c: &CountCase) -> Vec<CountCase> {
        let with = |values: Vec<u64>, len| CountCase {
            k: c.k,
            len,
            values,
            modulus: c.modulus,
        };
        let mut out: Vec<CountCase> = len_candidates()
            .into_iter()
            .filter(|&k| k < c.len)
            .map(|len| with(c.values.clone(), len))
            .collect();
        if c.values.len() > 1 {
            for i in 0..c.values.len() {
                let mut v = c.values.clone();
                v.remove(i);
                out.push(with(v, c.len));
            }
        }
        // The count ignores the values' order: the sorted values come first in the order.
        if !c.values.is_sorted() {
            let mut v = c.values.clone();
            v.sort_unstable();
            out.push(with(v, c.len));
        }
        // Small values are lowered through every smaller value, so that no single value of
        // a result can be lowered; large ones by halves and single steps.
        let small = c
            .values
            .iter()
            .try_fold(0u64, |s, &x| s.checked_add(x))
            .is_some_and(|s| s <= 128);
        for (i, &x) in c.values.iter().enumerate() {
            let top = if x == 0 {
                0
            } else {
                x & !(1 << (63 - x.leading_zeros()))
            };
            let every = if small { 0..x } else { 0..0 };
            for y in [0, x / 2, x.saturating_sub(1), top].into_iter().chain(every) {
                if y < x {
                    let mut v = c.values.clone();
                    v[i] = y;
                    out.push(with(v, c.len));
                }
            }
        }
        out
    }

    /// K, then the values.
    fn coordinates(&self, c: &CountCase) -> Vec<u128> {
        std::iter::once(c.len).chain(c.values.iter().copied()).map(u128::from).collect()
    }

    fn with_coordinate(&self, c: &CountCase, i: usize, value: u128) -> Option<CountCase> {
        let value = u64::try_from(value).ok()?;
        let mut c = c.clone();
        match i {
            0 => c.len = value,
            _ => *c.values.get_mut(i - 1)? = value,
        }
        Some(c)
    }

    fn below(&self, c: &CountCase, budget: u64) -> Below<'_, CountCase> {
        let top = c.values.iter().copied().max().unwrap_or(0);
        let lens: Vec<u64> = len_candidates()
            .into_iter()
            .filter(|&k| k < c.len)
            .chain([c.len])
            .collect();
        let n_max = c.values.len();
        // For each N, the largest value bound whose enumeration stays within the budget.
        let bound = move |n: usize| {
            (0..=top)
                .rev()
                .find(|&m| (m + 1).checked_pow(n as u32).is_some_and(|count| count <= budget))
                .unwrap_or(0)
        };
        let widest = (1..=n_max).map(bound).min().unwrap_or(0);
        let searched = format!(
            "every K in the candidate list up to {}, every N up to {n_max}, every sequence with values up to at least {widest}",
            c.len
        );
        let (k, modulus) = (c.k, c.modulus);
        let cases = lens.into_iter().flat_map(move |len| {
            (1..=n_max).flat_map(move |n| {
                std::iter::repeat_n(0..=bound(n), n)
                    .multi_cartesian_product()
                    .map(move |values| CountCase {
                        k,
                        len,
                        values,
                        modulus,
                    })
            })
        });
        let found = searched.clone();
        Below {
            cases: Box::new(cases),
            found: Box::new(move |_| Least::Bounded {
                searched: found.clone(),
            }),
            exhausted: Least::Bounded { searched },
        }
    }
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

/// The properties draw k and the prime at random: small primes (P ≤ k + 1 and P | k + 1
/// among them), 998244353, 10^9 + 7 and primes near 2^61.
impl Properties for MooreCount {
    fn properties(&self) -> Vec<Property<MooreCount>> {
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
            property(
                "count_is_invariant_under_permutation",
                instance_mod(3000, 40).prop_map(case_of).boxed(),
                |_, c| {
                    let mut reversed = c.values.clone();
                    reversed.reverse();
                    let mut sorted = c.values.clone();
                    sorted.sort_unstable();
                    let base = count_with(c, &c.values);
                    if base != count_with(c, &reversed) || base != count_with(c, &sorted) {
                        return Err(format!(
                            "the count changes when the values are reordered: {base:?}"
                        ));
                    }
                    Ok(())
                },
            ),
            property(
                "count_is_invariant_under_doubling",
                instance_mod(3000, 40).prop_map(case_of).boxed(),
                |_, c| {
                    let twice: Vec<u64> = c.values.iter().map(|v| 2 * v).collect();
                    let (a, b) = (count_with(c, &c.values), count_with(c, &twice));
                    if a != b {
                        return Err(format!(
                            "doubling every value changes the count from {a:?} to {b:?}"
                        ));
                    }
                    Ok(())
                },
            ),
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
            ),
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
                    let (a, b) = (count_with(c, &c.values), count_with(c, &flipped));
                    if a != b {
                        return Err(format!("v -> {top} - v changes the count from {a:?} to {b:?}"));
                    }
                    Ok(())
                },
            ),
        ]
    }

    fn regressions(&self) -> &'static str {
        "proptest-regressions/moore.txt"
    }

    fn search_budget(&self) -> u64 {
        2_000
    }
}

impl crate::problem::Commands for MooreCount {}
