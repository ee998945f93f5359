//! A bounded proof of a game's fast path against one of its own oracles ([`Oracle`]: a
//! dense table, a mex table) on every position with counts below L: what a game's
//! `prove` runs where its second method reaches further than the rules oracle.

use std::ops::Range;
use std::sync::Arc;

use super::commands::GameDomain;
use super::problem::GameProblem;
use super::{Answer, Game, Oracle};
use crate::game_trait::search::{SEARCH_BUDGET, Search};
use crate::problem::{Evaluation, Problem};
use crate::prove::ProveError;
use crate::prove::{Provable, Tally};

/// The fast path of a [`GameProblem`] against one of its game's oracles, on the box of
/// [`GameDomain`]: a [`Provable`] for [`prove_bounded`](crate::prove::prove_bounded).
pub struct OracleProof<G: Game> {
    problem: GameProblem<G>,
    oracle: Oracle<G>,
    /// What the proof proves for L, as reports print it, when the game names it.
    statement: Option<fn(u64) -> String>,
    /// What a checked case is called in reports.
    unit: &'static str,
}

impl<G: Game> OracleProof<G> {
    /// Returns the proof of `problem`'s fast path against `oracle`, which should be one of
    /// [`Game::oracles`] of its game.
    pub fn new(problem: GameProblem<G>, oracle: Oracle<G>) -> OracleProof<G> {
        OracleProof {
            problem,
            oracle,
            statement: None,
            unit: "positions",
        }
    }

    /// Returns the proof whose reports say what it proves for L as `statement` does
    /// (Chopsticks: "chopsticks fast rule = dense table, every count below L"), in place of
    /// the problem, its question and the oracle's name, and call a case `unit` ("states").
    pub fn with_statement(mut self, statement: fn(u64) -> String, unit: &'static str) -> OracleProof<G> {
        self.statement = Some(statement);
        self.unit = unit;
        self
    }
}

impl<G: Game> crate::problem::Sealed for OracleProof<G> {}

impl<G: Game> Problem for OracleProof<G> {
    type Case = G::Position;
    type Answer = Answer;

    fn name(&self) -> &'static str {
        self.problem.name()
    }

    fn solve(&self, p: &G::Position) -> Result<Answer, String> {
        self.problem.solve(p)
    }

    fn evaluate(&self, p: &G::Position) -> Vec<Evaluation<Answer>> {
        self.problem.evaluate(p)
    }

    fn describe(&self, p: &G::Position) -> String {
        self.problem.describe(p)
    }

    fn to_json(&self, p: &G::Position) -> serde_json::Value {
        self.problem.to_json(p)
    }

    fn repro_command(&self, p: &G::Position) -> String {
        self.problem.repro_command(p)
    }
}

impl<G: Game> Provable for OracleProof<G> {
    type Domain = GameDomain;
    type Oracle = ();
    type Worker = Search<G>;

    fn domain_size(&self, d: &GameDomain) -> Result<u64, ProveError> {
        self.problem.domain_size(d)
    }

    fn case(&self, d: &GameDomain, index: u64) -> G::Position {
        self.problem.case(d, index)
    }

    /// Refuses a box beyond the oracle's reach up front.
    fn prepare(&self, d: &GameDomain, _range: &Range<u64>) -> Result<(), ProveError> {
        match self.oracle.reach {
            Some(reach) if d.max_count > reach.saturating_add(1) => Err(ProveError::Range(format!(
                "--max-count {}: the {} reaches counts up to {reach} for {}",
                d.max_count,
                self.oracle.name,
                G::NAME
            ))),
            _ => Ok(()),
        }
    }

    fn worker(&self, _: &()) -> Search<G> {
        Search::new(Arc::clone(self.problem.game_arc()), SEARCH_BUDGET)
    }

    fn oracle_answer(&self, _: &(), _: &mut Search<G>, p: &G::Position) -> Result<Answer, String> {
        let game = self.problem.game();
        self.oracle
            .answer(game, p, self.problem.question())
            .unwrap_or_else(|| Err(format!("{} is beyond the {}", game.describe(p), self.oracle.name)))
    }

    /// Asks the fast path through the worker's own search, not the problem's shared one.
    fn prove_range(
        &self,
        domain: &GameDomain,
        oracle: &(),
        search: &mut Search<G>,
        range: Range<u64>,
        tally: &mut Tally<G::Position, Answer>,
    ) {
        let game = self.problem.game();
        for index in range {
            let case = self.case(domain, index);
            if game.check_position(&case).is_err() {
                tally.outside_domain();
                continue;
            }
            let fast = self.problem.fast_with(&case, search).map_err(String::from);
            let judged = self.oracle_answer(oracle, search, &case);
            tally.compare(index, case, fast, judged);
        }
    }

    fn statement(&self, d: &GameDomain) -> String {
        if let Some(statement) = self.statement {
            return statement(d.max_count);
        }
        format!(
            "{} {} = {}, every position with counts below {}",
            self.problem.args(),
            self.problem.question().name(),
            self.oracle.name,
            d.max_count
        )
    }

    fn unit(&self) -> &'static str {
        self.unit
    }

    fn parameters(&self, d: &GameDomain) -> serde_json::Value {
        serde_json::json!({ "max_count": d.max_count })
    }

    fn oracle_name(&self) -> &'static str {
        self.oracle.name
    }
}
