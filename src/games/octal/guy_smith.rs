//! Periods of nim-sequences, proved by the Guy–Smith theorem.
//!
//! The theorem (Guy and Smith, 1956; Winning Ways, ch. 4): for a take-and-break game in
//! which a move takes at most t tokens and leaves at most two heaps, if G(n + p) = G(n)
//! for every n with e ≤ n < 2e + p + t, then G(n + p) = G(n) for every n ≥ e. Proof, by
//! induction on n ≥ 2e + p + t: a split of n + p − j (j ≤ t) has a part of at least
//! (n + p − j)/2 ≥ e + p, and shifting that part by p maps the options of n + p onto those
//! of n, value for value. The values needed are those for n < 2e + 2p + t.
//!
//! The same argument gives, for moves leaving at most k heaps, the bound
//! k(e + p) − p + t (the largest part is at least a k-th), and for moves leaving at most
//! one heap e + t; it must also exceed t, so that no heap it covers can be taken whole.
//! Grundy's game is not covered: shifting one part of an unequal split can make the parts
//! equal.
//!
//! The period is searched while the values grow: every period up to [`SMALL_PERIODS`] is
//! followed exactly, and longer ones are proposed by windows of values that recur
//! (content-defined anchors, so that only one position in about a thousand is stored).

use std::collections::HashMap;
use std::time::Instant;

use serde::Serialize;
use thiserror::Error;

use super::code::OctalCode;
use super::long_run::Keeper;
use super::sparse_space::{MAX_HEAPS, SparseSpace};
use super::values::{NimValues, Nimber, with_values};
use crate::budget::{Budget, Meter};
use crate::progress::Progress;

/// Every period up to this one is followed exactly as the values grow.
pub const SMALL_PERIODS: usize = 4096;

/// Why no period can be proved or checked.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PeriodError {
    /// The theorem does not apply to this game.
    #[error("the Guy–Smith theorem does not apply to {code}: {why}")]
    NoTheorem {
        /// The game.
        code: OctalCode,
        /// Why not.
        why: &'static str,
    },
    /// A period of 0.
    #[error("a period is at least 1")]
    ZeroPeriod,
    /// The values the theorem needs for the claim are more than 2^64 − 1.
    #[error(
        "the theorem needs G(n) for n < 2(E + P) + t (more heaps for codes leaving three), which overflows at E = {preperiod}, P = {period}"
    )]
    Overflow {
        /// The claimed preperiod.
        preperiod: u64,
        /// The claimed period.
        period: u64,
    },
    /// No heap from the claimed preperiod on is within the heaps allowed: nothing could
    /// be compared.
    #[error(
        "nothing to compare: the claim is about n ≥ {preperiod}, and G(n + {period}) is needed, but at most {max_heaps} heaps are computed (--max-heap; at most {MAX_HEAPS})"
    )]
    Unreachable {
        /// The claimed preperiod.
        preperiod: u64,
        /// The claimed period.
        period: u64,
        /// The most heaps allowed.
        max_heaps: u64,
    },
}

/// The outcome of a period search or check.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeriodResult {
    /// The game.
    pub code: OctalCode,
    /// The least preperiod e: G(n + p) = G(n) for every n ≥ e, and not for n = e − 1.
    /// When not proved, the best candidate seen, if any.
    pub preperiod: Option<u64>,
    /// The least period p. When not proved, the best candidate seen, if any.
    pub period: Option<u64>,
    /// Whether the theorem proves `preperiod` and `period`.
    pub proved: bool,
    /// The values the theorem needs for the pair, G(n) for n below this.
    pub values_needed: Option<u64>,
    /// The heaps whose value was computed, G(n) for n below this.
    pub heaps_computed: u64,
    /// The largest value computed.
    pub largest_value: u32,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// When not proved: the budget that stopped the search (`None`: the most heaps
    /// allowed were computed).
    pub stopped_by: Option<String>,
}

/// The verdict on a claimed preperiod and period.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum ClaimCheck {
    /// The theorem proves G(n + P) = G(n) for every n ≥ E.
    Proved {
        /// The values used, G(n) for n below this.
        values_needed: u64,
    },
    /// The least n ≥ E with G(n + P) ≠ G(n), and the two values.
    Refuted {
        /// The least counterexample.
        n: u64,
        /// G(n).
        value: u32,
        /// G(n + P).
        shifted: u32,
    },
    /// The values needed exceed the heaps allowed or the budget; G(n + P) = G(n) for
    /// every n from E on with n + P below the heaps computed.
    Undecided {
        /// The values the theorem needs.
        values_needed: u64,
        /// The heaps computed, all agreeing.
        heaps_computed: u64,
        /// The budget that stopped the check, or `None`: the most heaps allowed.
        stopped_by: Option<String>,
    },
}

/// Returns the number of leading values the theorem needs to prove that `code` has
/// period `period` from `preperiod` on: G(n) for n below it. `None` when the theorem
/// does not apply (Grundy's game) or the count overflows.
///
/// # Example
/// ```
/// use gamecheck::octal::{code::OctalCode, guy_smith::values_needed};
/// let kayles: OctalCode = "0.77".parse()?;
/// assert_eq!(values_needed(&kayles, 71, 12), Some(168)); // 2e + 2p + t
/// let s134: OctalCode = "0.3033".parse()?;
/// assert_eq!(values_needed(&s134, 0, 7), Some(12)); // max(e + t, t + 1) + p
/// assert_eq!(values_needed(&OctalCode::grundy(), 0, 1), None);
/// # Ok::<(), gamecheck::octal::code::CodeError>(())
/// ```
pub fn values_needed(code: &OctalCode, preperiod: u64, period: u64) -> Option<u64> {
    if code.unequal_splits() {
        return None;
    }
    let t = code.max_take() as u64;
    let k = u64::from(code.max_heaps());
    let bound = if k <= 1 {
        preperiod.checked_add(t)?
    } else {
        k.checked_mul(preperiod.checked_add(period)?)?
            .checked_sub(period)?
            .checked_add(t)?
    };
    bound.max(t + 1).checked_add(period)
}

/// The first heaps computed: small games are proved within them.
const FIRST_HEAPS: usize = 64;
/// The rolling window of values whose recurrence proposes a period.
const WINDOW: usize = 128;
/// One position in this many is an anchor.
const ANCHOR_ONE_IN: u64 = 1024;
/// Long candidate periods followed at once.
const MAX_CANDIDATES: usize = 16;

/// One candidate period and the last n below the computed range with G(n + p) ≠ G(n).
#[derive(Clone, Copy, Debug)]
struct Candidate {
    period: usize,
    last_mismatch: Option<usize>,
    /// The computed range `last_mismatch` covers.
    checked_to: usize,
}

impl Candidate {
    fn preperiod(&self) -> usize {
        self.last_mismatch.map_or(0, |m| m + 1)
    }
    /// Extends `last_mismatch` to the range below `to`.
    fn update(&mut self, values: &NimValues, to: usize) {
        let from = self.checked_to.saturating_sub(self.period);
        if let Some(m) = values.last_mismatch(self.period, from, to) {
            self.last_mismatch = Some(m);
        }
        self.checked_to = to;
    }
}

/// Follows candidate periods while values are appended.
struct PeriodSearch {
    small: Vec<Candidate>,
    long: Vec<Candidate>,
    hash: u64,
    /// B^WINDOW, to drop the value leaving the window.
    drop: u64,
    hashed_to: usize,
    anchors: HashMap<u64, usize>,
}

const BASE: u64 = 0x9e37_79b9_7f4a_7c15;

impl PeriodSearch {
    fn new() -> PeriodSearch {
        PeriodSearch {
            small: (1..=SMALL_PERIODS)
                .map(|period| Candidate {
                    period,
                    last_mismatch: None,
                    checked_to: 0,
                })
                .collect(),
            long: Vec::new(),
            hash: 0,
            drop: (0..WINDOW).fold(1u64, |acc, _| acc.wrapping_mul(BASE)),
            hashed_to: 0,
            anchors: HashMap::new(),
        }
    }

    /// Takes in the values up to `values.len()`.
    fn update(&mut self, values: &NimValues) {
        let len = values.len();
        for c in self.small.iter_mut().take_while(|c| c.period < len) {
            c.update(values, len);
        }
        let mut proposed = Vec::new();
        with_values!(values, v => self.hash_values(v, &mut proposed));
        for c in &mut self.long {
            c.update(values, len);
        }
        for period in proposed {
            if period <= SMALL_PERIODS || self.long.iter().any(|c| c.period == period) {
                continue;
            }
            self.long.push(Candidate {
                period,
                last_mismatch: values.last_mismatch(period, 0, len),
                checked_to: len,
            });
        }
        // Keep the candidates nearest to a proof.
        if self.long.len() > MAX_CANDIDATES {
            self.long.sort_by_key(|c| 2 * c.preperiod() + 2 * c.period);
            self.long.truncate(MAX_CANDIDATES);
        }
    }

    /// Rolls the window hash over the values not hashed yet; a recurring anchor proposes
    /// the distance to its last occurrence.
    fn hash_values<T: Nimber>(&mut self, v: &[T], proposed: &mut Vec<usize>) {
        for n in self.hashed_to..v.len() {
            let add = u64::from(v[n].get()) + 1;
            self.hash = self.hash.wrapping_mul(BASE).wrapping_add(add);
            if n < WINDOW {
                continue;
            }
            let old = u64::from(v[n - WINDOW].get()) + 1;
            self.hash = self.hash.wrapping_sub(old.wrapping_mul(self.drop));
            let mixed = mix(self.hash);
            if mixed.is_multiple_of(ANCHOR_ONE_IN)
                && let Some(m) = self.anchors.insert(mixed, n)
            {
                proposed.push(n - m);
            }
        }
        self.hashed_to = v.len();
    }

    /// Returns the candidate the theorem can prove with the fewest values, with that count.
    fn best(&self, code: &OctalCode) -> Option<(Candidate, u64)> {
        self.small
            .iter()
            .chain(&self.long)
            .filter(|c| c.checked_to > c.period)
            .filter_map(|c| Some((*c, values_needed(code, c.preperiod() as u64, c.period as u64)?)))
            .min_by_key(|&(c, needed)| (needed, c.period))
    }
}

/// A 64-bit finalizer, so that anchors do not depend on the low bits of the hash alone.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// Computes values of `code` until the Guy–Smith theorem proves a period, or until
/// `max_heaps` heaps. The result names the least preperiod and the least period.
///
/// # Errors
/// [`PeriodError::NoTheorem`] for Grundy's game.
///
/// # Complexity
/// The sparse-space method's cost for the heaps computed, which is at most the values the
/// proof needs plus one chunk (a sixteenth of them); O(n) more for the period search.
///
/// # Example
/// ```
/// use gamecheck::octal::{code::OctalCode, guy_smith::find_period};
/// let r = find_period(&"0.77".parse::<OctalCode>()?, 10_000, &())?;
/// assert!(r.proved);
/// assert_eq!((r.preperiod, r.period, r.values_needed), (Some(71), Some(12), Some(168)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_period(
    code: &OctalCode,
    max_heaps: u64,
    progress: &dyn Progress,
) -> Result<PeriodResult, PeriodError> {
    find_period_with(SparseSpace::new(code), max_heaps, progress)
}

/// [`find_period`] on a solver that may already hold values.
///
/// # Errors
/// As for [`find_period`].
///
/// # Example
/// ```
/// use gamecheck::octal::{code::OctalCode, guy_smith::find_period_with, sparse_space::SparseSpace};
/// let mut s = SparseSpace::new(&"0.07".parse::<OctalCode>()?);
/// s.extend_to(500);
/// let r = find_period_with(s, 10_000, &())?;
/// assert_eq!((r.preperiod, r.period, r.proved), (Some(53), Some(34), true));
/// assert_eq!(r.heaps_computed, 500);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_period_with(
    mut solver: SparseSpace,
    max_heaps: u64,
    progress: &dyn Progress,
) -> Result<PeriodResult, PeriodError> {
    find_period_in(&mut solver, max_heaps, progress)
}

/// [`find_period`] on `solver`, which keeps the values computed.
///
/// # Errors
/// As for [`find_period`].
pub fn find_period_in(
    solver: &mut SparseSpace,
    max_heaps: u64,
    progress: &dyn Progress,
) -> Result<PeriodResult, PeriodError> {
    find_period_within(solver, max_heaps, &Budget::default().start(), progress)
}

/// [`find_period_in`] within the budget `meter` measures: when it runs out, the result is
/// not proved and names the budget in [`PeriodResult::stopped_by`].
///
/// # Errors
/// As for [`find_period`].
///
/// # Example
/// ```
/// use std::time::Duration;
/// use gamecheck::budget::Budget;
/// use gamecheck::octal::{code::OctalCode, guy_smith::find_period_within, sparse_space::SparseSpace};
/// let tight = Budget { time: Duration::from_secs(60), memory: 4096 };
/// let mut s = SparseSpace::new(&"0.6".parse::<OctalCode>()?);
/// let r = find_period_within(&mut s, u64::MAX, &tight.start(), &())?;
/// assert!(!r.proved && r.stopped_by.is_some_and(|why| why.contains("--memory-budget")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_period_within(
    solver: &mut SparseSpace,
    max_heaps: u64,
    meter: &Meter,
    progress: &dyn Progress,
) -> Result<PeriodResult, PeriodError> {
    let max = usize::try_from(max_heaps).unwrap_or(MAX_HEAPS).min(MAX_HEAPS);
    progress.start(max as u64);
    let mut finder = Finder::new(solver.code())?;
    loop {
        if let Step::Proved(r) | Step::Stopped(r) = finder.run(solver, max, meter, progress, &|_| false, None)
        {
            return Ok(r);
        }
    }
}

/// Where [`Finder::run`] stopped.
pub(crate) enum Step {
    /// The theorem proves the period.
    Proved(PeriodResult),
    /// The values asked for are computed, and no period is proved yet.
    Enough,
    /// The most heaps allowed, or the budget, was reached without a proof.
    Stopped(PeriodResult),
}

/// A period search that can be resumed: the game's table runs it as far as each question
/// needs, and on to the proof when a heap beyond the values is asked.
pub(crate) struct Finder {
    search: PeriodSearch,
    /// Whether the memory checked is the whole run's (`--max-heap` given) rather than
    /// the next step's.
    whole_run: bool,
    reported: usize,
    start: Instant,
}

impl Finder {
    /// Returns a search for `code`'s period.
    ///
    /// # Errors
    /// [`PeriodError::NoTheorem`] for Grundy's game.
    pub(crate) fn new(code: &OctalCode) -> Result<Finder, PeriodError> {
        if code.unequal_splits() {
            return Err(PeriodError::NoTheorem {
                code: code.clone(),
                why: "shifting one heap of an unequal split can make the heaps equal",
            });
        }
        Ok(Finder {
            search: PeriodSearch::new(),
            whole_run: false,
            reported: 0,
            start: Instant::now(),
        })
    }

    /// Returns the search that checks the memory of the whole run of `max` heaps at each
    /// step (at the values' width then) when `whole`, not only the next step's.
    pub(crate) fn whole_run(self, whole: bool) -> Finder {
        Finder {
            whole_run: whole,
            ..self
        }
    }

    /// Grows `solver` until the theorem proves a period, `enough` holds of the number of
    /// heaps computed, `max` heaps are computed, or the budget `meter` measures runs out.
    pub(crate) fn run(
        &mut self,
        solver: &mut SparseSpace,
        max: usize,
        meter: &Meter,
        progress: &dyn Progress,
        enough: &dyn Fn(usize) -> bool,
        mut keeper: Option<&mut Keeper>,
    ) -> Step {
        let code = solver.code().clone();
        let cap = keeper.as_deref().map_or(usize::MAX, Keeper::step_cap);
        let listening = keeper.as_deref_mut().and_then(|k| k.start(solver));
        let mut target = FIRST_HEAPS.min(max).max(solver.len());
        loop {
            solver.extend_to(target);
            progress.advance(solver.len().saturating_sub(self.reported) as u64);
            self.reported = solver.len();
            self.search.update(solver.values());
            let len = solver.len() as u64;
            let best = self.search.best(&code);
            if let Some((c, needed)) = best
                && needed <= len
            {
                return Step::Proved(proved(solver, c, self.start));
            }
            if enough(solver.len()) {
                return Step::Enough;
            }
            // Grow by at most a sixteenth (so a proof is seen soon after its values exist),
            // but stop exactly where the best candidate would be proved.
            let step = (solver.len() / 16).max(FIRST_HEAPS).min(cap);
            let mut next = solver.len().saturating_add(step);
            if let Some((_, needed)) = best
                && let Ok(needed) = usize::try_from(needed)
            {
                next = next.min(needed.max(solver.len() + 1));
            }
            // The next step's tables (or the whole run's), at the width of the values now.
            let held = solver.bytes_for(if self.whole_run { max } else { next.min(max) });
            let mut stop = if solver.len() >= max {
                Some(None)
            } else {
                meter.check(held).err().map(|why| Some(why.to_string()))
            };
            if let Some(k) = keeper.as_deref_mut() {
                let kept = match stop {
                    Some(_) => k.save(solver),
                    None => k.step(solver, listening.as_ref()),
                };
                if let Err(why) = kept {
                    stop = Some(Some(why));
                }
            }
            if let Some(stopped_by) = stop {
                let (preperiod, period, values_needed) = match best {
                    Some((c, needed)) => (Some(c.preperiod() as u64), Some(c.period as u64), Some(needed)),
                    None => (None, None, None),
                };
                return Step::Stopped(PeriodResult {
                    code,
                    preperiod,
                    period,
                    proved: false,
                    values_needed,
                    heaps_computed: len,
                    largest_value: solver.largest_value(),
                    seconds: self.start.elapsed().as_secs_f64(),
                    stopped_by,
                });
            }
            target = next.min(max);
        }
    }
}

/// The result for a candidate the theorem proves: reduced to the least period (a divisor
/// of any period) and its least preperiod.
fn proved(solver: &SparseSpace, c: Candidate, start: Instant) -> PeriodResult {
    let values = solver.values();
    let len = solver.len();
    let e = c.preperiod();
    // The least period divides every period; a divisor d is one from e on exactly when
    // G(n + d) = G(n) over one period p.
    let period = (1..=c.period)
        .filter(|d| c.period.is_multiple_of(*d))
        .find(|&d| values.first_mismatch(d, e, e + c.period + d).is_none())
        .unwrap_or(c.period);
    let preperiod = values.last_mismatch(period, 0, len).map_or(0, |m| m + 1);
    let code = solver.code().clone();
    PeriodResult {
        values_needed: values_needed(&code, preperiod as u64, period as u64),
        code,
        preperiod: Some(preperiod as u64),
        period: Some(period as u64),
        proved: true,
        heaps_computed: len as u64,
        largest_value: solver.largest_value(),
        seconds: start.elapsed().as_secs_f64(),
        stopped_by: None,
    }
}

/// Checks a claimed preperiod and period: proves them by the theorem, or refutes them
/// with the least n ≥ `preperiod` where G(n + `period`) ≠ G(n). Computes at most
/// `max_heaps` heaps.
///
/// # Errors
/// [`PeriodError::NoTheorem`] for Grundy's game, [`PeriodError::ZeroPeriod`] for a
/// period of 0.
///
/// # Example
/// ```
/// use gamecheck::octal::{code::OctalCode, guy_smith::{check_period, ClaimCheck}};
/// let kayles: OctalCode = "0.77".parse()?;
/// assert_eq!(check_period(&kayles, 71, 12, 1000, &())?, ClaimCheck::Proved { values_needed: 168 });
/// // G(70) = 6 but G(82) = 2: 70 is the last exception.
/// assert_eq!(
///     check_period(&kayles, 70, 12, 1000, &())?,
///     ClaimCheck::Refuted { n: 70, value: 6, shifted: 2 }
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_period(
    code: &OctalCode,
    preperiod: u64,
    period: u64,
    max_heaps: u64,
    progress: &dyn Progress,
) -> Result<ClaimCheck, PeriodError> {
    check_period_within(
        code,
        preperiod,
        period,
        max_heaps,
        &Budget::default().start(),
        progress,
    )
}

/// [`check_period`] within the budget `meter` measures: when it runs out the claim is
/// [`ClaimCheck::Undecided`], naming the budget.
///
/// # Errors
/// As for [`check_period`]; [`PeriodError::Overflow`] when the values the theorem needs
/// are more than 2^64 − 1, [`PeriodError::Unreachable`] when E + P is beyond `max_heaps`
/// (or [`MAX_HEAPS`]), so that no n ≥ E could be compared.
///
/// # Example
/// ```
/// use gamecheck::budget::Budget;
/// use gamecheck::octal::{code::OctalCode, guy_smith::{PeriodError, check_period_within}};
/// let kayles: OctalCode = "0.77".parse()?;
/// let meter = Budget::default().start();
/// let overflow = check_period_within(&kayles, u64::MAX, 1, 1000, &meter, &());
/// assert!(matches!(overflow, Err(PeriodError::Overflow { .. })));
/// let far = check_period_within(&kayles, 5000, 1, 1000, &meter, &());
/// assert!(matches!(far, Err(PeriodError::Unreachable { .. })));
/// # Ok::<(), gamecheck::octal::code::CodeError>(())
/// ```
pub fn check_period_within(
    code: &OctalCode,
    preperiod: u64,
    period: u64,
    max_heaps: u64,
    meter: &Meter,
    progress: &dyn Progress,
) -> Result<ClaimCheck, PeriodError> {
    if period == 0 {
        return Err(PeriodError::ZeroPeriod);
    }
    let no_theorem = || PeriodError::NoTheorem {
        code: code.clone(),
        why: "shifting one heap of an unequal split can make the heaps equal",
    };
    if code.unequal_splits() {
        return Err(no_theorem());
    }
    let needed = values_needed(code, preperiod, period).ok_or(PeriodError::Overflow { preperiod, period })?;
    let max = max_heaps.min(MAX_HEAPS as u64);
    if preperiod.checked_add(period).is_none_or(|first| first >= max) {
        return Err(PeriodError::Unreachable {
            preperiod,
            period,
            max_heaps: max,
        });
    }
    let goal = needed.min(max) as usize;
    progress.start(goal as u64);
    let mut solver = SparseSpace::new(code);
    // A refutation needs G(n + P) for some n ≥ E: nothing to compare before E + P, but
    // the values grow in steps, so that the budget is checked on the way there.
    let (e, p) = (preperiod as usize, period as usize);
    let mut target = FIRST_HEAPS.min(goal);
    let mut compared = e;
    let mut reported = 0;
    loop {
        solver.extend_to(target);
        progress.advance((solver.len() - reported) as u64);
        reported = solver.len();
        let values = solver.values();
        if let Some(n) = values.first_mismatch(p, compared, solver.len()) {
            return Ok(ClaimCheck::Refuted {
                n: n as u64,
                value: values.get(n).unwrap_or(0),
                shifted: values.get(n + p).unwrap_or(0),
            });
        }
        compared = compared.max(solver.len().saturating_sub(p));
        if solver.len() >= goal {
            return Ok(if (solver.len() as u64) >= needed {
                ClaimCheck::Proved {
                    values_needed: needed,
                }
            } else {
                ClaimCheck::Undecided {
                    values_needed: needed,
                    heaps_computed: solver.len() as u64,
                    stopped_by: None,
                }
            });
        }
        target = solver
            .len()
            .saturating_add((solver.len() / 16).max(FIRST_HEAPS))
            .min(goal);
        let per_heap = solver.memory_bytes() as f64 / solver.len().max(1) as f64;
        if let Err(why) = meter.check((per_heap * target as f64) as u64) {
            return Ok(ClaimCheck::Undecided {
                values_needed: needed,
                heaps_computed: solver.len() as u64,
                stopped_by: Some(why.to_string()),
            });
        }
    }
}
