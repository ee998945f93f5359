//! Any partizan [`Family`] as a problem every engine runs: the question is the value,
//! the outcome class, the mean or the temperature of a position; the fast answer is the
//! family's (its canonical form, or a closed form), judged by the definition of `>=` and
//! a search of the moves from `gamecheck-oracles`, which never build a value.

use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use gamecheck_oracles::partizan_search::{Forest, OutcomeSearch, SumOf};
use proptest::prelude::*;

use super::by_format;
use super::family::Family;
use super::rules::Rules;
use super::{Dyadic, OutcomeClass, Stopped, Value, Values, temperature_by_cooling};
use crate::budget::Budget;
use crate::game_trait::FromFlags;
use crate::input::InputError;
use crate::problem::{
    Below, Bounds, CaseError, Claims, Constraints, ContestFormat, Dimension, Domain, Evaluation, Flag, Flags,
    GameError, Least, Order, Problem, Properties, Property, Sample, Share,
};
use crate::tokens::Tokens;

/// The most forms the definition-based oracles build for one question.
const ORACLE_BUDGET: usize = 2_000_000;

/// What is asked of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Value,
    Outcome,
    Mean,
    Temperature,
}

/// An answer: a value, an outcome class, or a number (a mean, a temperature).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Value(Value),
    Outcome(OutcomeClass),
    Number(Dyadic),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Value(v) => write!(f, "{v}"),
            Answer::Outcome(o) => write!(f, "{o}"),
            Answer::Number(x) => write!(f, "{x}"),
        }
    }
}

/// A fast answer under test: the family's own, or a formula.
type Fast<G> = Box<
    dyn Fn(&G, &<G as super::Partizan>::Position, &mut Values<G>) -> Result<Value, Stopped> + Send + Sync,
>;

/// A partizan family as a problem.
pub struct PartizanProblem<G: Family> {
    game: Arc<G>,
    ask: Ask,
    args: String,
    fast: Fast<G>,
    values: Mutex<Values<G>>,
    regressions: &'static str,
    /// Every position up to the oracles' size, by size: enumerated on first use, since
    /// the command line builds every family's problem and `solve` never needs them.
    small: OnceLock<Arc<Vec<Vec<G::Position>>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The flags every partizan family has: what is asked.
const ASK_FLAGS: [Flag; 4] = [
    Flag::switch(
        "value",
        "Ask for the canonical form, in CGSuite's notation (the default).",
    ),
    Flag::switch("outcome", "Ask for the outcome class: L, R, N or P."),
    Flag::switch("mean", "Ask for the mean value, an exact dyadic rational."),
    Flag::switch(
        "temperature",
        "Ask for the temperature (-1 for an integer, -1/2^k for m/2^k).",
    ),
];

impl<G: Family> PartizanProblem<G> {
    /// Returns `game` asked `ask` through its own fast path.
    pub fn new(game: G, ask: Ask) -> PartizanProblem<G> {
        PartizanProblem::with_fast(
            game,
            ask,
            Box::new(|g: &G, p: &G::Position, v: &mut Values<G>| g.value(p, v)),
        )
    }

    /// Returns `game` asked `ask`, with `fast` as the value under test.
    pub fn with_fast(game: G, ask: Ask, fast: Fast<G>) -> PartizanProblem<G> {
        PartizanProblem {
            values: Mutex::new(Values::new(game.clone())),
            game: Arc::new(game),
            ask,
            args: G::NAME.to_owned(),
            fast,
            regressions: Box::leak(format!("proptest-regressions/{}.txt", G::NAME).into_boxed_str()),
            small: OnceLock::new(),
        }
    }

    /// Returns the flags: the family's, then what is asked.
    pub fn flags() -> Vec<Flag> {
        let mut flags = <G as FromFlags>::flags();
        flags.extend(ASK_FLAGS);
        flags.extend(Budget::flags());
        flags
    }

    /// Returns the problem whose value searches each stop at `limits`, naming the budget
    /// that stopped them.
    pub fn with_limits(self, limits: Budget) -> PartizanProblem<G> {
        let values = self.values.into_inner().unwrap_or_else(|e| e.into_inner());
        PartizanProblem {
            values: Mutex::new(values.with_limits(limits)),
            ..self
        }
    }

    /// Returns the problem `flags` describe.
    ///
    /// # Errors
    /// A flag's value that makes no game, a format that cannot be a partizan family's
    /// ([`GameError::Format`]), or two questions at once.
    pub fn from_flags(flags: &Flags) -> Result<PartizanProblem<G>, GameError> {
        let game = G::from_flags(flags)?;
        if let Some(why) = by_format::mistake::<G, G::Position>(&game.format()) {
            return Err(GameError::Format(format!("the format of {}: {why}", G::NAME)));
        }
        let asked: Vec<Ask> = [
            ("value", Ask::Value),
            ("outcome", Ask::Outcome),
            ("mean", Ask::Mean),
            ("temperature", Ask::Temperature),
        ]
        .into_iter()
        .filter(|(f, _)| flags.switch(f).unwrap_or(false))
        .map(|(_, a)| a)
        .collect();
        let ask = match asked[..] {
            [] => Ask::Value,
            [a] => a,
            _ => {
                return Err(GameError::Question(
                    "ask one of --value, --outcome, --mean and --temperature".into(),
                ));
            }
        };
        let limits = Budget::from_flags(flags).map_err(|e| GameError::Question(e.to_string()))?;
        let mut problem = PartizanProblem::new(game, ask).with_limits(limits);
        let mut args = G::NAME.to_owned();
        for flag in <G as FromFlags>::flags() {
            if let Ok(n) = flags.number(flag.long)
                && n != 0
            {
                args.push_str(&format!(" --{} {n}", flag.long));
            }
        }
        if ask != Ask::Value {
            args.push_str(&format!(" --{}", format!("{ask:?}").to_lowercase()));
        }
        problem.args = args;
        Ok(problem)
    }

    /// Returns the game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Returns the fast value of `p`.
    ///
    /// # Errors
    /// The fast path's budget.
    pub fn fast_value(&self, p: &G::Position) -> Result<Value, Stopped> {
        (self.fast)(&self.game, p, &mut lock(&self.values))
    }

    fn answer_of(&self, v: Value) -> Answer {
        match self.ask {
            Ask::Value => Answer::Value(v),
            Ask::Outcome => Answer::Outcome(v.outcome()),
            Ask::Mean => Answer::Number(v.mean()),
            Ask::Temperature => Answer::Number(v.temperature()),
        }
    }

    fn rules(&self) -> Rules<'_, G> {
        Rules(&self.game)
    }

    fn in_reach(&self, p: &G::Position) -> bool {
        self.game.size(p) <= self.game.oracle_size()
    }

    /// Returns the outcome class of `p` by the search of the moves.
    fn searched_outcome(&self, p: &G::Position) -> Result<OutcomeClass, String> {
        let rules = self.rules();
        let mut s = OutcomeSearch::new(&rules, ORACLE_BUDGET);
        Ok(OutcomeClass::of(s.wins(p, true)?, s.wins(p, false)?))
    }

    /// Checks that `v` equals the tree of `p` by the definition of `>=`.
    fn definition_agrees(&self, p: &G::Position, v: Value) -> Result<(), CaseError> {
        let mut forest = Forest::new();
        let tree = forest
            .from_rules(&self.rules(), p, ORACLE_BUDGET)
            .map_err(oracle_stopped)?;
        let value = plant(&mut forest, v, &mut std::collections::HashMap::new());
        if forest.equal(tree, value) {
            Ok(())
        } else {
            let how = match (forest.leq(value, tree), forest.leq(tree, value)) {
                (true, _) => "less than",
                (_, true) => "greater than",
                _ => "confused with",
            };
            Err(CaseError::Disagree(format!(
                "the fast path says {v}, but by the definition of >= the position is not equal to it: {v} is {how} the game tree"
            )))
        }
    }

    /// Returns every position up to the oracles' size, by size, each size sorted.
    fn small(&self) -> Arc<Vec<Vec<G::Position>>> {
        let all = self.small.get_or_init(|| {
            let by_size = (0..=self.game.oracle_size())
                .map(|n| {
                    let mut all = self.game.of_size(n);
                    all.sort();
                    all
                })
                .collect();
            Arc::new(by_size)
        });
        Arc::clone(all)
    }

    /// Positions of size at most `max` the oracles reach, favouring small ones.
    fn positions(&self) -> BoxedStrategy<G::Position> {
        let small = self.small();
        let sizes: Vec<usize> = (0..small.len()).filter(|&n| !small[n].is_empty()).collect();
        proptest::sample::select(sizes)
            .prop_flat_map(move |n| proptest::sample::select(small[n].clone()))
            .boxed()
    }
}

/// Returns the id of `v`'s canonical form planted in `forest`.
fn plant(forest: &mut Forest, v: Value, memo: &mut std::collections::HashMap<Value, usize>) -> usize {
    if let Some(&id) = memo.get(&v) {
        return id;
    }
    let left = v
        .left_options()
        .into_iter()
        .map(|o| plant(forest, o, memo))
        .collect();
    let right = v
        .right_options()
        .into_iter()
        .map(|o| plant(forest, o, memo))
        .collect();
    let id = forest.node(left, right);
    memo.insert(v, id);
    id
}

impl<G: Family> crate::problem::Sealed for PartizanProblem<G> {}

impl<G: Family> Problem for PartizanProblem<G> {
    type Case = G::Position;
    type Answer = Answer;

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn solve(&self, p: &G::Position) -> Result<Answer, String> {
        let v = self.fast_value(p).map_err(|e| e.to_string())?;
        // A form's print can be exponentially larger than its DAG: refuse it before it is
        // printed, naming the cap, rather than let the output outgrow every budget.
        if self.ask == Ask::Value {
            let len = v.printed_len();
            if len > super::MAX_PRINTED {
                return Err(super::TooLong {
                    len,
                    cap: super::MAX_PRINTED,
                }
                .to_string());
            }
        }
        Ok(self.answer_of(v))
    }

    fn evaluate(&self, p: &G::Position) -> Vec<Evaluation<Answer>> {
        let mut rows = Vec::new();
        let fast = self.fast_value(p);
        rows.push(match &fast {
            Ok(v) => Evaluation::answer("fast path", self.answer_of(*v)),
            Err(why) => Evaluation::check("fast path", Err(why.to_string())),
        });
        if !self.in_reach(p) {
            rows.push(Evaluation::out_of_reach(
                "definition",
                format!("out of reach (size above {})", self.game.oracle_size()),
            ));
            return rows;
        }
        match self.ask {
            Ask::Value => {
                if let Ok(v) = fast {
                    rows.push(Evaluation::check(
                        "definition of >=",
                        self.definition_agrees(p, v).map_err(|e| e.to_string()),
                    ));
                }
            }
            Ask::Outcome => rows.push(match self.searched_outcome(p) {
                Ok(o) => Evaluation::answer("outcome search", Answer::Outcome(o)),
                Err(why) => Evaluation::out_of_reach("outcome search", why),
            }),
            Ask::Mean | Ask::Temperature => {
                if let Ok(v) = fast {
                    rows.push(match temperature_by_cooling(v) {
                        Some((t, m)) => Evaluation::answer(
                            "cooling",
                            Answer::Number(if self.ask == Ask::Mean { m } else { t }),
                        ),
                        None => Evaluation::out_of_reach("cooling", "beyond the cooling grid".into()),
                    });
                }
            }
        }
        rows
    }

    fn describe(&self, p: &G::Position) -> String {
        format!("{} {}", self.args, self.game.show(p))
    }

    fn to_json(&self, p: &G::Position) -> serde_json::Value {
        serde_json::json!(self.game.show(p))
    }

    fn repro_command(&self, p: &G::Position) -> String {
        let words: Vec<String> = self
            .game
            .write(p)
            .split_whitespace()
            .map(|w| {
                match w
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"._-+/".contains(&b))
                {
                    true => w.to_owned(),
                    false => format!("'{w}'"),
                }
            })
            .collect();
        format!(
            "{} repro {} {}",
            crate::program::name(),
            self.args,
            words.join(" ")
        )
    }
}

impl<G: Family> Order for PartizanProblem<G> {
    type Key = (u64, G::Position);

    fn key(&self, p: &G::Position) -> Self::Key {
        (self.game.size(p), p.clone())
    }

    fn smaller(&self, p: &G::Position) -> Vec<G::Position> {
        self.game.smaller(p)
    }

    fn below(&self, p: &G::Position, budget: u64) -> Below<'_, G::Position> {
        let size = self.game.size(p);
        let mut limit = 0;
        let mut count = 0u64;
        let small = self.small();
        for s in 0..=size {
            count += if (s as usize) < small.len() {
                small[s as usize].len() as u64
            } else {
                self.game.of_size(s).len() as u64
            };
            if count > budget {
                break;
            }
            limit = s;
        }
        let mut below = Below::by_total(u128::from(size), limit, "cells", move |s| {
            let mut all = self.game.of_size(s);
            all.sort();
            all
        });
        if let Some(what) = self.game.enumerated() {
            below.found = Box::new(move |_| Least::Bounded {
                searched: what.to_owned(),
            });
            below.exhausted = Least::Bounded {
                searched: what.to_owned(),
            };
        }
        below
    }
}

type Check<G> = fn(&PartizanProblem<G>, &<G as super::Partizan>::Position) -> Result<(), CaseError>;

fn property<G: Family>(
    name: &'static str,
    cases: BoxedStrategy<G::Position>,
    check: Check<G>,
) -> Property<PartizanProblem<G>> {
    Property {
        name,
        share: Share { times: 1, per: 200 },
        cases,
        check: Box::new(check),
    }
}

/// A value search of the fast path that ran out of its budget: the case is unjudged.
fn unjudged(e: Stopped) -> CaseError {
    CaseError::unjudged(e.budget.clone(), format!("the fast path: {e}"))
}

/// A search of the moves (the outcome search, the forest of `>=`) that ran out of its
/// budget of [`ORACLE_BUDGET`] positions: the case is unjudged.
fn oracle_stopped(why: String) -> CaseError {
    CaseError::unjudged(
        crate::problem::Budget::Positions {
            limit: ORACLE_BUDGET as u64,
        },
        format!("the search of the moves: {why}"),
    )
}

impl<G: Family> PartizanProblem<G> {
    /// Returns the fast value of `p`; a spent budget leaves the case unjudged.
    fn fast_case(&self, p: &G::Position) -> Result<Value, CaseError> {
        (self.fast)(&self.game, p, &mut lock(&self.values)).map_err(unjudged)
    }
}

impl<G: Family> Properties for PartizanProblem<G> {
    fn properties(&self) -> Vec<Property<Self>> {
        let small = self.positions();
        let mut out = vec![
            property::<G>("value_matches_definition", small.clone(), |g, p| {
                let v = g.fast_case(p)?;
                g.definition_agrees(p, v)
            }),
            property::<G>("outcome_matches_search", small.clone(), |g, p| {
                let says = g.game.outcome(p, &mut lock(&g.values)).map_err(unjudged)?;
                let by_value = g.fast_case(p)?.outcome();
                let truth = g.searched_outcome(p).map_err(oracle_stopped)?;
                if says != truth {
                    Err(CaseError::Disagree(format!(
                        "the fast path says outcome {says}, the search of the moves {truth}"
                    )))
                } else if by_value != truth {
                    Err(CaseError::Disagree(format!(
                        "the fast value's outcome is {by_value}, the search of the moves {truth}"
                    )))
                } else {
                    Ok(())
                }
            }),
            property::<G>("sum_matches_joint_search", small.clone(), |g, p| {
                // p plus each position of size 2: the sum of the fast values against the
                // joint search of the whole sum, and against its tree by the definition.
                let v = g.fast_case(p)?;
                let others = g.small().get(2).cloned().unwrap_or_default();
                for q in others.iter().take(4) {
                    let w = g.fast_case(q)?;
                    let sum = v + w;
                    let rules = g.rules();
                    let joint = SumOf(&rules);
                    let pair = vec![p.clone(), q.clone()];
                    let mut s = OutcomeSearch::new(&joint, ORACLE_BUDGET);
                    let truth = OutcomeClass::of(
                        s.wins(&pair, true).map_err(oracle_stopped)?,
                        s.wins(&pair, false).map_err(oracle_stopped)?,
                    );
                    if sum.outcome() != truth {
                        return Err(CaseError::Disagree(format!(
                            "{v} + {w} = {sum} has outcome {}, the joint search of {} + {} says {truth}",
                            sum.outcome(),
                            g.game.show(p),
                            g.game.show(q)
                        )));
                    }
                    let mut forest = Forest::new();
                    let tree = forest
                        .from_rules(&joint, &pair, ORACLE_BUDGET)
                        .map_err(oracle_stopped)?;
                    let planted = plant(&mut forest, sum, &mut std::collections::HashMap::new());
                    if !forest.equal(tree, planted) {
                        return Err(CaseError::Disagree(format!(
                            "{v} + {w} = {sum}, but the joint tree of {} + {} is not equal to it by the definition",
                            g.game.show(p),
                            g.game.show(q)
                        )));
                    }
                }
                Ok(())
            }),
            property::<G>("temperature_matches_cooling", small.clone(), |g, p| {
                let v = g.fast_case(p)?;
                let (t, m) = (v.temperature(), v.mean());
                match temperature_by_cooling(v) {
                    Some((ct, cm)) if (ct, cm) == (t, m) => Ok(()),
                    Some((ct, cm)) => Err(CaseError::Disagree(format!(
                        "the thermograph of {v} says temperature {t} and mean {m}, cooling says {ct} and {cm}"
                    ))),
                    None => Ok(()),
                }
            }),
        ];
        for (name, check) in self.game.cross_checks() {
            out.push(Property {
                name,
                share: Share { times: 1, per: 200 },
                cases: small.clone(),
                check: Box::new(move |g: &PartizanProblem<G>, p: &G::Position| {
                    check(&g.game, p).map_err(CaseError::from)
                }),
            });
        }
        out
    }

    fn regressions(&self) -> &'static str {
        self.regressions
    }

    fn search_budget(&self) -> u64 {
        20_000
    }
}

impl<G: Family> ContestFormat for PartizanProblem<G> {
    fn constraints(&self) -> Result<Constraints, String> {
        Ok(Constraints {
            dimensions: vec![
                Dimension::cases_per_input(self.game.format().t_range().map_or(1, |t| *t.end())),
                Dimension {
                    flag: "size",
                    label: "size",
                    min: 1,
                    start: 1,
                    contest: self.game.oracle_size().min(self.game.max_size()),
                    extended: self.game.max_size(),
                    limit: self.game.max_size(),
                },
            ],
        })
    }

    fn read_cases(&self, tokens: &mut Tokens<'_>) -> Result<Vec<G::Position>, InputError> {
        let t = by_format::read_t(&self.game.format(), tokens)?;
        let mut cases = Vec::with_capacity(t.min(1024) as usize);
        for _ in 0..t {
            cases.push(self.game.read(tokens)?);
        }
        tokens.end_of_input("the last position")?;
        Ok(cases)
    }

    fn case_from_numbers(&self, _: &[u64]) -> Result<G::Position, String> {
        Err(format!(
            "a {} position is not a list of numbers: replay it with `solve`, whose input the report shows",
            G::NAME
        ))
    }

    fn numbers_text(&self) -> &'static str {
        "the position as solve reads it, its lines as words (`2 2 .. ..`, `BR`)"
    }

    fn case_from_words(&self, words: &[String]) -> Result<G::Position, String> {
        let text = words.join(" ");
        let mut tokens = Tokens::new(text.as_bytes());
        let p = self.game.read(&mut tokens).map_err(|e| e.to_string())?;
        tokens.end_of_input("the position").map_err(|e| e.to_string())?;
        Ok(p)
    }

    fn write_case(&self, p: &G::Position) -> String {
        self.game.write(p)
    }

    fn write_answer(&self, a: &Answer) -> String {
        a.to_string()
    }

    fn read_answer(&self, token: &str) -> Result<Answer, String> {
        match self.ask {
            Ask::Value => token
                .parse()
                .map(Answer::Value)
                .map_err(|e: super::ValueError| e.to_string()),
            Ask::Outcome => token.parse().map(Answer::Outcome),
            Ask::Mean | Ask::Temperature => token.parse().map(Answer::Number),
        }
    }

    fn read_answer_words(&self, words: &[&str]) -> Result<Answer, String> {
        match (self.ask, words) {
            (Ask::Value, [_, ..]) => self.read_answer(&words.join(" ")),
            (_, [word]) => self.read_answer(word),
            _ => Err(format!("expected one answer ({} token(s))", words.len())),
        }
    }

    fn extent(&self, cases: &[G::Position]) -> Vec<(&'static str, u64)> {
        vec![
            ("cases", cases.len() as u64),
            ("size", cases.iter().map(|p| self.game.size(p)).max().unwrap_or(0)),
        ]
    }

    fn generate(&self, rng: &mut rand_chacha::ChaCha8Rng, bounds: &Bounds) -> Vec<G::Position> {
        let t = bounds.draw_cases(rng);
        let size = bounds.max_or("size", self.game.oracle_size());
        (0..t).filter_map(|_| self.game.random(rng, size)).collect()
    }
}

impl<G: Family> Claims for PartizanProblem<G> {
    /// [`Claims::judged_reference`]'s answer; where no search answers, the number 0 named
    /// `no answer` (the engine asks [`Claims::judged_reference`], which leaves such a case
    /// unjudged).
    fn reference(&self, p: &G::Position) -> (Answer, &'static str) {
        self.judged_reference(p)
            .unwrap_or((Answer::Number(Dyadic::ZERO), "no answer"))
    }

    fn judged_reference(&self, p: &G::Position) -> Result<(Answer, &'static str), String> {
        if self.ask == Ask::Outcome
            && self.in_reach(p)
            && let Ok(o) = self.searched_outcome(p)
        {
            return Ok((Answer::Outcome(o), "outcome search"));
        }
        // The canonical form from the moves, never the family's fast path: a claim about a
        // closed form is judged by the game itself.
        let v = lock(&self.values).of(p).map_err(|e| e.to_string())?;
        Ok((self.answer_of(v), "canonical form"))
    }

    fn exhaustive(&self) -> Domain<'_, G::Position> {
        if let Some(p) = self.game.flagged_position() {
            return Domain {
                cases: Box::new(std::iter::once(p)),
                description: "the board the flags name".into(),
                separator: ", ",
                standing: Least::Proven,
                refine: false,
            };
        }
        let top = self.game.oracle_size();
        let standing = match self.game.enumerated() {
            Some(what) => Least::Bounded {
                searched: what.to_owned(),
            },
            None => Least::Proven,
        };
        Domain {
            cases: Box::new(
                self.small()
                    .iter()
                    .flatten()
                    .cloned()
                    .collect::<Vec<_>>()
                    .into_iter(),
            ),
            description: format!("positions of size at most {top}"),
            separator: ", ",
            standing,
            refine: false,
        }
    }

    fn random(&self) -> Sample<G::Position> {
        if let Some(p) = self.game.flagged_position() {
            return Sample {
                cases: Just(p).boxed(),
                description: "the board the flags name".into(),
                separator: ", ",
            };
        }
        Sample {
            cases: self.positions(),
            description: format!("random positions of size at most {}", self.game.oracle_size()),
            separator: ", ",
        }
    }

    fn least_budget(&self) -> u64 {
        20_000
    }

    fn reference_text(&self) -> String {
        "the canonical form from the moves (the outcome search of the moves for outcome classes)".into()
    }

    fn audit(&self, p: &G::Position) -> Option<Result<(), String>> {
        if self.ask != Ask::Value || !self.in_reach(p) {
            return None;
        }
        let v = self.fast_value(p).map_err(|e| e.to_string());
        Some(v.and_then(|v| self.definition_agrees(p, v).map_err(|e| e.to_string())))
    }
}

impl<G: Family> PartizanProblem<G> {
    /// Returns the same game asked `ask`.
    pub(crate) fn asking(&self, ask: Ask) -> PartizanProblem<G> {
        let limits = lock(&self.values).limits();
        let mut p = PartizanProblem::new((*self.game).clone(), ask).with_limits(limits);
        p.args = self.args.clone();
        p
    }
}
