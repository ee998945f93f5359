//! Chopsticks as a [`Problem`]: who wins a position, with the minimax and the dense
//! table as oracles, ordered by total hands for least counterexamples.

use std::sync::{Arc, Mutex, RwLock};

use gamecheck_oracles::chopsticks_minimax::Minimax;
use gamecheck_oracles::chopsticks_table::Table;
use proptest::strategy::Strategy;

use super::crosscheck::{self, Disagreement};
use super::rule::explain;
use super::state::{Outcome, State};
use super::strategy::{small_state, state};
use crate::problem::{Below, Evaluation, Order, Problem, Properties, Property, Share};

/// The largest count the minimax is asked about.
const MINIMAX_REACH: u128 = 48;

/// Chopsticks with one- and two-finger hands: does the player to move win (a, c, b, d)?
///
/// The oracles are built on first use: a dense table for counts below `table_limit`
/// and a memoized minimax for counts up to 48.
pub struct Chopsticks {
    table_limit: u64,
    /// The table built so far: it grows, by powers of two up to `table_limit`, to the
    /// counts asked about, so a small case never pays for the whole table.
    table: RwLock<Option<Arc<Table>>>,
    minimax: Mutex<Minimax>,
}

impl Default for Chopsticks {
    /// The problem with a table for counts below 128, as `check` uses.
    fn default() -> Chopsticks {
        Chopsticks::with_table_limit(128)
    }
}

impl Chopsticks {
    /// Returns the problem whose dense-table oracle covers counts below `limit`
    /// (clamped to 1..=128; built on first use, about 2.5 s at 128).
    pub fn with_table_limit(limit: u64) -> Chopsticks {
        Chopsticks {
            table_limit: limit.clamp(1, 128),
            table: RwLock::new(None),
            minimax: Mutex::new(Minimax::new()),
        }
    }

    /// Returns a table covering counts below `need` (at most `table_limit`), building a
    /// larger one when the one built so far is too small.
    fn table_for(&self, need: u64) -> Option<Arc<Table>> {
        let need = need.clamp(1, self.table_limit);
        if let Some(t) = self.table.read().unwrap_or_else(|p| p.into_inner()).as_ref()
            && t.limit() >= need
        {
            return Some(Arc::clone(t));
        }
        let mut slot = self.table.write().unwrap_or_else(|p| p.into_inner());
        if let Some(t) = slot.as_ref().filter(|t| t.limit() >= need) {
            return Some(Arc::clone(t));
        }
        let limit = need.next_power_of_two().max(8).min(self.table_limit).max(need);
        let table = Arc::new(Table::build(limit).ok()?);
        *slot = Some(Arc::clone(&table));
        Some(table)
    }

    fn table(&self) -> Option<Arc<Table>> {
        self.table_for(self.table_limit)
    }

    /// Returns whether the player to move wins `s` by the minimax, if `s` is within its
    /// reach (counts ≤ 48).
    pub fn minimax_wins(&self, s: State) -> Option<bool> {
        let small = [s.a, s.c, s.b, s.d].iter().all(|&v| v <= MINIMAX_REACH);
        small.then(|| {
            let mut m = self.minimax.lock().unwrap_or_else(|p| p.into_inner());
            m.wins((s.a as u64, s.c as u64, s.b as u64, s.d as u64))
        })
    }

    /// Returns whether the player to move wins `s` by the dense table, if every count is
    /// below its limit.
    pub fn table_wins(&self, s: State) -> Option<bool> {
        if [s.a, s.c, s.b, s.d]
            .iter()
            .any(|&v| v >= u128::from(self.table_limit))
        {
            return None;
        }
        let largest = [s.a, s.c, s.b, s.d].into_iter().max().unwrap_or(0) as u64;
        self.table_for(largest + 1)?
            .wins(s.a as u64, s.c as u64, s.b as u64, s.d as u64)
    }

    /// Returns the limit of counts the table covers.
    pub fn table_limit(&self) -> u64 {
        self.table_limit
    }
}

pub(super) fn outcome_of(wins: bool) -> Outcome {
    if wins { Outcome::Win } else { Outcome::Loss }
}

fn is_real_play(s: &State) -> bool {
    s.hands() > 0 && s.opponent_hands() > 0
}

/// Returns every position of real play (both players hold a hand) with `total` hands,
/// in (a, c, b, d) order.
///
/// # Complexity
/// O(total³) positions.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{real_play_with_total, State};
/// let v: Vec<State> = real_play_with_total(2).collect();
/// assert_eq!(v, [State::new(0, 1, 0, 1), State::new(0, 1, 1, 0), State::new(1, 0, 0, 1), State::new(1, 0, 1, 0)]);
/// ```
pub fn real_play_with_total(total: u64) -> impl Iterator<Item = State> {
    (0..=total)
        .flat_map(move |a| {
            (0..=total - a)
                .flat_map(move |c| (0..=total - a - c).map(move |b| State::new(a, c, b, total - a - c - b)))
        })
        .filter(is_real_play)
}

/// The largest total T whose positions (about C(T + 4, 4) of them) fit in `budget`.
fn total_within(budget: u64) -> u64 {
    let positions = |t: u64| (t + 1) * (t + 2) * (t + 3) * (t + 4) / 24;
    (2..=1_000)
        .take_while(|&t| positions(t) <= budget)
        .last()
        .unwrap_or(2)
}

fn with(s: &State, i: usize, v: u128) -> State {
    let mut counts = [s.a, s.c, s.b, s.d];
    counts[i] = v;
    State {
        a: counts[0],
        c: counts[1],
        b: counts[2],
        d: counts[3],
    }
}

impl Problem for Chopsticks {
    type Case = State;
    type Answer = Outcome;

    fn name(&self) -> &'static str {
        "chopsticks"
    }

    fn solve(&self, s: &State) -> Result<Outcome, String> {
        Ok(super::outcome(*s))
    }

    fn evaluate(&self, s: &State) -> Vec<Evaluation<Outcome>> {
        let s = *s;
        let v = explain(s);
        let detail = match v.winning_move.and_then(|m| s.after(m).map(|n| (m, n))) {
            Some((m, next)) => format!(" by {}; winning move {m}, leaving {next}", v.case),
            None => format!(" by {}", v.case),
        };
        let minimax = match self.minimax_wins(s) {
            Some(w) => Evaluation::answer("minimax", outcome_of(w)),
            None => {
                Evaluation::out_of_reach("minimax", format!("out of reach (a count above {MINIMAX_REACH})"))
            }
        };
        let table = match self.table_wins(s) {
            Some(w) => Evaluation::answer("table", outcome_of(w)),
            None => Evaluation::out_of_reach(
                "table",
                format!("out of range (counts below {})", self.table_limit),
            ),
        };
        let detail_of = |r: Result<(), Disagreement>| r.map_err(|d| d.detail);
        vec![
            Evaluation::detailed("fast rule", v.outcome, detail),
            minimax,
            table,
            Evaluation::check("bellman", detail_of(crosscheck::rule_is_bellman_consistent(s))),
            Evaluation::check("certificate", detail_of(crosscheck::winning_move_is_certified(s))),
        ]
    }

    fn describe(&self, s: &State) -> String {
        format!(
            "chopsticks {s}  (a, c, b, d); n = {}, m = {}",
            s.hands(),
            s.opponent_hands()
        )
    }

    fn to_json(&self, s: &State) -> serde_json::Value {
        let v = |x: u128| {
            u64::try_from(x).map_or(serde_json::Value::String(x.to_string()), serde_json::Value::from)
        };
        serde_json::Value::Array(vec![v(s.a), v(s.c), v(s.b), v(s.d)])
    }

    fn repro_command(&self, s: &State) -> String {
        format!("gamecheck repro chopsticks {} {} {} {}", s.a, s.c, s.b, s.d)
    }
}

impl Order for Chopsticks {
    /// (total hands, a, c, b, d).
    type Key = (u128, u128, u128, u128, u128);

    fn key(&self, s: &State) -> Self::Key {
        (s.hands() + s.opponent_hands(), s.a, s.c, s.b, s.d)
    }

    fn smaller(&self, s: &State) -> Vec<State> {
        let counts = [s.a, s.c, s.b, s.d];
        let mut out = Vec::new();
        for (i, &v) in counts.iter().enumerate() {
            if v > 0 {
                out.extend([0, v / 2, v - 1].map(|w| with(s, i, w)));
            }
        }
        // Lowering a count on each side keeps n − m, where rules change their mind.
        for (i, j) in [(0, 2), (0, 3), (1, 2), (1, 3)] {
            let step = counts[i].min(counts[j]);
            if step > 0 {
                for cut in [step, step / 2, 1] {
                    out.push(with(&with(s, i, counts[i] - cut), j, counts[j] - cut));
                }
            }
        }
        // Turning one-finger hands into two-finger ones keeps every total and lowers a
        // (or b), which the order compares first. Counts stay within u64, as input.
        for (one, two) in [(0, 1), (2, 3)] {
            let step = counts[one].min(u128::from(u64::MAX) - counts[two].min(u128::from(u64::MAX)));
            if step > 0 {
                for cut in [step, step / 2, 1] {
                    out.push(with(&with(s, one, counts[one] - cut), two, counts[two] + cut));
                }
            }
        }
        out.retain(is_real_play);
        out
    }

    fn coordinates(&self, s: &State) -> Vec<u128> {
        vec![s.a, s.c, s.b, s.d]
    }

    fn with_coordinate(&self, s: &State, i: usize, value: u128) -> Option<State> {
        Some(with(s, i, value)).filter(|s| is_real_play(s) && value <= u128::from(u64::MAX))
    }

    fn below(&self, s: &State, budget: u64) -> Below<'_, State> {
        let limit = total_within(budget);
        let total = s.hands() + s.opponent_hands();
        // Totals 0 and 1 hold no position of real play.
        Below::by_total(total, limit, "hands", real_play_with_total)
    }
}

type Check = fn(&Chopsticks, &State) -> Result<(), String>;

fn property(
    name: &'static str,
    times: u32,
    cases: impl Strategy<Value = State> + 'static,
    check: Check,
) -> Property<Chopsticks> {
    Property {
        name,
        share: Share { times, per: 1 },
        cases: cases.boxed(),
        check: Box::new(move |g, c| check(g, c).map_err(Into::into)),
    }
}

impl Properties for Chopsticks {
    fn properties(&self) -> Vec<Property<Chopsticks>> {
        vec![
            property("rule_matches_minimax", 1, small_state(24), |p, s| {
                let mut m = p.minimax.lock().unwrap_or_else(|e| e.into_inner());
                crosscheck::rule_matches_minimax(*s, &mut m).map_err(|d| d.to_string())
            }),
            property(
                "rule_matches_table",
                4,
                small_state(self.table_limit.saturating_sub(1)),
                |p, s| match p.table() {
                    Some(t) => crosscheck::rule_matches_table(*s, &t).map_err(|d| d.to_string()),
                    None => Err("the dense table could not be built".into()),
                },
            ),
            property("minimax_matches_table", 1, small_state(24), |p, s| {
                let (minimax, table) = (p.minimax_wins(*s), p.table_wins(*s));
                if minimax == table {
                    return Ok(());
                }
                Err(Disagreement {
                    property: "minimax_matches_table",
                    state: *s,
                    detail: format!("minimax says {minimax:?}, table says {table:?}"),
                }
                .to_string())
            }),
            property("winning_move_is_certified", 4, state(), |_, s| {
                crosscheck::winning_move_is_certified(*s).map_err(|d| d.to_string())
            }),
            property("rule_is_bellman_consistent", 4, state(), |_, s| {
                crosscheck::rule_is_bellman_consistent(*s).map_err(|d| d.to_string())
            }),
            property("moves_match_oracle", 2, small_state(1 << 40), |_, s| {
                crosscheck::moves_match_oracle(*s).map_err(|d| d.to_string())
            }),
        ]
    }

    fn regressions(&self) -> &'static str {
        "proptest-regressions/chopsticks.txt"
    }

    fn search_budget(&self) -> u64 {
        // Every position of real play with at most 40 hands.
        140_000
    }
}

/// The command line builds the problem without flags.
impl crate::games::Build for Chopsticks {
    fn flags() -> Vec<crate::problem::Flag> {
        Vec::new()
    }
    fn build(_: &crate::problem::Flags) -> Result<Chopsticks, crate::game::GameError> {
        Ok(Chopsticks::default())
    }
}
