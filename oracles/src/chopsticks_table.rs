//! Oracle 2: a dense outcome table, one bit per state with every count below L, filled
//! bottom-up from the rules alone.
//!
//! A conversion raises the opponent's two-finger count, so the box `a, c, b, d < L` is
//! not closed under moves. One-finger counts never rise and neither do a + c and b + d,
//! so the closed region is `a, b < L`, `a + c, b + d <= 2L - 2`. The build walks it in
//! layers of equal a + b (every move keeps or lowers a + b, and a move that keeps it
//! removes a two-finger hand), keeping two layers of about 1 MB each and copying the
//! box into the L^4-bit result as it goes.

use rayon::prelude::*;
use thiserror::Error;

/// The largest supported L: L^4 bits is then 512 MiB.
pub const MAX_LIMIT: u64 = 256;

/// Why a table cannot be built.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    #[error("table limit L = {0} is out of range: L must be between 1 and {MAX_LIMIT}")]
    Limit(u64),
}

/// Outcomes of every state with each count below `limit`.
pub struct Table {
    limit: usize,
    bits: Vec<u64>,
}

/// One pair (a, b) of a layer: a bit matrix over rows c and columns d.
struct Pair {
    words: Vec<u64>,
}

struct Shape {
    /// Rows and columns per pair: 2L - 1.
    side: usize,
    /// Words per row.
    stride: usize,
}

impl Shape {
    fn get(&self, pair: &Pair, row: usize, col: usize) -> bool {
        (pair.words[row * self.stride + col / 64] >> (col % 64)) & 1 == 1
    }
}

fn set(words: &mut [u64], row: usize, stride: usize, col: usize) {
    words[row * stride + col / 64] |= 1 << (col % 64);
}

/// ORs the first `len` bits of `src` into `dst` from bit `at` on, a word at a time: the
/// copy is serial and was an eighth of the build bit by bit.
fn or_bits(dst: &mut [u64], at: usize, src: &[u64], len: usize) {
    let shift = at % 64;
    for (k, &word) in src.iter().enumerate().take(len.div_ceil(64)) {
        let valid = (len - 64 * k).min(64);
        let word = if valid == 64 {
            word
        } else {
            word & ((1 << valid) - 1)
        };
        if word == 0 {
            // A page of the result that holds no win is never made resident, as bit by bit.
            continue;
        }
        let i = at / 64 + k;
        dst[i] |= word << shift;
        if shift > 0 && valid + shift > 64 {
            dst[i + 1] |= word >> (64 - shift);
        }
    }
}

/// Computes the pairs (p, q) and (q, p) of a layer, given the layer below.
fn solve_pairs(shape: &Shape, p: usize, q: usize, below: &[Option<Pair>]) -> Vec<(usize, Pair)> {
    let fresh = || Pair {
        words: vec![0; shape.side * shape.stride],
    };
    let mut own = [fresh(), fresh()];
    let sides = if p == q { 1 } else { 2 };
    let max_diag = 2 * (shape.side - 1);
    // Within a layer a state depends only on its mirror pair with c + d one smaller.
    for t in 0..=max_diag {
        for s in 0..sides {
            let (x, y) = if s == 0 { (p, q) } else { (q, p) };
            let mirror = if sides == 1 { 0 } else { 1 - s };
            let (rows, cols) = (shape.side - x, shape.side - y);
            let c_lo = t.saturating_sub(cols - 1);
            let c_hi = t.min(rows - 1);
            for c in c_lo..=c_hi {
                let d = t - c;
                let win = if x + c == 0 {
                    false
                } else if y + d == 0 {
                    true
                } else {
                    let lower = if y > 0 {
                        below.get(y - 1).and_then(Option::as_ref)
                    } else {
                        None
                    };
                    let convert = x > 0 && lower.is_some_and(|l| !shape.get(l, d + 1, c));
                    let remove_two = d > 0 && !shape.get(&own[mirror], d - 1, c);
                    let remove_one = c > 0 && lower.is_some_and(|l| !shape.get(l, d, c));
                    convert || remove_two || remove_one
                };
                if win {
                    set(&mut own[s].words, c, shape.stride, d);
                }
            }
        }
    }
    let [first, second] = own;
    if sides == 1 {
        vec![(p, first)]
    } else {
        vec![(p, first), (q, second)]
    }
}

impl Table {
    /// Returns the table of every state with a, c, b, d < `limit`.
    ///
    /// # Constraints
    /// 1 ≤ `limit` ≤ [`MAX_LIMIT`]; otherwise [`TableError::Limit`].
    ///
    /// # Complexity
    /// O(L^4) time, about 2.25 L^4 states visited, in parallel over pairs of a layer;
    /// L^4 / 8 bytes for the result plus O(L^3) bits of working layers.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::chopsticks_table::Table;
    /// let t = Table::build(4)?;
    /// assert_eq!(t.wins(1, 0, 1, 1), Some(true));
    /// assert_eq!(t.wins(1, 0, 1, 0), Some(false));
    /// assert_eq!(t.wins(4, 0, 0, 0), None);
    /// # Ok::<(), gamecheck_oracles::chopsticks_table::TableError>(())
    /// ```
    pub fn build(limit: u64) -> Result<Table, TableError> {
        if limit == 0 || limit > MAX_LIMIT {
            return Err(TableError::Limit(limit));
        }
        let l = limit as usize;
        let side = 2 * l - 1;
        let shape = Shape {
            side,
            stride: side.div_ceil(64),
        };
        let mut bits = vec![0u64; (l * l * l * l).div_ceil(64)];
        // A layer holds the pairs (a, S - a), indexed by a.
        let mut below: Vec<Option<Pair>> = Vec::new();
        for sum in 0..=2 * (l - 1) {
            let lo = sum.saturating_sub(l - 1);
            let hi = sum.min(l - 1);
            let groups: Vec<(usize, usize)> =
                (lo..=hi).map(|a| (a, sum - a)).filter(|&(a, b)| a <= b).collect();
            let solved: Vec<(usize, Pair)> = groups
                .par_iter()
                .flat_map_iter(|&(p, q)| solve_pairs(&shape, p, q, &below))
                .collect();
            let mut layer: Vec<Option<Pair>> = (0..=hi).map(|_| None).collect();
            for (a, pair) in solved {
                let b = sum - a;
                // Row c's columns d < L are the result's bits from ((a L + c) L + b) L on.
                for c in 0..l {
                    let row = &pair.words[c * shape.stride..(c + 1) * shape.stride];
                    or_bits(&mut bits, ((a * l + c) * l + b) * l, row, l);
                }
                layer[a] = Some(pair);
            }
            below = layer;
        }
        Ok(Table { limit: l, bits })
    }

    /// Returns L: the table covers every count below it.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::chopsticks_table::Table;
    /// assert_eq!(Table::build(3).map(|t| t.limit()), Ok(3));
    /// ```
    pub fn limit(&self) -> u64 {
        self.limit as u64
    }

    /// Returns the bytes the table holds: L^4 / 8, rounded up to a word.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::chopsticks_table::Table;
    /// assert_eq!(Table::build(16).map(|t| t.bytes()), Ok(8192));
    /// ```
    pub fn bytes(&self) -> usize {
        self.bits.len() * 8
    }

    /// Returns whether the player to move wins (a, c, b, d), or `None` outside the table.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::chopsticks_table::Table;
    /// let t = Table::build(3)?;
    /// assert_eq!(t.wins(0, 0, 0, 0), Some(false));
    /// assert_eq!(t.wins(0, 1, 0, 0), Some(true));
    /// # Ok::<(), gamecheck_oracles::chopsticks_table::TableError>(())
    /// ```
    pub fn wins(&self, a: u64, c: u64, b: u64, d: u64) -> Option<bool> {
        let l = self.limit as u64;
        if a >= l || c >= l || b >= l || d >= l {
            return None;
        }
        let i = (((a * l + c) * l + b) * l + d) as usize;
        Some((self.bits[i / 64] >> (i % 64)) & 1 == 1)
    }

    /// Returns the number of states the player to move wins.
    ///
    /// # Complexity
    /// O(L^4 / 64).
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::chopsticks_table::Table;
    /// // Counts 0 and 1: 3 states where only the opponent is out of hands, and 7 of the 9
    /// // with hands on both sides (all but (1, 0, 1, 0) and (0, 1, 1, 1)).
    /// assert_eq!(Table::build(2).map(|t| t.count_wins()), Ok(3 + 7));
    /// ```
    pub fn count_wins(&self) -> u64 {
        self.bits.iter().map(|w| u64::from(w.count_ones())).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::or_bits;

    #[test]
    fn or_bits_sets_exactly_the_bits_a_bit_by_bit_copy_sets() {
        // Every offset within two words and every length up to three words and a bit, from
        // a dense and a sparse source; the result's other bits stay clear.
        let patterns: [Vec<u64>; 2] = [
            (0..4u64)
                .map(|k| 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(k + 1))
                .collect(),
            vec![1 << 63 | 1, 0, 1 << 5, u64::MAX],
        ];
        for src in &patterns {
            for at in 0..128 {
                for len in 1..=193 {
                    let mut words = vec![0u64; 8];
                    or_bits(&mut words, at, src, len);
                    let mut bits = vec![0u64; 8];
                    for j in 0..len {
                        if (src[j / 64] >> (j % 64)) & 1 == 1 {
                            bits[(at + j) / 64] |= 1 << ((at + j) % 64);
                        }
                    }
                    assert_eq!(words, bits, "at {at}, len {len}");
                }
            }
        }
    }
}
