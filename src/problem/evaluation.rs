//! Every implementation's answer at one case, typed, so that a disagreement is decided
//! by `==` on answers and never by reading text.

use std::fmt;

/// What one implementation said at a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said<A> {
    /// An answer, with any detail worth showing after it (a deciding case, a move).
    Answer { answer: A, detail: String },
    /// The implementation cannot reach this case, and why.
    OutOfReach(String),
    /// A check (a certificate, a consistency condition) that holds here.
    Holds,
    /// A check that fails here, and how.
    Fails(String),
}

/// One row of a side-by-side report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation<A> {
    pub implementation: &'static str,
    pub said: Said<A>,
}

impl<A> Evaluation<A> {
    /// Returns the row for an answer with no detail.
    pub fn answer(implementation: &'static str, answer: A) -> Evaluation<A> {
        Evaluation {
            implementation,
            said: Said::Answer {
                answer,
                detail: String::new(),
            },
        }
    }

    /// Returns the row for an answer followed by `detail`.
    pub fn detailed(implementation: &'static str, answer: A, detail: String) -> Evaluation<A> {
        Evaluation {
            implementation,
            said: Said::Answer { answer, detail },
        }
    }

    /// Returns the row for an oracle that cannot reach the case.
    pub fn out_of_reach(implementation: &'static str, why: String) -> Evaluation<A> {
        Evaluation {
            implementation,
            said: Said::OutOfReach(why),
        }
    }

    /// Returns the row for a check: `Holds`, or `Fails` with the reason.
    pub fn check(implementation: &'static str, result: Result<(), String>) -> Evaluation<A> {
        Evaluation {
            implementation,
            said: result.map_or_else(Said::Fails, |()| Said::Holds),
        }
    }
}

impl<A: fmt::Display> fmt::Display for Said<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Said::Answer { answer, detail } => write!(f, "{answer}{detail}"),
            Said::OutOfReach(why) => f.write_str(why),
            Said::Holds => f.write_str("holds"),
            Said::Fails(why) => f.write_str(why),
        }
    }
}

/// Returns, for each row, whether it disagrees: an answer that differs from the first
/// answer (the fast solution's), or a failing check. Oracles out of reach never disagree.
///
/// # Example
/// ```
/// use gamecheck::problem::{disagreements, Evaluation};
/// let rows = [
///     Evaluation::answer("fast", 3u32),
///     Evaluation::answer("oracle", 4),
///     Evaluation::out_of_reach("brute force", "too large".into()),
///     Evaluation::check("certificate", Ok(())),
/// ];
/// assert_eq!(disagreements(&rows), [false, true, false, false]);
/// ```
pub fn disagreements<A: PartialEq>(rows: &[Evaluation<A>]) -> Vec<bool> {
    let first = rows.iter().find_map(|r| match &r.said {
        Said::Answer { answer, .. } => Some(answer),
        _ => None,
    });
    rows.iter()
        .map(|r| match &r.said {
            Said::Answer { answer, .. } => first.is_some_and(|f| f != answer),
            Said::Fails(_) => true,
            Said::OutOfReach(_) | Said::Holds => false,
        })
        .collect()
}
