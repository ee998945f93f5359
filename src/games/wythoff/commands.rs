//! What Wythoff's game adds to `prove` and `plot`: the P-test against the mex table on a
//! box, and the picture of its P-positions and winning moves.

use std::sync::Arc;

use gamecheck_oracles::wythoff_mex_table::{MAX_LIMIT, WythoffTable};

use super::{Wythoff, is_p_position, picture};
use crate::game::{Outcome, TableProof};
use crate::plot::{Picture, PlotCommand, PlotError};
use crate::problem::{Flag, Flags};
use crate::prove::{ProofProgress, ProofRun, ProveCommand, ProveError};

impl ProveCommand for Wythoff {
    fn about(&self) -> &'static str {
        "Wythoff's exact P-test against the mex table on every pair of piles below L."
    }

    fn flags(&self) -> Vec<Flag> {
        vec![Flag::number("max-pile", "L: both piles run over 0..L.", "4096", 0).value_name("L")]
    }

    /// Every position (x, y) with both piles below L, numbered x·L + y.
    ///
    /// # Constraints
    /// 1 ≤ L ≤ 2^26 (the mex table's limit), else [`ProveError::Range`].
    fn run(&self, flags: &Flags, progress: &ProofProgress) -> Result<ProofRun, ProveError> {
        let l = flags.number("max-pile")?;
        if !(1..=MAX_LIMIT).contains(&l) {
            return Err(ProveError::Range(format!(
                "--max-pile {l}: the mex table covers 1 to {MAX_LIMIT} piles"
            )));
        }
        TableProof {
            game: Arc::new(*self),
            max_count: l,
            statement: format!("wythoff P-test = mex table, every pile below {l}"),
            parameters: serde_json::json!({ "max_pile": l }),
            oracle_name: "mex table",
            build: |l| WythoffTable::build(l).map_err(|e| e.to_string()),
            answer: |table, p| table.is_p_position(p.x, p.y).map(Outcome::of_loss),
        }
        .run(progress)
    }
}

impl PlotCommand for Wythoff {
    fn about(&self) -> &'static str {
        "P-positions of Wythoff's game over piles (x, y), coloured by the winning move, crossed where the P-test and the mex table disagree."
    }

    fn flags(&self) -> Vec<Flag> {
        vec![Flag::number("max", "x and y run over 0..=MAX (at most 255).", "40", 0).value_name("MAX")]
    }

    fn picture(&self, flags: &Flags) -> Result<Picture, PlotError> {
        picture::p_position_picture(flags.number("max")?, &is_p_position)
    }
}
