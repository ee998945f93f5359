//! Claims about partizan positions: `value == V`, `outcome == C`, `mean == X`,
//! `temperature == X`, with V a value in CGSuite's notation. Checked by the claims
//! engine on the board the flags name, or on every small position.

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
    let (ask, answer) = parse(text)?;
    let problem = problem.asking(ask);
    let rhs_column = text.find("==").map_or(1, |i| i + 3);
    let claimed: Answer = problem
        .read_answer(&answer)
        .map_err(|why| syntax(text, rhs_column, why))?;
    let claim = move |_: &G::Position| Ok(claimed);
    Ok(check_claim(&problem, "claim", text, &claim, seed, cases))
}
