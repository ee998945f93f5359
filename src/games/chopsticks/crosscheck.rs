//! The cross-checks: the fast rule against the oracles of `gamecheck-oracles`, its
//! certificates, and its Bellman consistency. Tests, `check` and `repro` share them.

use gamecheck_oracles::chopsticks_minimax::Minimax;
use gamecheck_oracles::chopsticks_table::Table;
use thiserror::Error;

use super::rule::{case, outcome, winning_move};
use super::state::{Attack, Outcome, State};

/// Implementations that disagree at one position, with what each said.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{property} fails at {state}: {detail}")]
pub struct Disagreement {
    pub property: &'static str,
    pub state: State,
    pub detail: String,
}

fn wins(o: Outcome) -> bool {
    o == Outcome::Win
}

fn as_u64(s: State) -> Option<(u64, u64, u64, u64)> {
    Some((
        u64::try_from(s.a).ok()?,
        u64::try_from(s.c).ok()?,
        u64::try_from(s.b).ok()?,
        u64::try_from(s.d).ok()?,
    ))
}

fn fail(property: &'static str, state: State, detail: String) -> Result<(), Disagreement> {
    Err(Disagreement {
        property,
        state,
        detail,
    })
}

/// Returns `Ok` when the fast rule and the memoized minimax agree on `s`.
///
/// # Constraints
/// Small counts (totals of a few hundred hands); positions beyond `u64` are out of the
/// minimax's reach and count as a disagreement.
///
/// # Complexity
/// O(positions reachable from `s`) on the first call, memoized after.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{crosscheck::rule_matches_minimax, State};
/// use gamecheck_oracles::chopsticks_minimax::Minimax;
/// assert!(rule_matches_minimax(State::new(3, 1, 2, 2), &mut Minimax::new()).is_ok());
/// ```
pub fn rule_matches_minimax(s: State, minimax: &mut Minimax) -> Result<(), Disagreement> {
    let Some(p) = as_u64(s) else {
        return fail("rule_matches_minimax", s, "position beyond u64".into());
    };
    let (rule, oracle) = (wins(outcome(s)), minimax.wins(p));
    if rule == oracle {
        return Ok(());
    }
    fail(
        "rule_matches_minimax",
        s,
        format!(
            "rule says {} ({}), minimax says {}",
            outcome(s),
            case(s),
            win_name(oracle)
        ),
    )
}

/// Returns `Ok` when the fast rule and the dense table agree on `s`.
///
/// # Constraints
/// Every count of `s` below the table's L; otherwise a disagreement naming the range.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{crosscheck::rule_matches_table, State};
/// use gamecheck_oracles::chopsticks_table::Table;
/// let table = Table::build(8)?;
/// assert!(rule_matches_table(State::new(1, 0, 1, 1), &table).is_ok());
/// # Ok::<(), gamecheck_oracles::chopsticks_table::TableError>(())
/// ```
pub fn rule_matches_table(s: State, table: &Table) -> Result<(), Disagreement> {
    let looked_up = as_u64(s).and_then(|(a, c, b, d)| table.wins(a, c, b, d));
    let Some(oracle) = looked_up else {
        return fail(
            "rule_matches_table",
            s,
            format!("outside the table (counts below {})", table.limit()),
        );
    };
    if wins(outcome(s)) == oracle {
        return Ok(());
    }
    fail(
        "rule_matches_table",
        s,
        format!(
            "rule says {} ({}), table says {}",
            outcome(s),
            case(s),
            win_name(oracle)
        ),
    )
}

fn win_name(first_wins: bool) -> &'static str {
    if first_wins { "First" } else { "Second" }
}

/// Returns `Ok` when the winning move of the fast rule is a certificate: it exists exactly
/// when the rule says `First` and the opponent has a hand, it is legal, and it leaves a
/// position the new player to move loses. The loss is judged by the minimax when the
/// position is small, else by the rule.
///
/// # Complexity
/// O(1) for large positions; as [`rule_matches_minimax`] when every count is at most 8.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{crosscheck::winning_move_is_certified, State};
/// assert!(winning_move_is_certified(State::new(1, 1, 1, 1)).is_ok());
/// assert!(winning_move_is_certified(State::new(u64::MAX, 0, u64::MAX, 0)).is_ok());
/// ```
pub fn winning_move_is_certified(s: State) -> Result<(), Disagreement> {
    const NAME: &str = "winning_move_is_certified";
    let needs_move = outcome(s) == Outcome::Win && s.opponent_hands() > 0;
    let Some(attack) = winning_move(s) else {
        if needs_move {
            return fail(
                NAME,
                s,
                format!("rule says First ({}) but gives no winning move", case(s)),
            );
        }
        return Ok(());
    };
    if !needs_move {
        return fail(
            NAME,
            s,
            format!("rule says {} ({}) yet offers {attack}", outcome(s), case(s)),
        );
    }
    let Some(next) = s.after(attack) else {
        return fail(NAME, s, format!("winning move {attack} is illegal"));
    };
    let small = as_u64(next).filter(|&(a, c, b, d)| a.max(c).max(b).max(d) <= 8);
    let next_wins = match small {
        Some(p) => Minimax::new().wins(p),
        None => wins(outcome(next)),
    };
    if next_wins {
        return fail(
            NAME,
            s,
            format!("{attack} leaves {next}, which the new player to move wins"),
        );
    }
    Ok(())
}

/// Returns `Ok` when the fast rule is Bellman consistent at `s`: it says `First` exactly
/// when the opponent has no hands (and `s` has some), or some legal move leads to a
/// position it says the new player to move loses.
///
/// # Constraints
/// Counts below 2^127 (every `u64` position).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{crosscheck::rule_is_bellman_consistent, State};
/// assert!(rule_is_bellman_consistent(State::new(u64::MAX, 3, u64::MAX, 4)).is_ok());
/// ```
pub fn rule_is_bellman_consistent(s: State) -> Result<(), Disagreement> {
    let terminal_win = s.hands() > 0 && s.opponent_hands() == 0;
    let losing_reply = Attack::ALL
        .iter()
        .filter_map(|&m| s.after(m).map(|next| (m, next)))
        .find(|&(_, next)| outcome(next) == Outcome::Loss);
    let bellman = terminal_win || losing_reply.is_some();
    if bellman == wins(outcome(s)) {
        return Ok(());
    }
    let detail = match losing_reply {
        Some((m, next)) => format!(
            "rule says Second ({}) but {m} leaves {next}, which it calls lost",
            case(s)
        ),
        None => format!(
            "rule says First ({}) but every move leaves a position it calls won",
            case(s)
        ),
    };
    fail("rule_is_bellman_consistent", s, detail)
}

/// Returns `Ok` when [`State::after`] yields exactly the successors the oracle's move
/// generator lists, so the Bellman check and the oracles play the same game.
///
/// # Constraints
/// Counts of `s` fit in `u64`, and so do those of its successors.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{crosscheck::moves_match_oracle, State};
/// assert!(moves_match_oracle(State::new(2, 1, 1, 3)).is_ok());
/// ```
pub fn moves_match_oracle(s: State) -> Result<(), Disagreement> {
    let Some(p) = as_u64(s) else {
        return fail("moves_match_oracle", s, "position beyond u64".into());
    };
    let mut ours: Vec<(u64, u64, u64, u64)> = Attack::ALL
        .iter()
        .filter_map(|&m| s.after(m))
        .filter_map(as_u64)
        .collect();
    let mut theirs = gamecheck_oracles::chopsticks_minimax::successors(p);
    ours.sort_unstable();
    ours.dedup();
    theirs.sort_unstable();
    theirs.dedup();
    if ours == theirs {
        return Ok(());
    }
    fail(
        "moves_match_oracle",
        s,
        format!("State::after gives {ours:?}, the oracle {theirs:?}"),
    )
}
