//! What a checked claim ends as: refuted with its least counterexample, or holding with
//! the evidence.

use std::time::Duration;

use serde::Serialize;

use crate::problem::Least;

/// Refuted, holds, or unjudged: no case could be judged (the reference's searches out of
/// their budget), so nothing is known either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimVerdict {
    Holds,
    Refuted,
    Unjudged,
}

impl std::fmt::Display for ClaimVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ClaimVerdict::Holds => "holds",
            ClaimVerdict::Refuted => "refuted",
            ClaimVerdict::Unjudged => "unjudged",
        })
    }
}

/// The result of checking one claim.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimReport {
    pub id: String,
    pub game: &'static str,
    pub claim: String,
    pub verdict: ClaimVerdict,
    /// The verdict the catalog expects; absent for a typed claim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<ClaimVerdict>,
    /// `[a, c, b, d]`, `{"values": [...], "K": K}` or a position's piles; null when it holds.
    pub counterexample: serde_json::Value,
    /// Whether every candidate before the counterexample was checked.
    pub least: Option<Least>,
    /// What the claim and the reference say at the counterexample.
    pub claim_says: Option<String>,
    pub truth: Option<String>,
    /// Cases checked: the exhaustive range, then random ones.
    pub cases: u64,
    pub exhaustive: String,
    pub random: String,
    pub reference: String,
    pub notes: Vec<String>,
    /// The run budget that stopped the check before its cases were all run, and how far
    /// it got; absent when every case ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<String>,
    #[serde(rename = "time_ms", serialize_with = "crate::check::millis")]
    pub elapsed: Duration,
}

/// Where a refuted claim fails, and what the claim and the reference say there.
pub struct Refutation {
    pub counterexample: serde_json::Value,
    pub least: Least,
    pub claim_says: String,
    pub truth: String,
}

/// What a check of a claim covered.
pub struct Evidence {
    pub cases: u64,
    pub exhaustive: String,
    pub random: String,
    pub reference: String,
}

impl ClaimReport {
    /// Returns the report of claim `id` on `game`: refuted when `refutation` is given,
    /// else holding, with the evidence either way.
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::{ClaimReport, ClaimVerdict, Evidence};
    /// let evidence = Evidence { cases: 3, exhaustive: "3".into(), random: "none".into(), reference: "r".into() };
    /// let r = ClaimReport::new("x", "chopsticks", "n > m", None, evidence, Vec::new(), Default::default());
    /// assert_eq!(r.verdict, ClaimVerdict::Holds);
    /// ```
    pub fn new(
        id: &str,
        game: &'static str,
        claim: &str,
        refutation: Option<Refutation>,
        evidence: Evidence,
        notes: Vec<String>,
        elapsed: Duration,
    ) -> ClaimReport {
        let verdict = if refutation.is_some() {
            ClaimVerdict::Refuted
        } else {
            ClaimVerdict::Holds
        };
        let (counterexample, least, claim_says, truth) = match refutation {
            Some(r) => (r.counterexample, Some(r.least), Some(r.claim_says), Some(r.truth)),
            None => (serde_json::Value::Null, None, None, None),
        };
        ClaimReport {
            id: id.to_owned(),
            game,
            claim: claim.to_owned(),
            verdict,
            expected: None,
            counterexample,
            least,
            claim_says,
            truth,
            cases: evidence.cases,
            exhaustive: evidence.exhaustive,
            random: evidence.random,
            reference: evidence.reference,
            notes,
            stopped_by: None,
            elapsed,
        }
    }

    /// Returns whether the verdict is the expected one (a typed claim expects none), or
    /// the run budget stopped the claim before a refutation.
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::{ClaimReport, ClaimVerdict, Evidence};
    /// let evidence = Evidence { cases: 3, exhaustive: "3".into(), random: "none".into(), reference: "r".into() };
    /// let mut r = ClaimReport::new("x", "chopsticks", "n > m", None, evidence, Vec::new(), Default::default());
    /// assert!(r.as_expected());
    /// r.expected = Some(ClaimVerdict::Refuted);
    /// assert!(!r.as_expected());
    /// assert!(r.to_text().contains("UNEXPECTED VERDICT: the catalog expects refuted"));
    /// ```
    pub fn as_expected(&self) -> bool {
        // A claim the run budget stopped unrefuted is not evidence against a refutation
        // expected, as `check` counts the cases its budget left out as no disagreement.
        self.expected.is_none_or(|e| e == self.verdict)
            || (self.stopped_by.is_some() && self.verdict != ClaimVerdict::Refuted)
    }

    /// Returns the report as a few lines for people.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::check_chopsticks_expr;
    /// let r = check_chopsticks_expr("n > m", 1, 100).unwrap();
    /// assert!(r.to_text().starts_with("claim [chopsticks]: refuted at [0,1,0,1]"));
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = match self.verdict {
            ClaimVerdict::Holds => format!("{} [{}]: holds\n  claim: {}\n", self.id, self.game, self.claim),
            ClaimVerdict::Unjudged => format!(
                "{} [{}]: unjudged: no case could be judged\n  claim: {}\n",
                self.id, self.game, self.claim
            ),
            ClaimVerdict::Refuted => format!(
                "{} [{}]: refuted at {}{}\n  claim: {}\n  claim says {}; truth: {}\n",
                self.id,
                self.game,
                self.counterexample,
                self.least.as_ref().map_or(String::new(), |l| format!(" ({l})")),
                self.claim,
                self.claim_says.as_deref().unwrap_or("?"),
                self.truth.as_deref().unwrap_or("?"),
            ),
        };
        out.push_str(&format!(
            "  evidence: {} cases; exhaustive: {}; random: {}; reference: {}; {:.2} s\n",
            self.cases,
            self.exhaustive,
            self.random,
            self.reference,
            self.elapsed.as_secs_f64()
        ));
        for n in &self.notes {
            out.push_str(&format!("  note: {n}\n"));
        }
        if let Some(expected) = self.expected.filter(|_| !self.as_expected()) {
            out.push_str(&format!("  UNEXPECTED VERDICT: the catalog expects {expected}\n"));
        }
        out
    }
}
