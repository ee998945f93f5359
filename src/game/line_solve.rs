//! The parallel line-by-line `solve` of every game whose contest format is a line `T`
//! and then one line per case (no header, no sum over the cases): the cases are parsed
//! and answered on every core by [`solve_lines`](crate::problem::solve_lines), with the
//! same output and errors as reading the whole input first.

use std::sync::MutexGuard;

use super::problem::{GameProblem, LineShape};
use super::{Answer, Game, Outcome, Position, Question};
use crate::game_trait::format::{Cases, Field, Output};
use crate::game_trait::search::Search;
use crate::input::InputError;
use crate::problem::{ContestFormat, LineCases};
use crate::tokens::{Tokens, plain_u64_prefix};

/// The most numbers of a line the fast parse reads; a longer line goes to the grammar.
const FAST_NUMBERS: usize = 32;

impl<G: Game> GameProblem<G> {
    /// Returns `e`, an error reading case `index` of `t` that starts on `line`, as a
    /// missing case when the line ends before its first number (a blank line, the end of
    /// the input), for a format of one case per line.
    pub(crate) fn missing_case(&self, e: InputError, line: usize, index: u64, t: u64) -> InputError {
        if !self.one_case_per_line() {
            return e;
        }
        let fields = &self.contest_format().lines[0];
        let first = fields.first().map(Field::name);
        let missing = || {
            let names: Vec<&str> = fields.iter().map(Field::name).collect();
            format!("case {index} of {t} (`{}`)", names.join(" "))
        };
        match e {
            InputError::EndOfInput { line: l, expected } if l == line && Some(expected.as_str()) == first => {
                InputError::EndOfInput {
                    line: l,
                    expected: missing(),
                }
            }
            InputError::EndOfLine { line: l, expected } if l == line && Some(expected.as_str()) == first => {
                InputError::EndOfLine {
                    line: l,
                    expected: missing(),
                }
            }
            e => e,
        }
    }

    /// Returns the position on a line of `N` plain numbers any `u64` of which the
    /// format admits ([`LineShape::Open`]), with the bytes used.
    #[inline]
    fn open_line<const N: usize>(&self, line: &[u8]) -> Option<(G::Position, usize)> {
        let mut counts = [0u64; N];
        let mut cursor = Cursor { line, at: 0 };
        for slot in &mut counts {
            *slot = cursor.number()?;
        }
        let used = cursor.end()?;
        let p = G::Position::from_counts(&counts)?;
        self.game().check_position(&p).is_ok().then_some((p, used))
    }

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
    ///
    /// The counts are kept on the stack and read field by field in one pass: a line is
    /// parsed per case, and an allocation per case was a third of `solve chopsticks`.
    fn plain_counts(&self, line: &[u8]) -> Option<([u64; FAST_NUMBERS], usize, usize)> {
        let mut counts = [0u64; FAST_NUMBERS];
        let mut k = 0;
        let mut cursor = Cursor { line, at: 0 };
        let mut len = 0;
        for field in &self.contest_format().lines[0] {
            match field {
                Field::Number { range, .. } => {
                    *counts.get_mut(k)? = cursor.number().filter(|v| range.contains(v))?;
                    k += 1;
                }
                Field::Len { range, .. } => len = cursor.number().filter(|v| range.contains(v))?,
                Field::List { range, .. } => {
                    for _ in 0..len {
                        *counts.get_mut(k)? = cursor.number().filter(|v| range.contains(v))?;
                        k += 1;
                    }
                }
                // `one_case_per_line` admits neither; the grammar reads them.
                Field::Column { .. } | Field::Cases { .. } | Field::Grid(_) => return None,
            }
        }
        // A line of no number is the grammar's to explain.
        (cursor.at > 0).then_some(())?;
        Some((counts, k, cursor.end()?))
    }
}

/// A line of plain numbers read one at a time: one space between them, then `\n`,
/// `\r\n` or the end of the input.
struct Cursor<'a> {
    line: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    /// Returns the next number, after one space unless it is the first.
    #[inline]
    fn number(&mut self) -> Option<u64> {
        if self.at > 0 {
            (self.line.get(self.at) == Some(&b' ')).then_some(())?;
            self.at += 1;
        }
        let (v, used) = plain_u64_prefix(self.line.get(self.at..)?)?;
        self.at += used;
        Some(v)
    }

    /// Returns the bytes used once the line ends here, its newline included.
    #[inline]
    fn end(&self) -> Option<usize> {
        match (self.line.get(self.at), self.line.get(self.at + 1)) {
            (None, _) => Some(self.at),
            (Some(b'\n'), _) => Some(self.at + 1),
            (Some(b'\r'), Some(b'\n')) => Some(self.at + 2),
            _ => None,
        }
    }
}

/// What the answers of one chunk of lines share: the calling thread's search, locked
/// once a case needs it, and the words of who wins when the answer is the game's outcome.
pub(crate) struct Scratch<'a, G: Game> {
    search: Option<MutexGuard<'a, Search<G>>>,
    winner: Option<(&'a [u8], &'a [u8])>,
}

impl<G: Game> LineCases for GameProblem<G> {
    fn case_fast(&self, line: &[u8]) -> Option<(G::Position, usize)> {
        match self.line_shape {
            LineShape::Open(1) => return self.open_line::<1>(line),
            LineShape::Open(2) => return self.open_line::<2>(line),
            LineShape::Open(3) => return self.open_line::<3>(line),
            LineShape::Open(4) => return self.open_line::<4>(line),
            LineShape::Open(_) | LineShape::Fields => {}
        }
        let (counts, k, used) = self.plain_counts(line)?;
        let counts = &counts[..k];
        let p = G::Position::from_counts(counts)?;
        let max = self.game().max_count();
        (counts.iter().all(|&v| v <= max) && self.game().check_position(&p).is_ok()).then_some((p, used))
    }

    fn read_case(&self, tokens: &mut Tokens<'_>, index: u64, t: u64) -> Result<G::Position, InputError> {
        let line = tokens.line();
        // The whole grammar of one case: what `read_cases` reads for each.
        let read = self.read_one_case(tokens);
        read.map_err(|e| self.missing_case(e, line, index, t))
    }

    fn read_count(&self, tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
        self.read_t(tokens)
    }

    type Scratch<'a> = Scratch<'a, G>;

    fn scratch(&self) -> Scratch<'_, G> {
        let winner = match &self.contest_format().output {
            Output::Winner { win, loss, .. }
                if self.question() == Question::default() && self.fast_name() == "fast path" =>
            {
                Some((win.as_bytes(), loss.as_bytes()))
            }
            _ => None,
        };
        Scratch { search: None, winner }
    }

    fn answer_line<'a>(
        &'a self,
        scratch: &mut Scratch<'a, G>,
        p: &G::Position,
        explain: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), String> {
        // Who wins, by the game's own outcome: what the fast path asks, without its
        // dispatch on the question, for every case of the chunk.
        if let (Some((win, loss)), false) = (scratch.winner, explain) {
            let search = scratch.search.get_or_insert_with(|| self.search_lock());
            let word = match self.game().outcome(p, search) {
                Ok(Outcome::Win) => Some(win),
                Ok(Outcome::Loss) => Some(loss),
                _ => None,
            };
            if let Some(word) = word {
                out.extend_from_slice(word);
                out.push(b'\n');
                return Ok(());
            }
        }
        let scratch = &mut scratch.search;
        let answer = match self.contest_format().output {
            // The case was validated when read: the fast answer alone, with the chunk's
            // search.
            Output::Winner { .. } | Output::Grundy => {
                let search = scratch.get_or_insert_with(|| self.search_lock());
                self.fast_with(p, search)?
            }
            // Every other answer locks the search itself.
            _ => {
                *scratch = None;
                self.answer(p)?
            }
        };
        if explain {
            *scratch = None;
        }
        match (&self.contest_format().output, &answer) {
            // Who wins, written without a String per case.
            (Output::Winner { win, loss, .. }, Answer::Outcome(o @ (Outcome::Win | Outcome::Loss)))
                if !self.question().grundy =>
            {
                out.extend_from_slice(if *o == Outcome::Win { win } else { loss }.as_bytes());
            }
            _ => out.extend_from_slice(self.write_answer(&answer).as_bytes()),
        }
        if explain {
            out.extend_from_slice(b"  ");
            out.extend_from_slice(self.explain(p, &answer).as_bytes());
        }
        out.push(b'\n');
        Ok(())
    }
}
