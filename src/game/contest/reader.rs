//! The reader of a `Format`: a header, T and each case's fields, checked against
//! their ranges and the format's sums, every error naming its line and token.

use super::super::problem::GameProblem;
use super::super::{Game, Position};
use crate::game_trait::format::read::{at_least, below, read_lines};
use crate::game_trait::format::{Cases, Field};
use crate::input::InputError;
use crate::tokens::Tokens;

/// Reads the line of T, in `range`: its number (after any blank lines), then the line's end.
fn read_t_line(tokens: &mut Tokens<'_>, range: &std::ops::RangeInclusive<u64>) -> Result<u64, InputError> {
    let line = tokens.line();
    let name = "the number of cases T";
    let t = tokens
        .u64_anywhere_at_most(name, *range.end(), &format!("T is at most {}", range.end()))
        .map_err(below("T", *range.start()))?;
    at_least(t, "T", range, line)?;
    tokens.end_line(name)?;
    Ok(t)
}

impl<G: Game> GameProblem<G> {
    /// Returns the position a case of these counts is, checked against the game's
    /// domain; `line` is where the case began.
    pub(super) fn position(&self, counts: &[u64], line: usize) -> Result<G::Position, InputError> {
        // The count out of range is named first: it is the token to blame.
        let max = self.game().max_count();
        if let Some(v) = counts.iter().find(|&&v| v > max) {
            return Err(InputError::OutOfRange {
                line,
                token: v.to_string(),
                why: format!("a count is at most {max}"),
            });
        }
        let position = G::Position::from_counts(counts).ok_or_else(|| InputError::OutOfRange {
            line,
            token: counts.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
            why: format!("these counts make no {} position", G::NAME),
        })?;
        self.game()
            .check_position(&position)
            .map_err(|why| InputError::OutOfRange {
                line,
                token: self.game().describe(&position),
                why,
            })?;
        Ok(position)
    }

    /// Reads the header and checks that it is this game's.
    pub(super) fn read_header(&self, tokens: &mut Tokens<'_>) -> Result<(), InputError> {
        let Some(header) = &self.format().header else {
            return Ok(());
        };
        let line = tokens.line();
        let (values, _) = read_lines(tokens, &header.lines, None, true)?;
        if values != header.values {
            return Err(InputError::OutOfRange {
                line,
                token: format!("{values:?}"),
                why: format!(
                    "this input's header is another game than `{}`'s; give the flags that build it",
                    self.args()
                ),
            });
        }
        Ok(())
    }

    /// Reads the line of T, in its range (1 when the format has one case): the line
    /// stream's start, for a format of one case per line.
    pub(crate) fn read_t(&self, tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
        match &self.format().cases {
            Cases::Many(range) => read_t_line(tokens, range),
            Cases::Single => Ok(1),
        }
    }

    /// Reads one case of a format without sums: its lines, then its position.
    pub(crate) fn read_one_case(&self, tokens: &mut Tokens<'_>) -> Result<G::Position, InputError> {
        let line = tokens.line();
        let (counts, _) = read_lines(tokens, &self.format().lines, None, true)?;
        self.position(&counts, line)
    }

    /// Reads the common lines and T (when the format has them), then the cases, then
    /// the end of the input.
    pub(super) fn read_body(&self, tokens: &mut Tokens<'_>) -> Result<Vec<G::Position>, InputError> {
        let format = self.format();
        let t_range = match &format.cases {
            Cases::Many(range) => Some(range),
            Cases::Single => None,
        };
        let (common, t_inside) = read_lines(tokens, &format.common, t_range, true)?;
        let t = match (&format.cases, t_inside) {
            (Cases::Single, _) => 1,
            (Cases::Many(_), Some(t)) => t,
            (Cases::Many(range), None) => read_t_line(tokens, range)?,
        };
        let mut sums = vec![0u128; format.sums.len()];
        let mut cases = Vec::new();
        for index in 1..=t {
            let line = tokens.line();
            let (own, _) = read_lines(tokens, &format.lines, None, !format.inline)
                .map_err(|e| self.missing_case(e, line, index, t))?;
            let mut counts = common.clone();
            counts.extend(own);
            for ((name, limit), sum) in format.sums.iter().zip(&mut sums) {
                *sum += self.field_total(name, &counts);
                if *sum > u128::from(*limit) {
                    return Err(InputError::OutOfRange {
                        line,
                        token: sum.to_string(),
                        why: format!("the sum of {name} over the cases is at most {limit}"),
                    });
                }
            }
            cases.push(self.position(&counts, line)?);
        }
        if format.inline {
            tokens.end_line(
                format
                    .lines
                    .iter()
                    .flatten()
                    .last()
                    .map_or("the cases", Field::name),
            )?;
        }
        tokens.end_of_input(&match format.cases {
            Cases::Single => "the case".to_owned(),
            Cases::Many(_) => format!("the last of the {t} cases"),
        })?;
        Ok(cases)
    }

    /// Returns the sum of case field `name` in a position of these counts: the value of
    /// a number, the length of the list, or the sum of its numbers.
    pub(super) fn field_total(&self, name: &str, counts: &[u64]) -> u128 {
        let format = self.format();
        if format.count_ranges(counts.len()).is_none() {
            return 0;
        }
        let len = counts.len() - format.fixed();
        let common = format.common.iter().flatten().count();
        let mut total = 0u128;
        let mut i = 0;
        for (at, f) in format.fields().enumerate() {
            let here = at >= common && f.name() == name;
            match f {
                Field::Number { .. } => {
                    if here {
                        total += u128::from(counts[i]);
                    }
                    i += 1;
                }
                Field::Len { .. } if here => total += len as u128,
                Field::List { .. } | Field::Column { .. } => {
                    if here {
                        total += counts[i..i + len].iter().map(|&v| u128::from(v)).sum::<u128>();
                    }
                    i += len;
                }
                // A grid's total is its cells.
                Field::Grid(_) => {
                    if here {
                        total += len.saturating_sub(2) as u128;
                    }
                    i += len;
                }
                Field::Len { .. } | Field::Cases { .. } => {}
            }
        }
        total
    }
}
