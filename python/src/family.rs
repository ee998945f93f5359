//! A partizan game written in Python whose positions are counts (an int, or a tuple of
//! ints), as a [`Family`]: what `python -m gamecheck` serves to `solve --value`, `check`,
//! `claim` and `stress`, reading and writing its positions by the class's `format`.

use std::marker::PhantomData;
use std::sync::Arc;

use gamecheck::game::{Field, Format, Position};
use gamecheck::partizan::Partizan;
use gamecheck::partizan::family::Family;
use pyo3::prelude::*;

use crate::game::{Class, from_py};

/// A Python partizan game over positions `P`.
pub struct PyFamily<P> {
    pub class: Arc<Class>,
    position: PhantomData<fn() -> P>,
}

impl<P> Clone for PyFamily<P> {
    fn clone(&self) -> Self {
        PyFamily {
            class: Arc::clone(&self.class),
            position: PhantomData,
        }
    }
}

impl<P: Position> PyFamily<P> {
    pub fn new(class: Arc<Class>) -> PyFamily<P> {
        PyFamily {
            class,
            position: PhantomData,
        }
    }

    /// Returns what the method `name` returns at `p`, as positions.
    fn positions(&self, name: &'static str, p: &P) -> Vec<P> {
        self.class.call(name, p, |list| {
            list.try_iter()?
                .map(|item| from_py::<P>(&item?))
                .collect::<PyResult<Vec<P>>>()
        })
    }
}

impl<P: Position> Partizan for PyFamily<P> {
    type Position = P;
    const NAME: &'static str = "python";

    fn left_moves(&self, p: &P, out: &mut Vec<P>) {
        out.extend(self.positions("left_moves", p));
    }

    fn right_moves(&self, p: &P, out: &mut Vec<P>) {
        out.extend(self.positions("right_moves", p));
    }

    fn components(&self, p: &P) -> Vec<P> {
        if self.class.has("components") {
            self.positions("components", p)
        } else {
            vec![p.clone()]
        }
    }
}

impl<P: Position> Family for PyFamily<P> {
    fn format(&self) -> Format<Self> {
        match &self.class.format {
            Some(spec) => spec.build(),
            // As `Format::default_for` writes an impartial game's: T, then each
            // position's counts on a line (a tuple of any length: its length first).
            None => Format::cases(0..=100_000).line(match P::ARITY {
                Some(k) => (0..k)
                    .map(|i| Field::number(P::names().get(i).copied().unwrap_or("a count"), 0..=u64::MAX))
                    .collect::<Vec<_>>(),
                None => vec![
                    Field::len("the number of counts", 0..=u64::MAX),
                    Field::list("a count", 0..=u64::MAX),
                ],
            }),
        }
    }
}
