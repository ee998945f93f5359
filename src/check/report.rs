//! Campaign reports: the table users read and the JSON tools read.

use std::fmt::Write as _;
use std::time::Duration;

use serde::Serialize;

use super::property::Unjudged;
use crate::problem::Least;

/// The verdict of one property: `disagree` when a case disagreed, `unjudged` when no case
/// could be judged, else `agree` (some cases may be unjudged: see [`Row::unjudged`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Agreement {
    Agree,
    Disagree,
    Unjudged,
}

/// A case kept in the regressions file that no longer disagrees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StaleEntry {
    /// The case, as in a counterexample.
    pub case: serde_json::Value,
    /// `agree`, or why it is not judged now.
    pub now: String,
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
    pub verdict: Agreement,
    pub failure: Option<Failure>,
    /// The cases no side could judge, by the budget that stopped them.
    pub unjudged: Unjudged,
    /// Kept regressions that no longer disagree (replayed, not failed).
    pub stale: Vec<StaleEntry>,
}

/// Serializes a duration as whole milliseconds, the `time_ms` of every report.
pub(crate) fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    // Saturating: a time beyond u64::MAX ms is not wrapped to a small one.
    s.serialize_u64(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// A whole campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CampaignReport {
    pub seed: u64,
    pub rows: Vec<Row>,
}

impl CampaignReport {
    /// Returns whether no property disagreed: unjudged cases are no disagreement.
    ///
    /// # Complexity
    /// O(rows).
    ///
    /// # Example
    /// ```
    /// use gamecheck::check::CampaignReport;
    /// assert!(CampaignReport { seed: 1, rows: vec![] }.all_agree());
    /// ```
    pub fn all_agree(&self) -> bool {
        self.rows.iter().all(|r| r.verdict != Agreement::Disagree)
    }

    /// Returns the report as a table, then each disagreement in full.
    ///
    /// # Complexity
    /// O(size of the report).
    ///
    /// # Example
    /// ```
    /// use gamecheck::check::CampaignReport;
    /// assert!(CampaignReport { seed: 1, rows: vec![] }.to_table().contains("seed 1"));
    /// ```
    pub fn to_table(&self) -> String {
        let mut out = String::new();
        let w = self.rows.iter().map(|r| r.game.len()).max().unwrap_or(0).max(11);
        let _ = writeln!(
            out,
            "{:<w$} {:<52} {:>9} {:>9} {:>9}  verdict",
            "game", "property", "cases", "unjudged", "time"
        );
        for r in &self.rows {
            let verdict = match r.verdict {
                Agreement::Agree => "agree",
                Agreement::Disagree => "DISAGREE",
                Agreement::Unjudged => "unjudged",
            };
            let time = format!("{:.2} s", r.elapsed.as_secs_f64());
            let _ = writeln!(
                out,
                "{:<w$} {:<52} {:>9} {:>9} {:>9}  {verdict}",
                r.game, r.property, r.cases, r.unjudged.cases, time
            );
        }
        let failed = self
            .rows
            .iter()
            .filter(|r| r.verdict == Agreement::Disagree)
            .count();
        let total: u64 = self.rows.iter().map(|r| r.cases).sum();
        let unjudged: u64 = self.rows.iter().map(|r| r.unjudged.cases).sum();
        let _ = writeln!(
            out,
            "seed {}: {} properties, {total} cases, {}{}",
            self.seed,
            self.rows.len(),
            if failed == 0 {
                "all agree".to_owned()
            } else {
                format!("{failed} DISAGREE")
            },
            if unjudged == 0 {
                String::new()
            } else {
                format!(" ({unjudged} cases unjudged: not counterexamples)")
            }
        );
        for r in &self.rows {
            if r.unjudged.cases == 0 && r.stale.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                "\n{} / {}: {} of {} cases unjudged",
                r.game, r.property, r.unjudged.cases, r.cases
            );
            for s in &r.unjudged.by {
                let _ = writeln!(
                    out,
                    "  {} stopped by the {}; the first: {}",
                    s.cases, s.budget, s.example
                );
            }
            for s in &r.stale {
                let _ = writeln!(
                    out,
                    "  kept regression {} no longer disagrees: {}; delete its line to stop replaying it",
                    s.case, s.now
                );
            }
        }
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
