//! The failure found so far, kept on disk while it is shrunk: its files are written as
//! soon as it is found and again at each smaller failing input, so a signal during the
//! shrink loses nothing, and the signal handler can name what is there.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::judge::Judgement;
use super::report::{self, Failure};
use super::run::RunOutcome;

struct Saved {
    /// What to tell after a signal: where the least failing input so far is.
    note: Option<String>,
    /// A signal is being handled: nothing more is written.
    closed: bool,
}

static SAVED: Mutex<Saved> = Mutex::new(Saved {
    note: None,
    closed: false,
});

fn saved() -> std::sync::MutexGuard<'static, Saved> {
    SAVED.lock().unwrap_or_else(|p| p.into_inner())
}

fn stopping() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::Interrupted, "stress is stopping")
}

fn note(dir: &Path, judgement: &Judgement, replay: &str) -> String {
    format!(
        "the least failing input found so far ({}: {}) is {}\nreplay: {replay}",
        judgement.verdict,
        crate::shown::escaped(judgement.detail.as_bytes(), 200),
        dir.join("input.txt").display()
    )
}

/// Writes every file of the failure just found into `dir` (as [`report::write_files`])
/// and remembers it for a signal; returns the paths. Refused once a signal is being
/// handled: the run that failed may have been killed by it.
pub(crate) fn first(dir: &Path, failure: &Failure, replay: &str) -> std::io::Result<Vec<PathBuf>> {
    let mut saved = saved();
    if saved.closed || super::reaper::stopping() {
        return Err(stopping());
    }
    let files = report::write_files(dir, failure)?;
    saved.note = Some(note(dir, &failure.judgement, replay));
    Ok(files)
}

/// Rewrites the shrunk input's files in `dir` (all but the first input) with a smaller
/// failing input, as [`first`] does.
pub(crate) fn better(
    dir: &Path,
    input: &str,
    judgement: &Judgement,
    run: &RunOutcome,
    replay: &str,
) -> std::io::Result<()> {
    let mut saved = saved();
    if saved.closed || super::reaper::stopping() {
        return Err(stopping());
    }
    report::write_shrunk(dir, input, judgement, run)?;
    saved.note = Some(note(dir, judgement, replay));
    Ok(())
}

/// Forgets the failure: the run that found it has reported it.
pub(crate) fn clear() {
    saved().note = None;
}

/// Stops every later write (a signal is being handled; a write under way ends first) and
/// returns what to say about the failure found so far, if one was.
pub(crate) fn close() -> Option<String> {
    let mut saved = saved();
    saved.closed = true;
    saved.note.take()
}
