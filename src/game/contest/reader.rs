//! The reader of a `Format`: a header, T and each case's fields, checked against
//! their ranges and the format's sums, every error naming its line and token.

use super::super::problem::GameProblem;
use super::super::{Game, Position};
use crate::game_trait::format::{Cases, Field, GridField};
use crate::input::InputError;
use crate::tokens::Tokens;

/// Returns a map of the token reader's "negative" error (which says "at least 0") to the
/// field's own least value when it is above 0, so that `-1` and `0` for T both say "T is
/// at least 1".
pub(super) fn below(name: &str, least: u64) -> impl FnOnce(InputError) -> InputError + '_ {
    move |e| match e {
        InputError::Negative { line, token, .. } if least > 0 => InputError::OutOfRange {
            line,
            token,
            why: format!("{name} is at least {least}"),
        },
        e => e,
    }
}

/// Returns the next number of the line, named `name`, in `range`.
pub(super) fn read_in(
    tokens: &mut Tokens<'_>,
    name: &str,
    range: &std::ops::RangeInclusive<u64>,
) -> Result<u64, InputError> {
    let line = tokens.line();
    let v = tokens
        .u64_on_line_at_most(name, *range.end(), &format!("{name} is at most {}", range.end()))
        .map_err(below(name, *range.start()))?;
    at_least(v, name, range, line)
}

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

/// Returns `v`, read as `name` on `line`, unless it is below `range`.
fn at_least(
    v: u64,
    name: &str,
    range: &std::ops::RangeInclusive<u64>,
    line: usize,
) -> Result<u64, InputError> {
    if v < *range.start() {
        return Err(InputError::OutOfRange {
            line,
            token: v.to_string(),
            why: format!("{name} is at least {}", range.start()),
        });
    }
    Ok(v)
}

/// Returns the numbers of `lines` read from `tokens`, the lengths left out, and T
/// where a line holds it (in `t`'s range); each line ended unless `end` is false (a case
/// of an input whose cases share one line).
pub(super) fn read_lines(
    tokens: &mut Tokens<'_>,
    lines: &[Vec<Field>],
    t: Option<&std::ops::RangeInclusive<u64>>,
    end: bool,
) -> Result<(Vec<u64>, Option<u64>), InputError> {
    let mut values = Vec::new();
    let mut len = 0;
    let mut cases = None;
    for line in lines {
        let mut ended = false;
        for field in line {
            match field {
                Field::Number { name, range } => values.push(read_in(tokens, name, range)?),
                Field::Len { name, range } => len = read_in(tokens, name, range)?,
                Field::List { name, range } => {
                    for _ in 0..len {
                        values.push(read_in(tokens, name, range)?);
                    }
                }
                Field::Column { name, range } => {
                    // The fields before it end their line, then each number has its own.
                    if !std::ptr::eq(field, &line[0]) {
                        tokens.end_line(line[0].name())?;
                    }
                    for _ in 0..len {
                        values.push(read_in(tokens, name, range)?);
                        tokens.end_line(name)?;
                    }
                    ended = true;
                }
                Field::Cases { name } => {
                    let range = t.cloned().unwrap_or(0..=u64::MAX);
                    cases = Some(read_in(tokens, name, &range)?);
                }
                Field::Grid(g) => {
                    values.extend(read_grid(tokens, g, false)?);
                    ended = true;
                }
            }
        }
        if end && !ended {
            tokens.end_line(line.last().map_or("an empty line", Field::name))?;
        }
    }
    Ok((values, cases))
}

/// Returns a grid's counts read from `tokens`: r and c on their line, then r lines of c
/// characters of the alphabet, each cell's index in it. With `anywhere`, the numbers and
/// rows are words wherever they stand, as `scanf` reads them (a position given as words
/// on one line, to `repro`).
///
/// # Errors
/// A side or the cells out of range (the token `r c`), a row missing, too short or too
/// long, or a character outside the alphabet, each named with its line and the token.
pub(crate) fn read_grid(
    tokens: &mut Tokens<'_>,
    g: &GridField,
    anywhere: bool,
) -> Result<Vec<u64>, InputError> {
    let side = |tokens: &mut Tokens<'_>, name: &str| -> Result<u64, InputError> {
        if anywhere {
            let end = *g.sides().end();
            let v = tokens
                .u64_anywhere_at_most(name, end, &format!("{name} is at most {end}"))
                .map_err(below(name, *g.sides().start()))?;
            match v < *g.sides().start() {
                // The line the side was read on: blank lines may stand before it.
                true => Err(InputError::OutOfRange {
                    line: tokens.line(),
                    token: v.to_string(),
                    why: format!("{name} is at least {}", g.sides().start()),
                }),
                false => Ok(v),
            }
        } else {
            read_in(tokens, name, g.sides())
        }
    };
    let r = side(tokens, "the rows r")?;
    let line = tokens.line();
    let c = side(tokens, "the columns c")?;
    read_grid_rows(tokens, g, (r, c), line, anywhere)
}

/// Returns a grid's counts read from `tokens` once its sides `(r, c)` are read (on line
/// `line`): [`read_grid`] after the sides.
///
/// # Errors
/// As [`read_grid`], but for the sides' own ranges.
pub(crate) fn read_grid_rows(
    tokens: &mut Tokens<'_>,
    g: &GridField,
    (r, c): (u64, u64),
    line: usize,
    anywhere: bool,
) -> Result<Vec<u64>, InputError> {
    if !g.cells().contains(&r.saturating_mul(c)) {
        return Err(InputError::OutOfRange {
            line,
            token: format!("{r} {c}"),
            why: format!(
                "a grid has {} to {} cells, this one {}",
                g.cells().start(),
                g.cells().end(),
                r.saturating_mul(c)
            ),
        });
    }
    if !anywhere {
        tokens.end_line("the columns c")?;
    }
    // Grown as rows are read: a game's cell range may admit more than memory holds, and
    // the input then ends long before its rows do.
    let mut counts = Vec::new();
    counts.extend([r, c]);
    let expected = format!("a row of {c} characters over {}", g.shown_alphabet());
    for _ in 0..r {
        let row = match anywhere {
            true => tokens.word_anywhere(&expected, c as usize)?,
            false => tokens.word_on_line(&expected, c as usize)?,
        };
        let line = tokens.line();
        if let Some(ch) = row.bytes().find(|&b| g.code_of(b).is_none()) {
            return Err(InputError::OutOfRange {
                line,
                token: crate::shown::escaped(row.as_bytes(), 40),
                why: format!(
                    "character `{}` is not one of {}",
                    crate::shown::escaped(&[ch], 4),
                    g.shown_alphabet()
                ),
            });
        }
        if row.len() as u64 != c {
            return Err(InputError::OutOfRange {
                line,
                token: row.clone(),
                why: format!("every row has c = {c} characters, this one {}", row.len()),
            });
        }
        counts.extend(row.bytes().filter_map(|b| g.code_of(b)));
        if !anywhere {
            tokens.end_line("a row")?;
        }
    }
    Ok(counts)
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
