//! The Chopsticks properties of a campaign, and the side-by-side answers at a position.

use std::sync::Mutex;

use gamecheck_oracles::chopsticks_minimax::Minimax;
use gamecheck_oracles::chopsticks_table::{Table, TableError};
use proptest::strategy::Strategy;

use super::least::least_chopsticks;
use super::property::Source;
use super::report::{Answer, Failure, Row};
use crate::chopsticks::crosscheck::{self, Disagreement};
use crate::chopsticks::strategy::{small_state, state};
use crate::chopsticks::{State, explain};

/// Where found Chopsticks counterexamples are kept, replayed first by the next run.
pub const REGRESSIONS: &str = "proptest-regressions/chopsticks.txt";

/// The largest count the minimax is asked about in a report.
const MINIMAX_REACH: u128 = 48;
/// Totals up to which a least counterexample is searched exhaustively.
const EXHAUSTIVE_TOTAL: u64 = 40;

/// The oracles a campaign shares between properties.
pub struct ChopsticksOracles {
    pub table: Table,
    pub minimax: Mutex<Minimax>,
}

impl ChopsticksOracles {
    /// Returns the oracles with a dense table for counts below `limit`.
    ///
    /// # Constraints
    /// 1 ≤ `limit` ≤ 256.
    ///
    /// # Complexity
    /// That of [`Table::build`]: about 2.5 s for L = 128 on 2 cores.
    ///
    /// # Example
    /// ```
    /// use gamecheck::check::ChopsticksOracles;
    /// assert!(ChopsticksOracles::new(8).is_ok());
    /// ```
    pub fn new(limit: u64) -> Result<ChopsticksOracles, TableError> {
        Ok(ChopsticksOracles {
            table: Table::build(limit)?,
            minimax: Mutex::new(Minimax::new()),
        })
    }

    fn minimax_wins(&self, s: State) -> Option<bool> {
        let small = [s.a, s.c, s.b, s.d].iter().all(|&v| v <= MINIMAX_REACH);
        let mut m = self
            .minimax
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        small.then(|| m.wins((s.a as u64, s.c as u64, s.b as u64, s.d as u64)))
    }

    fn table_wins(&self, s: State) -> Option<bool> {
        let c = |v: u128| u64::try_from(v).ok();
        self.table.wins(c(s.a)?, c(s.c)?, c(s.b)?, c(s.d)?)
    }
}

fn first(win: bool) -> &'static str {
    if win { "First" } else { "Second" }
}

/// Returns each implementation's answer at `s`: the fast rule with its case and winning
/// move, the minimax and the table where they reach, and the Bellman and certificate
/// checks.
///
/// # Constraints
/// None; oracles out of reach say so.
///
/// # Complexity
/// O(1), plus the minimax's first visit of positions up to `s` (counts ≤ 48).
///
/// # Example
/// ```
/// use gamecheck::check::{chopsticks_answers, ChopsticksOracles};
/// use gamecheck::chopsticks::State;
/// let oracles = ChopsticksOracles::new(4)?;
/// let answers = chopsticks_answers(State::new(1, 0, 1, 1), &oracles);
/// assert!(answers.iter().all(|a| !a.answer.starts_with("Second")));
/// # Ok::<(), gamecheck_oracles::chopsticks_table::TableError>(())
/// ```
pub fn chopsticks_answers(s: State, oracles: &ChopsticksOracles) -> Vec<Answer> {
    let v = explain(s);
    let rule = match v.winning_move.and_then(|m| s.after(m).map(|n| (m, n))) {
        Some((m, next)) => format!("{} by {}; winning move {m}, leaving {next}", v.outcome, v.case),
        None => format!("{} by {}", v.outcome, v.case),
    };
    let minimax = oracles
        .minimax_wins(s)
        .map_or(format!("out of reach (a count above {MINIMAX_REACH})"), |w| {
            first(w).to_owned()
        });
    let table = oracles.table_wins(s).map_or(
        format!("out of range (counts below {})", oracles.table.limit()),
        |w| first(w).to_owned(),
    );
    let check = |r: Result<(), Disagreement>| r.map_or_else(|d| d.detail, |()| "holds".to_owned());
    vec![
        Answer {
            implementation: "fast rule".into(),
            answer: rule,
        },
        Answer {
            implementation: "minimax".into(),
            answer: minimax,
        },
        Answer {
            implementation: "table".into(),
            answer: table,
        },
        Answer {
            implementation: "bellman".into(),
            answer: check(crosscheck::rule_is_bellman_consistent(s)),
        },
        Answer {
            implementation: "certificate".into(),
            answer: check(crosscheck::winning_move_is_certified(s)),
        },
    ]
}

/// Returns the command that replays a Chopsticks position.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use gamecheck::check::chopsticks_repro;
/// use gamecheck::chopsticks::State;
/// assert_eq!(chopsticks_repro(State::new(1, 0, 1, 1)), "gamecheck repro chopsticks 1 0 1 1");
/// ```
pub fn chopsticks_repro(s: State) -> String {
    format!("gamecheck repro chopsticks {} {} {} {}", s.a, s.c, s.b, s.d)
}

/// Returns `[a, c, b, d]` as JSON numbers (u128 counts as strings only beyond u64).
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use gamecheck::check::chopsticks_json;
/// use gamecheck::chopsticks::State;
/// assert_eq!(chopsticks_json(State::new(1, 0, 1, 1)).to_string(), "[1,0,1,1]");
/// ```
pub fn chopsticks_json(s: State) -> serde_json::Value {
    let v =
        |x: u128| u64::try_from(x).map_or(serde_json::Value::String(x.to_string()), serde_json::Value::from);
    serde_json::Value::Array(vec![v(s.a), v(s.c), v(s.b), v(s.d)])
}

type Check<'a> = Box<dyn Fn(State) -> Result<(), Disagreement> + Sync + 'a>;

/// Runs one property over `cases` states of `strategy`; on a failure, reduces it to the
/// least counterexample and gathers every implementation's answer there.
fn run_property(
    name: &'static str,
    strategy: impl Strategy<Value = State>,
    check: Check<'_>,
    oracles: &ChopsticksOracles,
    (seed, cases): (u64, u32),
    tick: &(dyn Fn() + Sync),
) -> Row {
    let source = Source {
        game: "chopsticks",
        seed,
        cases,
        regressions: REGRESSIONS,
        tick,
    };
    let reduce = |shrunk: State| {
        let (least, proof) = least_chopsticks(|s| check(s).is_err(), shrunk, EXHAUSTIVE_TOTAL);
        Failure {
            counterexample: chopsticks_json(least),
            least: proof,
            shrunk: chopsticks_json(shrunk),
            answers: chopsticks_answers(least, oracles),
            message: check(least).map_or_else(|d| d.to_string(), |()| "fails".to_owned()),
            repro: chopsticks_repro(least),
        }
    };
    super::property::run_property(
        name,
        strategy,
        &|s: &State| check(*s).map_err(|d| d.to_string()),
        &source,
        &reduce,
    )
}

/// The Chopsticks properties, each with its share of the case budget.
pub const CHOPSTICKS_PROPERTIES: [(&str, u32); 6] = [
    ("rule_matches_minimax", 1),
    ("rule_matches_table", 4),
    ("minimax_matches_table", 1),
    ("winning_move_is_certified", 4),
    ("rule_is_bellman_consistent", 4),
    ("moves_match_oracle", 2),
];

/// Returns the report rows of every Chopsticks property under `seed`, each run on
/// `cases` times its share of cases; `tick` is called once per case.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(cases) per property, plus the minimax's memo over counts ≤ 24.
///
/// # Example
/// ```
/// use gamecheck::check::{check_chopsticks, ChopsticksOracles};
/// let oracles = ChopsticksOracles::new(128)?;
/// let rows = check_chopsticks(&oracles, 11, 20, &|| {});
/// assert!(rows.iter().all(|r| r.failure.is_none()));
/// # Ok::<(), gamecheck_oracles::chopsticks_table::TableError>(())
/// ```
pub fn check_chopsticks(
    oracles: &ChopsticksOracles,
    seed: u64,
    cases: u32,
    tick: &(dyn Fn() + Sync),
) -> Vec<Row> {
    let n = |share: u32| (seed, cases.saturating_mul(share));
    let shares: std::collections::HashMap<&str, u32> = CHOPSTICKS_PROPERTIES.into_iter().collect();
    let share = |name: &str| n(shares.get(name).copied().unwrap_or(1));
    let minimax_check: Check<'_> = Box::new(|s| {
        let mut m = oracles.minimax.lock().unwrap_or_else(|p| p.into_inner());
        crosscheck::rule_matches_minimax(s, &mut m)
    });
    let oracles_agree: Check<'_> = Box::new(|s| {
        let minimax = oracles.minimax_wins(s);
        let table = oracles.table_wins(s);
        if minimax == table {
            return Ok(());
        }
        Err(Disagreement {
            property: "minimax_matches_table",
            state: s,
            detail: format!("minimax says {minimax:?}, table says {table:?}"),
        })
    });
    vec![
        run_property(
            "rule_matches_minimax",
            small_state(24),
            minimax_check,
            oracles,
            share("rule_matches_minimax"),
            tick,
        ),
        run_property(
            "rule_matches_table",
            small_state(oracles.table.limit().saturating_sub(1)),
            Box::new(|s| crosscheck::rule_matches_table(s, &oracles.table)),
            oracles,
            share("rule_matches_table"),
            tick,
        ),
        run_property(
            "minimax_matches_table",
            small_state(24),
            oracles_agree,
            oracles,
            share("minimax_matches_table"),
            tick,
        ),
        run_property(
            "winning_move_is_certified",
            state(),
            Box::new(crosscheck::winning_move_is_certified),
            oracles,
            share("winning_move_is_certified"),
            tick,
        ),
        run_property(
            "rule_is_bellman_consistent",
            state(),
            Box::new(crosscheck::rule_is_bellman_consistent),
            oracles,
            share("rule_is_bellman_consistent"),
            tick,
        ),
        run_property(
            "moves_match_oracle",
            small_state(1 << 40),
            Box::new(crosscheck::moves_match_oracle),
            oracles,
            share("moves_match_oracle"),
            tick,
        ),
    ]
}
