//! Clobber on one row, a user's partizan game checked by gamecheck through its public
//! API only. Left plays the `x` stones, Right the `o` stones; a stone moves onto an
//! adjacent stone of the other colour, which is removed (`.` is an empty square).

use gamecheck::partizan::Partizan;

/// Clobber on a 1 × n board.
pub struct Clobber;

/// Appends every row after a move of a `mine` stone onto an adjacent `theirs` stone.
fn clobbers(row: &[u8], mine: u8, theirs: u8, out: &mut Vec<Vec<u8>>) {
    for i in 0..row.len() {
        if row[i] != mine {
            continue;
        }
        for j in [i.wrapping_sub(1), i + 1] {
            if row.get(j) == Some(&theirs) {
                let mut next = row.to_vec();
                next[i] = b'.';
                next[j] = mine;
                out.push(next);
            }
        }
    }
}

impl Partizan for Clobber {
    type Position = Vec<u8>;
    const NAME: &'static str = "clobber";

    fn left_moves(&self, row: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        clobbers(row, b'x', b'o', out);
    }

    fn right_moves(&self, row: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        clobbers(row, b'o', b'x', out);
    }

    /// The blocks between empty squares are played as a sum.
    fn components(&self, row: &Vec<u8>) -> Vec<Vec<u8>> {
        row.split(|&c| c == b'.')
            .filter(|b| b.len() > 1)
            .map(<[u8]>::to_vec)
            .collect()
    }
}

/// Returns every row of `n` squares of `x` and `o`, in order (`o` before `x`).
pub fn rows(n: usize) -> Vec<Vec<u8>> {
    (0..1usize << n)
        .map(|bits| {
            (0..n)
                .rev()
                .map(|i| if bits >> i & 1 == 1 { b'x' } else { b'o' })
                .collect()
        })
        .collect()
}
