//! Pieces of the games the crate's own tests write.

/// Pushes every Nim move from `heaps` (one heap lowered to any smaller count) to `out`.
pub(crate) fn nim_moves(heaps: &[u64], out: &mut Vec<Vec<u64>>) {
    for (i, &x) in heaps.iter().enumerate() {
        out.extend((0..x).map(|y| [&heaps[..i], &[y], &heaps[i + 1..]].concat()));
    }
}
