//! Why a stress run could not be carried out, as opposed to a solution failing.

use std::path::PathBuf;

use thiserror::Error;

use crate::input::InputError;
use crate::problem::BoundsError;

/// The most cases T one generated input may hold: each input, its cases and its expected
/// answers are held in memory while it runs and shrinks (10^5 Chopsticks cases are
/// about 8 MB of text).
pub const STRESS_MAX_CASES: u64 = 100_000;

/// The longest `--replay` file read: more than any input stress writes (the largest,
/// Moore's 10^4 positions of 1000 piles of 20 digits, is about 210 MB).
pub const REPLAY_MAX_BYTES: u64 = 256 << 20;

/// Why a stress run could not be carried out (as opposed to a solution failing).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum StressError {
    #[error("solution command `{command}` is unusable: {why}")]
    BadCommand { command: String, why: String },
    #[error("cannot start the solution `{command}`")]
    Spawn {
        command: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{what} `{path}`")]
    Io {
        what: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("replay input `{path}` is not valid contest input")]
    ReplayInput {
        path: PathBuf,
        #[source]
        source: InputError,
    },
    #[error("replay input `{path}` is longer than {} MiB, more than any input stress writes", REPLAY_MAX_BYTES >> 20)]
    ReplayTooLong { path: PathBuf },
    #[error("cannot use `{path}` as the output directory: {why}")]
    OutDir { path: PathBuf, why: String },
    #[error(
        "the output directory `{path}` is in use by another {} stress run; give each run its own --out-dir",
        crate::program::name()
    )]
    OutDirBusy { path: PathBuf },
    #[error(
        "--max-cases {cases} is more than stress puts in one input (T <= {STRESS_MAX_CASES}): \
         each input is held in memory while it runs and shrinks; `solve` streams any T"
    )]
    TooManyCases { cases: u64 },
    #[error("the reference solver cannot judge this input: {why}")]
    Reference { why: String },
    /// The game's fast path, the expected answers beyond the rules' reach, is wrong.
    #[error("stress does not run on a fast path that check refutes: {why}")]
    FastPathRefuted { why: String },
    #[error("{0}")]
    Problem(String),
    #[error(transparent)]
    Bounds(#[from] BoundsError),
    /// A solution given as a source file did not build.
    #[error(transparent)]
    Build(#[from] crate::program::BuildError),
    #[error("cannot start {jobs} worker threads")]
    Pool {
        jobs: usize,
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
}
