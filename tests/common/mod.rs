//! Runs the property definitions `gamecheck check` runs, so the tests and the campaign
//! share one set of properties.

#![allow(dead_code)]

use std::path::Path;

use gamecheck::check::{PropertyError, RunConfig, run_property};
use gamecheck::problem::Properties;

/// Runs the problem's property `name` on `cases` cases from seed 1, keeping failures in
/// this crate's `proptest-regressions/`; panics with the least counterexample on a
/// failure.
pub fn holds<P: Properties>(problem: &P, name: &str, cases: u32) {
    let properties = problem.properties();
    let Some(property) = properties.iter().find(|p| p.name == name) else {
        panic!("{} has no property {name}", problem.name());
    };
    let config = RunConfig {
        seed: 1,
        cases,
        persist_in: Some(Path::new(env!("CARGO_MANIFEST_DIR"))),
    };
    match run_property(problem, property, config, &|| {}).0 {
        Ok(()) => {}
        Err(PropertyError::Abort(reason)) => panic!("{name} aborted: {reason}"),
        Err(PropertyError::Fail(c)) => panic!(
            "{name} fails at {} ({}): {}\n{:#?}",
            problem.describe(&c.case),
            c.least,
            c.reason,
            c.evaluations
        ),
    }
}
