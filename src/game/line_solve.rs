//! The parallel line-by-line `solve` of every game whose contest format is a line `T`
//! and then one line per case (no header, no sum over the cases): the cases are parsed
//! and answered on every core by [`solve_lines`](crate::problem::solve_lines), with the
//! same output and errors as reading the whole input first.

use super::format::{Cases, Field};
use super::problem::GameProblem;
use super::{Game, Position};
use crate::input::InputError;
use crate::problem::{ContestFormat, LineCases};
use crate::tokens::{Tokens, plain_u64_prefix};

/// The most numbers of a line the fast parse reads; a longer line goes to the grammar.
const FAST_NUMBERS: usize = 32;

impl<G: Game> GameProblem<G> {
    /// Whether the format is a line `T`, then one line per case, with nothing that ties
    /// the cases together (a header, a sum): what [`solve_lines`](crate::problem::solve_lines)
    /// answers in parallel.
    pub(crate) fn one_case_per_line(&self) -> bool {
        let format = self.contest_format();
        matches!(format.cases, Cases::Many(_))
            && format.header.is_none()
            && format.common.is_empty()
            && !format.inline
            && format.joined.is_none()
            && format.play.is_none()
            && format.sums.is_empty()
            && format.lines.len() == 1
            && format.lines[0]
                .iter()
                .all(|f| !matches!(f, Field::Column { .. } | Field::Cases { .. } | Field::Grid(_)))
    }

    /// Returns the counts of a line of plain numbers that the format admits as they
    /// stand, with the bytes used; `None` for the grammar to read or explain.
    fn plain_counts(&self, line: &[u8]) -> Option<(Vec<u64>, usize)> {
        let mut numbers = [0u64; FAST_NUMBERS];
        let mut n = 0;
        let mut i = 0;
        loop {
            let (v, used) = plain_u64_prefix(&line[i..])?;
            *numbers.get_mut(n)? = v;
            n += 1;
            i += used;
            match line.get(i) {
                Some(b' ') => i += 1,
                Some(b'\r') if line.get(i + 1) == Some(&b'\n') => break i += 2,
                Some(b'\n') => break i += 1,
                None => break,
                Some(_) => return None,
            }
        }
        let mut counts = Vec::with_capacity(n);
        let mut words = numbers[..n].iter();
        let mut len = 0;
        for field in &self.contest_format().lines[0] {
            match field {
                Field::Number { range, .. } => counts.push(*words.next().filter(|v| range.contains(v))?),
                Field::Len { range, .. } => len = *words.next().filter(|v| range.contains(v))?,
                Field::List { range, .. } => {
                    for _ in 0..len {
                        counts.push(*words.next().filter(|v| range.contains(v))?);
                    }
                }
                // `one_case_per_line` admits neither; the grammar reads them.
                Field::Column { .. } | Field::Cases { .. } | Field::Grid(_) => return None,
            }
        }
        words.next().is_none().then_some((counts, i))
    }
}

impl<G: Game> LineCases for GameProblem<G> {
    fn case_fast(&self, line: &[u8]) -> Option<(G::Position, usize)> {
        let (counts, used) = self.plain_counts(line)?;
        let p = G::Position::from_counts(&counts)?;
        let max = self.game().max_count();
        (counts.iter().all(|&v| v <= max) && self.game().check_position(&p).is_ok()).then_some((p, used))
    }

    fn read_case(&self, tokens: &mut Tokens<'_>, _index: u64, _t: u64) -> Result<G::Position, InputError> {
        // The whole grammar of one case: what `read_cases` reads for each.
        self.read_one_case(tokens)
    }

    fn read_count(&self, tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
        self.read_t(tokens)
    }

    fn answer_line(&self, p: &G::Position, explain: bool, out: &mut Vec<u8>) -> Result<(), String> {
        let answer = self.answer(p)?;
        out.extend_from_slice(self.write_answer(&answer).as_bytes());
        if explain {
            out.extend_from_slice(b"  ");
            out.extend_from_slice(self.explain(p, &answer).as_bytes());
        }
        out.push(b'\n');
        Ok(())
    }
}
