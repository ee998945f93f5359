//! `gamecheck prove chopsticks-classic`: the rule set's solution, worded and as JSON.

use gamecheck_oracles::outcome::Outcome;

use super::game::ChopsticksClassic;
use super::position::Position;
use super::table::{OutcomeCounts, Solution};
use crate::game::FromFlags;
use crate::problem::{Flag, Flags};
use crate::prove::{ProofProgress, ProofRun, ProveCommand, ProveError};

/// The most moves of a win's or a loss's line that the report shows.
const SHOWN_MOVES: usize = 12;

impl ProveCommand for ChopsticksClassic {
    fn about(&self) -> &'static str {
        "Solves classic Chopsticks under the rule set by retrograde analysis: the start's outcome, the wins, losses and draws among the positions reachable from the start and among all 225, and a line of best play."
    }

    fn flags(&self) -> Vec<Flag> {
        <ChopsticksClassic as FromFlags>::flags()
    }

    fn run(&self, _flags: &Flags, _progress: &ProofProgress) -> Result<ProofRun, ProveError> {
        let solution = self.solution().map_err(ProveError::NotCarriedOut)?;
        let json =
            serde_json::to_value(solution.table).map_err(|e| ProveError::NotCarriedOut(e.to_string()))?;
        Ok(ProofRun::Other {
            text: report(solution),
            json: Some(json),
            proved: true,
        })
    }
}

fn counts(c: OutcomeCounts) -> String {
    format!(
        "{} win, {} loss, {} draw ({} positions)",
        c.win,
        c.loss,
        c.draw,
        c.win + c.loss + c.draw
    )
}

/// Returns the text report: the outcome, the counts, and the witness line.
fn report(s: &Solution) -> String {
    let t = &s.table;
    let start = Position::START;
    let verdict = match (t.start, s.remoteness) {
        (Outcome::Draw, _) => "a draw: neither player can force a win".to_owned(),
        (Outcome::Win, Some(r)) => format!("a win for the first player, in {r} moves"),
        (Outcome::Loss, Some(r)) => format!("a win for the second player, in {r} moves"),
        (o, None) => format!("{o}"),
    };
    let mut out = format!(
        "chopsticks-classic {}: the start {start} is {verdict}\n  reachable from the start: {}\n  all positions: {}\n",
        s.rules,
        counts(t.reachable),
        counts(t.all)
    );
    let witness = s.witness(if t.start == Outcome::Draw {
        225
    } else {
        SHOWN_MOVES
    });
    match witness.cycle_from {
        Some(i) => {
            out.push_str("  a cycle of draws that neither side can profitably leave:\n");
            for (k, (m, q)) in witness.line.iter().enumerate() {
                out.push_str(&format!("    {:>2}. {m} -> {q}\n", k + 1));
            }
            let back = if i == 0 { start } else { witness.line[i - 1].1 };
            out.push_str(&format!(
                "    moves {} to {} return to {back}, and play goes round again\n",
                i + 1,
                witness.line.len()
            ));
        }
        None => {
            let total = s.remoteness.unwrap_or(0) as usize;
            let shown = witness.line.len();
            out.push_str(&format!(
                "  best play, the winner hurrying and the loser delaying ({}):\n",
                if shown < total {
                    format!("the first {shown} of {total} moves")
                } else {
                    format!("all {total} moves")
                }
            ));
            for (k, (m, q)) in witness.line.iter().enumerate() {
                out.push_str(&format!("    {:>2}. {m} -> {q}\n", k + 1));
            }
        }
    }
    out
}
