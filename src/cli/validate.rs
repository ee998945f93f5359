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
    /// The input is a test of an interactive game: its starts as the judge writes them
    /// (the format's start lines), what `interact` reads.
    #[arg(long)]
    pub(super) interactive: bool,
}

struct Validate(bool);

impl Visit for Validate {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        let stdin = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
        let read = match self.0 {
            false => crate::setters::validate(problem, stdin).map(|cases| cases.len()),
            true => {
                let Some(game) = problem.interactive_command() else {
                    anyhow::bail!("{} has no interactive format", problem.name());
                };
                crate::setters::validate_starts(&*game, stdin)
            }
        };
        match read {
            Ok(cases) => {
                note(&format!("valid {} input: {cases} case(s)", problem.name()));
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
    R::visit(&a.problem, flags, Validate(a.interactive))?
}
