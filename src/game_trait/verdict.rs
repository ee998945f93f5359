//! What is asked about a game's position, and the typed answers.

use std::fmt;

use super::Outcome;

/// Who wins when a player cannot move: under normal play they lose, under misère play
/// they win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Play {
    #[default]
    Normal,
    Misere,
}

/// The question asked of every position: its outcome or its Grundy value, under normal
/// or misère play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Question {
    pub play: Play,
    /// Ask for the Grundy value (normal play only) instead of the outcome.
    pub grundy: bool,
}

impl Question {
    /// Returns the question's name in reports: `outcome`, `misere`, `grundy`.
    pub fn name(self) -> &'static str {
        match (self.play, self.grundy) {
            (Play::Normal, false) => "outcome",
            (Play::Misere, false) => "misere",
            (_, true) => "grundy",
        }
    }
}

/// The answer at one position, or to one case of a contest format.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// Who wins: `First`, `Second` or `Draw`.
    Outcome(Outcome),
    /// The Grundy value.
    Grundy(u64),
    /// The number of winning moves.
    Count(u64),
    /// The outcome of each position of a range, in order.
    Outcomes(Vec<Outcome>),
    /// A winning move as the contest prints it, or `None`: the position is lost.
    Move(Option<Move>),
    /// The player to move wins: by a move to the position whose case reads these counts,
    /// or (`None`) without a move.
    Won(Option<Vec<u64>>),
}

/// A move as a contest prints it, `i y`: count `index` (1-based) becomes `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub index: u64,
    pub value: u64,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.index, self.value)
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Outcome(o) => o.fmt(f),
            Answer::Grundy(g) | Answer::Count(g) => g.fmt(f),
            Answer::Outcomes(v) => v.iter().try_for_each(|o| {
                f.write_str(match o {
                    Outcome::Win => "W",
                    Outcome::Loss => "L",
                    Outcome::Draw => "D",
                })
            }),
            Answer::Move(Some(m)) => m.fmt(f),
            Answer::Move(None) => f.write_str("no winning move"),
            Answer::Won(Some(c)) => write!(f, "a win, moving to {c:?}"),
            Answer::Won(None) => f.write_str("a win without a move"),
        }
    }
}
