//! The Python module `gamecheck._native`: a thin door onto gamecheck's engines. A game
//! written in Python becomes a Rust `Game` whose moves call back into Python; everything
//! else (the oracles, the checks, the stress engine, the partizan values) is the Rust crate's.

mod check;
mod cli;
mod family;
mod format;
mod game;
mod octal;
mod partizan;
mod stress;

use pyo3::prelude::*;

/// The native half of the `gamecheck` package; users import `gamecheck`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    game::quiet_aborts();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(check::check_formula, m)?)?;
    m.add_function(wrap_pyfunction!(check::solve, m)?)?;
    m.add_class::<partizan::PyValue>()?;
    m.add_function(wrap_pyfunction!(partizan::parse, m)?)?;
    m.add_function(wrap_pyfunction!(partizan::value, m)?)?;
    m.add_function(wrap_pyfunction!(partizan::domineering, m)?)?;
    m.add_function(wrap_pyfunction!(partizan::hackenbush, m)?)?;
    m.add_function(wrap_pyfunction!(partizan::toads_and_frogs, m)?)?;
    m.add_function(wrap_pyfunction!(partizan::cutcake, m)?)?;
    m.add_function(wrap_pyfunction!(octal::octal_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(octal::octal_prove, m)?)?;
    m.add_function(wrap_pyfunction!(octal::subtraction_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(octal::subtraction_period, m)?)?;
    m.add_function(wrap_pyfunction!(stress::stress_solution, m)?)?;
    m.add_function(wrap_pyfunction!(cli::cli, m)?)?;
    m.add_function(wrap_pyfunction!(format::format_write, m)?)?;
    Ok(())
}
