//! The seed document's own algorithm, ported line for line: a dictionary over states of
//! (Z/7)^7, raised to the K-th power by repeated squaring of dictionary convolutions.
//! Kept as a claim to check, not as a solver: it hard-codes 7 bits and costs
//! O(states² log K).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use thiserror::Error;

const MOD: u64 = 998_244_353;
const B: usize = 7;
const BASE: u8 = 7;

type State = [u8; B];
type Dict = HashMap<State, u64>;

/// The algorithm ran out of its time budget.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("did not finish within {:.1} s: {squarings} products done, dictionaries of up to {largest} states; the next product needed {next_pairs} state pairs", budget.as_secs_f64())]
pub struct SeedTimeout {
    pub budget: Duration,
    pub squarings: u32,
    pub largest: usize,
    pub next_pairs: u128,
}

fn add_state(a: State, mask: u64) -> State {
    let mut res = a;
    for (i, r) in res.iter_mut().enumerate() {
        if (mask >> i) & 1 == 1 {
            *r = (*r + 1) % BASE;
        }
    }
    res
}

fn mul(f: &Dict, g: &Dict, deadline: Instant) -> Option<Dict> {
    let mut res = Dict::new();
    for (i, (s1, c1)) in f.iter().enumerate() {
        if i % 64 == 0 && Instant::now() > deadline {
            return None;
        }
        for (s2, c2) in g {
            let s: State = std::array::from_fn(|j| (s1[j] + s2[j]) % BASE);
            let e = res.entry(s).or_insert(0);
            *e = (*e + c1 * c2) % MOD;
        }
    }
    Some(res)
}

/// Returns the seed's answer for the values `values` and length `len`, or the point it
/// reached when `budget` ran out.
///
/// # Constraints
/// Values below 128: the seed reads only bits 0..6 (a larger value silently loses its
/// high bits, which the claims report notes).
///
/// # Complexity
/// O(S² log K) for S reachable states (up to 7^7 = 823,543).
///
/// # Example
/// ```
/// use gamecheck::moore::catalog_claims::seed_dict_convolution;
/// use std::time::Duration;
/// assert_eq!(seed_dict_convolution(&[1], 7, Duration::from_secs(5)), Ok(1));
/// assert_eq!(seed_dict_convolution(&[1, 1], 2, Duration::from_secs(5)), Ok(0));
/// ```
pub fn seed_dict_convolution(values: &[u64], len: u64, budget: Duration) -> Result<u32, SeedTimeout> {
    let deadline = Instant::now() + budget;
    let mut trans = Dict::new();
    for &x in values {
        let nxt = add_state([0; B], x);
        let e = trans.entry(nxt).or_insert(0);
        *e = (*e + 1) % MOD;
    }
    let mut res: Dict = HashMap::from([([0; B], 1)]);
    let mut base = trans;
    let mut k = len;
    let mut squarings = 0;
    let mut largest = base.len();
    let timeout = |squarings, largest, next_pairs| SeedTimeout {
        budget,
        squarings,
        largest,
        next_pairs,
    };
    while k > 0 {
        if k & 1 == 1 {
            let pairs = res.len() as u128 * base.len() as u128;
            res = mul(&res, &base, deadline).ok_or_else(|| timeout(squarings, largest, pairs))?;
            squarings += 1;
        }
        let pairs = base.len() as u128 * base.len() as u128;
        base = mul(&base, &base, deadline).ok_or_else(|| timeout(squarings, largest, pairs))?;
        squarings += 1;
        largest = largest.max(base.len()).max(res.len());
        k >>= 1;
    }
    Ok(res.get(&[0; B]).copied().unwrap_or(0) as u32)
}
