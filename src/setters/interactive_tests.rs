//! The step of [`test_set`](super::test_set()) for an interactive game: a test is the starts
//! the interactor reads (T and each game's start), and a wrong program is killed by a test
//! when the interactor rejects it there, playing as `interact` plays (its seed a hash of
//! the test). The candidates are the inputs interactive `stress` failed each wrong
//! program on (as drawn and shrunk) and one input of each of stress's generators.

use super::test_set::{Candidate, Ready, TestSet, TestSetConfig, TestStep, stress_config, test_set_with};
use crate::interactive::InteractiveCommand;
use crate::stress::{Failure, Generator, Judgement, Limits, Report, Solution, StressError};

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
    test_set_with(&Interactive(game, config.limits), config)
}

/// The interactive step: a candidate is the text of its starts; each wrong program is
/// run within the limits.
struct Interactive<'a>(&'a dyn InteractiveCommand, Limits);

impl TestStep for Interactive<'_> {
    type Cases = String;

    fn stress(&self, config: &crate::stress::Config) -> Result<Report, StressError> {
        self.0.stress(config, &())
    }

    fn kills(&self, failure: &Failure) -> Vec<String> {
        vec![failure.input.clone(), failure.original_input.clone()]
    }

    fn drawn(&self, config: &TestSetConfig) -> Result<Vec<Candidate<String>>, StressError> {
        let drawn = self
            .0
            .inputs(&stress_config(config, &Solution::parse("true")?, None), DRAWN)?;
        let small = drawn.iter().filter(|d| d.0 == Generator::SmallValues).take(2);
        let others = drawn.iter().filter(|d| d.0 != Generator::SmallValues);
        Ok(small
            .chain(others)
            .map(|(generator, text, _)| Candidate {
                cases: text.clone(),
                kind: generator.name(),
            })
            .collect())
    }

    fn input(&self, text: &String) -> String {
        text.clone()
    }

    fn ready(&self, _: &String, input: &str) -> Result<Option<Ready>, StressError> {
        Ok(super::validate_starts(self.0, input.as_bytes())
            .ok()
            .map(|cases| Ready {
                cases,
                answer: String::new(),
                covers: Default::default(),
            }))
    }

    fn judge(&self, program: &Solution, _: &String, input: &str) -> Result<Judgement, StressError> {
        self.0.play_test(input.as_bytes(), program, &self.1)
    }
}
