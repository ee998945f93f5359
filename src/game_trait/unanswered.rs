//! Why a game's search or fast path gave no answer, typed, so that an engine can tell a
//! spent budget (the case is unjudged) from a position the game refuses.

use thiserror::Error;

use crate::problem::Budget;

/// Why [`Game::grundy`](super::Game::grundy), [`Game::outcome`](super::Game::outcome),
/// [`Game::misere_outcome`](super::Game::misere_outcome) or a [`Search`](super::Search)
/// gave no answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unanswered {
    /// A search ran out of `budget`; `detail` says where.
    #[error("{detail}")]
    Budget { budget: Budget, detail: String },
    /// The game gives no answer at this position, for the reason it states.
    #[error("{0}")]
    Refused(String),
}

impl Unanswered {
    /// Returns the budget that stopped the search, if one did.
    pub fn budget(&self) -> Option<&Budget> {
        match self {
            Unanswered::Budget { budget, .. } => Some(budget),
            Unanswered::Refused(_) => None,
        }
    }
}

impl Unanswered {
    /// Returns the error for a position with `count` moves, more than a search lists.
    pub(crate) fn too_many_moves(count: u128) -> Unanswered {
        Unanswered::Budget {
            budget: Budget::Moves {
                limit: super::MOVES_LISTED,
            },
            detail: format!("{count} moves are too many to search"),
        }
    }
}

impl From<String> for Unanswered {
    fn from(reason: String) -> Unanswered {
        Unanswered::Refused(reason)
    }
}

impl From<&str> for Unanswered {
    fn from(reason: &str) -> Unanswered {
        Unanswered::Refused(reason.to_owned())
    }
}

// The engines' reports are still text where a reason is shown.
impl From<Unanswered> for String {
    fn from(e: Unanswered) -> String {
        e.to_string()
    }
}
