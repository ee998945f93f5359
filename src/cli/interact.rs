//! `interact <problem>`: the judge of an interactive game as an interactor a contest
//! system runs, the submission on its stdin and stdout; testlib's convention
//! (`input output`, exit 0/1/2/3, the message on stderr) or the ICPC/Kattis one
//! (`input answer feedback_dir`, exit 42/43, the message in
//! `feedback_dir/judgemessage.txt`).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};

use crate::games::{Registered, Registry, Visit};
use crate::interactive::Verdict;
use crate::problem::Flags;
use crate::setters::CheckerVerdict;
use crate::stress::StressError;

/// The most bytes of a test's input read: a test is the starts, far smaller.
const MAX_INPUT: u64 = 64 << 20;

// The arguments of `interact` (no doc comment: it would replace the subcommand's about).
#[derive(clap::Args)]
pub(super) struct InteractArgs {
    /// The interactive game judged.
    pub(super) problem: String,
    /// testlib: INPUT OUTPUT (the verdict is written to OUTPUT). With --kattis: INPUT
    /// ANSWER FEEDBACK_DIR (arguments after them, which judges may pass, are ignored).
    #[arg(value_name = "FILE", num_args = 2.., required = true)]
    pub(super) files: Vec<PathBuf>,
    /// The ICPC/Kattis interactor's convention: exit 42 accepted, 43 rejected, the message
    /// in FEEDBACK_DIR/judgemessage.txt.
    #[arg(long)]
    pub(super) kattis: bool,
    /// Seed of the judge's choices, as `stress --seed` draws them; by default a hash of
    /// the input file, so each test is judged alike every time.
    #[arg(long)]
    pub(super) seed: Option<u64>,
}

/// Returns the checker's verdict of an interactor's result: its verdicts as a judge
/// sees them (a failure of the test or the judge is a checker failure).
fn verdict_of(result: Result<crate::interactive::Interacted, StressError>) -> CheckerVerdict {
    match result {
        Ok(r) => match r.verdict {
            Verdict::Ok => CheckerVerdict::Accepted,
            Verdict::PresentationError => CheckerVerdict::PresentationError(r.detail),
            _ => CheckerVerdict::WrongAnswer(r.detail),
        },
        Err(e) => CheckerVerdict::Fail(e.to_string()),
    }
}

struct Interact<'a>(&'a InteractArgs);

impl Visit for Interact<'_> {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        use std::io::Read;
        let a = self.0;
        if a.kattis && a.files.len() < 3 {
            bail!("interact --kattis takes INPUT ANSWER FEEDBACK_DIR");
        }
        let Some(game) = problem.interactive_command() else {
            bail!(
                "{} has no interactive format; `interact` judges interactive games only",
                problem.name()
            );
        };
        let mut input = Vec::new();
        std::fs::File::open(&a.files[0])
            .and_then(|f| f.take(MAX_INPUT).read_to_end(&mut input))
            .with_context(|| format!("reading {}", a.files[0].display()))?;
        let mut from = std::io::stdin().lock();
        let mut to = std::io::stdout().lock();
        let verdict = verdict_of(game.interact(&input, a.seed, &mut from, &mut to));
        match a.kattis {
            true => super::judge::tell(&verdict, Some(&a.files[2]), None),
            false => super::judge::tell(&verdict, None, Some(&a.files[1])),
        }
    }
}

pub(super) fn interact<R: Registry>(a: &InteractArgs, flags: &Flags) -> Result<ExitCode> {
    R::visit(&a.problem, flags, Interact(a))?
}
