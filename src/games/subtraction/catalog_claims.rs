//! Published claims about subtraction games, checked at their least counterexample.

use super::Subtraction;
use crate::claims::{ClaimReport, ClaimVerdict, Entry, check_claim};
use crate::game::{Answer, GameProblem, Play, Question};

/// The nim-sequence of S(1, 3, 4) as the tutorial lists it: period 7, with G(6) = 1.
const TUTORIAL_S134: [u64; 7] = [0, 1, 0, 1, 2, 3, 1];

fn tutorial_s134(entry: &Entry, seed: u64, cases: u32) -> ClaimReport {
    let grundy = Question {
        play: Play::Normal,
        grundy: true,
    };
    let problem = Subtraction::new(vec![1, 3, 4])
        .map_err(|e| e.to_string())
        .and_then(|s| GameProblem::new(s, grundy).map_err(|e| e.to_string()));
    let says = |&n: &u64| -> Result<Answer, String> { Ok(Answer::Grundy(TUTORIAL_S134[(n % 7) as usize])) };
    match problem {
        Ok(problem) => check_claim(&problem, entry.id, entry.text, &says, seed, cases),
        // A bug: the set is valid.
        Err(why) => crate::games::not_checked::not_checked(entry, &why),
    }
}

/// Returns the catalog's claims about subtraction games.
pub(crate) fn entries() -> Vec<Entry> {
    vec![Entry::new(
        "tutorial-s134-g6",
        "subtraction",
        "S(1, 3, 4) has the nim-sequence 0 1 0 1 2 3 1, repeated with period 7 (G(6) = 1), as a well-read tutorial lists it (cited in gamecheck issue 19)",
        ClaimVerdict::Refuted,
        tutorial_s134,
    )]
}
