//! `gamecheck.stress`: a contest program of a game written in Python, run against the
//! answers of the Rust engines (`gamecheck::game::stress`); its least failing input is
//! raised as Python values.

use std::sync::Arc;
use std::time::Duration;

use gamecheck::game::stress::{AnswerSource, StressError};
use gamecheck::game::{Game, Play, Question, stress};
use gamecheck::stress::Standing;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::check::answer_to_py;
use crate::format::Spec;
use crate::game::{Class, Door, PyGame, to_py};
use crate::with_position;

/// Runs `solution` (a command or a source file) on inputs of `game`'s contest format
/// (a line `T`, then one position per line; `First`/`Second`, or the Grundy value) and
/// returns what the run passed, or raises `gamecheck.SolutionFailed` with the shrunk
/// input's positions, the expected answers and what the program printed.
#[pyfunction]
#[pyo3(signature = (game, solution, seed = None, cases = None, jobs = None, timeout = None, grundy = false, misere = false, rules_only = false, out_dir = None, format = None))]
#[allow(clippy::too_many_arguments)]
pub fn stress_solution<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    solution: &str,
    seed: Option<u64>,
    cases: Option<usize>,
    jobs: Option<usize>,
    timeout: Option<f64>,
    grundy: bool,
    misere: bool,
    rules_only: bool,
    out_dir: Option<std::path::PathBuf>,
    format: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let door = Arc::new(Door::default());
    let mut class = Class::read(game, Arc::clone(&door))?;
    if let Some(f) = format {
        class.format = Some(Spec::read(f)?);
    }
    let class = Arc::new(class);
    let question = Question {
        play: if misere { Play::Misere } else { Play::Normal },
        grundy,
    };
    let options = Options {
        seed,
        cases,
        jobs,
        timeout,
        question,
        rules_only,
        out_dir,
    };
    with_position!(Class::arity(game)?, P => run(py, PyGame::<P>::new(class), solution, options, &door))
}

struct Options {
    seed: Option<u64>,
    cases: Option<usize>,
    jobs: Option<usize>,
    timeout: Option<f64>,
    question: Question,
    rules_only: bool,
    out_dir: Option<std::path::PathBuf>,
}

fn run<'py, G: Game>(
    py: Python<'py>,
    game: G,
    solution: &str,
    o: Options,
    door: &Door,
) -> PyResult<Bound<'py, PyDict>> {
    let mut run = stress(game, solution).question(o.question);
    if let Some(seed) = o.seed {
        run = run.seed(seed);
    }
    if let Some(cases) = o.cases {
        run = run.cases(cases);
    }
    if let Some(jobs) = o.jobs {
        run = run.jobs(jobs);
    }
    if let Some(t) = o.timeout {
        run = run.timeout(Duration::from_secs_f64(t.max(0.001)));
    }
    if o.rules_only {
        run = run.answers_from(AnswerSource::Rules);
    }
    if let Some(dir) = o.out_dir {
        run = run.out_dir(dir);
    }
    match door.run(py, || run.run())? {
        Ok(passed) => {
            let d = PyDict::new(py);
            d.set_item("inputs", passed.inputs)?;
            d.set_item("ranges", passed.ranges)?;
            d.set_item("text", passed.report.to_text())?;
            Ok(d)
        }
        Err(StressError::Failed(f)) => {
            let errors = py.import("gamecheck._errors")?;
            let e = errors.getattr("SolutionFailed")?.call1((f.report.to_text(),))?;
            let positions = f
                .positions
                .iter()
                .map(|p| to_py(py, p))
                .collect::<PyResult<Vec<_>>>()?;
            e.setattr("positions", PyList::new(py, positions)?)?;
            let expected = f
                .expected
                .iter()
                .map(|a| answer_to_py(py, a))
                .collect::<PyResult<Vec<_>>>()?;
            e.setattr("expected", PyList::new(py, expected)?)?;
            e.setattr("output", f.output.clone())?;
            e.setattr("verdict", f.verdict.to_string())?;
            e.setattr("reason", f.reason.clone())?;
            e.setattr("least", matches!(f.least, Standing::Least))?;
            e.setattr("least_text", f.least.to_string())?;
            e.setattr("input", f.input.clone())?;
            e.setattr("first_input", f.first_input.clone())?;
            e.setattr("shrink_runs", f.shrink_runs)?;
            e.setattr("transcript", f.transcript.as_ref().map(|t| t.to_text()))?;
            Err(PyErr::from_value(e))
        }
        Err(other) => Err(PyValueError::new_err(other.to_string())),
    }
}
