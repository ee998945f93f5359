//! Claims about partizan positions: `value == V`, `outcome == C`, `mean == X`,
//! `temperature == X`, with V a value in CGSuite's notation, or a predicate about the
//! value (`value >= 0`, `atomic_weight(value) == 1`: see `claim_expr`). Checked by the
//! claims engine on the board the flags name, or on every small position.

use super::family::Family;
use super::problem::{Answer, Ask, PartizanProblem};
use crate::claims::{ClaimReport, ExprError, check_claim};

fn syntax(text: &str, column: usize, message: impl Into<String>) -> ExprError {
    ExprError::Syntax {
        text: text.to_owned(),
        column,
        message: message.into(),
    }
}

/// Returns what `text` asks and the answer it claims, or where it fails to parse.
///
/// # Errors
/// A claim not of the form `<question> == <answer>`, or an answer that does not parse,
/// with its column.
pub(crate) fn parse(text: &str) -> Result<(Ask, String), ExprError> {
    let Some((lhs, rhs)) = text.split_once("==") else {
        return Err(syntax(
            text,
            text.len() + 1,
            "expected `<value|outcome|mean|temperature> == <answer>`",
        ));
    };
    let ask = match lhs.trim() {
        "value" => Ask::Value,
        "outcome" => Ask::Outcome,
        "mean" => Ask::Mean,
        "temperature" => Ask::Temperature,
        other => {
            let column = text.find(other).map_or(1, |i| i + 1);
            return Err(ExprError::UnknownVariable {
                text: text.to_owned(),
                name: other.to_owned(),
                column,
                known: "value, outcome, mean, temperature".into(),
            });
        }
    };
    Ok((ask, rhs.trim().to_owned()))
}

/// Returns the verdict on the claim `text` about `problem`'s positions.
///
/// # Errors
/// As for [`parse`], and an answer that does not read for its question.
pub(crate) fn check<G: Family>(
    problem: &PartizanProblem<G>,
    text: &str,
    seed: u64,
    cases: u32,
) -> Result<ClaimReport, ExprError> {
    use crate::problem::ContestFormat;
    if !is_answer_claim(text) {
        return check_predicate(problem, text, seed, cases);
    }
    let (ask, answer) = parse(text)?;
    let problem = problem.asking(ask);
    let rhs_column = text.find("==").map_or(1, |i| i + 3);
    let claimed: Answer = problem
        .read_answer(&answer)
        .map_err(|why| syntax(text, rhs_column, why))?;
    let claim = move |_: &G::Position| Ok(claimed);
    Ok(check_claim(&problem, "claim", text, &claim, seed, cases))
}

/// Returns whether `text` claims an answer (`value == V`, `outcome == C`, `mean == X`,
/// `temperature == X`) rather than a predicate about the value.
fn is_answer_claim(text: &str) -> bool {
    text.split_once("==")
        .is_some_and(|(lhs, _)| matches!(lhs.trim(), "value" | "outcome" | "mean" | "temperature"))
        || !text.contains(|c: char| "=<>|!".contains(c))
}

/// Returns the verdict on the predicate `text` about `problem`'s positions: at each, the
/// predicate is evaluated on the canonical form the engine judges by, and a position
/// where it is false (or undefined) refutes it.
///
/// # Errors
/// A predicate that does not read, with its column.
fn check_predicate<G: Family>(
    problem: &PartizanProblem<G>,
    text: &str,
    seed: u64,
    cases: u32,
) -> Result<ClaimReport, ExprError> {
    use crate::problem::Claims;
    let predicate = super::claim_expr::parse(text)?;
    let problem = problem.asking(Ask::Value);
    // The same value recurs at many positions (the random domain of one board is that
    // board): each is judged once.
    let judged: std::sync::Mutex<std::collections::HashMap<super::Value, Result<bool, String>>> =
        std::sync::Mutex::default();
    let claim = |p: &G::Position| -> Result<Answer, String> {
        let (truth, _) = problem.judged_reference(p)?;
        let Answer::Value(v) = truth else {
            return Err(format!("no value to judge `{text}` by"));
        };
        let known = judged
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&v)
            .cloned();
        let holds = match known {
            Some(h) => h,
            None => {
                let h = predicate.holds(v);
                judged
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .insert(v, h.clone());
                h
            }
        };
        match holds? {
            true => Ok(truth),
            false => Err(format!("false: the value is {v}")),
        }
    };
    Ok(check_claim(&problem, "claim", text, &claim, seed, cases))
}
