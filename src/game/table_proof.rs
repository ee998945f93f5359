//! A game's own bounded proof: its fast path (who wins, normal play) against a table of
//! its own, built for the box, on every position with counts below L, in parallel and in
//! shards as `prove` runs every bounded proof.

use std::ops::Range;
use std::sync::Arc;

use super::{Answer, Game, Outcome, Position};
use crate::game_trait::search::{SEARCH_BUDGET, Search};
use crate::problem::{Evaluation, Problem};
use crate::prove::{ProofProgress, ProofRun, ProveError, prove_bounded};
use crate::prove::{Provable, Tally};

/// The fast path's outcome against `answer` of the table `build` makes, on every position
/// whose counts are below `max_count`; what a game's [`ProveCommand`](crate::prove::ProveCommand)
/// runs when its second method is a table (Wythoff's mex table).
pub struct TableProof<G: Game, T> {
    pub game: Arc<G>,
    /// L: every count runs over 0..L.
    pub max_count: u64,
    /// What the proof proves, as reports print it.
    pub statement: String,
    /// The domain's parameters, as the shards' JSON holds them.
    pub parameters: serde_json::Value,
    /// The table's name in reports.
    pub oracle_name: &'static str,
    /// Returns the table for counts below L, or why it cannot be built.
    pub build: fn(u64) -> Result<T, String>,
    /// Returns the table's outcome at a position of the box.
    pub answer: fn(&T, &G::Position) -> Option<Outcome>,
}

impl<G: Game, T: Sync> TableProof<G, T> {
    /// Returns the report of the proof on the shard `progress` names.
    ///
    /// # Errors
    /// A box of no position or more than 2^64 − 1, a table that cannot be built, a shard
    /// that is not one.
    pub fn run(&self, progress: &ProofProgress) -> Result<ProofRun, ProveError> {
        prove_bounded(self, &(), progress)
    }

    fn fast(&self, p: &G::Position, search: &mut Search<G>) -> Result<Answer, String> {
        Ok(self.game.outcome(p, search).map(Answer::Outcome)?)
    }
}

impl<G: Game, T: Sync> crate::problem::Sealed for TableProof<G, T> {}

impl<G: Game, T: Sync> Problem for TableProof<G, T> {
    type Case = G::Position;
    type Answer = Answer;

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn solve(&self, p: &G::Position) -> Result<Answer, String> {
        self.fast(p, &mut Search::new(Arc::clone(&self.game), SEARCH_BUDGET))
    }

    fn evaluate(&self, p: &G::Position) -> Vec<Evaluation<Answer>> {
        vec![Evaluation::check("fast path", self.solve(p).map(|_| ()))]
    }

    fn describe(&self, p: &G::Position) -> String {
        format!("{} {}", G::NAME, self.game.describe(p))
    }

    fn to_json(&self, p: &G::Position) -> serde_json::Value {
        serde_json::json!(p.counts())
    }

    fn repro_command(&self, p: &G::Position) -> String {
        let counts: Vec<String> = p.counts().iter().map(u64::to_string).collect();
        format!(
            "{} repro {} {}",
            crate::program::name(),
            G::NAME,
            counts.join(" ")
        )
    }
}

impl<G: Game, T: Sync> Provable for TableProof<G, T> {
    type Domain = ();
    type Oracle = T;
    type Worker = Search<G>;

    fn domain_size(&self, _: &()) -> Result<u64, ProveError> {
        let l = self.max_count;
        let k = G::Position::ARITY.unwrap_or(1);
        u32::try_from(k)
            .ok()
            .and_then(|k| l.checked_pow(k))
            .filter(|&s| s > 0)
            .ok_or_else(|| {
                ProveError::Range(format!("{l}: the box must hold between 1 and 2^64 - 1 positions"))
            })
    }

    /// The counts of `index` written in base L, the last count least significant.
    fn case(&self, _: &(), index: u64) -> G::Position {
        let l = self.max_count;
        let k = G::Position::ARITY.unwrap_or(1);
        // On the stack for the usual few counts: a proof reads 10^7 cases and more.
        let (mut small, mut large) = ([0u64; 8], Vec::new());
        let c: &mut [u64] = if k <= small.len() {
            &mut small[..k]
        } else {
            large.resize(k, 0);
            &mut large
        };
        let mut rest = index;
        for v in c.iter_mut().rev() {
            *v = rest % l;
            rest /= l;
        }
        G::Position::from_counts(c).unwrap_or_else(|| panic!("{c:?} is not a position of {}", G::NAME))
    }

    fn prepare(&self, _: &(), _: &Range<u64>) -> Result<T, ProveError> {
        (self.build)(self.max_count).map_err(ProveError::Range)
    }

    fn worker(&self, _: &T) -> Search<G> {
        Search::new(Arc::clone(&self.game), SEARCH_BUDGET)
    }

    fn oracle_answer(&self, table: &T, _: &mut Search<G>, p: &G::Position) -> Result<Answer, String> {
        (self.answer)(table, p)
            .map(Answer::Outcome)
            .ok_or_else(|| format!("{} is outside the table", self.game.describe(p)))
    }

    fn statement(&self, _: &()) -> String {
        self.statement.clone()
    }

    fn parameters(&self, _: &()) -> serde_json::Value {
        self.parameters.clone()
    }

    fn unit(&self) -> &'static str {
        "positions"
    }

    fn oracle_name(&self) -> &'static str {
        self.oracle_name
    }

    /// The default, with each worker's own search for the fast path.
    fn prove_range(
        &self,
        domain: &(),
        table: &T,
        search: &mut Search<G>,
        range: Range<u64>,
        tally: &mut Tally<G::Position, Answer>,
    ) {
        for index in range {
            let case = self.case(domain, index);
            let fast = self.fast(&case, search);
            let judged = self.oracle_answer(table, search, &case);
            tally.compare(index, case, fast, judged);
        }
    }
}
