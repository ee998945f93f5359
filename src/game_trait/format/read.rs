//! The [`Format`](super::Format) reader: one case's lines read from contest input into a
//! position's counts (numbers, a list, a column, a grid), with errors naming the line and
//! the token. `solve`, the judge and a partizan family's default
//! reader read through it.

use super::{Field, GridField};
use crate::input::InputError;
use crate::tokens::Tokens;

/// Returns a map of the token reader's "negative" error (which says "at least 0") to the
/// field's own least value when it is above 0, so that `-1` and `0` for T both say "T is
/// at least 1".
pub(crate) fn below(name: &str, least: u64) -> impl FnOnce(InputError) -> InputError + '_ {
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
pub(crate) fn read_in(
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

/// Returns `v`, read as `name` on `line`, unless it is below `range`.
pub(crate) fn at_least(
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
pub(crate) fn read_lines(
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

/// Returns the next number, on this line or a later one, named `name`, in `range`.
fn read_in_anywhere(
    tokens: &mut Tokens<'_>,
    name: &str,
    range: &std::ops::RangeInclusive<u64>,
) -> Result<u64, InputError> {
    let v = tokens
        .u64_anywhere_at_most(name, *range.end(), &format!("{name} is at most {}", range.end()))
        .map_err(below(name, *range.start()))?;
    if v < *range.start() {
        // The line the number was read on: blank lines may stand before it.
        return Err(InputError::OutOfRange {
            line: tokens.line(),
            token: v.to_string(),
            why: format!("{name} is at least {}", range.start()),
        });
    }
    Ok(v)
}

/// Returns the counts of one case of `lines` read as `scanf` reads them: each number and
/// row a word wherever it stands, so that a case written on its lines and the same words
/// on one line (a position given to `repro`) read alike. The lengths are left out.
///
/// # Errors
/// A number out of its field's range, a row of a grid missing, too long or with a
/// character outside the alphabet, each named with its line and the token.
pub(crate) fn read_case_anywhere(
    tokens: &mut Tokens<'_>,
    lines: &[Vec<Field>],
) -> Result<Vec<u64>, InputError> {
    let mut values = Vec::new();
    let mut len = 0;
    for field in lines.iter().flatten() {
        match field {
            Field::Number { name, range } => values.push(read_in_anywhere(tokens, name, range)?),
            Field::Len { name, range } => len = read_in_anywhere(tokens, name, range)?,
            Field::List { name, range } | Field::Column { name, range } => {
                for _ in 0..len {
                    values.push(read_in_anywhere(tokens, name, range)?);
                }
            }
            Field::Grid(g) => values.extend(read_grid(tokens, g, true)?),
            // T is the input's, not a case's.
            Field::Cases { .. } => {}
        }
    }
    Ok(values)
}
