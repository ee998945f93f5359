//! `gamecheck.check`: a formula written in Python checked by `gamecheck::game::check`,
//! with the coverage returned and the refutation raised as Python values.

use std::sync::Arc;

use gamecheck::check::Unjudged;
use gamecheck::game::check::{self, CheckConfig, CheckError, Coverage, Sum};
use gamecheck::game::{Answer, Game, Position};
use gamecheck::problem::Least;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::game::{Class, Door, PyGame, from_py, outcome_from_py, outcome_to_py, to_py};
use crate::with_position;

/// Checks `formula` against the rules of `game` for `question` (`outcome`, `misere`,
/// `grundy` or `winning_move`), on the game itself or (`sum`) on sums of its heaps.
/// Returns the coverage as a dict; raises `gamecheck.Refuted` with the least
/// counterexample found, `gamecheck.Unjudged` when no oracle reaches it.
#[pyfunction]
#[pyo3(signature = (game, question, formula, seed = None, cases = None, sum = false))]
pub fn check_formula<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    question: &str,
    formula: Py<PyAny>,
    seed: Option<u64>,
    cases: Option<u32>,
    sum: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let mut config = CheckConfig::default();
    if let Some(seed) = seed {
        config.seed = seed;
    }
    if let Some(cases) = cases {
        config.cases = cases;
    }
    let door = Arc::new(Door::default());
    let class = Arc::new(Class::read(game, Arc::clone(&door))?);
    let arity = Class::arity(game)?;
    if sum {
        if arity != Some(1) {
            return Err(PyValueError::new_err(
                "a sum is of heaps of a game whose positions are ints (arity 1)",
            ));
        }
        let game = Sum(PyGame::<u64>::new(class));
        return run(py, game, question, formula, &config, &door);
    }
    with_position!(arity, P => run(py, PyGame::<P>::new(class), question, formula, &config, &door))
}

/// Runs the check of `question` on `game`, the formula called through `door`.
fn run<'py, G: Game>(
    py: Python<'py>,
    game: G,
    question: &str,
    formula: Py<PyAny>,
    config: &CheckConfig,
    door: &Arc<Door>,
) -> PyResult<Bound<'py, PyDict>> {
    let config = config.clone();
    let formula = Arc::new(formula);
    let (d, f) = (Arc::clone(door), Arc::clone(&formula));
    let call = move |p: &G::Position, convert: &dyn Fn(&Bound<'_, PyAny>) -> PyResult<Answer>| {
        d.call(
            || format!("gamecheck: raised by the formula at {}", crate::game::shown(p)),
            |py| convert(&f.bind(py).call1((to_py(py, p)?,))?),
        )
    };
    let result = match question {
        "outcome" | "misere" => {
            let formula = move |p: &G::Position| match call(p, &|r| outcome_from_py(r).map(Answer::Outcome)) {
                Answer::Outcome(o) => o,
                _ => unreachable!("an outcome formula answers outcomes"),
            };
            if question == "outcome" {
                door.run(py, || check::outcome_with(game, formula, &config))?
            } else {
                door.run(py, || check::misere_with(game, formula, &config))?
            }
        }
        "grundy" => {
            let formula = move |p: &G::Position| match call(p, &|r| r.extract::<u64>().map(Answer::Grundy)) {
                Answer::Grundy(g) => g,
                _ => unreachable!("a Grundy formula answers values"),
            };
            door.run(py, || check::grundy_with(game, formula, &config))?
        }
        "winning_move" => {
            let (d, f) = (Arc::clone(door), formula);
            let formula = move |p: &G::Position| {
                d.call(
                    || format!("gamecheck: raised by the formula at {}", crate::game::shown(p)),
                    |py| {
                        let r = f.bind(py).call1((to_py(py, p)?,))?;
                        if r.is_none() {
                            Ok(None)
                        } else {
                            from_py::<G::Position>(&r).map(Some)
                        }
                    },
                )
            };
            door.run(py, || check::winning_move_with(game, formula, &config))?
        }
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown question `{question}`: outcome, misere, grundy or winning_move"
            )));
        }
    };
    match result {
        Ok(coverage) => coverage_to_py(py, &coverage),
        Err(error) => Err(refutation_to_py(py, &error)?),
    }
}

/// Returns the coverage as a dict of the fields of `gamecheck.Coverage`.
fn coverage_to_py<'py, P: Position>(py: Python<'py>, c: &Coverage<P>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("exhaustive_total", c.exhaustive_total)?;
    d.set_item("single_up_to", c.single_up_to)?;
    d.set_item("random_cases", c.random_cases)?;
    d.set_item("random_max_count", c.random_max_count)?;
    d.set_item(
        "largest_judged",
        c.largest_judged.as_ref().map(|p| to_py(py, p)).transpose()?,
    )?;
    d.set_item("unjudged", unjudged_to_py(py, &c.unjudged)?)?;
    d.set_item("text", c.to_string())?;
    Ok(d)
}

/// Returns the unjudged cases as a dict: how many, and per budget how many with the
/// first one's reason.
fn unjudged_to_py<'py>(py: Python<'py>, u: &Unjudged) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("cases", u.cases)?;
    let by = PyDict::new(py);
    for s in &u.by {
        by.set_item(s.budget.to_string(), (s.cases, s.example.clone()))?;
    }
    d.set_item("by", by)?;
    Ok(d)
}

/// Returns an answer as a Python value: a `gamecheck.Outcome`, an int, or a position.
pub fn answer_to_py<'py>(py: Python<'py>, a: &Answer) -> PyResult<Bound<'py, PyAny>> {
    Ok(match a {
        Answer::Outcome(o) => outcome_to_py(py, *o)?,
        Answer::Grundy(g) | Answer::Count(g) => g.into_pyobject(py)?.into_any(),
        other => format!("{other:?}").into_pyobject(py)?.into_any(),
    })
}

/// Returns the exception `error` stands for: `gamecheck.Refuted` with the least
/// counterexample's fields, or `gamecheck.Unjudged`, or `gamecheck.CheckAborted`.
fn refutation_to_py<P: Position>(py: Python<'_>, error: &CheckError<P>) -> PyResult<PyErr> {
    let errors = py.import("gamecheck._errors")?;
    let exception = match error {
        CheckError::Refuted(r) => {
            let e = errors.getattr("Refuted")?.call1((error.to_string(),))?;
            e.setattr("position", to_py(py, &r.position)?)?;
            e.setattr(
                "says",
                match &r.says {
                    Ok(a) => answer_to_py(py, a)?,
                    Err(why) => why.into_pyobject(py)?.into_any(),
                },
            )?;
            e.setattr("truth", answer_to_py(py, &r.truth)?)?;
            e.setattr("moved_to", r.moved_to.as_ref().map(|q| to_py(py, q)).transpose()?)?;
            e.setattr("shrunk", to_py(py, &r.shrunk)?)?;
            e.setattr("least", matches!(r.least, Least::Proven))?;
            e.setattr("least_text", r.least.to_string())?;
            e.setattr("reason", r.reason.clone())?;
            e
        }
        CheckError::Unjudged { position, reason, .. } => {
            let e = errors.getattr("Unjudged")?.call1((error.to_string(),))?;
            e.setattr("position", to_py(py, position)?)?;
            e.setattr("reason", reason.clone())?;
            e
        }
        _ => errors.getattr("CheckAborted")?.call1((error.to_string(),))?,
    };
    Ok(PyErr::from_value(exception))
}

/// Returns the answers to `question` (`outcome`, `misere` or `grundy`) at each of
/// `positions` of `game`, from the game's own fast path where it defines one, else a
/// search of its moves whose memo serves every position asked. Raises
/// `gamecheck.BudgetExceeded` when the search runs out of its budget.
#[pyfunction]
pub fn solve<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    question: &str,
    positions: Vec<Bound<'py, PyAny>>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    use gamecheck::game::{GameProblem, Play, Question};
    use gamecheck::problem::Problem;
    let question = match question {
        "outcome" => Question::default(),
        "misere" => Question {
            play: Play::Misere,
            grundy: false,
        },
        "grundy" => Question {
            play: Play::Normal,
            grundy: true,
        },
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown question `{question}`: outcome, misere or grundy"
            )));
        }
    };
    let door = Arc::new(Door::default());
    let class = Arc::new(Class::read(game, Arc::clone(&door))?);
    with_position!(Class::arity(game)?, P => {
        let positions = positions.iter().map(|p| from_py::<P>(p)).collect::<PyResult<Vec<P>>>()?;
        let problem = GameProblem::new(PyGame::<P>::new(class), question)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let answers = door.run(py, || positions.iter().map(|p| problem.solve(p)).collect::<Vec<_>>())?;
        answers
            .into_iter()
            .map(|a| match a {
                Ok(answer) => answer_to_py(py, &answer),
                Err(why) => Err(crate::octal::budget_exceeded(py, &why, "positions")),
            })
            .collect()
    })
}
