//! Codeforces 150A "Win or Freeze": a number q; a move writes a non-trivial divisor of
//! the number (1 < d < q), which becomes the number; the first player who cannot move
//! wins. Input: q (1 ≤ q ≤ 10^13). Output: `1` or `2`, the winner; if 1, a second line
//! with a winning first move (0 when the first player cannot move). Any winning move is
//! right, so a checker judges it by the rules.

use gamecheck::prelude::*;

const MAX: u64 = 10_000_000_000_000;

/// Win or Freeze; a position is the number written last.
#[derive(Default)]
pub struct Freeze;

/// Returns the number of prime factors of `q`, with multiplicity, counted up to 3.
pub fn prime_factors_up_to_3(mut q: u64) -> u32 {
    let mut count = 0;
    let mut d = 2;
    while d * d <= q && count < 3 {
        while q.is_multiple_of(d) && count < 3 {
            q /= d;
            count += 1;
        }
        d += 1;
    }
    if q > 1 && count < 3 {
        count += 1;
    }
    count
}

impl Game for Freeze {
    type Position = u64;
    const NAME: &'static str = "win-or-freeze";

    fn moves(&self, &q: &u64, out: &mut Vec<u64>) {
        let mut d = 2;
        while d * d <= q {
            if q.is_multiple_of(d) {
                out.push(d);
                if d * d != q {
                    out.push(q / d);
                }
            }
            d += 1;
        }
    }

    fn check_position(&self, &q: &u64) -> Result<(), String> {
        if q == 0 {
            Err("q is positive".into())
        } else {
            Ok(())
        }
    }

    fn max_count(&self) -> u64 {
        MAX
    }

    /// The editorial's rule: a prime or 1 cannot be moved from, and its mover wins; a
    /// product of two primes hands the opponent a prime whatever the move; three or more
    /// prime factors let the mover hand over a product of two.
    fn misere_outcome(&self, &q: &u64, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of(prime_factors_up_to_3(q) != 2))
    }

    fn format(&self) -> Format<Freeze> {
        Format::single()
            .line([Field::number("q", 1..=MAX)])
            .misere()
            .answer(Output::WinnerThenMove {
                win: "1",
                loss: "2",
                none: "0",
            })
    }
}
