//! `gamecheck.Format`: a contest format built in Python (`gamecheck/_format.py`), read
//! once into [`Spec`] and turned into the Rust [`Format`] of any game on demand, so the
//! Python door's games read, write, generate and judge exactly as a Rust game's do.

use std::collections::HashSet;
use std::sync::Mutex;

use gamecheck::game::{Field, Format, Output};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A contest format read from Python, the same for every game type it is built for.
#[derive(Clone, Debug)]
pub struct Spec {
    t: Option<(u64, u64)>,
    lines: Vec<Vec<Field>>,
    common: Vec<Vec<Field>>,
    inline: bool,
    joined: Option<&'static str>,
    misere: bool,
    generated: Option<(u64, u64)>,
    sums: Vec<(&'static str, u64)>,
    output: Option<Output>,
}

/// Returns `text` as a `&'static str`, the same one for the same text: the Rust format's
/// names and tokens are static, and a program reads a handful of formats.
fn interned(text: String) -> &'static str {
    static SEEN: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    let set = seen.get_or_insert_with(HashSet::new);
    if let Some(&s) = set.get(text.as_str()) {
        return s;
    }
    let s: &'static str = Box::leak(text.into_boxed_str());
    set.insert(s);
    s
}

fn attr<'py, T: FromPyObjectOwned<'py>>(o: &Bound<'py, PyAny>, name: &str) -> PyResult<T> {
    o.getattr(name)?.extract::<T>().map_err(|e| {
        let e: PyErr = e.into();
        PyValueError::new_err(format!("gamecheck.Format: `{name}` of {o}: {e}"))
    })
}

/// Returns the inclusive range `lo..=hi`, or why it is not one.
fn bounds(what: &str, lo: u64, hi: u64) -> PyResult<std::ops::RangeInclusive<u64>> {
    if lo > hi {
        return Err(PyValueError::new_err(format!(
            "{what}: the range {lo}..={hi} is empty"
        )));
    }
    Ok(lo..=hi)
}

/// Returns the field a `gamecheck.Field` describes.
fn field(o: &Bound<'_, PyAny>) -> PyResult<Field> {
    let kind: String = attr(o, "kind")?;
    let name = interned(attr(o, "name")?);
    let (lo, hi): (u64, u64) = (attr(o, "lo")?, attr(o, "hi")?);
    let range = || bounds(&format!("field `{name}`"), lo, hi);
    Ok(match kind.as_str() {
        "number" => Field::number(name, range()?),
        "len" => Field::len(name, range()?),
        "list" => Field::list(name, range()?),
        "column" => Field::column(name, range()?),
        "cases" => Field::cases(name),
        "grid" => {
            let (c0, c1): (u64, u64) = attr(o, "cells")?;
            let alphabet = interned(attr(o, "alphabet")?);
            Field::grid(
                name,
                alphabet,
                range()?,
                bounds(&format!("cells of `{name}`"), c0, c1)?,
            )
        }
        other => return Err(PyValueError::new_err(format!("no field of kind `{other}`"))),
    })
}

/// Returns the answer a `gamecheck.Output` describes.
fn output(o: &Bound<'_, PyAny>) -> PyResult<Output> {
    let kind: String = attr(o, "kind")?;
    let words: Vec<String> = attr(o, "words")?;
    let word = |i: usize| -> PyResult<&'static str> {
        words
            .get(i)
            .cloned()
            .map(interned)
            .ok_or_else(|| PyValueError::new_err(format!("the answer `{kind}` has too few words")))
    };
    let char_of = |i: usize| -> PyResult<char> {
        let w = word(i)?;
        let mut chars = w.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(PyValueError::new_err(format!(
                "Output.range: `{w}` is not one character"
            ))),
        }
    };
    Ok(match kind.as_str() {
        "winner" => Output::Winner {
            win: word(0)?,
            loss: word(1)?,
            draw: words.get(2).cloned().map(interned),
        },
        "grundy" => Output::Grundy,
        "winning-moves" => Output::WinningMoves,
        "range" => Output::Range {
            from: attr(o, "start")?,
            win: char_of(0)?,
            loss: char_of(1)?,
        },
        "move" => Output::Move { lost: word(0)? },
        "winner-then-move" => Output::WinnerThenMove {
            win: word(0)?,
            loss: word(1)?,
            none: word(2)?,
        },
        other => return Err(PyValueError::new_err(format!("no answer of kind `{other}`"))),
    })
}

fn lines(o: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<Vec<Field>>> {
    o.getattr(name)?
        .try_iter()?
        .map(|line| line?.try_iter()?.map(|f| field(&f?)).collect())
        .collect()
}

impl Spec {
    /// Returns the format a `gamecheck.Format` describes.
    ///
    /// # Errors
    /// An object that is no `gamecheck.Format`, an empty range, an unknown kind.
    pub fn read(o: &Bound<'_, PyAny>) -> PyResult<Spec> {
        let format = o.py().import("gamecheck._format")?.getattr("Format")?;
        if !o.is_instance(&format)? {
            return Err(PyValueError::new_err(format!(
                "a format is a gamecheck.Format (Format.cases(1, 100).line(...)), found {}",
                o.repr()?
            )));
        }
        let sums: Vec<(String, u64)> = attr(o, "sums")?;
        let output_obj = o.getattr("output")?;
        Ok(Spec {
            t: attr(o, "t")?,
            lines: lines(o, "lines")?,
            common: lines(o, "common_lines")?,
            inline: attr(o, "inline")?,
            joined: attr::<Option<String>>(o, "joined")?.map(interned),
            misere: attr(o, "is_misere")?,
            generated: attr(o, "generated_t")?,
            sums: sums.into_iter().map(|(n, l)| (interned(n), l)).collect(),
            output: if output_obj.is_none() {
                None
            } else {
                Some(output(&output_obj)?)
            },
        })
    }

    /// Returns the Rust format of game `G` this describes.
    pub fn build<G>(&self) -> Format<G> {
        let mut f = match self.t {
            Some((lo, hi)) => Format::cases(lo..=hi),
            None => Format::single(),
        };
        for line in &self.common {
            f = f.common(line.clone());
        }
        for line in &self.lines {
            f = f.line(line.clone());
        }
        if self.inline {
            f = f.cases_on_one_line();
        }
        if let Some(sep) = self.joined {
            f = f.answers_on_one_line(sep);
        }
        if self.misere {
            f = f.misere();
        }
        if let Some((contest, extended)) = self.generated {
            f = f.generated(contest, extended);
        }
        for &(name, limit) in &self.sums {
            f = f.sum(name, limit);
        }
        if let Some(o) = &self.output {
            f = f.answer(o.clone());
        }
        f
    }
}

/// Returns the input of `positions` (each a tuple of counts) as `format` writes it.
#[pyfunction]
pub fn format_write(format: &Bound<'_, PyAny>, positions: Vec<Vec<u64>>) -> PyResult<String> {
    let spec = Spec::read(format)?;
    Ok(spec.build::<()>().write(&positions, Clone::clone))
}

/// An interactive format read from Python (`gamecheck.Interactive`).
#[derive(Clone, Debug)]
pub struct InteractiveSpec {
    format: Spec,
    sides: Option<(&'static str, &'static str)>,
    position_notation: bool,
    won: &'static str,
    lost: &'static str,
    max_moves: u64,
    move_time: f64,
}

impl InteractiveSpec {
    /// Returns the interactive format a `gamecheck.Interactive` describes.
    ///
    /// # Errors
    /// An object that is no `gamecheck.Interactive`, a bad format or notation.
    pub fn read(o: &Bound<'_, PyAny>) -> PyResult<InteractiveSpec> {
        let class = o.py().import("gamecheck._format")?.getattr("Interactive")?;
        if !o.is_instance(&class)? {
            return Err(PyValueError::new_err(format!(
                "an interactive format is a gamecheck.Interactive, found {}",
                o.repr()?
            )));
        }
        let notation: String = attr(o, "notation")?;
        let position_notation = match notation.as_str() {
            "change" => false,
            "position" => true,
            other => {
                return Err(PyValueError::new_err(format!(
                    "a notation is \"change\" or \"position\", found {other:?}"
                )));
            }
        };
        let sides: Option<(String, String)> = attr(o, "sides")?;
        Ok(InteractiveSpec {
            format: Spec::read(&o.getattr("format")?)?,
            sides: sides.map(|(a, b)| (interned(a), interned(b))),
            position_notation,
            won: interned(attr(o, "won")?),
            lost: interned(attr(o, "lost")?),
            max_moves: attr(o, "max_moves")?,
            move_time: attr(o, "move_time")?,
        })
    }

    /// Returns the Rust interactive format of game `G` this describes.
    pub fn build<G: gamecheck::game::Game>(&self) -> gamecheck::interactive::Interactive<G> {
        use gamecheck::interactive::{Interactive, Notation};
        let mut i = Interactive::new(self.format.build())
            .notation(if self.position_notation {
                Notation::Position
            } else {
                Notation::Change
            })
            .ends(self.won, self.lost)
            .max_moves(self.max_moves)
            .move_time(std::time::Duration::from_secs_f64(self.move_time.max(0.001)));
        i = match self.sides {
            Some((first, second)) => i.sides(first, second),
            None => i.program_first(),
        };
        i
    }
}
