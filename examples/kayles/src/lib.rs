//! Kayles, as a user defines it for gamecheck: a row of pins; a move knocks down one pin
//! or two adjacent pins, which may split the row in two. A position is a list of rows.
//!
//! The game is its moves: the rest of this file is the formulas under test.

use gamecheck::prelude::*;

/// Kayles: a position is a list of rows of pins.
#[derive(Default)]
pub struct Kayles;

impl Game for Kayles {
    type Position = Vec<u64>;
    const NAME: &'static str = "kayles";

    /// Knock down 1 or 2 adjacent pins of one row, leaving the pins to the left and to
    /// the right of them as two rows.
    fn moves(&self, rows: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &n) in rows.iter().enumerate() {
            for take in 1..=n.min(2) {
                for left in 0..=(n - take) / 2 {
                    let mut next = rows.clone();
                    next.swap_remove(i);
                    next.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
    }

    /// The rows are played independently: each is a component.
    fn components(&self, rows: &Vec<u64>) -> Vec<Vec<u64>> {
        rows.iter().filter(|&&n| n > 0).map(|&n| vec![n]).collect()
    }
}

// --- The formulas under test ---

/// Kayles' nim-sequence for n < 84 (Guy and Smith, 1956; OEIS A002186).
pub const TABLE: [u64; 84] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6,
    7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
];

/// The claimed Grundy value of a row of `n` pins: the table, then period 12 from n = 71.
pub fn row_value(n: u64) -> u64 {
    if n < 84 {
        TABLE[n as usize]
    } else {
        TABLE[(71 + (n - 71) % 12) as usize]
    }
}

/// The Grundy value of a position by the Sprague–Grundy theorem: the XOR of its rows'.
pub fn value(rows: &[u64]) -> u64 {
    rows.iter().fold(0, |acc, &n| acc ^ row_value(n))
}
