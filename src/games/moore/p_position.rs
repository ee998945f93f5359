//! Moore's P-test and a winning move, for any k ≥ 1 and any `u64` piles.

/// Returns whether the position `piles` is a loss for the player to move in Moore's Nim_k
/// (a P-position): by Moore's theorem (1910), exactly when for every bit the number of piles
/// with that bit set is divisible by k + 1.
///
/// # Constraints
/// k ≥ 1 (k = 0 is read as "no move", for which every position is a P-position).
///
/// # Complexity
/// O(64 · n).
///
/// # Example
/// ```
/// use gamecheck::moore::is_p_position;
/// assert!(is_p_position(&[], 6));
/// assert!(!is_p_position(&[1, 1], 6));
/// assert!(is_p_position(&[1, 1], 1)); // ordinary Nim: 1 xor 1 = 0
/// assert!(is_p_position(&[3, 5, 6], 1)); // 3 xor 5 xor 6 = 0
/// assert!(is_p_position(&[7, 7, 7], 2)); // each bit set in three piles
/// assert!(!is_p_position(&[3, 5, 6], 2)); // bit 0 set in two piles
/// ```
pub fn is_p_position(piles: &[u64], k: u32) -> bool {
    if k == 0 {
        return true;
    }
    let m = u64::from(k) + 1;
    (0..64).all(|bit| (piles.iter().filter(|&&x| (x >> bit) & 1 == 1).count() as u64).is_multiple_of(m))
}

/// Returns the piles after a winning move, or `None` when `piles` is a P-position.
///
/// The result has the same length, at most k piles differ from `piles`, each of those is
/// strictly smaller, and the result is a P-position. The construction is the classic proof
/// of Moore's theorem: going from the highest bit down, the piles already chosen ("free"
/// piles, whose higher bits dropped) can take any lower bits; when the free piles cannot
/// make a bit's count divisible by k + 1, r more piles with that bit set are chosen and the
/// bit is cleared in them, where r is the count mod k + 1 — at most k piles in all, because
/// that happens only when free + r < k + 1.
///
/// # Constraints
/// k ≥ 1 (for k = 0 no move exists: `None`).
///
/// # Complexity
/// O(64 · n).
///
/// # Example
/// ```
/// use gamecheck::moore::{is_p_position, winning_move};
/// assert_eq!(winning_move(&[1, 1], 6), Some(vec![0, 0]));
/// assert_eq!(winning_move(&[7, 7, 7], 2), None);
/// let next = winning_move(&[7, 7, 2, 9], 1).unwrap();
/// assert!(is_p_position(&next, 1));
/// ```
pub fn winning_move(piles: &[u64], k: u32) -> Option<Vec<u64>> {
    if k == 0 || is_p_position(piles, k) {
        return None;
    }
    let m = u64::from(k) + 1;
    let mut next = piles.to_vec();
    let mut free: Vec<usize> = Vec::new();
    let mut is_free = vec![false; piles.len()];
    for bit in (0..64).rev() {
        let mask = 1u64 << bit;
        let fixed: Vec<usize> = (0..piles.len())
            .filter(|&i| !is_free[i] && piles[i] & mask != 0)
            .collect();
        let r = fixed.len() as u64 % m;
        let need = (m - r) % m;
        if need <= free.len() as u64 {
            // The free piles make up the difference: `need` of them take the bit.
            for (j, &i) in free.iter().enumerate() {
                if (j as u64) < need {
                    next[i] |= mask;
                } else {
                    next[i] &= !mask;
                }
            }
        } else {
            // free + r < k + 1, so r more piles keep the total at most k.
            for &i in &free {
                next[i] &= !mask;
            }
            for &i in fixed.iter().take(r as usize) {
                next[i] &= !mask;
                is_free[i] = true;
                free.push(i);
            }
        }
    }
    Some(next)
}
