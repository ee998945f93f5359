//! What Chopsticks adds to `prove` and `plot`: its flags, and the proof for every state.

use super::spec::RuleSpec;
use super::{Chopsticks, ChopsticksDomain, Outcome, case, outcome, picture, proof, smt2};
use crate::plot::{Picture, PlotCommand, PlotError};
use crate::problem::{Commands, Flag, Flags};
use crate::prove::{ProofProgress, ProofRun, ProveCommand, ProveError, prove_bounded};
use crate::shown::note;

impl Commands for Chopsticks {
    fn prove_command(&self) -> Option<&dyn ProveCommand> {
        Some(self)
    }

    fn plot_command(&self) -> Option<&dyn PlotCommand> {
        Some(self)
    }
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
                json: Some(serde_json::to_value(&report).map_err(|e| ProveError::NotCarriedOut(e.to_string()))?),
                proved: report.proved(),
            });
        }
        let domain = ChopsticksDomain {
            max_count: flags.number("max-count")?,
        };
        prove_bounded(self, &domain, progress)
    }
}

impl PlotCommand for Chopsticks {
    fn about(&self) -> &'static str {
        "Outcome map: the fast rule's case at each position of slices (c, d) over the hand totals n (x) and m (y), crossed where the rule and the dense table disagree. With --claim: where the claim is wrong, its least counterexample ringed."
    }

    fn flags(&self) -> Vec<Flag> {
        vec![
            Flag::numbers("c", "Two-finger counts c of the player to move, one slice per c and d.", &["0", "1"])
                .value_name("C,…"),
            Flag::numbers("d", "Two-finger counts d of the opponent.", &["0", "1"]).value_name("D,…"),
            Flag::number("max", "n and m run over 0..=MAX.", "12", 0).value_name("MAX"),
            Flag::text(
                "claim",
                "A claim \"the player to move wins exactly when EXPR\" over a, c, b, d, n, m.",
            ),
            Flag::number("seed", "Seed of the claims engine's random cases (with --claim).", "1", 0)
                .value_name("SEED"),
            Flag::number("cases", "Random cases of the claims engine (with --claim).", "20000", 0)
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
                let cases = u32::try_from(cases)
                    .map_err(|_| PlotError::Range(format!("--cases {cases} is too large: at most {}", u32::MAX)))?;
                note(&format!(
                    "gamecheck plot: checking the claim, seed {seed}, {cases} random cases"
                ));
                let claim = picture::Claim::from_expr(text, seed, cases)?;
                picture::claim_picture(&slices, &claim)
            }
        }
    }
}
