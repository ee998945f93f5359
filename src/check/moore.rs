//! The Moore's Nim properties of a campaign: the P-test against the game search, the
//! count against the brute force, the DP and the plain baseline, winning moves, and the
//! metamorphic properties at huge K.

use std::collections::HashMap;
use std::sync::Mutex;

use gamecheck_oracles::moore_brute_count::brute_count_mod;
use gamecheck_oracles::moore_dp_count::dp_count_mod;
use gamecheck_oracles::moore_game_search::GameSearch;
use proptest::prelude::*;

use super::least::{Least, least_counting};
use super::property::{Source, run_property};
use super::report::{Answer, Failure, Row};
use crate::moore::strategy::{
    SUPPORTED_K, brute_case_mod, dp_case_mod, huge_len, instance_mod, small_position, value_set,
};
use crate::moore::{MODULUS, count, count_mod, count_plain, is_p_position, winning_move};

/// Where found Moore counterexamples are kept, replayed first by the next run.
pub const MOORE_REGRESSIONS: &str = "proptest-regressions/moore.txt";

/// The game searches a campaign shares, one memo per k.
#[derive(Default)]
pub struct MooreOracles {
    searches: Mutex<HashMap<u32, GameSearch>>,
}

impl MooreOracles {
    fn with_search<R>(&self, k: u32, f: impl FnOnce(&mut GameSearch) -> R) -> R {
        let mut all = self.searches.lock().unwrap_or_else(|p| p.into_inner());
        f(all.entry(k).or_insert_with(|| GameSearch::new(k)))
    }
}

/// `base^exp mod p`, the exponent never reduced (0^0 = 1).
fn pow_exact(base: u64, exp: u64, p: u64) -> u64 {
    crate::moore::strategy::pow_mod_exact(base, exp, p)
}

const P: u64 = MODULUS as u64;

fn answer(implementation: &str, answer: String) -> Answer {
    Answer {
        implementation: implementation.into(),
        answer,
    }
}

/// Returns each implementation's count for (values, K) with k piles per move: the fast
/// count, the plain baseline, and the DP and brute force where they are cheap.
///
/// # Constraints
/// None; oracles out of reach say so.
///
/// # Complexity
/// The fast and plain counts, plus at most about 10^7 oracle steps.
///
/// # Example
/// ```
/// let answers = gamecheck::check::counting_answers(&[1, 2], 2, 6);
/// assert_eq!(answers.len(), 4);
/// assert!(answers.iter().all(|a| a.answer == "0"));
/// ```
pub fn counting_answers(values: &[u64], len: u64, k: u32) -> Vec<Answer> {
    counting_answers_mod(values, len, k, P)
}

/// Returns each implementation's count mod `modulus` for (values, K) with k piles per
/// move: the fast count, the plain baseline (mod 998244353 only), and the DP and brute
/// force where they are cheap.
///
/// # Constraints
/// None; oracles out of reach say so.
///
/// # Complexity
/// The fast and plain counts, plus at most about 10^7 oracle steps.
///
/// # Example
/// ```
/// let answers = gamecheck::check::counting_answers_mod(&[1, 2, 3], 3, 2, 2);
/// assert_eq!(answers.len(), 4);
/// assert_eq!(answers[0].answer, "1"); // 3 mod 2
/// assert_eq!(answers[2].answer, "1");
/// ```
pub fn counting_answers_mod(values: &[u64], len: u64, k: u32, modulus: u64) -> Vec<Answer> {
    let show = |r: Result<u64, crate::moore::MooreError>| {
        r.map_or_else(|e| format!("error: {e}"), |c| c.to_string())
    };
    let n = values.len() as u64;
    let top = values.iter().copied().max().unwrap_or(0);
    let states = (u64::from(k) + 1).saturating_pow(64 - top.leading_zeros());
    let dp = if states.saturating_mul(len.max(1)).saturating_mul(n.max(1)) <= 10_000_000 {
        dp_count_mod(values, len, k, modulus).to_string()
    } else {
        "out of reach ((k+1)^B K N > 10^7)".into()
    };
    let small =
        len <= 5 && top <= 7 && u32::try_from(len).is_ok_and(|l| n.checked_pow(l).is_some_and(|s| s <= 4096));
    let brute = if small {
        brute_count_mod(&mut GameSearch::new(k), values, len as u32, modulus).to_string()
    } else {
        "out of reach (K > 5, a value > 7 or N^K > 4096)".into()
    };
    let plain = if modulus == P {
        show(count_plain(values, len, k).map(u64::from))
    } else {
        "not applicable (mod 998244353 only)".into()
    };
    vec![
        answer("fast count", show(count_mod(values, len, k, modulus))),
        answer("plain count", plain),
        answer("dp", dp),
        answer("brute force", brute),
    ]
}

/// Returns the command that replays a counting case.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(N).
///
/// # Example
/// ```
/// assert_eq!(gamecheck::check::counting_repro(&[1, 2], 7, 6), "gamecheck repro games --k 6 7 1 2");
/// ```
pub fn counting_repro(values: &[u64], len: u64, k: u32) -> String {
    counting_repro_mod(values, len, k, P)
}

/// Returns the command that replays a counting case mod `modulus`.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(N).
///
/// # Example
/// ```
/// assert_eq!(
///     gamecheck::check::counting_repro_mod(&[1, 2], 7, 2, 5),
///     "gamecheck repro games --k 2 --modulus 5 7 1 2"
/// );
/// ```
pub fn counting_repro_mod(values: &[u64], len: u64, k: u32, modulus: u64) -> String {
    let values: Vec<String> = values.iter().map(u64::to_string).collect();
    let modulus = if modulus == P {
        String::new()
    } else {
        format!(" --modulus {modulus}")
    };
    format!(
        "gamecheck repro games --k {k}{modulus} {len} {}",
        values.join(" ")
    )
    .trim_end()
    .to_owned()
}

/// Returns each implementation's verdict on a position: the P-test with its winning
/// move, and the game search where the position is small.
///
/// # Constraints
/// None; the game search is asked only about positions with at most 5000 sub-positions
/// (the product of pile sizes plus one).
///
/// # Complexity
/// O(piles · 64) for the P-test, plus the game search on small positions.
///
/// # Example
/// ```
/// let answers = gamecheck::check::position_answers(&[1, 1], 6);
/// assert!(answers.iter().any(|a| a.answer.starts_with("N-position")));
/// ```
pub fn position_answers(piles: &[u64], k: u32) -> Vec<Answer> {
    let name = |p: bool| {
        if p {
            "P-position (the player to move loses)"
        } else {
            "N-position (the player to move wins)"
        }
    };
    let moore = match winning_move(piles, k) {
        Some(next) => format!("{}; winning move to {next:?}", name(is_p_position(piles, k))),
        None => name(is_p_position(piles, k)).to_owned(),
    };
    // The search visits every sub-position: bound their number, Π (p + 1).
    let small = piles
        .iter()
        .try_fold(1u64, |acc, &p| acc.checked_mul(p.checked_add(1)?))
        .is_some_and(|n| n <= 5000);
    let search = if small {
        let mut s = GameSearch::new(k);
        format!("{} (Grundy value {})", name(s.is_p(piles)), s.grundy(piles))
    } else {
        "out of reach (more than 5000 sub-positions)".into()
    };
    vec![answer("p-test", moore), answer("game search", search)]
}

/// Returns the command that replays a position.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(piles).
///
/// # Example
/// ```
/// assert_eq!(gamecheck::check::position_repro(&[1, 1], 6), "gamecheck repro moore --k 6 1 1");
/// ```
pub fn position_repro(piles: &[u64], k: u32) -> String {
    let piles: Vec<String> = piles.iter().map(u64::to_string).collect();
    format!("gamecheck repro moore --k {k} {}", piles.join(" "))
        .trim_end()
        .to_owned()
}

/// A failing position, as proptest shrank it: positions have no least order to search.
fn position_failure(k: u32, piles: Vec<u64>, message: String) -> Failure {
    let json = serde_json::json!({ "piles": piles, "k": k });
    Failure {
        counterexample: json.clone(),
        least: Least::Bounded {
            searched: "proptest's shrinking only".into(),
        },
        shrunk: json,
        answers: position_answers(&piles, k),
        message,
        repro: position_repro(&piles, k),
    }
}

/// A failing counting case, reduced to the least (K, N, values) for its k and modulus p.
fn counting_failure(
    k: u32,
    p: u64,
    values: Vec<u64>,
    len: u64,
    fails: &dyn Fn(&[u64], u64) -> Option<String>,
) -> Failure {
    let ((least, least_len), proof) =
        least_counting(&|v, l| fails(v, l).is_some(), (values.clone(), len), false, 2_000);
    Failure {
        counterexample: serde_json::json!({ "values": least, "K": least_len, "k": k, "modulus": p }),
        least: proof,
        shrunk: serde_json::json!({ "values": values, "K": len, "k": k, "modulus": p }),
        answers: counting_answers_mod(&least, least_len, k, p),
        message: fails(&least, least_len).unwrap_or_else(|| "fails".into()),
        repro: counting_repro_mod(&least, least_len, k, p),
    }
}

/// A counting check: (k, p, values, K) to the reason it fails, if it does.
type CountCheck<'a> = dyn Fn(u32, u64, &[u64], u64) -> Option<String> + Sync + 'a;

/// Counting cases: (k, p, K, values).
type CountCase = (u32, u64, u64, Vec<u64>);

fn counting_property(
    name: &'static str,
    strategy: impl Strategy<Value = CountCase>,
    fails: &CountCheck<'_>,
    source: &Source<'_>,
) -> Row {
    let check = |(k, p, len, values): &CountCase| fails(*k, *p, values, *len).map_or(Ok(()), Err);
    let reduce =
        |(k, p, len, values): CountCase| counting_failure(k, p, values, len, &|v, l| fails(k, p, v, l));
    run_property(name, strategy, &check, source, &reduce)
}

fn differs<T: PartialEq + std::fmt::Debug + std::fmt::Display>(
    what: &str,
    got: Result<T, crate::moore::MooreError>,
    want: T,
) -> Option<String> {
    match got {
        Ok(c) if c == want => None,
        other => Some(format!("{what} says {other:?}, the reference {want}")),
    }
}

/// The Moore properties, each with its share of the case budget.
pub const MOORE_PROPERTIES: [(&str, u32); 10] = [
    ("p_test_matches_game_search", 1),
    ("winning_move_is_certified", 1),
    ("winning_move_is_certified_on_large_piles", 2),
    ("count_matches_brute_force", 1),
    ("count_matches_dp", 1),
    ("count_matches_plain", 1),
    ("count_is_invariant_under_permutation", 1),
    ("count_is_invariant_under_doubling", 1),
    ("count_of_copies_is_a_power_or_zero", 1),
    ("count_is_invariant_under_complement", 1),
];

/// Returns the report rows of every Moore property under `seed`, each run on `cases`
/// times its share divided by 20 (these cases cost more than Chopsticks ones); `tick` is
/// called once per case.
///
/// # Constraints
/// None.
///
/// # Complexity
/// Dominated by the brute force and the DP: about 10 ms a case at most.
///
/// # Example
/// ```
/// use gamecheck::check::{check_moore, moore_cases, MooreOracles};
/// let rows = check_moore(&MooreOracles::default(), 11, 40, &|| {});
/// assert_eq!(rows.iter().map(|r| r.cases).sum::<u64>(), moore_cases(40));
/// assert!(rows.iter().all(|r| r.failure.is_none()));
/// ```
pub fn check_moore(oracles: &MooreOracles, seed: u64, cases: u32, tick: &(dyn Fn() + Sync)) -> Vec<Row> {
    let shares: HashMap<&str, u32> = MOORE_PROPERTIES.into_iter().collect();
    let source = |name: &str| Source {
        game: "moore",
        seed,
        cases: moore_share(cases, shares.get(name).copied().unwrap_or(1)),
        regressions: MOORE_REGRESSIONS,
        tick,
    };
    let small = (1u32..=7).prop_flat_map(|k| (Just(k), small_position(k)));
    let mut rows = Vec::new();

    let p_test = |(k, piles): &(u32, Vec<u64>)| {
        let searched = oracles.with_search(*k, |s| s.is_p(piles));
        if is_p_position(piles, *k) == searched {
            return Ok(());
        }
        Err(format!(
            "P-test says {}, game search says {searched}",
            is_p_position(piles, *k)
        ))
    };
    let reduce_p = |(k, piles): (u32, Vec<u64>)| {
        let message = p_test(&(k, piles.clone())).err().unwrap_or_default();
        position_failure(k, piles, message)
    };
    rows.push(run_property(
        "p_test_matches_game_search",
        small.clone(),
        &p_test,
        &source("p_test_matches_game_search"),
        &reduce_p,
    ));

    let certified = |(k, piles): &(u32, Vec<u64>), small: bool| -> Result<(), String> {
        let is_p = |p: &[u64]| {
            if small {
                oracles.with_search(*k, |s| s.is_p(p))
            } else {
                is_p_position(p, *k)
            }
        };
        match winning_move(piles, *k) {
            None if is_p(piles) => Ok(()),
            None => Err("no winning move from an N-position".into()),
            Some(next) => {
                let changed = piles.iter().zip(&next).filter(|(a, b)| a != b).count();
                let legal = next.len() == piles.len()
                    && (1..=*k as usize).contains(&changed)
                    && piles.iter().zip(&next).all(|(a, b)| b <= a);
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
    };
    let small_check = |c: &(u32, Vec<u64>)| certified(c, true);
    let reduce_small = |(k, piles): (u32, Vec<u64>)| {
        let message = certified(&(k, piles.clone()), true).err().unwrap_or_default();
        position_failure(k, piles, message)
    };
    rows.push(run_property(
        "winning_move_is_certified",
        small,
        &small_check,
        &source("winning_move_is_certified"),
        &reduce_small,
    ));
    let large = (
        prop_oneof![1u32..=20, Just(u32::MAX - 1)],
        prop::collection::vec(prop_oneof![any::<u64>(), 0u64..16, Just(u64::MAX)], 0..30),
    );
    let large_check = |c: &(u32, Vec<u64>)| certified(c, false);
    let reduce_large = |(k, piles): (u32, Vec<u64>)| {
        let message = certified(&(k, piles.clone()), false).err().unwrap_or_default();
        position_failure(k, piles, message)
    };
    rows.push(run_property(
        "winning_move_is_certified_on_large_piles",
        large,
        &large_check,
        &source("winning_move_is_certified_on_large_piles"),
        &reduce_large,
    ));

    // The count for every k in 1..=10 and a random prime (small ones, where p ≤ k + 1
    // and p may divide k + 1, the two contest primes, primes near 2^61).
    let brute = |k: u32, p: u64, values: &[u64], len: u64| {
        let want = oracles.with_search(k, |s| brute_count_mod(s, values, len as u32, p));
        differs("the fast count", count_mod(values, len, k, p), want)
    };
    let brute_cases = brute_case_mod().prop_map(|(k, p, len, values)| (k, p, u64::from(len), values));
    rows.push(counting_property(
        "count_matches_brute_force",
        brute_cases,
        &brute,
        &source("count_matches_brute_force"),
    ));
    let dp = |k: u32, p: u64, values: &[u64], len: u64| {
        differs(
            "the fast count",
            count_mod(values, len, k, p),
            dp_count_mod(values, len, k, p),
        )
    };
    rows.push(counting_property(
        "count_matches_dp",
        dp_case_mod(),
        &dp,
        &source("count_matches_dp"),
    ));
    // The plain baseline exists only for the root-of-unity case mod 998244353.
    let plain = |k: u32, _: u64, values: &[u64], len: u64| match count_plain(values, len, k) {
        Ok(want) => differs("the fast count", count(values, len, k), want),
        Err(e) => Some(format!("the plain count fails: {e}")),
    };
    let any_k = prop::sample::select(&SUPPORTED_K[..])
        .prop_flat_map(|k| (Just(k), Just(P), huge_len(), value_set(k, 4, 40)));
    rows.push(counting_property(
        "count_matches_plain",
        any_k,
        &plain,
        &source("count_matches_plain"),
    ));

    let permuted = |k: u32, p: u64, values: &[u64], len: u64| {
        let mut reversed = values.to_vec();
        reversed.reverse();
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let base = count_mod(values, len, k, p);
        (base != count_mod(&reversed, len, k, p) || base != count_mod(&sorted, len, k, p))
            .then(|| format!("the count changes when the values are reordered: {base:?}"))
    };
    rows.push(counting_property(
        "count_is_invariant_under_permutation",
        instance_mod(3000, 40),
        &permuted,
        &source("count_is_invariant_under_permutation"),
    ));
    let doubled = |k: u32, p: u64, values: &[u64], len: u64| {
        let twice: Vec<u64> = values.iter().map(|v| 2 * v).collect();
        let (a, b) = (count_mod(values, len, k, p), count_mod(&twice, len, k, p));
        (a != b).then(|| format!("doubling every value changes the count from {a:?} to {b:?}"))
    };
    rows.push(counting_property(
        "count_is_invariant_under_doubling",
        instance_mod(3000, 40),
        &doubled,
        &source("count_is_invariant_under_doubling"),
    ));
    let copies_case = (instance_mod(10, 1), 1u64..=255, 1usize..=60)
        .prop_map(|((k, p, len, _), v, n)| (k, p, len, vec![v; n]));
    let copies = |k: u32, p: u64, values: &[u64], len: u64| {
        let n = values.len() as u64;
        let all_equal_nonzero = values
            .first()
            .is_some_and(|&v| v != 0 && values.iter().all(|&w| w == v));
        if !all_equal_nonzero {
            return None;
        }
        let want = if len.is_multiple_of(u64::from(k) + 1) {
            pow_exact(n, len, p)
        } else {
            0
        };
        differs("the count of copies", count_mod(values, len, k, p), want)
    };
    rows.push(counting_property(
        "count_of_copies_is_a_power_or_zero",
        copies_case,
        &copies,
        &source("count_of_copies_is_a_power_or_zero"),
    ));
    // v ↦ 2^W − 1 − v turns each bit count c into K − c: divisible by k + 1 together.
    let complement_case = instance_mod(3000, 40).prop_map(|(k, p, len, values)| {
        let m = u64::from(k) + 1;
        (k, p, len / m * m, values)
    });
    let complement = |k: u32, p: u64, values: &[u64], len: u64| {
        if !len.is_multiple_of(u64::from(k) + 1) {
            return None;
        }
        let width = 64 - values.iter().copied().max().unwrap_or(0).leading_zeros();
        let top = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let flipped: Vec<u64> = values.iter().map(|v| top - v).collect();
        let (a, b) = (count_mod(values, len, k, p), count_mod(&flipped, len, k, p));
        (a != b).then(|| format!("v -> {top} - v changes the count from {a:?} to {b:?}"))
    };
    rows.push(counting_property(
        "count_is_invariant_under_complement",
        complement_case,
        &complement,
        &source("count_is_invariant_under_complement"),
    ));
    rows
}

/// Moore cases cost far more than Chopsticks ones: a unit share runs cases / 20.
fn moore_share(cases: u32, share: u32) -> u32 {
    (cases / 20).max(1).saturating_mul(share)
}

/// Returns how many cases [`check_moore`] runs for `cases`.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(properties).
///
/// # Example
/// ```
/// assert_eq!(gamecheck::check::moore_cases(200), 110);
/// ```
pub fn moore_cases(cases: u32) -> u64 {
    MOORE_PROPERTIES
        .iter()
        .map(|&(_, share)| u64::from(moore_share(cases, share)))
        .sum()
}
