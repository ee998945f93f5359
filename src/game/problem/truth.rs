//! What the rules say: the joint search and the sum of components, each within its reach,
//! as the judge of a case.

use super::*;

impl<G: Game> GameProblem<G> {
    pub(super) fn moves(&self, p: &G::Position) -> Vec<G::Position> {
        let mut out = Vec::new();
        self.game.moves(p, &mut out);
        out
    }

    /// Whether the joint search is asked about `p`.
    pub(super) fn joint_reach(&self, p: &G::Position) -> bool {
        self.joint_reach_of(&p.counts())
    }

    /// [`Self::joint_reach`] of a position whose counts are `c`.
    pub(super) fn joint_reach_of(&self, c: &[u64]) -> bool {
        let reach = u128::from(self.game.oracle_reach());
        match G::Position::ARITY {
            Some(_) => c.iter().all(|&v| u128::from(v) <= reach),
            None => c.iter().map(|&v| u128::from(v)).sum::<u128>() <= reach,
        }
    }

    /// Returns the most of each count the component route is asked about: s times the
    /// joint reach, s the largest with s^k ≤ 64 for k counts a position (64 for a heap or
    /// a list of heaps). A component is then searched over a box at most 64 times the
    /// joint search's; a game of 4 counts that is its own one component (the default)
    /// would otherwise fill the search's budget over a box 64^4 times the joint one.
    pub(crate) fn component_reach(&self) -> u64 {
        // ⌊64^(1/k)⌋, written out: every truth asks it, hundreds of millions of times in
        // a claim's exhaustive domain.
        let scale = match G::Position::ARITY.unwrap_or(1) {
            0 | 1 => 64,
            2 => 8,
            3 => 4,
            4..=6 => 2,
            _ => 1,
        };
        self.game.oracle_reach().saturating_mul(scale)
    }

    /// Whether the component route is asked about `p`: every count within
    /// [`Self::component_reach`], and for a list every component one count (the reach
    /// is a heap's: a list that is one component of many counts, as in Moore's Nim, is
    /// searched whole, which only the joint search's reach bounds).
    pub(super) fn sum_reach(&self, p: &G::Position) -> bool {
        self.sum_reach_of(p, &p.counts())
    }

    /// [`Self::sum_reach`] of `p`, whose counts are `c`.
    pub(super) fn sum_reach_of(&self, p: &G::Position, c: &[u64]) -> bool {
        let reach = self.component_reach();
        c.iter().all(|&v| v <= reach)
            && (G::Position::ARITY.is_some()
                || c.len() <= 1
                || self.game.components(p).iter().all(|c| c.counts().len() <= 1))
    }

    /// Returns the truth at `p` for `question` by the joint search, if in reach.
    pub(super) fn joint(&self, p: &G::Position, question: Question) -> Option<Result<Answer, RulesError>> {
        if !self.joint_reach(p) {
            return None;
        }
        let mut t = lock(&self.truth);
        let counts = p.counts();
        let answer = match question {
            Question { grundy: true, .. } => t.joint.ask(&counts, |o| o.grundy(p)).map(Answer::Grundy),
            Question {
                play: Play::Normal, ..
            } => t.joint.ask(&counts, |o| o.outcome(p)).map(Answer::Outcome),
            Question {
                play: Play::Misere, ..
            } => {
                let q = Some(p.clone());
                t.misere.ask(&counts, |o| o.outcome(&q)).map(Answer::Outcome)
            }
        };
        Some(answer)
    }

    /// Returns the truth at `p` by the sum of its components' Grundy values (normal play
    /// only), if in reach.
    pub(super) fn by_components(
        &self,
        p: &G::Position,
        question: Question,
    ) -> Option<Result<Answer, RulesError>> {
        if question.play == Play::Misere || self.game.loopy() || !self.sum_reach(p) {
            return None;
        }
        if self.bad_components(p).is_some() {
            return None;
        }
        let g = lock(&self.truth).sum.ask(&p.counts(), |o| o.grundy(p));
        Some(g.map(|g| {
            if question.grundy {
                Answer::Grundy(g)
            } else {
                Answer::Outcome(Outcome::of(g != 0))
            }
        }))
    }

    /// Returns the truth at `p` and which oracle gave it: the joint search where it
    /// reaches, else the sum of components.
    pub(crate) fn truth(&self, p: &G::Position, question: Question) -> Option<(Answer, &'static str)> {
        // Beyond both routes' reach `truth_case` only builds the reason it is unjudged:
        // claims ask this of every case, hundreds of millions for Wythoff's float formula.
        let counts = p.counts();
        if !self.joint_reach_of(&counts) && !self.sum_reach_of(p, &counts) {
            return None;
        }
        self.truth_case(p, question).ok()
    }

    /// Returns why `p`'s components are not a split of it, if they are not: a sum is its
    /// components' counts, each once, and `components` that repeat or drop a heap would
    /// make the XOR of their values a second, wrong truth that passes a wrong formula.
    pub(super) fn bad_components(&self, p: &G::Position) -> Option<String> {
        let parts = self.game.components(p);
        // Empty heaps may be dropped: they add nothing to a sum.
        let mut split: Vec<u64> = parts.iter().flat_map(|c| c.counts()).filter(|&v| v > 0).collect();
        let mut whole: Vec<u64> = p.counts().into_iter().filter(|&v| v > 0).collect();
        split.sort_unstable();
        whole.sort_unstable();
        (split != whole).then(|| {
            format!(
                "{}'s components of {} hold the counts {split:?}, not the position's own {whole:?}",
                G::NAME,
                self.game.describe(p)
            )
        })
    }

    /// Returns the truth at `p` and which oracle gave it, or the case unjudged with what
    /// stopped the oracles: a cycle or a budget they met, else the reach they are asked
    /// within.
    pub(crate) fn truth_case(
        &self,
        p: &G::Position,
        question: Question,
    ) -> Result<(Answer, &'static str), CaseError> {
        let route = match question {
            Question { grundy: true, .. } => "the truth's Grundy value",
            Question {
                play: Play::Normal, ..
            } => "the truth's outcome",
            Question {
                play: Play::Misere, ..
            } => "the truth's misère outcome",
        };
        self.unless_spent(route, p, || self.truth_searched(p, question))
    }

    /// [`Self::truth_case`], searched.
    fn truth_searched(
        &self,
        p: &G::Position,
        question: Question,
    ) -> Result<(Answer, &'static str), CaseError> {
        let judged = |a: Answer, by: &'static str| {
            let mut largest = lock(&self.largest);
            if largest
                .as_ref()
                .is_none_or(|l| position::key(l) < position::key(p))
            {
                *largest = Some(p.clone());
            }
            Ok((a, by))
        };
        let joint = match self.joint(p, question) {
            Some(Ok(a)) => return judged(a, "rules oracle"),
            Some(Err(e)) => Some(e),
            None => None,
        };
        // A game whose components are not a split of the position is refused there: its
        // sum route would be a wrong second truth.
        if question.play == Play::Normal
            && !self.game.loopy()
            && self.sum_reach(p)
            && let Some(why) = self.bad_components(p)
        {
            return Err(CaseError::Disagree(why));
        }
        let sum = match self.by_components(p, question) {
            Some(Ok(a)) => return judged(a, "components"),
            Some(Err(e)) => Some(e),
            None => None,
        };
        Err(match joint.or(sum) {
            Some(e) => CaseError::unjudged(budget_of(&e), format!("the oracles: {e}")),
            None => CaseError::unjudged(
                Budget::Reach {
                    limit: self.game.oracle_reach(),
                },
                format!(
                    "no oracle is asked about the position (counts above {})",
                    self.game.oracle_reach()
                ),
            ),
        })
    }

    /// Returns the truth's outcome at `p` under `play`, if an oracle reaches it.
    pub(super) fn true_outcome(&self, p: &G::Position, play: Play) -> Option<Outcome> {
        match self.truth(p, Question { play, grundy: false }) {
            Some((Answer::Outcome(o), _)) => Some(o),
            _ => None,
        }
    }
}
