//! Claims about any [`Game`]: the truth is the oracles' where they reach, else the fast
//! path audited by its consistency with its moves; a typed claim reads the position's
//! counts by name (`n`; `x`, `y`; a list's `len`, `total`, `max`, `min`, `xor`).

use super::problem::{GameProblem, total_within};
use super::{Answer, Game, Outcome, Position};
use crate::claim_lang::ClaimError as ExprError;
use crate::game_trait::position;
use crate::problem::{Audited, Claimed, Claims, Domain, Least, Predicate, Sample, TypedClaims};
use proptest::strategy::Strategy;

/// The exhaustive domain of claims holds at most this many positions.
const EXHAUSTIVE: u64 = 20_000;

impl<G: Game> Claims for GameProblem<G> {
    fn reference(&self, p: &G::Position) -> (Answer, &'static str) {
        self.judged_reference(p)
            .unwrap_or((Answer::Outcome(Outcome::Draw), "no answer"))
    }

    fn judged_reference(&self, p: &G::Position) -> Result<(Answer, &'static str), String> {
        match self.claim_truth(p) {
            Some(t) => Ok(t),
            None => self.fast_reference(p),
        }
    }

    fn exhaustive(&self) -> Domain<'_, G::Position> {
        if let Some((exhaustive, _)) = self.settings().claim_domains_of(self.game()) {
            return exhaustive;
        }
        let max_len = self.game().max_len();
        let last = total_within(EXHAUSTIVE, G::Position::ARITY, max_len);
        Domain {
            cases: Box::new(
                (0..=last)
                    .flat_map(move |s| position::with_total::<G::Position>(s, max_len))
                    .filter(move |p| self.game().check_position(p).is_ok() && self.game().in_play(p)),
            ),
            description: format!("positions with at most {last} counts in all"),
            separator: ", ",
            standing: Least::Proven,
            refine: false,
        }
    }

    fn random(&self) -> Sample<G::Position> {
        if let Some((_, random)) = self.settings().claim_domains_of(self.game()) {
            return random;
        }
        let game = self.game();
        let (max, max_len) = (game.max_count(), game.max_len());
        let in_play = std::sync::Arc::clone(self.game_arc());
        Sample {
            cases: self
                .settings()
                .strategy_of(game, max, max_len)
                .prop_filter("a position of real play", move |p| in_play.in_play(p))
                .boxed(),
            description: format!("random positions with counts up to {max}, small ones favoured"),
            separator: ", ",
        }
    }

    fn least_budget(&self) -> u64 {
        self.settings().least_budget
    }

    fn reference_text(&self) -> String {
        let own: String = self
            .oracles()
            .iter()
            .map(|o| format!(", else the {}", o.name))
            .collect();
        format!(
            "the rules oracle (the joint search, counts up to {}), else the sum of components{own}, else the fast path",
            self.game().oracle_reach()
        )
    }

    fn audit(&self, p: &G::Position) -> Option<Result<(), String>> {
        self.claim_truth(p).is_none().then(|| self.certificate(p))
    }

    fn audited_reference(&self, p: &G::Position) -> Audited<Answer> {
        // The oracles are asked once: for Wythoff's float formula they are asked about
        // 307 million positions, all beyond their reach.
        match self.claim_truth(p) {
            Some(t) => Audited {
                audit: None,
                reference: Ok(t),
            },
            None => Audited {
                audit: Some(self.certificate(p)),
                reference: self.fast_reference(p),
            },
        }
    }
}

impl<G: Game> GameProblem<G> {
    /// Returns the reference beyond the oracles: the fast path, which `check` certifies
    /// there; where it cannot answer (its budget), the case is unjudged.
    fn fast_reference(&self, p: &G::Position) -> Result<(Answer, &'static str), String> {
        self.fast(p)
            .map(|a| (a, "fast path"))
            .map_err(|why| format!("the fast path: {why}"))
    }

    /// Returns the truth at `p` where an oracle reaches: the rules oracle's, the
    /// components', else the first of the game's own oracles ([`Game::oracles`]) that
    /// answers the question.
    fn claim_truth(&self, p: &G::Position) -> Option<(Answer, &'static str)> {
        let question = self.question();
        self.truth(p, question).or_else(|| {
            self.oracles()
                .iter()
                .find_map(|o| match o.answer(self.game(), p, question) {
                    Some(Ok(a)) => Some((a, o.name)),
                    _ => None,
                })
        })
    }
}

impl<G: Game> TypedClaims for GameProblem<G> {
    fn compile(&self, text: &str) -> Result<Predicate<G::Position>, ExprError> {
        self.settings().claim_of(self.game(), text)
    }

    /// Where the claim holds, the outcome the game's bare claims state
    /// ([`Settings::claim_outcome`](super::Settings::claim_outcome)); elsewhere the other one.
    fn answer_from_claim(&self, holds: bool) -> Answer {
        let wins = self.settings().claim_outcome == Outcome::Win;
        Answer::Outcome(Outcome::of(holds == wins))
    }

    /// `EXPR` claims "the player to move loses exactly when EXPR" (wins, for a game whose
    /// [`Settings::claim_outcome`](super::Settings::claim_outcome) is a win). Parts `loss: EXPR`,
    /// `draw: EXPR` and `win: EXPR`, joined by `;`, claim each outcome where its EXPR
    /// holds, the first part that holds deciding; with two parts, the outcome left out is
    /// claimed everywhere else. That is how a claim states a draw.
    fn compile_answer(&self, text: &str) -> Result<Claimed<'_, Self>, ExprError> {
        let Some(parts) = outcome_parts(text, |t| self.settings().claim_of(self.game(), t))? else {
            let holds = self.settings().claim_of(self.game(), text)?;
            return Ok(Box::new(move |p| holds(p).map(|h| self.answer_from_claim(h))));
        };
        let rest = [Outcome::Win, Outcome::Loss, Outcome::Draw]
            .into_iter()
            .find(|o| parts.len() == 2 && parts.iter().all(|(q, _)| q != o));
        Ok(Box::new(move |p| {
            for (outcome, holds) in &parts {
                if holds(p)? {
                    return Ok(Answer::Outcome(*outcome));
                }
            }
            rest.map(Answer::Outcome)
                .ok_or_else(|| "no part of the claim holds here".to_owned())
        }))
    }
}

/// The parts of a claim that names outcomes: each outcome with where it is claimed.
type Parts<P> = Vec<(Outcome, Predicate<P>)>;

/// Returns the parts `outcome: EXPR` of `text` compiled, or `None` when `text` is one
/// EXPR.
///
/// # Errors
/// A part that does not compile, or parts that name an outcome twice or are fewer than
/// two.
fn outcome_parts<P: Position>(
    text: &str,
    compile: impl Fn(&str) -> Result<Predicate<P>, ExprError>,
) -> Result<Option<Parts<P>>, ExprError> {
    fn label(part: &str) -> Option<(Outcome, usize, &str)> {
        let (name, expr) = part.split_once(':')?;
        let outcome = match name.trim() {
            "win" => Outcome::Win,
            "loss" => Outcome::Loss,
            "draw" => Outcome::Draw,
            _ => return None,
        };
        Some((outcome, name.len() + 1, expr))
    }
    if !text.split(';').any(|part| label(part).is_some()) {
        return Ok(None);
    }
    let syntax = |column: usize, message: &str| ExprError::Syntax {
        text: text.to_owned(),
        column,
        message: message.to_owned(),
    };
    let mut parts: Parts<P> = Vec::new();
    let mut offset = 0;
    for part in text.split(';') {
        let column = offset + part.len() - part.trim_start().len() + 1;
        let Some((outcome, skip, expr)) = label(part) else {
            return Err(syntax(column, "expected `win:`, `loss:` or `draw:` and a claim"));
        };
        if parts.iter().any(|(o, _)| *o == outcome) {
            return Err(syntax(column, "an outcome is named twice"));
        }
        let from = offset + skip;
        let holds = compile(expr).map_err(|e| e.within(text, text[..from].chars().count()))?;
        parts.push((outcome, holds));
        offset += part.len() + 1;
    }
    if parts.len() < 2 {
        return Err(syntax(
            1,
            "name at least two outcomes (the one left out is claimed elsewhere)",
        ));
    }
    Ok(Some(parts))
}
