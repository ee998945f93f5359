//! Verdicts on an interactive run, and the transcript of a game: each move with the
//! position after it and the oracle's verdict on it.

use serde::Serialize;

use super::strategy::Defence;

/// How a program fared in an interactive run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every game it could win was won, every draw kept, and it exited cleanly.
    Ok,
    /// An illegal move, the wrong side chosen, a won (or drawn) game lost, or a game not
    /// finished within the move limit.
    WrongAnswer,
    /// It wrote nothing within the time of a move while using no CPU time: it waits for
    /// input when it should write, or did not flush what it wrote.
    Idleness,
    /// It spent more than the CPU time of a move.
    Timeout,
    /// It exited with a non-zero code or a signal, or wrote more than the output cap.
    RuntimeError,
    /// A line that is not the protocol's tokens, or its output ended mid-game.
    PresentationError,
}

impl Verdict {
    /// Returns the name in reports: `ok`, `wrong-answer`, `idleness`, `timeout`,
    /// `runtime-error`, `presentation-error`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::WrongAnswer => "wrong-answer",
            Verdict::Idleness => "idleness",
            Verdict::Timeout => "timeout",
            Verdict::RuntimeError => "runtime-error",
            Verdict::PresentationError => "presentation-error",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

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
    /// was no move).
    pub wrote: String,
    /// The position after it, as the game describes it.
    pub position: String,
    /// The oracle's verdict on it: `keeps the win (lost in 4)`, `throws the win away`, the
    /// judge's defence, …
    pub note: String,
    /// How the judge chose its move (judge's moves only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defence: Option<Defence>,
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
