//! The mex: the least value no option has, which is a position's Grundy value.

/// Returns the least natural number not in `values`, which it sorts and deduplicates.
pub(crate) fn mex<T: Copy + Ord + Into<u64>>(values: &mut Vec<T>) -> u64 {
    values.sort_unstable();
    values.dedup();
    values
        .iter()
        .enumerate()
        .find(|&(i, &v)| v.into() != i as u64)
        .map_or(values.len(), |(i, _)| i) as u64
}

#[cfg(test)]
mod tests {
    use super::mex;

    #[test]
    fn mex_is_the_least_value_missing() {
        // Each set beside its least missing value, counted by hand.
        for (values, want) in [
            (vec![], 0),
            (vec![1u64, 2], 0),
            (vec![0, 0, 1, 3], 2),
            (vec![2, 1, 0], 3),
        ] {
            assert_eq!(mex(&mut values.clone()), want, "{values:?}");
        }
    }
}
