//! The judge of replies in a `Format`'s output: the answer's words split per case,
//! and a move or a range answer checked by the rules.

use super::super::problem::GameProblem;
use super::super::{Answer, Game, Move, Outcome, Position};
use crate::game_trait::format::Output;
use crate::problem::ContestFormat;

/// Whether `c` separates tokens (C's `isspace`).
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

impl<G: Game> GameProblem<G> {
    /// Returns the position `i` of a range answer at `p`: its first count `i`, the
    /// others kept.
    pub(super) fn range_position(&self, p: &G::Position, i: u64) -> Result<G::Position, String> {
        let mut c = p.counts();
        match c.first_mut() {
            Some(first) => *first = i,
            None => return Err("a range answer needs a first count".to_owned()),
        }
        G::Position::from_counts(&c).ok_or_else(|| format!("{c:?} makes no position"))
    }

    /// Returns the fast path's outcome at `p` under the question's play.
    pub(super) fn outcome_here(&self, p: &G::Position) -> Result<Outcome, String> {
        Ok(self.fast_outcome(p, self.question().play)?)
    }

    /// Returns the move `m` from `p` as a position, or why it names no position.
    pub(super) fn after(&self, p: &G::Position, m: Move) -> Result<G::Position, String> {
        let mut c = p.counts();
        let len = c.len();
        let slot = usize::try_from(m.index)
            .ok()
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| c.get_mut(i))
            .ok_or_else(|| format!("`{m}` names count {} of {len}", m.index))?;
        *slot = m.value;
        G::Position::from_counts(&c).ok_or_else(|| format!("`{m}` makes no position"))
    }

    /// Returns the move to `q` as the format prints it: the one count it changes.
    pub(super) fn printed(&self, p: &G::Position, q: &G::Position) -> Result<Move, String> {
        let (a, b) = (p.counts(), q.counts());
        let changed: Vec<usize> = (0..a.len().min(b.len())).filter(|&i| a[i] != b[i]).collect();
        match changed[..] {
            [i] if a.len() == b.len() => Ok(Move {
                index: i as u64 + 1,
                value: b[i],
            }),
            _ => Err(format!(
                "the move to {} changes other than one count, which `i y` cannot print",
                self.game().describe(q)
            )),
        }
    }

    /// Returns whether `p` has no move.
    pub(super) fn stuck(&self, p: &G::Position) -> bool {
        let mut moves = Vec::new();
        self.game().moves(p, &mut moves);
        moves.is_empty()
    }

    /// Returns the answers of [`Output::WinnerThenMove`] in `lines`: a line that starts
    /// with the winner's word takes the next line with it.
    pub(super) fn split_replies<'a>(
        &self,
        lines: &[&'a str],
        cases: usize,
    ) -> Result<Vec<(usize, Vec<&'a str>)>, String> {
        let Output::WinnerThenMove { win, .. } = self.output() else {
            return crate::problem::one_answer_per_line(lines, cases);
        };
        let words = |line: &'a str| line.split(is_space).filter(|t| !t.is_empty());
        let mut out = Vec::new();
        let mut i = 0;
        while i < lines.len() {
            let mut group: Vec<&str> = words(lines[i]).collect();
            let start = i;
            i += 1;
            if group.first() == Some(&win) && group.len() == 1 && i < lines.len() {
                group.extend(words(lines[i]));
                i += 1;
            }
            out.push((start + 1, group));
        }
        if out.len() != cases {
            return Err(format!(
                "expected {cases} answer(s), found {} in {} line(s)",
                out.len(),
                lines.len()
            ));
        }
        Ok(out)
    }

    /// Returns the counts of `p` a case writes (without the common lines').
    pub(super) fn case_part(&self, p: &G::Position) -> Vec<u64> {
        let c = p.counts();
        c[self.format().common_len(c.len())..].to_vec()
    }

    /// Checks a reply of [`Output::WinnerThenMove`] at `p`: a loss exactly where `p` is
    /// lost; a win without a move only where there is none; else a legal move to a
    /// position lost for the player to move then.
    pub(super) fn check_reply(&self, p: &G::Position, want: &Answer, got: &Answer) -> Result<(), String> {
        // The expected answer says who wins: asked once per case.
        let here = match want {
            Answer::Outcome(o) => *o,
            Answer::Won(_) => Outcome::Win,
            _ => self.outcome_here(p)?,
        };
        let wrong = || {
            Err(format!(
                "expected {}, found {}",
                self.write_answer(want).replace('\n', " / "),
                self.write_answer(got).replace('\n', " / ")
            ))
        };
        match got {
            Answer::Outcome(o) if *o == here => Ok(()),
            Answer::Won(None) if here == Outcome::Win && self.stuck(p) => Ok(()),
            Answer::Won(Some(case)) if here == Outcome::Win => {
                let c = p.counts();
                let mut counts = c[..self.format().common_len(c.len())].to_vec();
                counts.extend(case);
                let shown = self.write_answer(got).replace('\n', " / ");
                let q = G::Position::from_counts(&counts)
                    .filter(|q| self.game().is_move(p, q))
                    .ok_or_else(|| format!("`{shown}` is not a legal move"))?;
                match self.outcome_here(&q)? {
                    Outcome::Loss => Ok(()),
                    _ => Err(format!(
                        "`{shown}` is legal but leaves a position won for the player to move (expected {})",
                        self.write_answer(want).replace('\n', " / ")
                    )),
                }
            }
            _ => wrong(),
        }
    }

    /// Checks a printed move at `p`: `None` exactly at lost positions, else a legal move
    /// to a position lost for the player to move then.
    pub(super) fn check_move(
        &self,
        p: &G::Position,
        want: &Answer,
        got: Option<Move>,
        lost: &str,
    ) -> Result<(), String> {
        let here = self.outcome_here(p)?;
        let example = match want {
            Answer::Move(Some(m)) => format!(" such as `{m}`"),
            _ => String::new(),
        };
        match got {
            None if here == Outcome::Loss => Ok(()),
            None => Err(format!("expected a winning move{example}, found `{lost}`")),
            Some(m) if here == Outcome::Loss => {
                Err(format!("expected `{lost}` (every move loses), found `{m}`"))
            }
            Some(m) => {
                let q = self.after(p, m)?;
                if !self.game().is_move(p, &q) {
                    return Err(format!(
                        "`{m}` is not a legal move (expected a winning move{example})"
                    ));
                }
                match self.outcome_here(&q)? {
                    Outcome::Loss => Ok(()),
                    after => Err(format!(
                        "`{m}` is legal but leaves a position {} for the player to move (expected a winning move{example})",
                        match after {
                            Outcome::Win => "won",
                            _ => "drawn",
                        }
                    )),
                }
            }
        }
    }
}
