//! Merging bit columns: bits that no value has, and bits set in exactly the same values,
//! impose no new constraint, so an instance can shrink to one bit per distinct column.

/// Returns values with one bit per distinct non-zero bit column of `values` (column j is
/// the set of values having bit j), in the order of the lowest bit of each column. Every
/// count of losing sequences, for every k and K, is the same for both.
///
/// # Complexity
/// O(N · B / 64 · 64) word operations for B distinct columns, each column a bitset.
///
/// # Example
/// ```
/// use gamecheck::moore::merge_columns;
/// // Bits 0 and 2 are set in the same values; bit 1 in none.
/// assert_eq!(merge_columns(&[5, 0, 5, 8]), vec![1, 0, 1, 2]);
/// ```
pub fn merge_columns(values: &[u64]) -> Vec<u64> {
    let words = values.len().div_ceil(64);
    // Column `bit` is the set of indices i with that bit of values[i] set, as a bitset.
    let mut columns = vec![0u64; 64 * words];
    for (i, &v) in values.iter().enumerate() {
        let mut rest = v;
        while rest != 0 {
            let bit = rest.trailing_zeros() as usize;
            columns[bit * words + i / 64] |= 1 << (i % 64);
            rest &= rest - 1;
        }
    }
    let column = |bit: usize| &columns[bit * words..(bit + 1) * words];
    // new_bit[bit]: the merged bit of this column, None for empty columns.
    let mut distinct: Vec<usize> = Vec::new();
    let mut new_bit = [None; 64];
    for (bit, merged) in new_bit.iter_mut().enumerate() {
        if column(bit).iter().all(|&w| w == 0) {
            continue;
        }
        *merged = Some(match distinct.iter().position(|&b| column(b) == column(bit)) {
            Some(j) => j,
            None => {
                distinct.push(bit);
                distinct.len() - 1
            }
        });
    }
    values
        .iter()
        .map(|&v| {
            // Every set bit of v maps to its column's merged bit (shared columns coincide).
            (0..64)
                .filter(|&bit| (v >> bit) & 1 == 1)
                .fold(0u64, |acc, bit| acc | new_bit[bit].map_or(0, |j| 1u64 << j))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, column by column.
    fn merge_by_definition(values: &[u64]) -> Vec<u64> {
        let mut columns: Vec<Vec<bool>> = Vec::new();
        let mut merged = vec![0u64; values.len()];
        for bit in 0..64 {
            let column: Vec<bool> = values.iter().map(|v| (v >> bit) & 1 == 1).collect();
            if !column.contains(&true) || columns.contains(&column) {
                continue;
            }
            let j = columns.len();
            for (m, &set) in merged.iter_mut().zip(&column) {
                *m |= u64::from(set) << j;
            }
            columns.push(column);
        }
        merged
    }

    #[test]
    fn bitset_merge_matches_the_definition() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for n in [0usize, 1, 5, 63, 64, 65, 200] {
            for spread in [3u32, 12, 64] {
                let values: Vec<u64> = (0..n)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        if spread == 64 { x } else { x % (1 << spread) }
                    })
                    .collect();
                assert_eq!(merge_columns(&values), merge_by_definition(&values), "n {n}");
                let copies = vec![values.first().copied().unwrap_or(0); n];
                assert_eq!(merge_columns(&copies), merge_by_definition(&copies));
            }
        }
    }
}
