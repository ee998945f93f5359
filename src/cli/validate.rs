//! `validate <problem> < input`: a strict input validator, as testlib's.

use std::process::ExitCode;

use anyhow::Result;

use crate::games::{Registered, Registry, Visit};
use crate::problem::Flags;
use crate::shown::note;

// The arguments of `validate` (no doc comment: it would replace the subcommand's about).
#[derive(clap::Args)]
pub(super) struct ValidateArgs {
    /// The problem whose input is read from stdin.
    pub(super) problem: String,
}

struct Validate;

impl Visit for Validate {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        let stdin = std::io::stdin().lock();
        match crate::setters::validate(problem, std::io::BufReader::with_capacity(1 << 16, stdin)) {
            Ok(cases) => {
                note(&format!(
                    "valid {} input: {} case(s)",
                    problem.name(),
                    cases.len()
                ));
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => {
                note(&format!("invalid {} input: {e}", problem.name()));
                Ok(ExitCode::from(1))
            }
        }
    }
}

pub(super) fn validate<R: Registry>(a: &ValidateArgs, flags: &Flags) -> Result<ExitCode> {
    R::visit(&a.problem, flags, Validate)?
}
