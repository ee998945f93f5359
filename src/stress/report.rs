//! The outcome of a stress run: text for people, JSON for tools, files for replaying.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::generate::{Game, Input};
use super::judge::{Judgement, Verdict};
use super::run::RunOutcome;
use super::shrink::{Least, Shrunk};
use super::{Config, StressError};

/// A failing input, shrunk unless replayed, with what the solution did on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// 1-based number of the generated input that failed first; 0 for a replay.
    pub index: usize,
    /// Why the original (unshrunk) input failed.
    pub original_detail: String,
    pub input: Input,
    pub judgement: Judgement,
    pub run: RunOutcome,
    /// Shrinking runs and how far the result is known least; `None` for a replay.
    pub shrink: Option<(usize, Least)>,
    /// Files written: input, expected, actual, stderr.
    pub files: Vec<PathBuf>,
    /// A command that reruns the solution on the written input.
    pub replay: Option<String>,
}

/// The report of a stress run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub game: Game,
    pub seed: u64,
    pub verdict: Verdict,
    /// Inputs judged: all of them when every one passed, else up to the first failure.
    pub cases: usize,
    pub failure: Option<Failure>,
}

#[derive(Serialize)]
struct Json<'a> {
    verdict: Verdict,
    input: String,
    expected: &'a str,
    actual: String,
    cases: usize,
    seed: u64,
}

fn write_file(path: &Path, data: &[u8]) -> Result<(), StressError> {
    std::fs::write(path, data).map_err(|source| StressError::Io {
        what: "cannot write",
        path: path.to_owned(),
        source,
    })
}

impl Report {
    pub(crate) fn passed(config: &Config, cases: usize) -> Report {
        Report {
            game: config.game,
            seed: config.seed,
            verdict: Verdict::Ok,
            cases,
            failure: None,
        }
    }

    pub(crate) fn replayed(config: &Config, input: Input, judgement: Judgement, run: RunOutcome) -> Report {
        let verdict = judgement.verdict;
        Report {
            game: config.game,
            seed: config.seed,
            verdict,
            cases: 1,
            failure: (verdict != Verdict::Ok).then(|| Failure {
                index: 0,
                original_detail: judgement.detail.clone(),
                input,
                judgement,
                run,
                shrink: None,
                files: Vec::new(),
                replay: None,
            }),
        }
    }

    pub(crate) fn failed(
        config: &Config,
        index: usize,
        original_detail: String,
        shrunk: Shrunk,
    ) -> Result<Report, StressError> {
        let dir = &config.out_dir;
        std::fs::create_dir_all(dir).map_err(|source| StressError::Io {
            what: "cannot create the output directory",
            path: dir.clone(),
            source,
        })?;
        let files = ["input.txt", "expected.txt", "actual.txt", "stderr.txt"].map(|name| dir.join(name));
        let input_text = shrunk.input.to_text();
        write_file(&files[0], input_text.as_bytes())?;
        write_file(&files[1], shrunk.judgement.expected.as_bytes())?;
        write_file(&files[2], &shrunk.run.stdout)?;
        write_file(&files[3], &shrunk.run.stderr)?;
        let input_path = files[0].to_string_lossy();
        let replay = format!(
            "gamecheck stress {}{} --solution {} --timeout-ms {} --max-output-bytes {} --replay {}",
            config.game.name(),
            match config.game {
                Game::Games => config.games.flags(),
                Game::Chopsticks => String::new(),
            },
            shell_words::quote(&config.solution.display()),
            config.limits.timeout.as_millis(),
            config.limits.max_output_bytes,
            shell_words::quote(&input_path),
        );
        Ok(Report {
            game: config.game,
            seed: config.seed,
            verdict: shrunk.judgement.verdict,
            cases: index + 1,
            failure: Some(Failure {
                index: index + 1,
                original_detail,
                input: shrunk.input,
                judgement: shrunk.judgement,
                run: shrunk.run,
                shrink: Some((shrunk.runs, shrunk.least)),
                files: files.to_vec(),
                replay: Some(replay),
            }),
        })
    }

    /// Returns the process exit code: 0 when every input passed, 1 on a failure.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::{Game, Report, Verdict};
    /// let report = Report { game: Game::Games, seed: 1, verdict: Verdict::Ok, cases: 5, failure: None };
    /// assert_eq!(report.exit_code(), 0);
    /// ```
    pub fn exit_code(&self) -> u8 {
        u8::from(self.verdict != Verdict::Ok)
    }

    /// Returns the report as one JSON object with `verdict`, `input` (the shrunk failing
    /// input, empty when ok), `expected`, `actual`, `cases` and `seed`.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(size of the failing input and outputs).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::{Game, Report, Verdict};
    /// let report = Report { game: Game::Games, seed: 1, verdict: Verdict::Ok, cases: 5, failure: None };
    /// assert_eq!(
    ///     report.to_json(),
    ///     r#"{"verdict":"ok","input":"","expected":"","actual":"","cases":5,"seed":1}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        let failure = self.failure.as_ref();
        let json = Json {
            verdict: self.verdict,
            input: failure.map(|f| f.input.to_text()).unwrap_or_default(),
            expected: failure.map_or("", |f| f.judgement.expected.as_str()),
            actual: failure
                .map(|f| String::from_utf8_lossy(&f.run.stdout).into_owned())
                .unwrap_or_default(),
            cases: self.cases,
            seed: self.seed,
        };
        // A struct of strings and integers always serializes.
        serde_json::to_string(&json).unwrap_or_default()
    }

    /// Returns the report for people: the verdict, and for a failure the shrunk input,
    /// expected and actual output, the files written and the replay command.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(size of the failing input and outputs).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::{Game, Report, Verdict};
    /// let report = Report { game: Game::Chopsticks, seed: 3, verdict: Verdict::Ok, cases: 5, failure: None };
    /// assert_eq!(report.to_text(), "ok: all 5 inputs passed (seed 3)\n");
    /// ```
    pub fn to_text(&self) -> String {
        let Some(f) = &self.failure else {
            return format!("ok: all {} inputs passed (seed {})\n", self.cases, self.seed);
        };
        let mut out = String::new();
        // Writing to a String cannot fail.
        if f.index == 0 {
            let _ = writeln!(out, "{}: {}", self.verdict, f.judgement.detail);
        } else {
            let _ = writeln!(
                out,
                "{} on input {} (seed {}): {}",
                self.verdict, f.index, self.seed, f.original_detail
            );
        }
        if let Some((runs, least)) = f.shrink {
            let how = match least {
                Least::Proven => "least: every smaller input was run",
                Least::Greedy => "greedy: the space below was too large to enumerate",
                Least::BudgetExhausted => "stopped: shrink run budget exhausted",
            };
            let _ = writeln!(out, "shrunk in {runs} runs ({how}): {}", f.judgement.detail);
        }
        // Long outputs are cut here; the files hold them whole.
        let indent = |text: &str| -> String {
            const SHOWN: usize = 20;
            let lines: Vec<&str> = text.lines().collect();
            let mut out: String = lines.iter().take(SHOWN).map(|l| format!("    {l}\n")).collect();
            if lines.is_empty() {
                out.push_str("    (empty)\n");
            } else if lines.len() > SHOWN {
                out.push_str(&format!("    … {} more lines\n", lines.len() - SHOWN));
            }
            out
        };
        let _ = write!(out, "input:\n{}", indent(&f.input.to_text()));
        let _ = write!(out, "expected:\n{}", indent(&f.judgement.expected));
        let _ = write!(
            out,
            "actual:\n{}",
            indent(&String::from_utf8_lossy(&f.run.stdout))
        );
        if !f.run.stderr.is_empty() {
            let stderr = String::from_utf8_lossy(&f.run.stderr);
            let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            let _ = write!(out, "stderr (last lines):\n{}", indent(&tail.join("\n")));
        }
        if !f.files.is_empty() {
            let names: Vec<String> = f.files.iter().map(|p| p.display().to_string()).collect();
            let _ = writeln!(out, "files: {}", names.join(", "));
        }
        if let Some(replay) = &f.replay {
            let _ = writeln!(out, "replay: {replay}");
        }
        out
    }
}
