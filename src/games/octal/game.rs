//! The heap game of an octal code as a [`Game`]: its moves, its flags, and its fast path
//! through the values table and the proved period.

use crate::game::Settings;
use crate::game::Unanswered;
use std::sync::{Mutex, OnceLock};

use super::cache::{self, CachedPeriod};
use super::checkpoint;
use super::code::OctalCode;
use super::crosscheck::plain_mex;
use super::guy_smith::{Finder, PeriodResult, Step};
use super::long_run::Keeper;
use super::memory;
use super::misere::{BYTES_PER_POSITION, MisereSearch, NANOS_PER_MOVE};
use super::moves::{for_each_move, move_count};
use super::sparse_space::{MAX_HEAPS, SparseSpace};
use super::values::NimValues;
use crate::budget::{Budget, Meter};
use crate::game::{Field, Format, FromFlags, Game, GameError, MAX_T, Oracle, SEARCH_BUDGET, Search};
use gamecheck_oracles::rules_oracle::RulesError;

use crate::problem::{Budget as Stop, Flag, Flags};

/// The heaps the plain mex, O(n²), is asked about in `check`: G(n) for n below it.
const PLAIN_MEX_REACH: usize = 1024;

/// The heaps computed for a code the Guy–Smith theorem does not cover (Grundy's game,
/// unequal splits), when `--max-heap` is not given: its reach, beyond which a heap is
/// refused at once.
pub const NO_THEOREM_REACH: u64 = 1_000_000;

/// The heap game of an octal code: a position is a list of heaps.
pub struct Octal {
    code: OctalCode,
    /// `--max-heap`: the most heaps whose values are computed.
    max_heap: Option<u64>,
    /// Whether a contest case is a sum of heaps, `k n1 … nk`, rather than one heap `n`.
    sum: bool,
    /// Whether the questions are about misère play: the positions are those a search
    /// reaches.
    misere: bool,
    /// The misère search, its positions kept across questions while they fit the memory
    /// budget.
    misere_memo: Mutex<Option<MisereSearch>>,
    /// The misère reach within the budgets and the budget that sets it, once computed.
    misere_reach: OnceLock<(u64, Stop)>,
    budget: Budget,
    /// The meter of every search this game runs, started by the first.
    meter: OnceLock<Meter>,
    /// The values computed so far and the period search that follows them.
    lazy: Mutex<Lazy>,
    /// The proved period and its values, from the cache or a search.
    proved: OnceLock<Table>,
    /// Set once the cache was read.
    cache_read: OnceLock<()>,
    /// The cache directory, or `None` for no cache.
    cache_dir: Option<std::path::PathBuf>,
    /// The whole search, for `prove` and `plot`.
    table: OnceLock<Table>,
    /// The plain mex's values below [`PLAIN_MEX_REACH`], computed once.
    plain: OnceLock<Result<Vec<u32>, String>>,
}

/// The values computed as far as the questions needed them.
struct Lazy {
    solver: SparseSpace,
    /// The period search, for a code the theorem applies to.
    finder: Option<Finder>,
    /// Where the search stopped without a proof (the most heaps, or a budget).
    stopped: Option<PeriodResult>,
    /// The run's status, checkpoint and Ctrl-C.
    keeper: Keeper,
}

/// The nim-sequence as far as computed, and the period the Guy–Smith theorem proves.
#[derive(Clone, Debug)]
pub struct Table {
    values: NimValues,
    /// The least preperiod and period, when proved.
    period: Option<(u64, u64)>,
    /// The period search's report, for a code the theorem applies to.
    search: Option<PeriodResult>,
    /// The budget that stopped the values of a code the theorem does not cover.
    stopped_by: Option<String>,
}

impl Table {
    /// Returns G(n): from the values computed, or through the proved period.
    ///
    /// # Errors
    /// A heap beyond the computed range when no period is proved.
    pub fn value(&self, n: u64) -> Result<u32, String> {
        let len = self.values.len() as u64;
        let i = match self.period {
            Some((e, p)) if n >= e => e + (n - e) % p,
            _ if n < len => n,
            _ => {
                let why = self
                    .search
                    .as_ref()
                    .and_then(|s| s.stopped_by.clone())
                    .or_else(|| self.stopped_by.clone())
                    .unwrap_or_else(|| "the most heaps allowed were computed (raise --max-heap)".to_owned());
                return Err(format!(
                    "heap {n} is beyond reach: G(n) is known for n < {len}, and no period is proved there: {why}"
                ));
            }
        };
        usize::try_from(i)
            .ok()
            .and_then(|i| self.values.get(i))
            .ok_or_else(|| format!("heap {n}: no value stored"))
    }

    /// Returns the least preperiod and period, when proved.
    pub fn period(&self) -> Option<(u64, u64)> {
        self.period
    }

    /// Returns the number of values computed: G(n) for n below it.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Returns whether no value was computed.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Returns the period search's report, for a code the theorem applies to.
    pub fn search(&self) -> Option<&PeriodResult> {
        self.search.as_ref()
    }

    /// Returns what stopped the values of a code the theorem does not cover before the
    /// heaps allowed: a budget, Ctrl-C.
    pub fn stopped_by(&self) -> Option<&str> {
        self.stopped_by.as_deref()
    }
}

/// Returns the first `len` of `values`.
fn prefix(values: &NimValues, len: usize) -> NimValues {
    match values {
        NimValues::U8(v) => NimValues::U8(v[..len.min(v.len())].to_vec()),
        NimValues::U16(v) => NimValues::U16(v[..len.min(v.len())].to_vec()),
        NimValues::U32(v) => NimValues::U32(v[..len.min(v.len())].to_vec()),
    }
}

impl Octal {
    /// Returns the game of `code`, computing values up to `max_heap` heaps at most, as
    /// far as each question needs.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::Octal;
    /// let kayles = Octal::new("0.77".parse()?, 1000);
    /// assert_eq!(kayles.table().period(), Some((71, 12)));
    /// assert_eq!(kayles.table().value(u64::MAX - 1), kayles.table().value(71 + (u64::MAX - 72) % 12));
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn new(code: OctalCode, max_heap: u64) -> Octal {
        Octal::with_reach(code, Some(max_heap))
    }

    /// Returns the game of `code` computing at most `max_heap` heaps, or with `None` until
    /// the period is proved or the budget runs out ([`NO_THEOREM_REACH`] heaps for a
    /// code the theorem does not cover).
    pub fn with_reach(code: OctalCode, max_heap: Option<u64>) -> Octal {
        let finder = Finder::new(&code).ok().map(|f| f.whole_run(max_heap.is_some()));
        let mut solver = SparseSpace::new(&code);
        if let Some(n) = max_heap {
            solver.set_reach(usize::try_from(n).unwrap_or(MAX_HEAPS).min(MAX_HEAPS));
        }
        Octal {
            lazy: Mutex::new(Lazy {
                solver,
                finder,
                stopped: None,
                keeper: Keeper::new(None),
            }),
            code,
            max_heap,
            sum: false,
            misere: false,
            misere_memo: Mutex::new(None),
            misere_reach: OnceLock::new(),
            budget: Budget::default(),
            meter: OnceLock::new(),
            proved: OnceLock::new(),
            cache_read: OnceLock::new(),
            cache_dir: cache::cache_dir(),
            table: OnceLock::new(),
            plain: OnceLock::new(),
        }
    }

    /// Returns the game whose contest cases are sums of heaps, `k n1 … nk`, rather than
    /// one heap `n` a line.
    pub fn with_sums(self) -> Octal {
        Octal { sum: true, ..self }
    }

    /// Returns the game whose positions are those a misère search reaches
    /// ([`Octal::misere_reach`]), as `--misere` asks.
    pub fn for_misere(self) -> Octal {
        Octal { misere: true, ..self }
    }

    /// Returns a bound on the positions a search from `p` meets: every sum of heaps with
    /// at most `p`'s tokens when a move may split a heap, else every list of heaps each
    /// at most `p`'s.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::Octal;
    /// let kayles = Octal::new("0.77".parse()?, 1000);
    /// // The partitions of 0, 1, 2, 3, 4: 1 + 1 + 2 + 3 + 5.
    /// assert_eq!(kayles.misere_positions(&[4]), 12);
    /// let nim_like = Octal::new("0.3333".parse()?, 1000);
    /// assert_eq!(nim_like.misere_positions(&[3, 4]), 20);
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn misere_positions(&self, p: &[u64]) -> u128 {
        if self.code.max_heaps() <= 1 {
            return p
                .iter()
                .fold(1u128, |acc, &h| acc.saturating_mul(u128::from(h) + 1));
        }
        let total = p.iter().fold(0u64, |acc, &h| acc.saturating_add(h));
        // p(k) for k ≤ total by the coin DP, while the sum is at most the limit.
        let cap = usize::try_from(total).unwrap_or(usize::MAX).min(512);
        let mut parts = vec![0u128; cap + 1];
        parts[0] = 1;
        for part in 1..=cap {
            for k in part..=cap {
                parts[k] = parts[k].saturating_add(parts[k - part]);
            }
        }
        if total as usize > cap {
            return u128::MAX;
        }
        parts.iter().fold(0u128, |acc, &x| acc.saturating_add(x))
    }

    /// Returns the budget a misère search from `p` would exceed, judged before it starts
    /// from the positions it may meet ([`Octal::misere_positions`]): more than the
    /// `positions` the question's search may hold, their memory at
    /// [`BYTES_PER_POSITION`] bytes each, or the time to search them at [`NANOS_PER_MOVE`]
    /// per position and move of `p`; `None` when it fits both.
    fn misere_over(&self, p: &[u64], positions: usize) -> Option<Stop> {
        let bound = self.misere_positions(p);
        if bound > positions as u128 {
            return Some(Stop::Positions {
                limit: positions as u64,
            });
        }
        if bound.saturating_mul(u128::from(BYTES_PER_POSITION)) > u128::from(self.budget.memory) {
            return Some(Stop::Memory {
                mib: self.budget.memory >> 20,
            });
        }
        let moves = p
            .iter()
            .map(|&h| move_count(&self.code, h))
            .fold(1u128, u128::saturating_add);
        let nanos = bound
            .saturating_mul(moves)
            .saturating_mul(u128::from(NANOS_PER_MOVE));
        (nanos > self.budget.time.as_nanos()).then_some(Stop::Time {
            seconds: self.budget.time.as_secs(),
        })
    }

    /// Returns the largest heap a misère search answers within the time and memory
    /// budgets ([`Octal::with_budget`]), judged before any search, and the budget that
    /// stops the next heap.
    ///
    /// # Example
    /// ```
    /// use std::time::Duration;
    /// use gamecheck::budget::Budget;
    /// use gamecheck::octal::Octal;
    /// use gamecheck::problem::Budget as Stop;
    /// let kayles = Octal::new("0.77".parse()?, 1000);
    /// let (n, _) = kayles.misere_reach_and_budget();
    /// // Less memory, less reach, and the memory budget is the one named.
    /// let small = Octal::new("0.77".parse()?, 1000)
    ///     .with_budget(Budget { time: Duration::from_secs(600), memory: 64 << 20 });
    /// let (m, stop) = small.misere_reach_and_budget();
    /// assert!(m < n);
    /// assert_eq!(stop, Stop::Memory { mib: 64 });
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn misere_reach_and_budget(&self) -> (u64, Stop) {
        self.misere_reach
            .get_or_init(|| self.probe_misere_reach())
            .clone()
    }

    fn probe_misere_reach(&self) -> (u64, Stop) {
        // The bound grows with n: the last n within the budgets, by doubling then halving.
        let mut hi = 1u64;
        let stop = loop {
            match self.misere_over(&[hi], SEARCH_BUDGET) {
                Some(stop) => break stop,
                None if hi >= 1 << 62 => return (u64::MAX, Stop::Reach { limit: u64::MAX }),
                None => hi *= 2,
            }
        };
        let (mut lo, mut stop) = (hi / 2, stop);
        while lo + 1 < hi {
            let mid = lo + (hi - lo) / 2;
            match self.misere_over(&[mid], SEARCH_BUDGET) {
                None => lo = mid,
                Some(s) => (hi, stop) = (mid, s),
            }
        }
        (lo, stop)
    }

    /// Returns the largest heap a misère search answers within the budgets
    /// ([`Octal::misere_reach_and_budget`]).
    pub fn misere_reach(&self) -> u64 {
        self.misere_reach_and_budget().0
    }

    /// Returns `Ok` when a misère search from `p` fits the budgets, else why not, naming
    /// the budget and the reach.
    fn misere_within(&self, p: &[u64], positions: usize) -> Result<(), String> {
        let Some(stop) = self.misere_over(p, positions) else {
            return Ok(());
        };
        let bound = self.misere_positions(p);
        let shown = if bound == u128::MAX {
            "too many".to_owned()
        } else {
            format!("up to {bound}")
        };
        let flag = match stop {
            Stop::Memory { .. } => "raise --memory-budget",
            Stop::Time { .. } => "raise --time-budget",
            _ => "the most a question's search holds",
        };
        Err(format!(
            "out of reach: misère play is searched position by position, and {} may reach {shown} positions, beyond the {stop} ({flag}); for {}, one heap up to {} is within the budgets",
            self.describe(&p.to_vec()),
            self.code,
            self.misere_reach()
        ))
    }

    /// Returns whether the player to move wins `p` under misère play, by the game's own
    /// search (its moves by the code, not the generic rules), within the budgets of one
    /// question: the heaps up to each of `p`'s are searched in turn, the meter read
    /// between them, so that a search the estimate misjudged stops at its time budget
    /// and says so. The last step, `p` itself, is not interrupted: its position cap bounds
    /// it, and the estimate let it start.
    ///
    /// # Errors
    /// A budget ran out, named.
    fn misere_search(&self, p: &[u64], positions: usize) -> Result<bool, Unanswered> {
        let mut memo = self
            .misere_memo
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let positions = usize::try_from(self.budget.memory / BYTES_PER_POSITION)
            .unwrap_or(usize::MAX)
            .min(positions);
        // The budget is the question's, as the estimate that let it start was.
        let meter = self.budget.start();
        let stopped = |e: crate::budget::Exhausted, at: String| {
            let budget = match e {
                crate::budget::Exhausted::Time { limit } => Stop::Time {
                    seconds: limit.as_secs(),
                },
                _ => Stop::Memory {
                    mib: self.budget.memory >> 20,
                },
            };
            Unanswered::Budget {
                budget,
                detail: format!(
                    "the misère search of {} stopped at {at}: {e}",
                    self.describe(&p.to_vec())
                ),
            }
        };
        let mut steps: Vec<Vec<u64>> = Vec::new();
        for &n in p {
            steps.extend((1..n).map(|k| vec![k]));
        }
        steps.push(p.to_vec());
        for step in steps {
            // The memory is held to the budget by the search's positions, not the meter.
            meter.check(0).map_err(|e| stopped(e, self.describe(&step)))?;
            // A memo held to another question's cap is not this one's.
            if memo.as_ref().is_some_and(|m| m.budget() != positions) {
                *memo = None;
            }
            let search = memo.get_or_insert_with(|| MisereSearch::with_budget(&self.code, positions));
            let answer = match search.wins(&step) {
                // The positions kept from earlier questions filled the budget: this one
                // alone fits it (its bound does), so start afresh.
                Err(RulesError::OutOfReach { .. }) if search.visited() > 0 => {
                    let fresh = memo.insert(MisereSearch::with_budget(&self.code, positions));
                    fresh.wins(&step)
                }
                answer => answer,
            };
            let won = answer.map_err(|e| Unanswered::Budget {
                budget: match e {
                    RulesError::TooManyMoves { limit, .. } => Stop::Moves { limit: limit as u128 },
                    RulesError::Cycle => Stop::Cycle,
                    // The cap is the memory budget's, or the question's own when lower.
                    _ if (positions as u128) < u128::from(self.budget.memory / BYTES_PER_POSITION) => {
                        Stop::Positions {
                            limit: positions as u64,
                        }
                    }
                    _ => Stop::Memory {
                        mib: self.budget.memory >> 20,
                    },
                },
                detail: format!("{e} (--memory-budget at {BYTES_PER_POSITION} bytes a position)"),
            })?;
            if step.as_slice() == p {
                return Ok(won);
            }
        }
        Ok(true)
    }

    /// Returns the game that keeps its proved period in `dir` (`None`: nowhere), rather
    /// than in [`cache::cache_dir`].
    pub fn with_cache_dir(self, dir: Option<std::path::PathBuf>) -> Octal {
        Octal {
            cache_dir: dir,
            ..self
        }
    }

    /// Returns the game whose run keeps its checkpoint in `path`, resumed from it when the
    /// file exists: its values (at most the heaps allowed), mask and rare heaps.
    ///
    /// # Errors
    /// The file exists but is not a checkpoint of this code and version, or is damaged.
    pub fn with_checkpoint(self, path: std::path::PathBuf) -> Result<Octal, String> {
        {
            let mut lazy = self.lazy();
            let lazy = &mut *lazy;
            if let Some(c) = checkpoint::load(&path, &self.code)? {
                let reach = self.max_heap() as usize;
                let c = c.truncated(reach);
                let heaps = c.values.len();
                lazy.solver = SparseSpace::resume(&self.code, c);
                lazy.solver.set_reach(reach);
                lazy.keeper.resumed(heaps);
                crate::shown::note(&format!(
                    "resumed from the checkpoint {}: G(n) for n < {heaps}",
                    path.display()
                ));
            }
            let saved = std::mem::replace(&mut lazy.keeper, Keeper::new(Some(path)));
            lazy.keeper.resumed(saved.saved());
        }
        Ok(self)
    }

    /// Returns the game whose searches stop at `budget`.
    pub fn with_budget(self, budget: Budget) -> Octal {
        Octal {
            budget,
            misere_reach: OnceLock::new(),
            ..self
        }
    }

    /// Returns the code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// Returns the most heaps computed: `--max-heap`, or [`MAX_HEAPS`] when the theorem
    /// applies (the budget stops sooner) and [`NO_THEOREM_REACH`] when not.
    pub fn max_heap(&self) -> u64 {
        let default = if self.code.unequal_splits() {
            NO_THEOREM_REACH
        } else {
            MAX_HEAPS as u64
        };
        self.max_heap.unwrap_or(default).min(MAX_HEAPS as u64)
    }

    /// Returns the budget of the game's searches.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    fn meter(&self) -> &Meter {
        self.meter.get_or_init(|| self.budget.start())
    }

    fn lazy(&self) -> std::sync::MutexGuard<'_, Lazy> {
        // A search that panicked leaves values that are still right: keep them.
        self.lazy
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Returns the proved period when known: kept from an earlier search, read from the
    /// cache, without computing.
    fn known(&self) -> Option<&Table> {
        if let Some(t) = self.proved.get() {
            return Some(t);
        }
        if self.code.unequal_splits() {
            return None;
        }
        self.cache_read.get_or_init(|| {
            if let Some(c) = self
                .cache_dir
                .as_deref()
                .and_then(|dir| cache::load(dir, &self.code))
            {
                let _ = self.proved.set(Table {
                    values: c.values,
                    period: Some((c.preperiod, c.period)),
                    search: None,
                    stopped_by: None,
                });
            }
        });
        self.proved.get()
    }

    /// Keeps a proved period, here and in the cache.
    fn keep(&self, r: &PeriodResult, values: &NimValues) -> &Table {
        let (e, p) = (r.preperiod.unwrap_or(0), r.period.unwrap_or(1));
        let values = prefix(values, (e + p) as usize);
        // A proof of a few heaps is quicker to redo than to read back.
        let dir = self
            .cache_dir
            .as_deref()
            .filter(|_| r.heaps_computed >= cache::WORTH_KEEPING);
        let _ = dir.map(|dir| {
            cache::store(
                dir,
                &self.code,
                &CachedPeriod {
                    values: values.clone(),
                    preperiod: e,
                    period: p,
                },
            )
        });
        self.proved.get_or_init(|| Table {
            values,
            period: Some((e, p)),
            search: Some(r.clone()),
            stopped_by: None,
        })
    }

    /// Returns G(`n`): from the cache's period, the values computed, or values computed
    /// now as far as `n` (on to the period's proof when `n` is beyond `--max-heap`).
    ///
    /// # Errors
    /// `n` is beyond reach: no period proved within the heaps allowed or the budget,
    /// named.
    ///
    /// # Complexity
    /// O(1) once the period is proved or n is computed; otherwise the sparse-space
    /// method's cost up to n, and on to the proof when n is beyond the heaps allowed.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::Octal;
    /// // 8.0 splits a heap in three: its table grows as far as asked, no further.
    /// use gamecheck_oracles::octal_mex::TakeAndBreak;
    /// let g = Octal::new("8.0".parse()?, 1_000_000);
    /// let plain = TakeAndBreak::parse("8.0").map(|t| t.nim_values(6)).unwrap_or_default();
    /// assert_eq!(g.value(5), Ok(plain[5]));
    /// assert_eq!(g.computed(), 64);
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn value(&self, n: u64) -> Result<u32, String> {
        if let Some(t) = self.known() {
            return t.value(n);
        }
        let mut lazy = self.lazy();
        let lazy = &mut *lazy;
        if let Some(v) = usize::try_from(n).ok().and_then(|i| lazy.solver.value(i)) {
            return Ok(v);
        }
        if let Some(t) = self.proved.get() {
            return t.value(n);
        }
        let max = self.max_heap() as usize;
        let beyond = |len: usize, why: String| {
            format!(
                "heap {n} is beyond reach: G(n) is known for n < {len}, and no period is proved there: {why}"
            )
        };
        if let Some(r) = &lazy.stopped {
            let why = r
                .stopped_by
                .clone()
                .unwrap_or_else(|| format!("{max} heaps were computed (raise --max-heap)"));
            return Err(beyond(lazy.solver.len(), why));
        }
        let Some(finder) = lazy.finder.as_mut() else {
            // No theorem: the values alone, up to the reach.
            if n >= max as u64 {
                return Err(format!(
                    "heap {n} is beyond reach: {} has no period the Guy–Smith theorem proves, and G(n) is computed for n < {max} (--max-heap)",
                    self.code
                ));
            }
            return self
                .extend_to(&mut lazy.solver, &mut lazy.keeper, n as usize + 1)
                .and_then(|()| {
                    lazy.solver
                        .value(n as usize)
                        .ok_or_else(|| format!("heap {n}: no value stored"))
                });
        };
        let enough = |len: usize| (len as u64) > n;
        let step = finder.run(
            &mut lazy.solver,
            max,
            self.meter(),
            &(),
            &enough,
            Some(&mut lazy.keeper),
        );
        lazy.keeper.end();
        match step {
            Step::Proved(r) => self.keep(&r, lazy.solver.values()).value(n),
            Step::Enough => lazy
                .solver
                .value(n as usize)
                .ok_or_else(|| format!("heap {n}: no value stored")),
            Step::Stopped(r) => {
                let why = r
                    .stopped_by
                    .clone()
                    .unwrap_or_else(|| format!("{max} heaps were computed (raise --max-heap)"));
                let len = lazy.solver.len();
                lazy.stopped = Some(r);
                Err(beyond(len, why))
            }
        }
    }

    /// Extends `solver` to `heaps` in steps, within the budget, reporting to `keeper`
    /// (which keeps the checkpoint, and stops the run on Ctrl-C).
    fn extend_to(&self, solver: &mut SparseSpace, keeper: &mut Keeper, heaps: usize) -> Result<(), String> {
        let listening = keeper.start(solver);
        let mut run = || -> Result<(), String> {
            while solver.len() < heaps {
                let step = (solver.len() / 16).max(64).min(keeper.step_cap());
                let next = heaps.min(solver.len() + step);
                // With --max-heap, the whole run at the values' width now: a run whose
                // values widen past the budget stops there, not hours later.
                let whole = self.max_heap.map_or(next, |_| self.max_heap() as usize);
                self.meter()
                    .check(solver.bytes_for(whole))
                    .map_err(|why| format!("G(n) is computed for n < {}: {why}", solver.len()))?;
                solver.extend_to(next);
                keeper.step(solver, listening.as_ref())?;
            }
            Ok(())
        };
        let done = run();
        // Kept when the run stops or reaches --max-heap, so that a later run goes on from
        // here; a question answered on the way writes nothing (many would each rewrite it).
        let saved = if done.is_err() || solver.len() as u64 >= self.max_heap() {
            keeper.save(solver)
        } else {
            Ok(())
        };
        keeper.end();
        done.and(saved)
    }

    /// Tests: raises SIGINT once `heaps` heaps are computed.
    #[cfg(test)]
    pub(crate) fn interrupt_at(&self, heaps: usize) {
        self.lazy().keeper.interrupt_at = Some(heaps);
    }

    /// Returns the number of heaps whose values are computed so far.
    pub fn computed(&self) -> usize {
        self.lazy().solver.len()
    }

    /// Returns the proved (preperiod, period) when known without computing: from an
    /// earlier question or the cache.
    pub fn known_period(&self) -> Option<(u64, u64)> {
        self.known().and_then(Table::period)
    }

    /// Returns the values table of the whole search, computed once: until the Guy–Smith
    /// theorem proves a period, `--max-heap` heaps or the budget (for Grundy's game and
    /// the other codes with unequal splits, which the theorem does not cover, all the
    /// heaps allowed). The cache is not read: this is the proof.
    pub fn table(&self) -> &Table {
        self.table.get_or_init(|| {
            let mut lazy = self.lazy();
            let lazy = &mut *lazy;
            let max = self.max_heap() as usize;
            let Some(finder) = lazy.finder.as_mut() else {
                let stopped_by = self.extend_to(&mut lazy.solver, &mut lazy.keeper, max).err();
                return Table {
                    values: lazy.solver.values().clone(),
                    period: None,
                    search: None,
                    stopped_by,
                };
            };
            let r = match (&lazy.stopped, self.proved.get().and_then(|t| t.search.clone())) {
                (_, Some(r)) => r,
                (Some(r), None) => r.clone(),
                (None, None) => loop {
                    let step = finder.run(
                        &mut lazy.solver,
                        max,
                        self.meter(),
                        &(),
                        &|_| false,
                        Some(&mut lazy.keeper),
                    );
                    lazy.keeper.end();
                    match step {
                        Step::Proved(r) => {
                            self.keep(&r, lazy.solver.values());
                            break r;
                        }
                        Step::Stopped(r) => {
                            lazy.stopped = Some(r.clone());
                            break r;
                        }
                        Step::Enough => {}
                    }
                },
            };
            Table {
                period: r.preperiod.zip(r.period).filter(|_| r.proved),
                search: Some(r),
                values: lazy.solver.values().clone(),
                stopped_by: None,
            }
        })
    }

    /// Returns G(n) for every n below `heaps`, computed as far as needed.
    ///
    /// # Errors
    /// As for [`Octal::value`], at the first heap out of reach.
    pub fn values_below(&self, heaps: u64) -> Result<Vec<u32>, String> {
        if heaps > 0 {
            self.value(heaps - 1)?;
        }
        (0..heaps).map(|n| self.value(n)).collect()
    }
}

impl Game for Octal {
    type Position = Vec<u64>;
    const NAME: &'static str = "octal";

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &n) in p.iter().enumerate() {
            if i > 0 && p[i - 1] == n {
                continue;
            }
            for_each_move(&self.code, n, |left| {
                let mut q: Vec<u64> = p[..i].iter().chain(&p[i + 1..]).chain(left).copied().collect();
                q.retain(|&h| h > 0);
                q.sort_unstable();
                out.push(q);
            });
        }
    }

    /// Every heap when the theorem applies and no --max-heap is given (a heap beyond the
    /// values computed is answered through the period, searched within the budget when
    /// asked); with --max-heap N, the heaps the search computes up to N, or every heap
    /// when it proves the period; without the theorem, the reach.
    fn max_count(&self) -> u64 {
        if self.misere {
            return self.misere_reach();
        }
        if self.code.unequal_splits() {
            return self.max_heap().saturating_sub(1);
        }
        if self.max_heap.is_none() || self.known().is_some() {
            return u64::MAX;
        }
        // An explicit --max-heap bounds the search, as the user asked: the heaps answered
        // are those computed, or every heap once the period is proved within it.
        let t = self.table();
        if t.period().is_some() {
            u64::MAX
        } else {
            (t.len() as u64).saturating_sub(1)
        }
    }

    fn settings(&self) -> Settings<Self> {
        Settings {
            // Splitting a heap of n has about n/2 moves per digit: check enumerates them.
            move_reach: Some(self.max_count().min(128)),
            ..Settings::default()
        }
    }

    /// Counted, not listed: a heap of 10^12 has about 10^12 moves, and `repro` or a
    /// winning move must not list them.
    fn move_count(&self, p: &Vec<u64>) -> Option<u128> {
        let distinct = p.iter().enumerate().filter(|&(i, &n)| i == 0 || p[i - 1] != n);
        Some(
            distinct
                .map(|(_, &n)| move_count(&self.code, n))
                .fold(0u128, u128::saturating_add),
        )
    }

    fn check_position(&self, p: &Vec<u64>) -> Result<(), String> {
        if self.misere {
            self.misere_within(p, SEARCH_BUDGET)
        } else {
            Ok(())
        }
    }

    /// By the game's own search (the code's moves, not the generic ones, so `check`
    /// compares two searches), within the time and memory budgets and the positions the
    /// question's search may hold.
    fn misere_outcome(
        &self,
        p: &Vec<u64>,
        search: &mut Search<Self>,
    ) -> Result<crate::game::Outcome, Unanswered> {
        // The caller's search budget holds here too: a probe that allows a few positions
        // is refused at once, not answered by minutes of search.
        self.misere_within(p, search.budget())?;
        self.misere_search(p, search.budget())
            .map(crate::game::Outcome::of)
    }

    fn components(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
        if p.len() <= 1 {
            return vec![p.clone()];
        }
        p.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect()
    }

    fn grundy(&self, p: &Vec<u64>, _: &mut Search<Self>) -> Result<u64, Unanswered> {
        p.iter()
            .try_fold(0u32, |x, &n| self.value(n).map(|g| x ^ g))
            .map(u64::from)
            .map_err(Unanswered::Refused)
    }

    fn describe(&self, p: &Vec<u64>) -> String {
        match p.as_slice() {
            [] => "no heap".to_owned(),
            [n] => format!("heap {n}"),
            _ => format!("heaps {p:?}"),
        }
    }

    fn max_len(&self) -> usize {
        4
    }

    /// A line `T`, then T lines of one heap `n` (the issue's format), or with `--sum` of a
    /// sum of heaps `k n1 … nk`.
    fn format(&self) -> Format<Self> {
        if self.sum {
            // k, the number of heaps (at most `max_len`), then the heaps: named as heaps,
            // not as the generic format's counts.
            return Format::cases(1..=MAX_T)
                .line([
                    Field::len("k, the number of heaps", 0..=self.max_len() as u64),
                    Field::list("a heap", 0..=self.max_count()),
                ])
                .generated(20, 1000);
        }
        // Under misère play the bound is the search's reach: the message says so, and
        // names the budget that sets it.
        let n = match self.misere.then(|| self.misere_reach_and_budget().1) {
            None => "n",
            Some(Stop::Memory { .. }) => "n (the misère search's reach within --memory-budget)",
            Some(Stop::Time { .. }) => "n (the misère search's reach within --time-budget)",
            Some(_) => "n (the misère search's reach: 4,000,000 positions a question)",
        };
        Format::cases(1..=MAX_T)
            .line([Field::number(n, 0..=self.max_count())])
            .generated(20, 1000)
    }

    fn oracles(&self) -> Vec<Oracle<Self>> {
        vec![Oracle::check(
            "table_matches_plain_mex",
            "the plain mex",
            |g: &Octal, p: &Vec<u64>| {
                // The plain mex over every option, from the oracles crate, on the heaps of p.
                let plain = g
                    .plain
                    .get_or_init(|| plain_mex(&g.code, PLAIN_MEX_REACH).map_err(|e| e.to_string()))
                    .as_ref()
                    .map_err(Clone::clone)?;
                for &n in p.iter().filter(|&&n| n < PLAIN_MEX_REACH as u64) {
                    let table = g.value(n)?;
                    if table != plain[n as usize] {
                        return Err(format!(
                            "G({n}) is {table} by the sparse-space table but {} by the plain mex",
                            plain[n as usize]
                        ));
                    }
                }
                Ok(())
            },
        )]
    }
}

impl FromFlags for Octal {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::text(
                "code",
                "The octal code (0.77 for Kayles, 4.07, hex digits, or grundy); default 0.77.",
            )
            .value_name("C"),
            Flag::text(
                "max-heap",
                "The most heaps whose values are computed, at most 2^40; a run says the memory it will hold before it starts, and one whose values do not fit --memory-budget or the machine at one byte a value is refused. Default: until the Guy–Smith theorem proves the period or the budget runs out; 1,000,000 for Grundy's game and other codes the theorem does not cover.",
            )
            .value_name("N"),
            Flag::text(
                "checkpoint",
                "A file where a long run keeps its values, rare heaps and mask (every minute, at its end and on Ctrl-C, which stops it cleanly); a later run with the same flag resumes from it.",
            )
            .value_name("PATH"),
            Flag::switch(
                "sum",
                "Each case of solve and stress is a sum of at most 4 heaps, a line `k n1 … nk` (k the number of heaps), not one heap n.",
            ),
        ]
        .into_iter()
        .chain(Budget::flags())
        .collect()
    }

    fn from_flags(flags: &Flags) -> Result<Octal, GameError> {
        let text = flags.text("code")?.unwrap_or("0.77");
        let code = text.parse::<OctalCode>().map_err(|e| GameError::Invalid {
            flag: "code",
            why: e.to_string(),
        })?;
        let max_heap = match flags.text("max-heap")? {
            None => None,
            Some(text) => {
                let bad = |why: String| GameError::Invalid {
                    flag: "max-heap",
                    why,
                };
                let n = text
                    .replace(['_', ','], "")
                    .parse::<u64>()
                    .map_err(|_| bad(format!("`{text}` is not a number of heaps")))?;
                if n == 0 || n > MAX_HEAPS as u64 {
                    return Err(bad(format!("{n}: from 1 to {MAX_HEAPS} heaps")));
                }
                Some(n)
            }
        };
        let budget = crate::budget::Budget::from_flags(flags)?;
        if let Some(n) = max_heap {
            // Said and judged before any value is computed.
            let plan = memory::plan(n);
            plan.fits(&budget).map_err(|why| GameError::Invalid {
                flag: "max-heap",
                why,
            })?;
            if plan.narrow >= memory::SAID_FROM {
                crate::shown::note(&plan.said(&budget));
            }
        }
        let game = Octal::with_reach(code, max_heap).with_budget(budget);
        let game = match flags.text("checkpoint")? {
            Some(path) => game
                .with_checkpoint(path.into())
                .map_err(|why| GameError::Invalid {
                    flag: "checkpoint",
                    why,
                })?,
            None => game,
        };
        let game = if flags.switch("misere").unwrap_or(false) {
            game.for_misere()
        } else {
            game
        };
        Ok(if flags.switch("sum")? {
            game.with_sums()
        } else {
            game
        })
    }
}
