//! What Chopsticks adds to `prove` and `plot`: the rule against the dense table on a
//! box, the proof for every state, its SMT-LIB script, and its outcome map.

use gamecheck_oracles::chopsticks_table::{MAX_LIMIT, TableError};

use super::spec::RuleSpec;
use super::{Chopsticks, Outcome, case, outcome, picture, proof, smt2};
use crate::game::{Game, GameDomain, GameProblem, OracleProof, Question};
use crate::plot::{Picture, PlotCommand, PlotError};
use crate::problem::{Flag, Flags};
use crate::prove::{ProofProgress, ProofRun, ProveCommand, ProveError, prove_bounded};
use crate::shown::note;

/// Returns the proof of the rule against the dense table on every position with counts
/// below `l` (the domain [`GameDomain`] `{ max_count: l }`), its table built whole.
///
/// # Errors
/// [`ProveError::Oracle`] when `l` is not in 1..=256, the table's range.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::table_proof;
/// use gamecheck::game::GameDomain;
/// use gamecheck::prove::{prove, Shard};
/// let s = prove(&table_proof(4)?, &GameDomain { max_count: 4 }, Shard::WHOLE, &|_| {})?;
/// assert!(s.line().starts_with("proved: chopsticks fast rule = dense table, every count below 4: 256 states"));
/// assert!(table_proof(257).is_err());
/// # Ok::<(), gamecheck::prove::ProveError>(())
/// ```
pub fn table_proof(l: u64) -> Result<OracleProof<Chopsticks>, ProveError> {
    if !(1..=MAX_LIMIT).contains(&l) {
        return Err(ProveError::Oracle(TableError::Limit(l).to_string()));
    }
    let game = Chopsticks::with_table_limit(l);
    // Built whole, once, before the workers ask it.
    game.table_wins(super::State::new(l - 1, 0, 0, 0));
    let Some(table) = game.oracles().into_iter().find(|o| o.name == "table") else {
        return Err(ProveError::NotCarriedOut("chopsticks has no table oracle".into()));
    };
    let problem =
        GameProblem::new(game, Question::default()).map_err(|e| ProveError::NotCarriedOut(e.to_string()))?;
    Ok(OracleProof::new(problem, table).with_statement(
        |l| format!("chopsticks fast rule = dense table, every count below {l}"),
        "states",
    ))
}

impl ProveCommand for Chopsticks {
    fn about(&self) -> &'static str {
        "The fast rule against the dense table on every state with each count below L; with --all, proved for every state with no bound (docs/proof.md)."
    }

    fn flags(&self) -> Vec<Flag> {
        vec![
            Flag::number("max-count", "L: every count a, c, b, d runs over 0..L.", "128", 0).value_name("L"),
            Flag::switch(
                "all",
                "Prove the rule for every (a, c, b, d) in N^4; exit 1 with the least counterexample if it is wrong.",
            )
            .conflicts(&["smt2", "max-count", "shard", "shard-index", "shard-count"]),
            Flag::switch(
                "smt2",
                "Print the same statement as an SMT-LIB 2 script (unsat = the rule is right).",
            )
            .conflicts(&["max-count", "shard", "shard-index", "shard-count", "json"]),
        ]
    }

    fn run(&self, flags: &Flags, progress: &ProofProgress) -> Result<ProofRun, ProveError> {
        let spec = RuleSpec::fast_rule();
        if flags.switch("smt2")? {
            return Ok(ProofRun::Other {
                text: smt2::smt2_script(&spec),
                json: None,
                proved: true,
            });
        }
        if flags.switch("all")? {
            let report = proof::prove_everywhere(&spec, &|s| outcome(s) == Outcome::Win)
                .map_err(|e| ProveError::NotCarriedOut(e.to_string()))?;
            return Ok(ProofRun::Other {
                text: report.text(),
                json: Some(
                    serde_json::to_value(&report).map_err(|e| ProveError::NotCarriedOut(e.to_string()))?,
                ),
                proved: report.proved(),
            });
        }
        let l = flags.number("max-count")?;
        if !(1..=MAX_LIMIT).contains(&l) {
            return Err(ProveError::Oracle(TableError::Limit(l).to_string()));
        }
        prove_bounded(&table_proof(l)?, &GameDomain { max_count: l }, progress)
    }
}

impl PlotCommand for Chopsticks {
    fn about(&self) -> &'static str {
        "Outcome map: the fast rule's case at each position of slices (c, d) over the hand totals n (x) and m (y), crossed where the rule and the dense table disagree. With --claim: where the claim is wrong, its least counterexample ringed."
    }

    fn flags(&self) -> Vec<Flag> {
        vec![
            Flag::numbers(
                "c",
                "Two-finger counts c of the player to move, one slice per c and d.",
                &["0", "1"],
            )
            .value_name("C,…"),
            Flag::numbers("d", "Two-finger counts d of the opponent.", &["0", "1"]).value_name("D,…"),
            Flag::number("max", "n and m run over 0..=MAX.", "12", 0).value_name("MAX"),
            Flag::text(
                "claim",
                "A claim \"the player to move wins exactly when EXPR\" over a, c, b, d, n, m.",
            ),
            Flag::number(
                "seed",
                "Seed of the claims engine's random cases (with --claim).",
                "1",
                0,
            )
            .value_name("SEED"),
            Flag::number(
                "cases",
                "Random cases of the claims engine (with --claim).",
                "20000",
                0,
            )
            .at_most(u32::MAX as u64)
            .value_name("CASES"),
        ]
    }

    fn picture(&self, flags: &Flags) -> Result<Picture, PlotError> {
        let slices = picture::Slices::new(flags.numbers("c")?, flags.numbers("d")?, flags.number("max")?)?;
        match flags.text("claim")? {
            None => picture::outcome_picture(&slices, &case),
            Some(text) => {
                let (seed, cases) = (flags.number("seed")?, flags.number("cases")?);
                let cases = u32::try_from(cases).map_err(|_| {
                    PlotError::Range(format!("--cases {cases} is too large: at most {}", u32::MAX))
                })?;
                note(&format!(
                    "gamecheck plot: checking the claim, seed {seed}, {cases} random cases"
                ));
                let claim = picture::Claim::from_expr(text, seed, cases)?;
                picture::claim_picture(&slices, &claim)
            }
        }
    }
}
