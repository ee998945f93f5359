//! A game written in Python as a Rust [`Game`]: its moves (and whatever else the class
//! defines) call back into Python; the positions are the Rust side's counts, so orders,
//! shrinking and least counterexamples mean what they mean for a Rust game.
//!
//! A Python exception, or a Ctrl-C seen between two calls, cannot return through the
//! engine (`Game::moves` returns nothing): it is kept, and the engine is unwound by a
//! panic of its own ([`Abort`]), caught where the engine was entered ([`Door::run`]),
//! which then raises the kept exception.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use gamecheck::game::{Format, Game, Outcome, Position, Search, Unanswered};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};

use crate::format::{InteractiveSpec, Spec};

/// The payload of the panic that unwinds an engine after a Python error.
pub struct Abort;

/// Installs a panic hook that stays silent for [`Abort`] and reports every other panic
/// as before.
pub fn quiet_aborts() {
    let before = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info.payload().downcast_ref::<Abort>().is_none() {
            before(info);
        }
    }));
}

/// The Python side of a run: the first error a callback raised, kept until the engine
/// has unwound.
#[derive(Default)]
pub struct Door {
    error: Mutex<Option<PyErr>>,
    aborted: AtomicBool,
}

impl Door {
    /// Runs `engine` without the GIL and returns its result, or raises the exception a
    /// callback raised (a `KeyboardInterrupt` for a Ctrl-C).
    pub fn run<T: Send>(&self, py: Python<'_>, engine: impl FnOnce() -> T + Send) -> PyResult<T> {
        let result = py.detach(|| catch_unwind(AssertUnwindSafe(engine)));
        if let Some(error) = self.error.lock().unwrap_or_else(|e| e.into_inner()).take() {
            return Err(error);
        }
        match result {
            Ok(value) => Ok(value),
            Err(payload) => std::panic::resume_unwind(payload),
        }
    }

    /// Runs the callback `f` with the GIL, after checking for a Ctrl-C; on an error, keeps
    /// it (with a note naming `what` it was called on) and unwinds the engine.
    pub fn call<T>(&self, what: impl FnOnce() -> String, f: impl FnOnce(Python<'_>) -> PyResult<T>) -> T {
        if self.aborted.load(Ordering::Relaxed) {
            std::panic::panic_any(Abort);
        }
        let result = Python::attach(|py| {
            py.check_signals()?;
            f(py).inspect_err(|e| note(py, e, &what()))
        });
        match result {
            Ok(value) => value,
            Err(error) => {
                let mut kept = self.error.lock().unwrap_or_else(|e| e.into_inner());
                if kept.is_none() {
                    *kept = Some(error);
                }
                self.aborted.store(true, Ordering::Relaxed);
                drop(kept);
                std::panic::panic_any(Abort)
            }
        }
    }
}

/// Adds `text` to the exception's notes (Python 3.11's `add_note`), or to its message on
/// older Pythons, so the traceback says which position it was raised at.
fn note(py: Python<'_>, error: &PyErr, text: &str) {
    let value = error.value(py);
    if value.hasattr("add_note").unwrap_or(false) {
        let _ = value.call_method1("add_note", (text,));
    } else {
        let _ = value.setattr("__gamecheck_note__", text);
    }
}

/// The methods of a game class the engine calls.
const METHODS: [&str; 7] = [
    "moves",
    "left_moves",
    "right_moves",
    "components",
    "check_position",
    "grundy",
    "outcome",
];

/// What the Python class defines, read once.
pub struct Class {
    pub object: Py<PyAny>,
    pub name: String,
    has: Has,
    max_count: u64,
    max_len: usize,
    /// The contest format the class states (`format = gamecheck.Format...`), or one a
    /// run was given; `None`: the default format.
    pub format: Option<Spec>,
    /// The interactive format the class states (`interactive = gamecheck.Interactive(...)`).
    pub interactive: Option<InteractiveSpec>,
    /// The class's methods the engine calls, bound once: a lookup by name on every call
    /// cost a tenth of a Kayles run's callbacks.
    methods: Vec<(&'static str, Py<PyAny>)>,
    pub door: Arc<Door>,
}

#[derive(Default)]
struct Has {
    check_position: bool,
    components: bool,
    grundy: bool,
    outcome: bool,
}

impl Class {
    /// Returns the class of `object`, its optional methods and bounds read.
    ///
    /// # Errors
    /// No `moves`, or a `max_count`/`max_len` that is not a non-negative int.
    pub fn read(object: &Bound<'_, PyAny>, door: Arc<Door>) -> PyResult<Class> {
        Class::read_as(object, door, false)
    }

    /// Returns the class of a partizan game (`left_moves` and `right_moves`), as
    /// [`Class::read`].
    ///
    /// # Errors
    /// No `left_moves` or `right_moves`, or bounds as for [`Class::read`].
    pub fn read_partizan(object: &Bound<'_, PyAny>, door: Arc<Door>) -> PyResult<Class> {
        Class::read_as(object, door, true)
    }

    fn read_as(object: &Bound<'_, PyAny>, door: Arc<Door>, partizan: bool) -> PyResult<Class> {
        let has = |name: &str| -> PyResult<bool> {
            Ok(object.hasattr(name)? && object.getattr(name)?.is_callable())
        };
        let needs: &[&str] = if partizan {
            &["left_moves", "right_moves"]
        } else {
            &["moves"]
        };
        for need in needs {
            if !has(need)? {
                return Err(PyTypeError::new_err(format!(
                    "{} has no method `{need}(self, p)`: a game is its moves",
                    object.get_type().name()?
                )));
            }
        }
        let bound = |name: &str| -> PyResult<Option<u64>> {
            if !object.hasattr(name)? {
                return Ok(None);
            }
            let value = object.getattr(name)?;
            let value = if value.is_callable() {
                value.call0()?
            } else {
                value
            };
            value.extract::<u64>().map(Some).map_err(|_| {
                PyValueError::new_err(format!("`{name}` must be a non-negative int, found {value}"))
            })
        };
        Ok(Class {
            object: object.clone().unbind(),
            name: object.get_type().name()?.to_string(),
            has: Has {
                check_position: has("check_position")?,
                components: has("components")?,
                grundy: has("grundy")?,
                outcome: has("outcome")?,
            },
            max_count: bound("max_count")?.unwrap_or(u64::MAX),
            max_len: bound("max_len")?.map_or(8, |n| usize::try_from(n).unwrap_or(usize::MAX)),
            methods: METHODS
                .iter()
                .filter_map(|&name| match object.getattr(name) {
                    Ok(m) if m.is_callable() => Some((name, m.unbind())),
                    _ => None,
                })
                .collect(),
            interactive: match object.getattr_opt("interactive")? {
                Some(i) if !i.is_none() => Some(InteractiveSpec::read(&i)?),
                _ => None,
            },
            format: match object.getattr_opt("format")? {
                Some(f) if !f.is_none() => Some(Spec::read(&f)?),
                _ => None,
            },
            door,
        })
    }

    /// Calls the method `name` on `p`, converting its result by `convert`; an exception
    /// (or a Ctrl-C) unwinds the engine through the door.
    pub fn call<P: Position, T>(
        &self,
        name: &'static str,
        p: &P,
        convert: impl FnOnce(&Bound<'_, PyAny>) -> PyResult<T>,
    ) -> T {
        self.door.call(
            || format!("gamecheck: raised by {}.{name}({})", self.name, shown(p)),
            |py| {
                let arg = (to_py(py, p)?,);
                let result = match self.methods.iter().find(|(n, _)| *n == name) {
                    Some((_, m)) => m.bind(py).call1(arg)?,
                    None => self.object.bind(py).call_method1(name, arg)?,
                };
                convert(&result).map_err(|e| {
                    let e = PyErr::from_value(e.value(py).clone().into_any());
                    PyTypeError::new_err(format!(
                        "{}.{name}({}) returned {}: {}",
                        self.name,
                        shown(p),
                        result.repr().map_or_else(|_| "?".into(), |r| r.to_string()),
                        e.value(py)
                    ))
                })
            },
        )
    }

    /// Returns whether the class defines the method `name`.
    pub fn has(&self, name: &str) -> bool {
        self.methods.iter().any(|(n, _)| *n == name)
    }

    /// Returns whether `object` is a partizan game: it has `left_moves` and `right_moves`.
    ///
    /// # Errors
    /// An attribute lookup that raises.
    pub fn is_partizan(object: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(object.hasattr("left_moves")? && object.hasattr("right_moves")?)
    }

    /// Returns the class's `arity`: `Some(k)` for positions of k counts (an int when
    /// k = 1, the default), `None` for tuples of any length (a list of heaps).
    ///
    /// # Errors
    /// An `arity` that is neither an int nor `None`.
    pub fn arity(object: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        if !object.hasattr("arity")? {
            return Ok(Some(1));
        }
        let arity = object.getattr("arity")?;
        if arity.is_none() {
            return Ok(None);
        }
        arity
            .extract::<usize>()
            .map(Some)
            .map_err(|_| PyValueError::new_err(format!("`arity` must be 1, 2, 3 or None, found {arity}")))
    }
}

/// A Python game as a Rust [`Game`] over positions `P`.
pub struct PyGame<P> {
    pub class: Arc<Class>,
    /// The components `components` returned, by position: the engines ask for the
    /// components of every option, and an option is reached from many positions (Kayles
    /// to heap 300: 45,451 questions about 22,800 positions).
    split: Arc<Mutex<HashMap<P, Vec<P>>>>,
    position: PhantomData<fn() -> P>,
}

/// The most positions whose components [`PyGame`] remembers; past it, it starts afresh.
const SPLIT_MEMO: usize = 1 << 16;

impl<P> Clone for PyGame<P> {
    fn clone(&self) -> Self {
        PyGame {
            class: Arc::clone(&self.class),
            split: Arc::clone(&self.split),
            position: PhantomData,
        }
    }
}

impl<P: Position> PyGame<P> {
    pub fn new(class: Arc<Class>) -> PyGame<P> {
        PyGame {
            class,
            split: Arc::default(),
            position: PhantomData,
        }
    }

    /// Calls the method `name` on `p`, converting its result by `convert`.
    fn method<T>(
        &self,
        name: &'static str,
        p: &P,
        convert: impl FnOnce(&Bound<'_, PyAny>) -> PyResult<T>,
    ) -> T {
        self.class.call(name, p, convert)
    }

    /// Returns every item of `list` as a position.
    fn positions(list: &Bound<'_, PyAny>) -> PyResult<Vec<P>> {
        list.try_iter()?.map(|item| from_py::<P>(&item?)).collect()
    }
}

/// Returns `p` as Python writes it: an int for one count, else a tuple.
pub fn shown<P: Position>(p: &P) -> String {
    let c = p.counts();
    if P::ARITY == Some(1) {
        c[0].to_string()
    } else if c.len() == 1 {
        format!("({},)", c[0])
    } else {
        let inner: Vec<String> = c.iter().map(u64::to_string).collect();
        format!("({})", inner.join(", "))
    }
}

/// Returns `p` as a Python value: an int for one count, else a tuple of ints.
///
/// # Errors
/// None in practice (building an int or a tuple).
pub fn to_py<'py, P: Position>(py: Python<'py>, p: &P) -> PyResult<Bound<'py, PyAny>> {
    let c = p.counts();
    if P::ARITY == Some(1) {
        Ok(c[0].into_pyobject(py)?.into_any())
    } else {
        Ok(PyTuple::new(py, c)?.into_any())
    }
}

/// Returns the position a Python value stands for.
///
/// # Errors
/// A value that is not a non-negative int (for one count) or a tuple of them of the
/// game's arity.
pub fn from_py<P: Position>(value: &Bound<'_, PyAny>) -> PyResult<P> {
    let counts: Vec<u64> =
        if P::ARITY == Some(1) {
            vec![value.extract::<u64>().map_err(|_| {
                PyValueError::new_err(format!("a position is a non-negative int, found {value}"))
            })?]
        } else if value.is_instance_of::<PyString>() {
            return Err(PyValueError::new_err(format!(
                "a position is a tuple of ints, found {value}"
            )));
        } else if let Ok(t) = value.cast::<PyTuple>() {
            // The usual case, read without the sequence protocol.
            t.iter()
                .map(|c| c.extract::<u64>())
                .collect::<PyResult<_>>()
                .map_err(|_| {
                    PyValueError::new_err(format!(
                        "a position is a tuple of non-negative ints, found {value}"
                    ))
                })?
        } else {
            value.extract::<Vec<u64>>().map_err(|_| {
                PyValueError::new_err(format!(
                    "a position is a tuple of non-negative ints, found {value}"
                ))
            })?
        };
    P::from_counts(&counts).ok_or_else(|| match P::ARITY {
        Some(k) => PyValueError::new_err(format!("a position is a tuple of {k} ints, found {value}")),
        None => PyValueError::new_err(format!("not a position: {value}")),
    })
}

/// Returns the outcome a Python value stands for: a bool (True: the player to move
/// wins) or a `gamecheck.Outcome`.
///
/// # Errors
/// Any other value.
pub fn outcome_from_py(value: &Bound<'_, PyAny>) -> PyResult<Outcome> {
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(Outcome::of(b.is_true()));
    }
    let text: String = match value.getattr("value") {
        Ok(v) => v.extract()?,
        Err(_) => value.extract()?,
    };
    match text.as_str() {
        "win" => Ok(Outcome::Win),
        "loss" => Ok(Outcome::Loss),
        "draw" => Ok(Outcome::Draw),
        _ => Err(PyValueError::new_err(format!(
            "an outcome is a bool (True: the player to move wins) or a gamecheck.Outcome, found {value}"
        ))),
    }
}

/// Returns `o` as a `gamecheck.Outcome`.
///
/// # Errors
/// The package's Python half cannot be imported.
pub fn outcome_to_py(py: Python<'_>, o: Outcome) -> PyResult<Bound<'_, PyAny>> {
    let name = match o {
        Outcome::Win => "WIN",
        Outcome::Loss => "LOSS",
        Outcome::Draw => "DRAW",
    };
    py.import("gamecheck._types")?.getattr("Outcome")?.getattr(name)
}

impl<P: Position> Game for PyGame<P> {
    type Position = P;
    const NAME: &'static str = "python";

    fn moves(&self, p: &P, out: &mut Vec<P>) {
        out.extend(self.method("moves", p, Self::positions));
    }

    fn check_position(&self, p: &P) -> Result<(), String> {
        if !self.class.has.check_position {
            return Ok(());
        }
        self.method("check_position", p, |r| {
            if r.is_none() || r.is_truthy()? && r.cast::<PyString>().is_err() {
                Ok(Ok(()))
            } else if let Ok(why) = r.extract::<String>() {
                Ok(Err(why))
            } else {
                Ok(Err("check_position said no".to_owned()))
            }
        })
    }

    fn max_count(&self) -> u64 {
        self.class.max_count
    }

    fn max_len(&self) -> usize {
        self.class.max_len
    }

    fn components(&self, p: &P) -> Vec<P> {
        if !self.class.has.components {
            return vec![p.clone()];
        }
        let lock = || self.split.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(parts) = lock().get(p) {
            return parts.clone();
        }
        let parts = self.method("components", p, Self::positions);
        let mut memo = lock();
        if memo.len() >= SPLIT_MEMO {
            memo.clear();
        }
        memo.insert(p.clone(), parts.clone());
        parts
    }

    fn grundy(&self, p: &P, search: &mut Search<Self>) -> Result<u64, Unanswered> {
        if !self.class.has.grundy {
            return search.grundy(p);
        }
        Ok(self.method("grundy", p, |r| r.extract::<u64>()))
    }

    fn outcome(&self, p: &P, search: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        if !self.class.has.outcome {
            return match self.grundy(p, search) {
                Ok(g) => Ok(Outcome::of(g != 0)),
                Err(_) if search.met_cycle() => search.outcome(p),
                Err(why) => Err(why),
            };
        }
        Ok(self.method("outcome", p, outcome_from_py))
    }

    fn describe(&self, p: &P) -> String {
        shown(p)
    }

    fn format(&self) -> Format<Self> {
        match &self.class.format {
            Some(spec) => spec.build(),
            None => Format::default_for(self),
        }
    }

    fn interactive(&self) -> Option<gamecheck::interactive::Interactive<Self>> {
        self.class.interactive.as_ref().map(InteractiveSpec::build)
    }
}

/// Calls `$body` with the type alias `$P` set to the Rust position type of a Python
/// game of `$arity` counts (`None`: a tuple of any length).
#[macro_export]
macro_rules! with_position {
    ($arity:expr, $P:ident => $body:expr) => {
        match $arity {
            Some(1) => {
                type $P = u64;
                $body
            }
            Some(2) => {
                type $P = (u64, u64);
                $body
            }
            Some(3) => {
                type $P = (u64, u64, u64);
                $body
            }
            None => {
                type $P = Vec<u64>;
                $body
            }
            Some(k) => Err(::pyo3::exceptions::PyValueError::new_err(format!(
                "`arity` must be 1, 2, 3 or None (a tuple of any length), found {k}"
            ))),
        }
    };
}
