//! `solve wythoff`: the one line stream of the problem core
//! ([`solve_lines`](crate::problem::solve_lines)) over lines `x y`.

use super::problem::{Outcome, Piles, Wythoff};
use super::rule::{is_p_position, winning_move};
use crate::input::InputError;
use crate::problem::{ContestFormat, LineCases, plain_numbers};
use crate::tokens::Tokens;

impl LineCases for Wythoff {
    fn case_fast(&self, line: &[u8]) -> Option<(Piles, usize)> {
        plain_numbers::<2>(line).map(|([x, y], used)| (Piles { x, y }, used))
    }

    fn read_case(&self, tokens: &mut Tokens<'_>, _index: u64, _t: u64) -> Result<Piles, InputError> {
        let x = tokens.u64_on_line("x")?;
        let y = tokens.u64_on_line("y")?;
        tokens.end_line("the two piles `x y` of a case")?;
        Ok(Piles { x, y })
    }

    fn answer_line(&self, p: &Piles, explain: bool, out: &mut Vec<u8>) -> Result<(), String> {
        let outcome = Outcome::of_loss(is_p_position(p.x, p.y));
        if explain {
            let line = format!("{}  {}\n", self.write_answer(&outcome), self.explain(p, &outcome));
            out.extend_from_slice(line.as_bytes());
        } else {
            out.extend_from_slice(if outcome == Outcome::Win { b"First\n" } else { b"Second\n" });
        }
        Ok(())
    }
}

/// Returns why `p` is won or lost, for `solve wythoff --explain`: a winning move to a
/// P-position, or that `p` is one.
pub(super) fn explanation(p: &Piles) -> String {
    match winning_move(p.x, p.y) {
        Some((x, y)) => format!("play to ({x}, {y}), a P-position (⌊jφ⌋, ⌊jφ⌋ + j) or its mirror"),
        None => {
            let j = p.x.abs_diff(p.y);
            format!("({}, {}) is a P-position, (⌊jφ⌋, ⌊jφ⌋ + j) with j = {j}; every move leaves the opponent a win", p.x, p.y)
        }
    }
}
