//! `python -m gamecheck`: the Rust command line (`gamecheck::cli`) over a registry that
//! holds one game written in Python, so its flags, exit codes and JSON are the binary's.

use std::marker::PhantomData;
use std::sync::{Arc, Mutex};

use gamecheck::game::{GameProblem, Position};
use gamecheck::games::{Build, Registry, RegistryError, UnknownProblem, Visit, visit_built};
use gamecheck::partizan::PartizanProblem;
use gamecheck::problem::{Flag, Flags};
use pyo3::prelude::*;

use crate::family::PyFamily;
use crate::game::{Class, Door, PyGame};
use crate::with_position;

/// The game the command line serves, and its name: the registry's problems are types,
/// so the game a run serves is set here before the run.
static SERVED: Mutex<Option<(Arc<Class>, &'static str)>> = Mutex::new(None);

fn served() -> (Arc<Class>, &'static str) {
    SERVED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
        .expect("the served game is set before the command line runs")
}

impl<P: Position> Default for PyGame<P> {
    /// The game `python -m gamecheck` serves.
    fn default() -> PyGame<P> {
        PyGame::new(served().0)
    }
}

impl<P: Position> Default for PyFamily<P> {
    /// The partizan game `python -m gamecheck` serves.
    fn default() -> PyFamily<P> {
        PyFamily::new(served().0)
    }
}

/// The registry of the one Python game served.
struct Served<P>(PhantomData<P>);

/// The registry of the one partizan Python game served.
struct ServedPartizan<P>(PhantomData<P>);

impl<P: Position> Registry for ServedPartizan<P> {
    fn problems() -> Vec<(&'static str, &'static [&'static str])> {
        vec![(served().1, &[])]
    }

    fn problem_flags(name: &str) -> Result<Vec<Flag>, UnknownProblem> {
        if name == served().1 {
            Ok(<PartizanProblem<PyFamily<P>> as Build>::flags())
        } else {
            Err(Self::unknown(name))
        }
    }

    fn visit<V: Visit>(name: &str, flags: &Flags, v: V) -> Result<V::Output, RegistryError> {
        if name == served().1 {
            visit_built::<PartizanProblem<PyFamily<P>>, V>(name, flags, v)
        } else {
            Err(Self::unknown(name).into())
        }
    }
}

impl<P: Position> Registry for Served<P> {
    fn problems() -> Vec<(&'static str, &'static [&'static str])> {
        vec![(served().1, &[])]
    }

    fn problem_flags(name: &str) -> Result<Vec<Flag>, UnknownProblem> {
        if name == served().1 {
            Ok(<GameProblem<PyGame<P>> as Build>::flags())
        } else {
            Err(Self::unknown(name))
        }
    }

    fn visit<V: Visit>(name: &str, flags: &Flags, v: V) -> Result<V::Output, RegistryError> {
        if name == served().1 {
            visit_built::<GameProblem<PyGame<P>>, V>(name, flags, v)
        } else {
            Err(Self::unknown(name).into())
        }
    }
}

/// Runs gamecheck's command line on `args` (the program's name first, then e.g.
/// `stress NAME --solution sol.cpp`) with `game` served as `name`; returns the exit code.
/// A game with `left_moves` and `right_moves` is served as a partizan game.
#[pyfunction]
pub fn cli(py: Python<'_>, game: &Bound<'_, PyAny>, name: String, args: Vec<String>) -> PyResult<u8> {
    let door = Arc::new(Door::default());
    let partizan = Class::is_partizan(game)?;
    let class = if partizan {
        Class::read_partizan(game, Arc::clone(&door))?
    } else {
        Class::read(game, Arc::clone(&door))?
    };
    let class = Arc::new(class);
    let name: &'static str = Box::leak(name.into_boxed_str());
    *SERVED.lock().unwrap_or_else(|e| e.into_inner()) = Some((class, name));
    let program = gamecheck::cli::Program {
        name: "python -m gamecheck",
        version: env!("CARGO_PKG_VERSION"),
        about: "gamecheck over a game written in Python",
    };
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    with_position!(Class::arity(game)?, P => {
        let code = if partizan {
            door.run(py, || gamecheck::cli::main_from::<ServedPartizan<P>>(&program, args))?
        } else {
            door.run(py, || gamecheck::cli::main_from::<Served<P>>(&program, args))?
        };
        Ok(exit_status(code))
    })
}

/// Returns the number an `ExitCode` stands for. std keeps it private; its `Debug` shows it
/// (`ExitCode(unix_exit_status(1))`).
fn exit_status(code: std::process::ExitCode) -> u8 {
    let text = format!("{code:?}");
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or(if code == std::process::ExitCode::SUCCESS {
            0
        } else {
            2
        })
}
