//! Runs the property definitions `gamecheck check` runs, so the tests and the campaign
//! share one set of properties.

#![allow(dead_code)]

use std::path::Path;

use gamecheck::problem::Properties;

/// Runs the problem's property `name` on `cases` cases from seed 1, keeping failures in
/// this crate's `proptest-regressions/`; panics with the least counterexample on a
/// failure.
#[track_caller]
pub fn holds<P: Properties>(problem: &P, name: &str, cases: u32) {
    gamecheck::check::assert_holds(problem, name, cases, Some(Path::new(env!("CARGO_MANIFEST_DIR"))));
}
