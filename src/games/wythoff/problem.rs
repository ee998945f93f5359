//! Wythoff's game as a [`Problem`]: who wins two piles (x, y)? The exact P-test is judged
//! by the generic rules oracle and by the classic mex table.

use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use gamecheck_oracles::rules_oracle::RulesOracle;
use gamecheck_oracles::wythoff_mex_table::WythoffTable;
use proptest::prelude::*;

use super::game::{RULES_REACH, WythoffGame};
use super::rule::{floor_phi, is_p_position, winning_move};
use crate::game::ByMoves;
use crate::problem::{Below, Evaluation, Order, Problem, Properties, Property, Share};

/// Two piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piles {
    pub x: u64,
    pub y: u64,
}

impl fmt::Display for Piles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

pub use crate::game::Outcome;

/// Piles below this are answered by the mex table.
pub(super) const TABLE_LIMIT: u64 = 1 << 20;

/// Returns the P-positions of the Fibonacci diagonals below `p`'s diagonal, with their
/// diagonal neighbours, on `p`'s side of x = y: F·φ is within φ^(−n) of an integer
/// there, so a floating-point ⌊jφ⌋ first rounds wrong on them, and a descent by halving
/// alone never lands on them.
pub(super) fn fibonacci_diagonals(p: &Piles) -> Vec<Piles> {
    let mut out = Vec::new();
    let j = p.x.abs_diff(p.y);
    let (mut f, mut next) = (1u64, 2u64);
    while f < j {
        if let Ok(a) = u64::try_from(floor_phi(f)) {
            for lo in [a.checked_sub(1), Some(a), a.checked_add(1)].into_iter().flatten() {
                if let Some(hi) = lo.checked_add(f) {
                    out.push(if p.x <= p.y { Piles { x: lo, y: hi } } else { Piles { x: hi, y: lo } });
                }
            }
        }
        (f, next) = (next, f.saturating_add(next));
    }
    out
}

/// Wythoff's game: does the player to move win (x, y)?
pub struct Wythoff {
    table: OnceLock<Option<WythoffTable>>,
    rules: Mutex<RulesOracle<ByMoves<WythoffGame>>>,
}

impl Default for Wythoff {
    fn default() -> Wythoff {
        Wythoff {
            table: OnceLock::new(),
            rules: Mutex::new(RulesOracle::new(ByMoves(Arc::new(WythoffGame)))),
        }
    }
}

impl Wythoff {
    pub(super) fn table_p(&self, p: Piles) -> Option<bool> {
        self.table
            .get_or_init(|| WythoffTable::build(TABLE_LIMIT).ok())
            .as_ref()?
            .is_p_position(p.x, p.y)
    }

    fn rules_p(&self, p: Piles) -> Option<bool> {
        if p.x.max(p.y) > RULES_REACH {
            return None;
        }
        let mut oracle = self.rules.lock().unwrap_or_else(|e| e.into_inner());
        oracle.wins(&p).ok().map(|wins| !wins)
    }
}

fn certificate(p: Piles) -> Result<(), String> {
    match winning_move(p.x, p.y) {
        None if is_p_position(p.x, p.y) => Ok(()),
        None => Err("no winning move from an N-position".into()),
        Some((x, y)) => {
            let (dx, dy) = (p.x.checked_sub(x), p.y.checked_sub(y));
            let legal = matches!((dx, dy), (Some(0), Some(d)) | (Some(d), Some(0)) if d > 0)
                || matches!((dx, dy), (Some(a), Some(b)) if a == b && a > 0);
            if !legal {
                Err(format!("the move to ({x}, {y}) is illegal"))
            } else if !is_p_position(x, y) {
                Err(format!("the move to ({x}, {y}) leaves an N-position"))
            } else {
                Ok(())
            }
        }
    }
}

impl Problem for Wythoff {
    type Case = Piles;
    type Answer = Outcome;

    fn name(&self) -> &'static str {
        "wythoff"
    }

    fn solve(&self, p: &Piles) -> Result<Outcome, String> {
        Ok(Outcome::of_loss(is_p_position(p.x, p.y)))
    }

    fn evaluate(&self, p: &Piles) -> Vec<Evaluation<Outcome>> {
        let fast = Outcome::of_loss(is_p_position(p.x, p.y));
        let detail =
            winning_move(p.x, p.y).map_or_else(String::new, |(x, y)| format!("; winning move to ({x}, {y})"));
        let rules = match self.rules_p(*p) {
            Some(is_p) => Evaluation::answer("rules oracle", Outcome::of_loss(is_p)),
            None => Evaluation::out_of_reach(
                "rules oracle",
                format!("out of reach (a pile above {RULES_REACH})"),
            ),
        };
        let table = match self.table_p(*p) {
            Some(is_p) => Evaluation::answer("mex table", Outcome::of_loss(is_p)),
            None => {
                Evaluation::out_of_reach("mex table", format!("out of range (piles below {TABLE_LIMIT})"))
            }
        };
        vec![
            Evaluation::detailed("p-test", fast, detail),
            rules,
            table,
            Evaluation::check("certificate", certificate(*p)),
        ]
    }

    fn describe(&self, p: &Piles) -> String {
        format!("wythoff {p}  (x, y)")
    }

    fn to_json(&self, p: &Piles) -> serde_json::Value {
        serde_json::json!([p.x, p.y])
    }

    fn repro_command(&self, p: &Piles) -> String {
        format!("gamecheck repro wythoff {} {}", p.x, p.y)
    }
}

impl Order for Wythoff {
    /// (x + y, x, y).
    type Key = (u128, u64, u64);

    fn key(&self, p: &Piles) -> Self::Key {
        (u128::from(p.x) + u128::from(p.y), p.x, p.y)
    }

    /// Halves, one less from both, the mirror, and [`fibonacci_diagonals`].
    fn smaller(&self, p: &Piles) -> Vec<Piles> {
        let mut out = vec![
            Piles {
                x: p.x / 2,
                y: p.y / 2,
            },
            Piles {
                x: p.x.saturating_sub(1),
                y: p.y.saturating_sub(1),
            },
            Piles { x: p.y, y: p.x },
        ];
        out.extend(fibonacci_diagonals(p));
        out
    }

    fn coordinates(&self, p: &Piles) -> Vec<u128> {
        vec![u128::from(p.x), u128::from(p.y)]
    }

    fn with_coordinate(&self, p: &Piles, i: usize, value: u128) -> Option<Piles> {
        let v = u64::try_from(value).ok()?;
        Some(if i == 0 {
            Piles { x: v, y: p.y }
        } else {
            Piles { x: p.x, y: v }
        })
    }

    fn below(&self, p: &Piles, budget: u64) -> Below<'_, Piles> {
        // Sums up to S hold (S + 1)(S + 2)/2 positions.
        let limit = (0..=u64::from(u32::MAX))
            .take_while(|&s| (s + 1) * (s + 2) / 2 <= budget)
            .last()
            .unwrap_or(0);
        let total = u128::from(p.x) + u128::from(p.y);
        Below::by_total(total, limit, "stones", |s| (0..=s).map(move |x| Piles { x, y: s - x }))
    }
}

/// One pile size in `0..=cap`: small, near 10^18 or the cap, or anywhere.
fn pile(cap: u64) -> BoxedStrategy<u64> {
    const E18: u64 = 1_000_000_000_000_000_000;
    let near_e18 = if cap >= E18 + 2 {
        (E18 - 2)..=(E18 + 2)
    } else {
        0..=cap.min(2)
    };
    prop_oneof![
        4 => 0..=cap.min(12),
        2 => 0..=cap.min(5000),
        1 => near_e18,
        1 => cap.saturating_sub(3)..=cap,
        2 => 0..=cap,
    ]
    .boxed()
}

/// Positions with piles in `0..=cap`, half of them P-positions (⌊jφ⌋, ⌊jφ⌋ + j), their
/// diagonal neighbours and mirrors.
pub(super) fn piles(cap: u64) -> BoxedStrategy<Piles> {
    let near_p = (0..=cap / 3, -1i8..=1, -1i8..=1, any::<bool>()).prop_filter_map(
        "within the cap",
        move |(j, dx, dy, swap)| {
            let a = u64::try_from(floor_phi(j)).ok()?;
            let x = a.checked_add_signed(dx.into())?;
            let y = a
                .checked_add(j)?
                .checked_add_signed(dy.into())
                .filter(|&y| y <= cap)?;
            Some(if swap {
                Piles { x: y, y: x }
            } else {
                Piles { x, y }
            })
        },
    );
    prop_oneof![(pile(cap), pile(cap)).prop_map(|(x, y)| Piles { x, y }), near_p].boxed()
}

type Check = fn(&Wythoff, &Piles) -> Result<(), String>;

fn property(name: &'static str, times: u32, cases: BoxedStrategy<Piles>, check: Check) -> Property<Wythoff> {
    Property {
        name,
        share: Share { times, per: 1 },
        cases,
        check: Box::new(move |g, c| check(g, c).map_err(Into::into)),
    }
}

fn agree(what: &str, fast: bool, oracle: Option<bool>) -> Result<(), String> {
    match oracle {
        Some(o) if o == fast => Ok(()),
        Some(o) => Err(format!("the P-test says P = {fast}, the {what} says P = {o}")),
        None => Err(format!("the {what} cannot reach the position")),
    }
}

impl Properties for Wythoff {
    fn properties(&self) -> Vec<Property<Wythoff>> {
        let small = (0u64..=RULES_REACH, 0u64..=RULES_REACH)
            .prop_map(|(x, y)| Piles { x, y })
            .boxed();
        vec![
            property("p_test_matches_rules_oracle", 1, small.clone(), |w, p| {
                agree("rules oracle", is_p_position(p.x, p.y), w.rules_p(*p))
            }),
            property(
                "p_test_matches_mex_table",
                2,
                piles(400_000)
                    .prop_filter("in the table", |p| p.x.max(p.y) < TABLE_LIMIT)
                    .boxed(),
                |w, p| agree("mex table", is_p_position(p.x, p.y), w.table_p(*p)),
            ),
            property("mex_table_matches_rules_oracle", 1, small, |w, p| {
                let table = w.table_p(*p).ok_or("the mex table cannot reach the position")?;
                agree("rules oracle", table, w.rules_p(*p))
            }),
            property("winning_move_is_certified", 4, piles(u64::MAX / 3), |_, p| {
                certificate(*p)
            }),
        ]
    }

    fn regressions(&self) -> &'static str {
        "proptest-regressions/wythoff.txt"
    }

    fn search_budget(&self) -> u64 {
        // Every position with at most about 500 stones.
        130_000
    }
}

/// The command line builds the problem without flags.
impl crate::games::Build for Wythoff {
    fn flags() -> Vec<crate::problem::Flag> {
        Vec::new()
    }
    fn build(_: &crate::problem::Flags) -> Result<Wythoff, crate::game::GameError> {
        Ok(Wythoff::default())
    }
}
