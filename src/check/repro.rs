//! `gamecheck repro`: one case under every implementation, side by side, judged on typed
//! answers.

use std::fmt::Write as _;

use crate::problem::{Evaluation, Problem, disagreements};

/// The side-by-side evaluation of one case.
#[derive(Clone, Debug, PartialEq)]
pub struct Repro<P: Problem> {
    pub case: P::Case,
    pub evaluations: Vec<Evaluation<P::Answer>>,
    /// For each evaluation, whether it disagrees with the fast answer.
    pub disagrees: Vec<bool>,
}

impl<P: Problem> Repro<P> {
    /// Returns whether every implementation that reaches the case agrees.
    pub fn agree(&self) -> bool {
        !self.disagrees.contains(&true)
    }

    /// Returns the report for people: `title`, then one line per implementation, each
    /// disagreement marked.
    pub fn to_text(&self, title: &str) -> String {
        let mut out = format!("{title}\n");
        for (e, &bad) in self.evaluations.iter().zip(&self.disagrees) {
            let mark = if bad { "   <-- DISAGREES" } else { "" };
            let _ = writeln!(out, "  {:<12} {}{mark}", e.implementation, e.said);
        }
        out
    }
}

/// Returns every implementation's answer at `case` and which of them disagree.
///
/// # Example
/// ```
/// use gamecheck::check::repro;
/// use gamecheck::chopsticks::{Chopsticks, State};
/// let r = repro(&Chopsticks::problem(2), State::new(1, 0, 1, 1));
/// assert!(r.agree());
/// ```
pub fn repro<P: Problem>(problem: &P, case: P::Case) -> Repro<P> {
    let evaluations = problem.evaluate(&case);
    let disagrees = disagreements(&evaluations);
    Repro {
        case,
        evaluations,
        disagrees,
    }
}
