//! What an interactive run played, kept with its judgement: the transcript of the failing
//! game (each move with the position after it and the oracle's verdict on it) and the
//! games to replay.

use serde::Serialize;

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    Program,
    Judge,
}

/// One line of a transcript.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// Who wrote it.
    pub by: Player,
    /// What was written (a move, a side, an end token, or what the program wrote that
    /// was no move). A byte the program wrote that is not UTF-8 is kept as the character
    /// U+10FF00 plus the byte, which the printed transcript shows `\xNN`; JSON has U+FFFD
    /// there, as for a batch run's `actual`.
    #[serde(serialize_with = "lossy")]
    pub wrote: String,
    /// The position after it, as the game describes it.
    pub position: String,
    /// The oracle's verdict on it: `keeps the win (lost in 4)`, `throws the win away`, the
    /// judge's defence, …
    pub note: String,
    /// How the judge chose its move (judge's moves only): `fastest-win`, `longest`,
    /// `random`, `keep-draw`, `fast-path-win`, `fast-path-defence`, `scripted`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defence: Option<&'static str>,
}

/// Serializes `text` with each byte mark ([`crate::shown::marked`]) as U+FFFD.
fn lossy<S: serde::Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&crate::shown::lossy(text))
}

/// One game as played: its start and every line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Transcript {
    /// The game's number in its run, from 1.
    pub game: usize,
    /// The start, as the game describes it.
    pub start: String,
    /// The start's lines, as the judge wrote them.
    pub start_text: String,
    pub entries: Vec<Entry>,
    /// Moves made by both players.
    pub moves: usize,
}

impl Transcript {
    /// Returns the transcript as text: the start, then a line per entry.
    pub fn to_text(&self) -> String {
        let mut out = format!("game {}: start {}\n", self.game, self.start);
        let width = self
            .entries
            .iter()
            .map(|e| e.wrote.len())
            .max()
            .unwrap_or(0)
            .min(24);
        for e in &self.entries {
            let who = match e.by {
                Player::Program => "program",
                Player::Judge => "judge  ",
            };
            let wrote = crate::shown::escaped(e.wrote.as_bytes(), 60);
            out.push_str(&format!(
                "  {who} {wrote:<width$}  → {:<20} {}\n",
                e.position, e.note
            ));
        }
        out
    }
}

/// What an interactive run played, beside its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The failing game (the last one played), as played.
    pub transcript: Transcript,
    /// The games to replay them (`replay.json`): each start, the judge's policy and the
    /// moves it played.
    pub replay: String,
    /// Games and moves played.
    pub games: u64,
    pub moves: u64,
}
