//! `gamecheck.partizan`: values of partizan games in CGSuite notation, of a game written
//! in Python (`left_moves`/`right_moves`, called back) or of a built-in family.

use std::sync::Arc;
use std::time::Duration;

use gamecheck::budget::Budget;
use gamecheck::games::cutcake::Cutcake;
use gamecheck::games::domineering::{Domineering, Grid};
use gamecheck::games::hackenbush::Hackenbush;
use gamecheck::games::toads_and_frogs::ToadsAndFrogs;
use gamecheck::partizan::{Dyadic, Partizan, Stopped, Value, Values};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};

use crate::game::Door;

/// A partizan position written in Python: an int, a str, or a tuple of them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    Int(i64),
    Str(String),
    Tuple(Vec<Key>),
}

impl Key {
    /// Returns the key a Python value stands for.
    ///
    /// # Errors
    /// A value that is not an int, a str, or a tuple (or list) of them.
    fn from_py(value: &Bound<'_, PyAny>) -> PyResult<Key> {
        if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
            Ok(Key::Int(value.extract()?))
        } else if let Ok(s) = value.cast::<PyString>() {
            Ok(Key::Str(s.to_string()))
        } else if value.is_instance_of::<PyTuple>() || value.is_instance_of::<PyList>() {
            value
                .try_iter()?
                .map(|v| Key::from_py(&v?))
                .collect::<PyResult<_>>()
                .map(Key::Tuple)
        } else {
            Err(PyTypeError::new_err(format!(
                "a partizan position is an int, a str or a tuple of them, found {}",
                value.repr()?
            )))
        }
    }

    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Key::Int(n) => n.into_pyobject(py)?.into_any(),
            Key::Str(s) => s.into_pyobject(py)?.into_any(),
            Key::Tuple(items) => PyTuple::new(
                py,
                items.iter().map(|k| k.to_py(py)).collect::<PyResult<Vec<_>>>()?,
            )?
            .into_any(),
        })
    }

    fn shown(&self) -> String {
        match self {
            Key::Int(n) => n.to_string(),
            Key::Str(s) => format!("{s:?}"),
            Key::Tuple(items) => {
                let inner: Vec<String> = items.iter().map(Key::shown).collect();
                format!("({})", inner.join(", "))
            }
        }
    }
}

/// A partizan game written in Python.
struct PyPartizan {
    object: Py<PyAny>,
    name: String,
    components: bool,
    door: Arc<Door>,
}

impl PyPartizan {
    fn positions(&self, method: &'static str, p: &Key) -> Vec<Key> {
        self.door.call(
            || format!("gamecheck: raised by {}.{method}({})", self.name, p.shown()),
            |py| {
                let list = self.object.bind(py).call_method1(method, (p.to_py(py)?,))?;
                list.try_iter()?.map(|item| Key::from_py(&item?)).collect()
            },
        )
    }
}

impl Partizan for PyPartizan {
    type Position = Key;
    const NAME: &'static str = "python";

    fn left_moves(&self, p: &Key, out: &mut Vec<Key>) {
        out.extend(self.positions("left_moves", p));
    }

    fn right_moves(&self, p: &Key, out: &mut Vec<Key>) {
        out.extend(self.positions("right_moves", p));
    }

    fn components(&self, p: &Key) -> Vec<Key> {
        if self.components {
            self.positions("components", p)
        } else {
            vec![p.clone()]
        }
    }
}

/// The value of a partizan game in canonical form (`gamecheck.partizan.Value`), as
/// CGSuite writes it: `{1|0}`, `^*`, `3/4`, `+-1`.
///
/// Values add (`+`), negate (`-`) and compare: `<=` and `>=` are the partial order of
/// games, `==` equality of values; `a.confused(b)` is CGSuite's `a || b` (neither
/// `a <= b` nor `b <= a`).
#[pyclass(module = "gamecheck.partizan", name = "Value", frozen)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyValue(Value);

#[pymethods]
impl PyValue {
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        std::hash::Hash::hash(&self.0, &mut h);
        std::hash::Hasher::finish(&h)
    }

    fn __repr__(&self) -> String {
        format!("Value('{}')", self.0)
    }

    fn __add__(&self, other: &PyValue) -> PyValue {
        PyValue(self.0 + other.0)
    }

    fn __sub__(&self, other: &PyValue) -> PyValue {
        PyValue(self.0 - other.0)
    }

    fn __neg__(&self) -> PyValue {
        PyValue(-self.0)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<bool> {
        let Ok(other) = other.cast::<PyValue>() else {
            return match op {
                CompareOp::Eq => Ok(false),
                CompareOp::Ne => Ok(true),
                _ => Err(PyTypeError::new_err("a Value compares with a Value")),
            };
        };
        let other = other.get().0;
        let order = self.0.partial_cmp(&other);
        use std::cmp::Ordering::{Equal, Greater, Less};
        Ok(match op {
            CompareOp::Eq => order == Some(Equal),
            CompareOp::Ne => order != Some(Equal),
            CompareOp::Le => matches!(order, Some(Less | Equal)),
            CompareOp::Lt => order == Some(Less),
            CompareOp::Ge => matches!(order, Some(Greater | Equal)),
            CompareOp::Gt => order == Some(Greater),
        })
    }

    /// Return whether the two values are confused (CGSuite's `a || b`): neither is
    /// `<=` the other.
    fn confused(&self, other: &PyValue) -> bool {
        self.0.partial_cmp(&other.0).is_none()
    }

    /// The outcome class: `"L"` (Left wins whoever starts), `"R"`, `"N"` (the player to
    /// move wins) or `"P"` (the player not to move wins).
    #[getter]
    fn outcome(&self) -> &'static str {
        self.0.outcome().letter()
    }

    /// The mean value, as a `fractions.Fraction`.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.0.mean())
    }

    /// The temperature, as a `fractions.Fraction` (−1 for an integer).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.0.temperature())
    }

    /// The number the value is, as a `fractions.Fraction`, or None when it is no number.
    #[getter]
    fn number<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.as_number().map(|x| fraction(py, x)).transpose()
    }

    /// The thermograph's walls: `{"left": [...], "right": [...]}`, each a list of
    /// breakpoints `(temperature, value, slope after it)` with Fractions, from t = −1.
    fn thermograph<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let t = self.0.thermograph();
        let wall = |w: &gamecheck::partizan::Trajectory| -> PyResult<Bound<'py, PyList>> {
            let points = w
                .segments()
                .iter()
                .map(|&(at, v, slope)| Ok((fraction(py, at)?, fraction(py, v)?, slope)))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, points)
        };
        let d = pyo3::types::PyDict::new(py);
        d.set_item("left", wall(t.left_wall())?)?;
        d.set_item("right", wall(t.right_wall())?)?;
        Ok(d)
    }

    /// The values of Left's options of the canonical form.
    fn left_options(&self) -> Vec<PyValue> {
        self.0.left_options().into_iter().map(PyValue).collect()
    }

    /// The values of Right's options of the canonical form.
    fn right_options(&self) -> Vec<PyValue> {
        self.0.right_options().into_iter().map(PyValue).collect()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((
            py.import("gamecheck.partizan")?.getattr("parse")?,
            (self.0.to_string(),),
        ))
    }
}

/// Returns `x` as a `fractions.Fraction`.
fn fraction(py: Python<'_>, x: Dyadic) -> PyResult<Bound<'_, PyAny>> {
    let denominator = 1u64.checked_shl(x.exponent()).unwrap_or(0);
    py.import("fractions")?
        .getattr("Fraction")?
        .call1((x.numerator(), denominator))
}

/// Returns the value written in CGSuite notation (`{1|0}`, `^*`, `-3/4`, `+-1`).
///
/// # Errors
/// `ValueError` naming where the text stops making sense.
#[pyfunction]
pub fn parse(text: &str) -> PyResult<PyValue> {
    text.parse::<Value>()
        .map(PyValue)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn limits(seconds: Option<f64>, memory_mib: Option<u64>) -> Budget {
    let mut budget = Budget::default();
    if let Some(s) = seconds {
        budget.time = Duration::from_secs_f64(s.max(0.0));
    }
    if let Some(m) = memory_mib {
        budget.memory = m << 20;
    }
    budget
}

/// Returns the raised `gamecheck.BudgetExceeded` for a search that stopped.
fn stopped(py: Python<'_>, s: &Stopped) -> PyErr {
    let make = || -> PyResult<PyErr> {
        let e = py
            .import("gamecheck._errors")?
            .getattr("BudgetExceeded")?
            .call1((s.to_string(),))?;
        e.setattr("budget", s.budget.to_string())?;
        Ok(PyErr::from_value(e))
    };
    make().unwrap_or_else(|e| e)
}

/// Runs `f` on a memo of `game`'s values within the budgets, without the GIL.
fn valued<G: Partizan>(
    py: Python<'_>,
    door: &Door,
    game: G,
    p: &G::Position,
    seconds: Option<f64>,
    memory_mib: Option<u64>,
) -> PyResult<PyValue> {
    let budget = limits(seconds, memory_mib);
    door.run(py, || Values::new(game).with_limits(budget).of(p))?
        .map(PyValue)
        .map_err(|s| stopped(py, &s))
}

/// Returns the value of position `p` of a partizan game written in Python: an object
/// with `left_moves(p)` and `right_moves(p)` (and optionally `components(p)`), a
/// position being an int, a str or a tuple of them.
#[pyfunction]
#[pyo3(signature = (game, p, time_budget = None, memory_budget = None))]
pub fn value(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    p: &Bound<'_, PyAny>,
    time_budget: Option<f64>,
    memory_budget: Option<u64>,
) -> PyResult<PyValue> {
    for method in ["left_moves", "right_moves"] {
        if !game.hasattr(method)? {
            return Err(PyTypeError::new_err(format!(
                "{} has no method `{method}(self, p)`",
                game.get_type().name()?
            )));
        }
    }
    let door = Arc::new(Door::default());
    let g = PyPartizan {
        object: game.clone().unbind(),
        name: game.get_type().name()?.to_string(),
        components: game.hasattr("components")?,
        door: Arc::clone(&door),
    };
    let key = Key::from_py(p)?;
    valued(py, &door, g, &key, time_budget, memory_budget)
}

/// Returns the value of a Domineering board: its rows, `.` empty and `#` filled (at
/// most 64 cells).
#[pyfunction]
#[pyo3(signature = (rows, time_budget = None, memory_budget = None))]
pub fn domineering(
    py: Python<'_>,
    rows: Vec<String>,
    time_budget: Option<f64>,
    memory_budget: Option<u64>,
) -> PyResult<PyValue> {
    let width = rows.first().map_or(0, String::len);
    if rows.is_empty() || width == 0 || rows.iter().any(|r| r.len() != width) || rows.len() * width > 64 {
        return Err(PyValueError::new_err(
            "a Domineering board is rows of equal length, at most 64 cells in all",
        ));
    }
    if let Some(bad) = rows
        .iter()
        .flat_map(|r| r.chars())
        .find(|&c| c != '.' && c != '#')
    {
        return Err(PyValueError::new_err(format!(
            "a Domineering cell is `.` (empty) or `#` (filled), found {bad:?}"
        )));
    }
    let grid = Grid::from_rows(&rows.iter().map(|r| r.as_bytes().to_vec()).collect::<Vec<_>>());
    valued(
        py,
        &Door::default(),
        Domineering::new(),
        &grid,
        time_budget,
        memory_budget,
    )
}

/// Returns the value of a Hackenbush string, its edges from the ground up: `B` (Left's),
/// `R` (Right's), `G` (either's).
#[pyfunction]
#[pyo3(signature = (edges, time_budget = None, memory_budget = None))]
pub fn hackenbush(
    py: Python<'_>,
    edges: &str,
    time_budget: Option<f64>,
    memory_budget: Option<u64>,
) -> PyResult<PyValue> {
    if let Some(bad) = edges.chars().find(|c| !"BRG".contains(*c)) {
        return Err(PyValueError::new_err(format!(
            "a Hackenbush edge is B, R or G, found {bad:?}"
        )));
    }
    let p = edges.as_bytes().to_vec();
    valued(py, &Door::default(), Hackenbush, &p, time_budget, memory_budget)
}

/// Returns the value of a Toads and Frogs row: `T` (Left's toads, moving right), `F`
/// (Right's frogs, moving left), `_` empty.
#[pyfunction]
#[pyo3(signature = (row, time_budget = None, memory_budget = None))]
pub fn toads_and_frogs(
    py: Python<'_>,
    row: &str,
    time_budget: Option<f64>,
    memory_budget: Option<u64>,
) -> PyResult<PyValue> {
    if let Some(bad) = row.chars().find(|c| !"TF_".contains(*c)) {
        return Err(PyValueError::new_err(format!(
            "a Toads and Frogs square is T, F or _, found {bad:?}"
        )));
    }
    let p = gamecheck::games::toads_and_frogs::Row::from_bytes(row.as_bytes()).ok_or_else(|| {
        PyValueError::new_err(format!(
            "a Toads and Frogs row has at most {} squares",
            gamecheck::games::toads_and_frogs::MAX_SQUARES
        ))
    })?;
    valued(
        py,
        &Door::default(),
        ToadsAndFrogs,
        &p,
        time_budget,
        memory_budget,
    )
}

/// Returns the value of a sum of Cutcake cakes, each `(width, height)`: Left cuts the
/// width, Right the height.
#[pyfunction]
pub fn cutcake(py: Python<'_>, cakes: Vec<(u64, u64)>) -> PyResult<PyValue> {
    if cakes.iter().any(|&(w, h)| w == 0 || h == 0) {
        return Err(PyValueError::new_err("a cake is at least 1 by 1"));
    }
    valued(py, &Door::default(), Cutcake, &cakes, None, None)
}
