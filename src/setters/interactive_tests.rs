//! A judge's test set for an interactive game: a test is the starts the interactor reads
//! (T and each game's start), and a wrong program is killed by a test when the interactor
//! rejects it there, playing as `interact` plays (its seed a hash of the test). The
//! candidates are the inputs interactive `stress` failed each wrong program on (as drawn
//! and shrunk) and one input of each of stress's generators.

use std::collections::BTreeSet;
use std::path::PathBuf;

use super::test_set::{Kill, STRESS_INPUTS, Test, TestSet, TestSetConfig, runnable};
use crate::interactive::InteractiveCommand;
use crate::stress::{Generator, Solution, StressError, Verdict};

/// Inputs of stress's generators looked at for the coverage tests.
const DRAWN: usize = 120;

/// Returns the test set of the interactive game `game` for `config`: the inputs
/// interactive stress (seeded by `config.seed`) failed each wrong program on, shrunk and
/// as first drawn, then two small inputs and one of each other generator of stress;
/// each run against every wrong program not yet killed as the interactor judges it.
/// A candidate that kills no new program and is not the first of its generator is
/// dropped. The answer files are empty: the interactor judges.
///
/// # Errors
/// The stress engine's: a wrong program that cannot be built or started, a judge that
/// finds no move.
pub fn interactive_test_set(
    game: &dyn InteractiveCommand,
    config: &TestSetConfig,
) -> Result<TestSet, StressError> {
    let stress_config = |solution: &Solution, out_dir: Option<PathBuf>| crate::stress::Config {
        problem_args: config.problem_args.clone(),
        solution: solution.clone(),
        seed: config.seed,
        cases: STRESS_INPUTS,
        jobs: 1,
        limits: config.limits,
        shrink: config.shrink,
        out_dir,
        build_dir: config.build_dir.clone(),
        ..crate::stress::Config::default()
    };
    let mut candidates: Vec<(String, &'static str)> = Vec::new();
    let mut kills = Vec::new();
    for (i, wrong) in config.wrong.iter().enumerate() {
        let dir = std::env::temp_dir().join(format!("gamecheck-tests-{}-{i}", std::process::id()));
        let report = game.stress(&stress_config(wrong, Some(dir.clone())), &());
        std::fs::remove_dir_all(&dir).ok();
        let failure = report?.failure;
        if let Some(f) = &failure {
            candidates.push((f.input.clone(), "kills"));
            candidates.push((f.original_input.clone(), "kills"));
        }
        kills.push(Kill {
            program: wrong.display(),
            test: None,
            verdict: None,
            detail: String::new(),
            shrunk: failure.map(|f| f.input),
        });
    }
    let drawn = game.inputs(&stress_config(&Solution::parse("true")?, None), DRAWN)?;
    let small = drawn.iter().filter(|d| d.0 == Generator::SmallValues).take(2);
    let others = drawn.iter().filter(|d| d.0 != Generator::SmallValues);
    for (generator, text, _) in small.chain(others) {
        candidates.push((text.clone(), generator.name()));
    }
    let programs = config
        .wrong
        .iter()
        .map(|w| runnable(w, config.build_dir.as_deref()))
        .collect::<Result<Vec<_>, _>>()?;
    let mut covered = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let (mut tests, mut dropped, mut over_limit) = (Vec::new(), 0, 0);
    for (input, kind) in candidates {
        let Ok(cases) = super::validate_starts(game, input.as_bytes()) else {
            dropped += 1;
            continue;
        };
        if !seen.insert(input.clone()) {
            dropped += 1;
            continue;
        }
        let mut judged = Vec::new();
        for (i, program) in programs.iter().enumerate() {
            if kills[i].test.is_some() {
                continue;
            }
            let judgement = game.play_test(input.as_bytes(), program, &config.limits)?;
            if judgement.verdict != Verdict::Ok {
                judged.push((i, judgement));
            }
        }
        let covers: Vec<String> = match kind {
            "kills" => Vec::new(),
            kind => vec![format!("a {kind} input")],
        };
        let covers: Vec<String> = covers.into_iter().filter(|c| !covered.contains(c)).collect();
        if judged.is_empty() && covers.is_empty() {
            dropped += 1;
            continue;
        }
        if tests.len() >= config.max_tests {
            over_limit += 1;
            continue;
        }
        for (i, judgement) in &judged {
            kills[*i].test = Some(tests.len() + 1);
            kills[*i].verdict = Some(judgement.verdict);
            kills[*i].detail = judgement.detail.clone();
        }
        covered.extend(covers.iter().cloned());
        tests.push(Test {
            input,
            answer: String::new(),
            kind,
            cases,
            kills: judged.into_iter().map(|(i, _)| i).collect(),
            covers,
        });
    }
    Ok(TestSet {
        problem: config.problem_args.clone(),
        seed: config.seed,
        tests,
        kills,
        dropped,
        over_limit,
        max_t: 0,
        max_t_note: None,
    })
}
