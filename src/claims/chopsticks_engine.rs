//! Checking a Chopsticks claim ("the player to move wins exactly when …") against the
//! oracles: every position of real play up to a total, then random positions over the
//! whole `u64` range, then the least counterexample.

use std::sync::OnceLock;
use std::time::Instant;

use gamecheck_oracles::chopsticks_table::Table;
use proptest::test_runner::{TestCaseError, TestError};

use super::verdict::{ClaimReport, Evidence, Refutation, stopped};
use crate::check::seeded_runner;
use crate::games::chopsticks::strategy::real_play_state;
use crate::games::chopsticks::{Chopsticks, real_play_with_total};
use crate::games::chopsticks::{Outcome, State, outcome};
use crate::problem::{Least, Problem, least};

/// Positions of real play are checked exhaustively up to this many hands in all.
pub const EXHAUSTIVE_TOTAL: u64 = 40;
/// A random failure is searched below exhaustively when it has at most this many hands.
const SEARCH_BUDGET: u64 = 820_000;
/// The dense table behind the reference: counts below it are answered by the oracle.
const TABLE_LIMIT: u64 = 64;

fn table() -> Option<&'static Table> {
    static TABLE: OnceLock<Option<Table>> = OnceLock::new();
    TABLE.get_or_init(|| Table::build(TABLE_LIMIT).ok()).as_ref()
}

/// Returns whether the player to move wins `s`: by the dense table (an oracle written
/// from the rules) where it reaches, else by the fast rule, which `prove` and `check`
/// verify against the table and for Bellman consistency.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1) after the table for counts below 64 is built once (about 0.2 s).
///
/// # Example
/// ```
/// use gamecheck::claims::reference_wins;
/// use gamecheck::chopsticks::State;
/// assert!(reference_wins(State::new(1, 0, 1, 1)));
/// ```
pub fn reference_wins(s: State) -> bool {
    let small = |v: u128| u64::try_from(v).ok().filter(|&v| v < TABLE_LIMIT);
    let looked_up = table().and_then(|t| t.wins(small(s.a)?, small(s.c)?, small(s.b)?, small(s.d)?));
    looked_up.unwrap_or_else(|| outcome(s) == Outcome::First)
}

fn says(win: Result<bool, String>) -> String {
    match win {
        Ok(true) => "First".to_owned(),
        Ok(false) => "Second".to_owned(),
        Err(e) => format!("no answer ({e})"),
    }
}

/// Returns the verdict on a Chopsticks claim: `claim(s)` says whether the player to move
/// wins `s`, or fails to answer. It is checked on every position of real play with at
/// most [`EXHAUSTIVE_TOTAL`] hands, in order, then on `cases` random positions of real
/// play drawn from `seed` (boundaries favoured, counts up to `u64::MAX`), and a failure
/// is reduced to the least counterexample (least total, then (a, c, b, d)).
///
/// # Constraints
/// `claim` is deterministic.
///
/// # Complexity
/// About 123,000 exhaustive calls plus `cases` random ones, each O(claim).
///
/// # Example
/// ```
/// use gamecheck::claims::{check_chopsticks_claim, ClaimVerdict};
/// let r = check_chopsticks_claim("subtask2", "n > m or (n = m and n even)", &|s| {
///     let (n, m) = (s.hands(), s.opponent_hands());
///     Ok(n > m || (n == m && n % 2 == 0))
/// }, 1, 100);
/// assert_eq!(r.verdict, ClaimVerdict::Refuted);
/// assert_eq!(r.counterexample.to_string(), "[0,1,0,1]");
/// ```
pub fn check_chopsticks_claim(
    id: &str,
    text: &str,
    claim: &(dyn Fn(State) -> Result<bool, String> + Sync),
    seed: u64,
    cases: u32,
) -> ClaimReport {
    let start = Instant::now();
    let fails = |s: State| claim(s).map_or(true, |w| w != reference_wins(s));
    // Beyond the table the reference is the fast rule; hold it to Bellman consistency at
    // every such position, so a wrong reference cannot pass silently.
    let off_table = std::sync::atomic::AtomicU64::new(0);
    let inconsistent = std::sync::Mutex::new(None);
    let fails = |s: State| {
        if [s.a, s.c, s.b, s.d].iter().any(|&v| v >= u128::from(TABLE_LIMIT)) {
            off_table.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if let Err(d) = crate::games::chopsticks::crosscheck::rule_is_bellman_consistent(s) {
                let mut slot = inconsistent.lock().unwrap_or_else(|p| p.into_inner());
                slot.get_or_insert(d.to_string());
            }
        }
        fails(s)
    };
    let mut checked = 0u64;
    let mut refuted: Option<(State, Least)> = None;
    'exhaustive: for total in 2..=EXHAUSTIVE_TOTAL {
        for s in real_play_with_total(total) {
            checked += 1;
            if fails(s) {
                refuted = Some((s, Least::Proven));
                break 'exhaustive;
            }
        }
    }
    let exhaustive = format!(
        "{checked} positions of real play with a + c + b + d <= {EXHAUSTIVE_TOTAL}{}",
        stopped(refuted.is_some(), ", ")
    );
    let mut random = "not needed".to_owned();
    if refuted.is_none() {
        let mut runner = seeded_runner(seed, id, cases, None);
        let result = runner.run(&real_play_state(), |s| {
            if fails(s) {
                Err(TestCaseError::fail("claim disagrees"))
            } else {
                Ok(())
            }
        });
        checked += u64::from(cases);
        random = format!("{cases} positions of real play over the full u64 range, seed {seed}");
        if let Err(TestError::Fail(_, shrunk)) = result {
            refuted = Some(least(
                &Chopsticks::with_table_limit(1),
                &|s: &State| fails(*s),
                shrunk,
                SEARCH_BUDGET,
            ));
        }
    }
    let refutation = refuted.map(|(s, least)| Refutation {
        counterexample: Chopsticks::with_table_limit(1).to_json(&s),
        least,
        claim_says: says(claim(s)),
        truth: says(Ok(reference_wins(s))),
    });
    let beyond = off_table.load(std::sync::atomic::Ordering::Relaxed);
    let mut notes = Vec::new();
    if beyond > 0 {
        notes.push(format!(
            "{beyond} checked positions lie beyond the table; the reference was Bellman-consistent at each"
        ));
    }
    if let Some(d) = inconsistent.into_inner().unwrap_or_else(|p| p.into_inner()) {
        notes = vec![format!("REFERENCE INCONSISTENT: {d}")];
    }
    let evidence = Evidence {
        cases: checked,
        exhaustive,
        random,
        reference: format!("dense table for counts below {TABLE_LIMIT}, verified fast rule beyond"),
    };
    ClaimReport::new(
        id,
        "chopsticks",
        text,
        refutation,
        evidence,
        notes,
        start.elapsed(),
    )
}
