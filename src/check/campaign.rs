//! `gamecheck check`: every property of every problem under one seed.

use std::path::Path;

use super::property::{PropertyError, RunConfig, run_property};
use super::report::{Agreement, Answer, CampaignReport, Failure, Row, StaleEntry};
use crate::problem::{Least, Problem, Properties};

/// One problem's part of a campaign, with its type erased so that problems of different
/// types run in one list. Implemented for every [`Properties`].
pub trait Campaign: Sync {
    /// Returns the report rows of every property under `run.seed`, each on its share of
    /// `run.cases` cases; `tick` is called once per case. With a `run.budget` of CPU time
    /// (of the calling thread), each property gets what the ones before it left, split
    /// evenly among those still to run, and the cases past its share are counted
    /// unjudged ([`crate::problem::Budget::Run`]).
    fn rows(&self, run: RunConfig<'_>, tick: &(dyn Fn() + Sync)) -> Vec<Row>;

    /// Returns how many cases [`Campaign::rows`] runs for `cases`.
    fn case_count(&self, cases: u32) -> u64;
}

/// Returns the report form of a failure: the output edge, where typed cases and answers
/// become JSON and text.
pub(crate) fn failure_of<P: Problem>(problem: &P, error: PropertyError<P>) -> Failure {
    match error {
        PropertyError::Abort(reason) => Failure {
            counterexample: serde_json::Value::Null,
            least: Least::Bounded {
                searched: "nothing: the run was aborted".into(),
            },
            shrunk: serde_json::Value::Null,
            answers: Vec::new(),
            message: format!("aborted: {reason}"),
            repro: String::new(),
        },
        PropertyError::Fail(c) => Failure {
            counterexample: problem.to_json(&c.case),
            least: c.least,
            shrunk: problem.to_json(&c.shrunk),
            answers: c
                .evaluations
                .iter()
                .map(|e| Answer {
                    implementation: e.implementation.to_owned(),
                    answer: e.said.to_string(),
                })
                .collect(),
            message: c.reason,
            repro: problem.repro_command(&c.case),
        },
    }
}

impl<P: Properties> Campaign for P {
    fn rows(&self, run: RunConfig<'_>, tick: &(dyn Fn() + Sync)) -> Vec<Row> {
        let RunConfig {
            seed,
            cases,
            persist_in,
            budget,
        } = run;
        let properties = self.properties();
        let start = crate::budget::thread_cpu_time();
        properties
            .iter()
            .enumerate()
            .map(|(i, property)| {
                let left = budget.map(|b| {
                    let spent = crate::budget::thread_cpu_time().saturating_sub(start);
                    b.saturating_sub(spent) / (properties.len() - i) as u32
                });
                let config = RunConfig {
                    seed,
                    cases: property.share.of(cases),
                    persist_in,
                    budget: left,
                };
                let run = run_property(self, property, config, tick);
                let failure = run.result.err().map(|e| failure_of(self, e));
                let cases = u64::from(config.cases);
                Row {
                    game: self.game(),
                    property: property.name,
                    cases,
                    elapsed: run.elapsed,
                    verdict: match failure {
                        Some(_) => Agreement::Disagree,
                        None if run.unjudged.cases >= cases => Agreement::Unjudged,
                        None => Agreement::Agree,
                    },
                    failure,
                    unjudged: run.unjudged,
                    stale: run
                        .stale
                        .into_iter()
                        .map(|s| StaleEntry {
                            case: self.to_json(&s.case),
                            now: match s.now {
                                None => "agree".to_owned(),
                                Some(e) => e.to_string(),
                            },
                        })
                        .collect(),
                }
            })
            .collect()
    }

    fn case_count(&self, cases: u32) -> u64 {
        self.properties()
            .iter()
            .map(|p| u64::from(p.share.of(cases)))
            .sum()
    }
}

/// Returns the report of a campaign over `problems`: every property, `cases` cases per
/// unit share, all drawn from `seed`, failures kept under `persist_in`. `tick` is called
/// once per case.
///
/// # Complexity
/// O(cases) per property, plus building each problem's oracles on first use (about
/// 2.5 s for the Chopsticks table at L = 128).
///
/// # Example
/// ```
/// use gamecheck::check::{run_campaign, Campaign};
/// use gamecheck::game::{GameProblem, Question};
/// use gamecheck::moore::Moore;
/// let moore = GameProblem::new(Moore::new(6).unwrap(), Question::default()).unwrap();
/// let problems: [&dyn Campaign; 1] = [&moore];
/// let report = run_campaign(&problems, 11, 100, None, &|| {});
/// assert!(report.all_agree() && report.rows.iter().any(|r| r.property == "p_test_matches_game_search"));
/// ```
pub fn run_campaign(
    problems: &[&dyn Campaign],
    seed: u64,
    cases: u32,
    persist_in: Option<&Path>,
    tick: &(dyn Fn() + Sync),
) -> CampaignReport {
    let rows = problems
        .iter()
        .flat_map(|p| {
            let run = RunConfig {
                seed,
                cases,
                persist_in,
                budget: None,
            };
            p.rows(run, tick)
        })
        .collect();
    CampaignReport { seed, rows }
}
