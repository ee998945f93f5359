//! Campaign reports: the table users read and the JSON tools read.

use std::fmt::Write as _;
use std::time::Duration;

use serde::Serialize;

use crate::problem::Least;

/// The verdict of one property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Agree,
    Disagree,
}

/// A disagreement, reduced to its least counterexample.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The least counterexample: `[a, c, b, d]` or `{"values": [...], "K": K}`.
    pub counterexample: serde_json::Value,
    /// Whether smaller candidates were all checked.
    pub least: Least,
    /// What proptest's shrinking stopped at, before the search below it.
    pub shrunk: serde_json::Value,
    /// Each implementation's answer at the counterexample.
    pub answers: Vec<Answer>,
    /// Why the property failed there.
    pub message: String,
    /// A command that replays the counterexample.
    pub repro: String,
}

/// One implementation's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    pub implementation: String,
    pub answer: String,
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    pub game: &'static str,
    pub property: &'static str,
    pub cases: u64,
    #[serde(rename = "time_ms", serialize_with = "millis")]
    pub elapsed: Duration,
    pub verdict: Verdict,
    pub failure: Option<Failure>,
}

/// Serializes a duration as whole milliseconds, the `time_ms` of every report.
pub(crate) fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    // Saturating: a time beyond u64::MAX ms is not wrapped to a small one.
    s.serialize_u64(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// A whole campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    pub seed: u64,
    pub rows: Vec<Row>,
}

impl Report {
    /// Returns whether every property agreed.
    ///
    /// # Complexity
    /// O(rows).
    ///
    /// # Example
    /// ```
    /// use gamecheck::check::Report;
    /// assert!(Report { seed: 1, rows: vec![] }.all_agree());
    /// ```
    pub fn all_agree(&self) -> bool {
        self.rows.iter().all(|r| r.verdict == Verdict::Agree)
    }

    /// Returns the report as a table, then each disagreement in full.
    ///
    /// # Complexity
    /// O(size of the report).
    ///
    /// # Example
    /// ```
    /// use gamecheck::check::Report;
    /// assert!(Report { seed: 1, rows: vec![] }.to_table().contains("seed 1"));
    /// ```
    pub fn to_table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<11} {:<52} {:>9} {:>9}  verdict",
            "game", "property", "cases", "time"
        );
        for r in &self.rows {
            let verdict = match r.verdict {
                Verdict::Agree => "agree",
                Verdict::Disagree => "DISAGREE",
            };
            let time = format!("{:.2} s", r.elapsed.as_secs_f64());
            let _ = writeln!(
                out,
                "{:<11} {:<52} {:>9} {:>9}  {verdict}",
                r.game, r.property, r.cases, time
            );
        }
        let failed = self
            .rows
            .iter()
            .filter(|r| r.verdict == Verdict::Disagree)
            .count();
        let total: u64 = self.rows.iter().map(|r| r.cases).sum();
        let _ = writeln!(
            out,
            "seed {}: {} properties, {total} cases, {}",
            self.seed,
            self.rows.len(),
            if failed == 0 {
                "all agree".to_owned()
            } else {
                format!("{failed} DISAGREE")
            }
        );
        for r in &self.rows {
            if let Some(f) = &r.failure {
                let _ = writeln!(out, "\n{} / {}: {}", r.game, r.property, f.message);
                let least = &f.least;
                let _ = writeln!(out, "  counterexample ({least}): {}", f.counterexample);
                let _ = writeln!(out, "  proptest shrank to: {}", f.shrunk);
                for a in &f.answers {
                    let _ = writeln!(out, "  {:<12} {}", a.implementation, a.answer);
                }
                let _ = writeln!(out, "  replay: {}", f.repro);
            }
        }
        out
    }
}
