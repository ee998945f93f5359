//! Positions of simple chopsticks with hands of 1 to F fingers: how many hands of each size
//! each player has, the player to move first.

use std::fmt;

/// A position: `mover[i]` and `other[i]` count the hands with `i + 1` fingers of the player
/// to move and of the opponent.
///
/// # Example
/// ```
/// use gamecheck::simple_chopsticks::Position;
/// // The classic start with five-finger hands: one finger on each of two hands.
/// let p = Position::<5> { mover: [2, 0, 0, 0, 0], other: [2, 0, 0, 0, 0] };
/// assert_eq!((p.hands(), p.opponent_hands()), (2, 2));
/// assert_eq!(p.to_string(), "[2 0 0 0 0] / [2 0 0 0 0]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position<const F: usize> {
    pub mover: [u32; F],
    pub other: [u32; F],
}

impl<const F: usize> Position<F> {
    /// Returns the number of hands of the player to move.
    pub fn hands(&self) -> u64 {
        self.mover.iter().map(|&c| u64::from(c)).sum()
    }

    /// Returns the number of hands of the opponent.
    pub fn opponent_hands(&self) -> u64 {
        self.other.iter().map(|&c| u64::from(c)).sum()
    }

    /// Returns every position whose counts are all below `limit`, ordered by the sum of
    /// all counts, then lexicographically (mover's counts first): the order in which a
    /// least counterexample is sought.
    ///
    /// # Complexity
    /// limit^(2F) positions, built and sorted.
    ///
    /// # Example
    /// ```
    /// use gamecheck::simple_chopsticks::Position;
    /// let all = Position::<2>::below(3);
    /// assert_eq!(all.len(), 81);
    /// assert_eq!(all[0], Position { mover: [0, 0], other: [0, 0] });
    /// assert_eq!(all[1], Position { mover: [0, 0], other: [0, 1] });
    /// ```
    pub fn below(limit: u32) -> Vec<Position<F>> {
        let mut out = Vec::new();
        if limit == 0 {
            return out;
        }
        let mut digits = vec![0u32; 2 * F];
        loop {
            let mut p = Position {
                mover: [0; F],
                other: [0; F],
            };
            p.mover.copy_from_slice(&digits[..F]);
            p.other.copy_from_slice(&digits[F..]);
            out.push(p);
            // Odometer over 2F digits below `limit`.
            let mut k = 2 * F;
            loop {
                if k == 0 {
                    out.sort_by_key(|p| (p.hands() + p.opponent_hands(), *p));
                    return out;
                }
                k -= 1;
                digits[k] += 1;
                if digits[k] < limit {
                    break;
                }
                digits[k] = 0;
            }
        }
    }
}

impl<const F: usize> fmt::Display for Position<F> {
    /// Writes the counts by size, the mover's then the opponent's: `[2 0] / [1 1]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |v: &[u32; F]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        write!(f, "[{}] / [{}]", side(&self.mover), side(&self.other))
    }
}
