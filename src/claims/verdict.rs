//! What a checked claim ends as: refuted with its least counterexample, or holding with
//! the evidence.

use std::time::Duration;

use serde::Serialize;

use crate::check::Least;

/// Refuted or holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimVerdict {
    Holds,
    Refuted,
}

/// The result of checking one claim.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimReport {
    pub id: String,
    pub game: &'static str,
    pub claim: String,
    pub verdict: ClaimVerdict,
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
    #[serde(rename = "time_ms", serialize_with = "millis")]
    pub elapsed: Duration,
}

fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(d.as_millis() as u64)
}

impl ClaimReport {
    /// Returns the report as a few lines for people.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(size of the report).
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::check_chopsticks_claim;
    /// let r = check_chopsticks_claim("n-gt-m", "n > m", &|s| Ok(s.hands() > s.opponent_hands()), 1, 100);
    /// assert!(r.to_text().contains("refuted"));
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = match self.verdict {
            ClaimVerdict::Holds => format!("{} [{}]: holds\n  claim: {}\n", self.id, self.game, self.claim),
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
        out
    }
}
