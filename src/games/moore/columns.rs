//! Merging bit columns: bits that no value has, and bits set in exactly the same values,
//! impose no new constraint, so an instance can shrink to one bit per distinct column.

/// Returns values with one bit per distinct non-zero bit column of `values` (column j is
/// the set of values having bit j), in the order of the lowest bit of each column. Every
/// count of losing sequences, for every k and K, is the same for both.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(N · 64 + N · B) for B distinct columns.
///
/// # Example
/// ```
/// use gamecheck::moore::merge_columns;
/// // Bits 0 and 2 are set in the same values; bit 1 in none.
/// assert_eq!(merge_columns(&[5, 0, 5, 8]), vec![1, 0, 1, 2]);
/// ```
pub fn merge_columns(values: &[u64]) -> Vec<u64> {
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
