//! `gamecheck.octal`: heap games — the nim-sequences of octal codes by the sparse-space
//! solver, their periods proved by the Guy–Smith theorem, and subtraction games.

use std::time::Duration;

use gamecheck::budget::Budget;
use gamecheck::games::subtraction::{PeriodError as SubtractionPeriodError, Subtraction};
use gamecheck::octal::code::OctalCode;
use gamecheck::octal::guy_smith::find_period_within;
use gamecheck::octal::sparse_space::SparseSpace;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::game::Door;

fn code(text: &str) -> PyResult<OctalCode> {
    text.parse::<OctalCode>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn budget(seconds: Option<f64>, memory_mib: Option<u64>) -> Budget {
    let mut budget = Budget::default();
    if let Some(s) = seconds {
        budget.time = Duration::from_secs_f64(s.max(0.0));
    }
    if let Some(m) = memory_mib {
        budget.memory = m << 20;
    }
    budget
}

/// Returns the raised `gamecheck.BudgetExceeded` saying `why`, naming `budget`.
pub fn budget_exceeded(py: Python<'_>, why: &str, budget: &str) -> PyErr {
    let make = || -> PyResult<PyErr> {
        let e = py
            .import("gamecheck._errors")?
            .getattr("BudgetExceeded")?
            .call1((why,))?;
        e.setattr("budget", budget)?;
        Ok(PyErr::from_value(e))
    };
    make().unwrap_or_else(|e| e)
}

/// Returns G(0), …, G(n − 1) of the octal (or hexadecimal) game `code`.
#[pyfunction]
pub fn octal_sequence(py: Python<'_>, code_text: &str, n: usize) -> PyResult<Vec<u32>> {
    let code = code(code_text)?;
    Door::default().run(py, || {
        let mut s = SparseSpace::new(&code);
        s.extend_to(n);
        s.values().to_vec()
    })
}

/// Returns the proved preperiod and period of `code` as a dict, or raises
/// `BudgetExceeded` (a budget stopped the search) or `ValueError` (no proof within
/// `max_heaps`, or the theorem does not apply).
#[pyfunction]
#[pyo3(signature = (code_text, max_heaps = 1_000_000, time_budget = None, memory_budget = None))]
pub fn octal_prove<'py>(
    py: Python<'py>,
    code_text: &str,
    max_heaps: u64,
    time_budget: Option<f64>,
    memory_budget: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let code = code(code_text)?;
    let budget = budget(time_budget, memory_budget);
    let result = Door::default()
        .run(py, || {
            let mut s = SparseSpace::new(&code);
            find_period_within(&mut s, max_heaps, &budget.start(), &())
        })?
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if !result.proved {
        let why = result.stopped_by.clone();
        return Err(match why {
            Some(why) => {
                let which = if why.contains("memory") { "memory" } else { "time" };
                budget_exceeded(py, &format!("{code_text}: no period proved: {why}"), which)
            }
            None => PyValueError::new_err(format!(
                "{code_text}: no period proved within {} heaps (raise max_heaps)",
                result.heaps_computed
            )),
        });
    }
    let d = PyDict::new(py);
    d.set_item("preperiod", result.preperiod)?;
    d.set_item("period", result.period)?;
    d.set_item("values_needed", result.values_needed)?;
    d.set_item("heaps_computed", result.heaps_computed)?;
    d.set_item("largest_value", result.largest_value)?;
    Ok(d)
}

/// Returns the subtraction game of `set`, or why it is none.
fn subtraction(set: Vec<u64>, time_budget: Option<f64>, memory_budget: Option<u64>) -> PyResult<Subtraction> {
    Subtraction::new(set)
        .map(|s| s.with_budget(budget(time_budget, memory_budget)))
        .map_err(PyValueError::new_err)
}

fn period_error(py: Python<'_>, e: &SubtractionPeriodError) -> PyErr {
    match e {
        SubtractionPeriodError::Budget { why, .. } => {
            let which = if why.to_string().contains("memory") {
                "memory"
            } else {
                "time"
            };
            budget_exceeded(py, &e.to_string(), which)
        }
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// Returns the Grundy values of heaps 0..n of the subtraction game of `set` (normal
/// play), through its proved period.
#[pyfunction]
#[pyo3(signature = (set, n, time_budget = None, memory_budget = None))]
pub fn subtraction_sequence(
    py: Python<'_>,
    set: Vec<u64>,
    n: u64,
    time_budget: Option<f64>,
    memory_budget: Option<u64>,
) -> PyResult<Vec<u16>> {
    let game = subtraction(set, time_budget, memory_budget)?;
    let periodic = Door::default()
        .run(py, || game.periodic().cloned())?
        .map_err(|e| period_error(py, &e))?;
    Ok((0..n).map(|k| periodic.value(k)).collect())
}

/// Returns the proved preperiod and period of the subtraction game of `set` (normal
/// play, or misère).
#[pyfunction]
#[pyo3(signature = (set, misere = false, time_budget = None, memory_budget = None))]
pub fn subtraction_period(
    py: Python<'_>,
    set: Vec<u64>,
    misere: bool,
    time_budget: Option<f64>,
    memory_budget: Option<u64>,
) -> PyResult<(u64, u64)> {
    let game = subtraction(set, time_budget, memory_budget)?;
    let periodic = Door::default()
        .run(py, || {
            if misere {
                game.misere_periodic().cloned()
            } else {
                game.periodic().cloned()
            }
        })?
        .map_err(|e| period_error(py, &e))?;
    Ok((periodic.preperiod, periodic.period))
}
