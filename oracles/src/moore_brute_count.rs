//! Oracle: the counting problem by brute force. Enumerates all N^K sequences and classifies
//! each one by explicit game search.

use crate::moore_game_search::GameSearch;

/// The modulus of the contest's answer.
pub const MODULUS: u64 = 998_244_353;

/// Returns the number of length-`len` sequences over `values` (duplicates counted
/// separately) that are losses for the player to move in Moore's Nim_k, mod 998244353.
///
/// # Constraints
/// Tiny inputs: N^len sequences, each a position the game search must solve (values and
/// len small enough that Π(vᵢ + 1) over a sequence stays in the thousands).
///
/// # Complexity
/// O(N^len · len log len) lookups plus the game search of every distinct multiset.
///
/// # Example
/// ```
/// use gamecheck_oracles::moore_brute_count::brute_count;
/// assert_eq!(brute_count(&[1], 7, 6), 1);
/// assert_eq!(brute_count(&[1, 1], 2, 6), 0);
/// assert_eq!(brute_count(&[1, 1], 2, 1), 4);
/// assert_eq!(brute_count(&[3], 0, 6), 1);
/// ```
pub fn brute_count(values: &[u64], len: u32, k: u32) -> u32 {
    brute_count_with(&mut GameSearch::new(k), values, len)
}

/// Returns the number of length-`len` sequences over `values` (duplicates counted
/// separately) that are losses for the player to move in Moore's Nim_k, mod `modulus`,
/// reusing the memo of `search` (whose k it takes).
///
/// # Constraints
/// `modulus` ≥ 1 (any, prime or not: the count is exact before the remainder); tiny inputs
/// as for [`brute_count`].
///
/// # Complexity
/// As [`brute_count`].
///
/// # Example
/// ```
/// use gamecheck_oracles::moore_brute_count::brute_count_mod;
/// use gamecheck_oracles::moore_game_search::GameSearch;
/// let mut search = GameSearch::new(2);
/// // k = 2 over {1, 2, 3}, three entries: only (1,1,1), (2,2,2) and (3,3,3).
/// assert_eq!(brute_count_mod(&mut search, &[1, 2, 3], 3, 1_000_000_007), 3);
/// assert_eq!(brute_count_mod(&mut search, &[1, 2, 3], 3, 2), 1);
/// ```
pub fn brute_count_mod(search: &mut GameSearch, values: &[u64], len: u32, modulus: u64) -> u64 {
    losses(search, values, len) % modulus
}

/// Returns [`brute_count`] for the k of `search`, reusing its memo across calls.
///
/// # Constraints
/// As [`brute_count`].
///
/// # Complexity
/// As [`brute_count`], minus the positions `search` already knows.
///
/// # Example
/// ```
/// use gamecheck_oracles::moore_brute_count::brute_count_with;
/// use gamecheck_oracles::moore_game_search::GameSearch;
/// let mut search = GameSearch::new(6);
/// assert_eq!(brute_count_with(&mut search, &[1], 7), 1);
/// assert_eq!(brute_count_with(&mut search, &[1, 2], 2), 0);
/// ```
pub fn brute_count_with(search: &mut GameSearch, values: &[u64], len: u32) -> u32 {
    (losses(search, values, len) % MODULUS) as u32
}

/// The exact number of losing sequences, by enumeration.
fn losses(search: &mut GameSearch, values: &[u64], len: u32) -> u64 {
    let n = values.len();
    if n == 0 {
        return u64::from(len == 0);
    }
    let mut digits = vec![0usize; len as usize];
    let mut losses = 0u64;
    loop {
        let piles: Vec<u64> = digits.iter().map(|&d| values[d]).collect();
        if search.is_p(&piles) {
            losses += 1;
        }
        // Odometer over the N^len index sequences.
        let mut i = 0;
        while i < digits.len() && digits[i] + 1 == n {
            digits[i] = 0;
            i += 1;
        }
        if i == digits.len() {
            break;
        }
        digits[i] += 1;
    }
    losses
}
