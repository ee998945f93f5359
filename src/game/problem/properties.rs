//! The properties `check` runs on a game: the fast path against the rules oracle for each
//! question, the sum of components against the joint search, the winning move certified,
//! Bellman consistency, and the game's own second methods.

use super::*;

/// The properties whose cases are drawn up to the game's largest count (its move
/// reach), not within an oracle's: a case lists the moves of a contest-size position.
pub(crate) const AT_MOVE_REACH: [&str; 2] = [CERTIFIED, BELLMAN];
const CERTIFIED: &str = "winning_move_is_certified";
const BELLMAN: &str = "fast_path_is_bellman_consistent";

type Check<G> = fn(&GameProblem<G>, &<G as Game>::Position) -> Result<(), CaseError>;

fn property<G: Game>(
    name: &'static str,
    times: u32,
    cases: BoxedStrategy<G::Position>,
    check: Check<G>,
) -> Property<GameProblem<G>> {
    Property {
        name,
        share: Share { times, per: 1 },
        cases,
        check: Box::new(move |g: &GameProblem<G>, p: &G::Position| g.unless_spent(name, p, || check(g, p))),
    }
}

/// The fast answer against the oracle at `p` for `question`.
fn matches_oracle<G: Game>(
    problem: &GameProblem<G>,
    p: &G::Position,
    question: Question,
) -> Result<(), CaseError> {
    let fast = problem.fast_for(p, question)?;
    match problem.joint(p, question) {
        Some(Ok(truth)) if truth == fast => Ok(()),
        Some(Ok(truth)) => Err(format!("the fast path says {fast}, the rules oracle {truth}").into()),
        Some(Err(why)) => Err(CaseError::unjudged(
            budget_of(&why),
            format!("the rules oracle cannot decide: {why}"),
        )),
        None => Err(CaseError::unjudged(
            Budget::Reach {
                limit: problem.game.oracle_reach(),
            },
            "the rules oracle is not asked about the position",
        )),
    }
}

impl<G: Game> Properties for GameProblem<G> {
    fn properties(&self) -> Vec<Property<Self>> {
        let cost = self.settings.check_cost.max(1);
        let mut out = self.properties_at_unit_cost();
        for p in &mut out {
            p.share.per = p.share.per.saturating_mul(cost);
        }
        out
    }

    fn regressions(&self) -> &'static str {
        self.regressions
    }

    fn search_budget(&self) -> u64 {
        50_000
    }
}

impl<G: Game> GameProblem<G> {
    /// Returns the properties, each on its share as if a case cost one ordinary case.
    pub(super) fn properties_at_unit_cost(&self) -> Vec<Property<Self>> {
        match self.mode {
            Mode::Game => {}
            Mode::Formula => return vec![self.formula_property()],
            Mode::Moves => {
                let cases = self.judged_positions();
                return vec![property::<G>("winning_move_is_certified", 1, cases, |g, p| {
                    g.certify(p)
                })];
            }
        }
        let mut out = self.rules_properties();
        if G::Position::ARITY.is_none() && !self.game.loopy() && self.splits() {
            out.push(self.sum_property());
        }
        // Beyond the joint search's reach, as far as a second method of the game's own is
        // cheap.
        let medium = self.positions(self.game.oracle_reach().saturating_mul(16));
        for oracle in self.game.oracles() {
            out.push(Property {
                name: oracle.property,
                share: Share { times: 1, per: 1 },
                cases: oracle.reach.map_or_else(|| medium.clone(), |r| self.positions(r)),
                check: Box::new(move |g: &GameProblem<G>, p: &G::Position| {
                    g.unless_spent(oracle.property, p, || match oracle.verdict(g.game(), p) {
                        Some(verdict) => verdict.map_err(CaseError::from),
                        None => super::oracle_checks::matches_fast_path(g, &oracle, p),
                    })
                }),
            });
        }
        let large = self.positions(self.settings.move_reach_of(&self.game));
        out.push(property::<G>(CERTIFIED, 2, large.clone(), |g, p| g.certify(p)));
        out.push(property::<G>(BELLMAN, 2, large, |g, p| g.bellman(p)));
        out
    }

    /// Returns the one property of a formula under test: its answers against the rules.
    fn formula_property(&self) -> Property<Self> {
        let cases = self.judged_positions();
        property::<G>("formula_matches_rules_oracle", 1, cases, |g, p| {
            let says = g.fast_case(p)?;
            match g.truth_case(p, g.question)? {
                (truth, _) if truth == says => Ok(()),
                (truth, "components") => Err(format!(
                    "the formula says {says}, the XOR of the components' values is {truth}"
                )
                .into()),
                (truth, by) => Err(format!("the formula says {says}, the {by} says {truth}").into()),
            }
        })
    }

    /// Returns the fast path against the rules oracle for each question the game has.
    fn rules_properties(&self) -> Vec<Property<Self>> {
        const GRUNDY: Question = Question {
            play: Play::Normal,
            grundy: true,
        };
        const MISERE: Question = Question {
            play: Play::Misere,
            grundy: false,
        };
        let small = self.small_positions();
        let mut out = vec![property::<G>(
            "outcome_matches_rules_oracle",
            1,
            small.clone(),
            |g, p| matches_oracle(g, p, Question::default()),
        )];
        if !self.game.loopy() {
            out.push(property::<G>(
                "grundy_matches_rules_oracle",
                1,
                small.clone(),
                |g, p| matches_oracle(g, p, GRUNDY),
            ));
        }
        out.push(property::<G>("misere_matches_rules_oracle", 1, small, |g, p| {
            matches_oracle(g, p, MISERE)
        }));
        out
    }

    /// Whether the game splits some small position into components: only then is there a
    /// sum to compare (Moore's Nim_k is one component, whatever its piles).
    fn splits(&self) -> bool {
        [&[1, 1][..], &[2, 1], &[1, 2], &[2, 2], &[1, 1, 1]]
            .into_iter()
            .filter_map(G::Position::from_counts)
            .any(|p| self.game.check_position(&p).is_ok() && self.game.components(&p).len() > 1)
    }

    /// Returns the XOR of the components' Grundy values against the joint search.
    fn sum_property(&self) -> Property<Self> {
        property::<G>("sum_matches_joint_search", 1, self.small_positions(), |g, p| {
            let q = Question {
                play: Play::Normal,
                grundy: true,
            };
            match (g.joint(p, q), g.by_components(p, q)) {
                (Some(Ok(joint)), Some(Ok(sum))) if joint == sum => Ok(()),
                (Some(Ok(joint)), Some(Ok(sum))) => Err(format!(
                    "the XOR of the components' Grundy values is {sum}, the joint search says {joint}"
                )
                .into()),
                (Some(Err(e)), _) | (_, Some(Err(e))) => Err(CaseError::unjudged(
                    budget_of(&e),
                    format!("an oracle cannot decide: {e}"),
                )),
                _ => Err(CaseError::unjudged(
                    Budget::Reach {
                        limit: g.game.oracle_reach(),
                    },
                    "an oracle is not asked about the position",
                )),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take 1 or 2 stones, at a cost of `COST` ordinary cases a case.
    struct Take12<const COST: u32>;

    impl<const COST: u32> Game for Take12<COST> {
        type Position = u64;
        const NAME: &'static str = "take12";
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
        }
        fn settings(&self) -> Settings<Self> {
            Settings {
                check_cost: COST,
                ..Settings::default()
            }
        }
    }

    fn cases<const COST: u32>(budget: u32) -> Vec<(&'static str, u32)> {
        let problem = GameProblem::new(Take12::<COST>, Question::default()).unwrap();
        problem
            .properties()
            .iter()
            .map(|p| (p.name, p.share.of(budget)))
            .collect()
    }

    #[test]
    fn a_dear_game_runs_its_cost_th_of_every_share() {
        let (cheap, dear) = (cases::<1>(100_000), cases::<20>(100_000));
        assert_eq!(cheap.len(), dear.len());
        assert!(!cheap.is_empty());
        for ((name, all), (same, part)) in cheap.iter().zip(&dear) {
            assert_eq!(name, same);
            assert_eq!(*part * 20, *all, "{name}");
        }
        // At least one case a property, however small the budget.
        assert!(cases::<20>(1).iter().all(|&(_, n)| n >= 1));
    }
}
