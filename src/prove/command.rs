//! `gamecheck prove <problem>`: what a problem's proof reads from the command line and
//! what it reports, so that the binary builds the subcommand from the registry.

use super::Provable;
use super::{ProofSummary, ProveError, Shard, prove};
use crate::problem::{Flag, Flags};

/// What a proof reports.
#[derive(Clone, Debug, PartialEq)]
pub enum ProofRun {
    /// A bounded proof, or one shard of it, as [`prove`] returns.
    Bounded(Box<ProofSummary>),
    /// A proof of another kind (for every case, or a script for a solver), worded.
    Other {
        text: String,
        /// The report as JSON, when it has one.
        json: Option<serde_json::Value>,
        /// Whether the statement is proved; false exits 1.
        proved: bool,
    },
}

/// Which shard a bounded proof checks, and how it reports its progress: `start` once
/// with the number of cases it will check, then `advance` with each batch checked.
pub struct ProofProgress<'a> {
    /// Returns the shard the flags or the job runner's environment name; asked only by
    /// a proof that has shards.
    pub shard: &'a dyn Fn() -> Result<Shard, ProveError>,
    pub start: &'a dyn Fn(u64),
    pub advance: &'a (dyn Fn(u64) + Sync),
}

/// A problem's `prove` subcommand: its flags and the proof they ask for.
pub trait ProveCommand: Sync {
    /// Returns one line for `prove --help`: what is proved against what.
    fn about(&self) -> &'static str;

    /// Returns the flags of `prove <problem>`, beside the shared shard flags and `--json`.
    fn flags(&self) -> Vec<Flag>;

    /// Returns the report of the proof `flags` ask for, on the shard `progress` names.
    fn run(&self, flags: &Flags, progress: &ProofProgress) -> Result<ProofRun, ProveError>;
}

/// Returns the report of [`prove`] on the shard of `domain` that `progress` names, after
/// telling it how many cases the shard has: what most [`ProveCommand::run`]s do.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::table_proof;
/// use gamecheck::game::GameDomain;
/// use gamecheck::prove::{ProofProgress, ProofRun, Shard, prove_bounded};
/// let progress = ProofProgress {
///     shard: &|| "2/2".parse(),
///     start: &|n| assert_eq!(n, 128),
///     advance: &|_| {},
/// };
/// let domain = GameDomain { max_count: 4 };
/// let run = prove_bounded(&table_proof(4)?, &domain, &progress)?;
/// assert!(matches!(run, ProofRun::Bounded(s) if s.checked == 128 && s.mismatch_count == 0));
/// # Ok::<(), gamecheck::prove::ProveError>(())
/// ```
pub fn prove_bounded<P: Provable>(
    problem: &P,
    domain: &P::Domain,
    progress: &ProofProgress,
) -> Result<ProofRun, ProveError> {
    let shard = (progress.shard)()?;
    let range = shard.range(problem.domain_size(domain)?);
    (progress.start)(range.end - range.start);
    prove(problem, domain, shard, progress.advance).map(|s| ProofRun::Bounded(Box::new(s)))
}
