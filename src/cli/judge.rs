//! `judge <problem>`: an output checker with the judges' conventions, testlib's
//! (`input output answer`, exit 0/1/2/3, the message on stderr) or the ICPC/Kattis
//! output validator's (`input answer feedback_dir < output`, exit 42/43, the message in
//! `feedback_dir/judgemessage.txt`).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};

use crate::games::{Registered, Registry, Visit};
use crate::problem::Flags;
use crate::setters::CheckerVerdict;
use crate::shown::note;

/// The most bytes of an output read: more is a presentation error, as a judge's output
/// limit would make it.
const MAX_OUTPUT: u64 = 256 << 20;

// The arguments of `judge` (no doc comment: it would replace the subcommand's about).
#[derive(clap::Args)]
pub(super) struct JudgeArgs {
    /// The problem whose answers are judged.
    pub(super) problem: String,
    /// testlib: INPUT OUTPUT ANSWER. With --kattis: INPUT ANSWER FEEDBACK_DIR (the output
    /// on stdin; arguments after them, which judges may pass, are ignored).
    #[arg(value_name = "FILE", num_args = 3.., required = true)]
    pub(super) files: Vec<PathBuf>,
    /// The ICPC/Kattis output validator's convention: exit 42 accepted, 43 rejected, the
    /// message in FEEDBACK_DIR/judgemessage.txt.
    #[arg(long)]
    pub(super) kattis: bool,
}

/// Returns at most [`MAX_OUTPUT`] + 1 bytes of `reader`.
fn read_capped(reader: impl Read, what: &str) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_OUTPUT + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {what}"))?;
    Ok(bytes)
}

fn read_file(path: &Path) -> Result<Vec<u8>> {
    let file = std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
    read_capped(file, &path.display().to_string())
}

struct Judge<'a>(&'a JudgeArgs);

impl Visit for Judge<'_> {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        let a = self.0;
        let (input, output, answer) = match a.kattis {
            false => (
                read_file(&a.files[0])?,
                read_file(&a.files[1])?,
                read_file(&a.files[2])?,
            ),
            true => (
                read_file(&a.files[0])?,
                read_capped(std::io::stdin().lock(), "the output on stdin")?,
                read_file(&a.files[1])?,
            ),
        };
        let verdict = match output.len() as u64 > MAX_OUTPUT {
            true => CheckerVerdict::PresentationError(format!("the output passes {MAX_OUTPUT} bytes")),
            false => crate::setters::check_output(problem, &input, &output, Some(&answer)),
        };
        let feedback_dir = a.kattis.then(|| a.files[2].as_path());
        tell(&verdict, feedback_dir, None)
    }
}

/// Returns the exit code of `verdict` under the judges' convention, its message written
/// where the convention keeps it: ICPC/Kattis's when `feedback_dir` is given (the message
/// in its `judgemessage.txt`, exit 42/43), else testlib's (the message on stderr and in
/// `testlib_out`, an interactor's OUTPUT, when given; exit 0/1/2/3).
pub(super) fn tell(
    verdict: &CheckerVerdict,
    feedback_dir: Option<&Path>,
    testlib_out: Option<&Path>,
) -> Result<ExitCode> {
    let message = crate::shown::escaped_lines(&verdict.to_string());
    let (file, code) = match feedback_dir {
        Some(dir) => (Some(dir.join("judgemessage.txt")), verdict.kattis_code()),
        None => (testlib_out.map(Path::to_path_buf), verdict.testlib_code()),
    };
    if let Some(path) = file {
        // The feedback directory is shared with the run: never written through a link.
        crate::stress::write_whole(&path, format!("{message}\n").as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if feedback_dir.is_none() {
        note(&message);
    }
    Ok(ExitCode::from(code))
}

pub(super) fn judge<R: Registry>(a: &JudgeArgs, flags: &Flags) -> Result<ExitCode> {
    R::visit(&a.problem, flags, Judge(a))?
}
