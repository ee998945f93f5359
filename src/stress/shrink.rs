//! Shrinking a failing input to the least one that fails with the same verdict.
//!
//! Order of the search: fewer test cases first (ddmin over the cases, or over the games
//! values), then a greedy descent on the numbers (each step takes the least candidate
//! that still fails), then, where the space below is small enough, an exhaustive search
//! of every smaller input in order, stopping at the first failure.
//!
//! "Least" is: Chopsticks, fewest cases, then least total a + c + b + d, then
//! lexicographic (a, c, b, d); games, least K, then least N, then lexicographic values.

use std::collections::HashSet;

use rayon::ThreadPool;
use rayon::prelude::*;

use super::StressError;
use super::generate::{GamesCase, Input, P_MINUS_ONE, Position, is_real_play};
use super::judge::{Judgement, Verdict};
use super::run::{RunOutcome, Termination};

/// Bounds on the shrinking reruns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShrinkLimits {
    /// Program runs in all.
    pub max_runs: usize,
    /// Runs that hit the time limit (each costs the whole timeout).
    pub max_timeouts: usize,
    /// Largest number of inputs the exhaustive search below the greedy result may try.
    pub max_enumerated: usize,
}

impl Default for ShrinkLimits {
    fn default() -> ShrinkLimits {
        ShrinkLimits {
            max_runs: 3000,
            max_timeouts: 25,
            max_enumerated: 1000,
        }
    }
}

/// How far the shrunk input is known to be least.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Least {
    /// Every smaller input in the order was run and passed (or failed differently).
    Proven,
    /// Greedy only: the space below was too large to enumerate.
    Greedy,
    /// The run budget ran out first.
    BudgetExhausted,
}

/// A shrunk failing input, with the run that failed on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    pub input: Input,
    pub judgement: Judgement,
    pub run: RunOutcome,
    /// Program runs spent shrinking.
    pub runs: usize,
    pub least: Least,
}

type Check<'a> = dyn Fn(&Input) -> Result<(Judgement, RunOutcome), StressError> + Sync + 'a;

struct Search<'a> {
    check: &'a Check<'a>,
    target: Verdict,
    limits: ShrinkLimits,
    pool: &'a ThreadPool,
    jobs: usize,
    runs: usize,
    timeouts: usize,
    out_of_budget: bool,
    /// Inputs already run that did not fail with the target verdict (runs are assumed
    /// deterministic), so a descent never reruns them.
    passed: HashSet<Input>,
    best: Shrunk,
}

impl Search<'_> {
    fn allowed(&self) -> usize {
        let runs = self.limits.max_runs.saturating_sub(self.runs);
        if self.target == Verdict::Timeout {
            runs.min(self.limits.max_timeouts.saturating_sub(self.timeouts))
        } else {
            runs
        }
    }

    /// Runs the candidates in order, `jobs` at a time; adopts and returns the index of the
    /// first that fails with the target verdict.
    fn first_failing(&mut self, candidates: &[Input]) -> Result<Option<usize>, StressError> {
        let fresh: Vec<usize> = (0..candidates.len())
            .filter(|&i| !self.passed.contains(&candidates[i]))
            .collect();
        let fresh_inputs: Vec<Input> = fresh.iter().map(|&i| candidates[i].clone()).collect();
        Ok(self.first_failing_fresh(&fresh_inputs)?.map(|i| fresh[i]))
    }

    fn first_failing_fresh(&mut self, candidates: &[Input]) -> Result<Option<usize>, StressError> {
        let mut start = 0;
        while start < candidates.len() {
            let allowed = self.allowed();
            if allowed == 0 {
                self.out_of_budget = true;
                return Ok(None);
            }
            let end = candidates.len().min(start + self.jobs.min(allowed));
            let check = self.check;
            let results: Vec<_> = self
                .pool
                .install(|| candidates[start..end].par_iter().map(check).collect());
            for (i, result) in results.into_iter().enumerate() {
                let (judgement, run) = result?;
                self.runs += 1;
                if run.termination == Termination::TimedOut {
                    self.timeouts += 1;
                }
                if judgement.verdict == self.target {
                    self.best.input = candidates[start + i].clone();
                    self.best.judgement = judgement;
                    self.best.run = run;
                    return Ok(Some(start + i));
                }
                self.passed.insert(candidates[start + i].clone());
            }
            start = end;
        }
        Ok(None)
    }

    /// Classic ddmin: keep one chunk, else drop one chunk, refining the chunk size.
    fn ddmin<T: Clone>(
        &mut self,
        mut items: Vec<T>,
        build: impl Fn(Vec<T>) -> Input,
    ) -> Result<(), StressError> {
        let mut parts = 2usize;
        while items.len() >= 2 && !self.out_of_budget {
            let size = items.len().div_ceil(parts);
            let chunks: Vec<Vec<T>> = items.chunks(size).map(<[T]>::to_vec).collect();
            let mut candidates: Vec<Vec<T>> = chunks.clone();
            if chunks.len() > 2 {
                for skip in 0..chunks.len() {
                    let rest: Vec<T> = chunks
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != skip)
                        .flat_map(|(_, c)| c.iter().cloned())
                        .collect();
                    candidates.push(rest);
                }
            }
            let inputs: Vec<Input> = candidates.iter().cloned().map(&build).collect();
            match self.first_failing(&inputs)? {
                Some(i) => {
                    parts = if i < chunks.len() { 2 } else { (parts - 1).max(2) };
                    items = candidates.swap_remove(i);
                }
                None if parts >= items.len() => break,
                None => parts = (parts * 2).min(items.len()),
            }
        }
        Ok(())
    }

    /// Takes the least failing candidate of `moves` (sorted by `key`, only those below the
    /// current input) until none fails.
    fn descend<K: Ord>(
        &mut self,
        moves: impl Fn(&Input) -> Vec<Input>,
        key: impl Fn(&Input) -> K,
    ) -> Result<(), StressError> {
        while !self.out_of_budget {
            let here = key(&self.best.input);
            let mut candidates: Vec<Input> = moves(&self.best.input)
                .into_iter()
                .filter(|c| key(c) < here)
                .collect();
            candidates.sort_by_key(&key);
            candidates.dedup();
            if self.first_failing(&candidates)?.is_none() {
                break;
            }
        }
        Ok(())
    }
}

fn total(p: &Position) -> u128 {
    p.iter().map(|&x| u128::from(x)).sum()
}

fn chop_key(input: &Input) -> (usize, u128, Vec<u64>) {
    match input {
        Input::Chopsticks(cases) => (
            cases.len(),
            cases.iter().map(total).sum(),
            cases.iter().flatten().copied().collect(),
        ),
        Input::Games(_) => (usize::MAX, u128::MAX, Vec::new()),
    }
}

fn lower(x: u64) -> Vec<u64> {
    let half = x / 2;
    let mut out = vec![
        0,
        1,
        2,
        3,
        half,
        half.saturating_sub((half ^ x) % 2),
        x.saturating_sub(1),
        x.saturating_sub(2),
    ];
    out.retain(|&y| y < x);
    out
}

fn position_moves(p: Position) -> Vec<Position> {
    let mut out = Vec::new();
    for i in 0..4 {
        for y in lower(p[i]) {
            let mut q = p;
            q[i] = y;
            out.push(q);
        }
    }
    for i in 0..4 {
        for j in 0..4 {
            if i == j {
                continue;
            }
            let low = p[i].min(p[j]);
            for t in [low, low - low % 2, low / 2, low / 2 - (low / 2) % 2, 2, 1] {
                if t == 0 || t > p[i] {
                    continue;
                }
                if i < j && t <= p[j] {
                    // Both down by t: keeps n − m (for a cross pair) or parity.
                    let mut q = p;
                    q[i] -= t;
                    q[j] -= t;
                    out.push(q);
                }
                if i < j && p[j].checked_add(t).is_some() {
                    // Same total, lexicographically smaller: move t from an earlier count.
                    let mut q = p;
                    q[i] -= t;
                    q[j] += t;
                    out.push(q);
                }
            }
        }
    }
    out.retain(|&q| is_real_play(q));
    out
}

fn chop_moves(input: &Input) -> Vec<Input> {
    let Input::Chopsticks(cases) = input else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, &p) in cases.iter().enumerate() {
        for q in position_moves(p) {
            let mut next = cases.clone();
            next[i] = q;
            out.push(Input::Chopsticks(next));
        }
    }
    out
}

/// Every real-play position below `p` in (total, lexicographic) order, in that order, or
/// `None` when there are more than `limit`.
fn positions_below(p: Position, limit: usize) -> Option<Vec<Position>> {
    let h = total(&p);
    let mut out = Vec::new();
    for s in 2..=u64::try_from(h).ok()? {
        for q in crate::games::chopsticks::real_play_with_total(s) {
            let q = [q.a, q.c, q.b, q.d].map(|x| x as u64);
            if (u128::from(s), q) >= (h, p) {
                return Some(out);
            }
            out.push(q);
            if out.len() > limit {
                return None;
            }
        }
    }
    Some(out)
}

/// Values summing to at most this are also lowered one at a time through every smaller
/// value, so no single value of the result can be lowered.
const FULL_SCAN_SUM: u64 = 128;

fn games_key(input: &Input) -> (u64, usize, Vec<u64>) {
    match input {
        Input::Games(g) => (g.len, g.values.len(), g.values.clone()),
        Input::Chopsticks(_) => (u64::MAX, usize::MAX, Vec::new()),
    }
}

fn lens_below(k: u64) -> Vec<u64> {
    let mut out: Vec<u64> = (0..=8).collect();
    out.extend((2..=8).map(|j| 7 * j));
    for j in 1..=3u64 {
        for delta in -2i64..=2 {
            out.push((j * P_MINUS_ONE).wrapping_add_signed(delta));
        }
    }
    let residue = k % P_MINUS_ONE;
    out.extend([
        k / 2,
        k.saturating_sub(1),
        k.saturating_sub(2),
        k.saturating_sub(7),
        k.saturating_sub(P_MINUS_ONE),
        residue,
        residue.saturating_add(P_MINUS_ONE),
        k - residue,
        k - k % 7,
    ]);
    out.retain(|&x| x < k);
    out.sort_unstable();
    out.dedup();
    out
}

/// What a games descent step may change.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Len,
    Remove,
    Sort,
    /// Lower the value at one position (or swap it with a smaller next one).
    Value {
        at: usize,
        full_scan: bool,
    },
}

fn games_moves(input: &Input, phase: Phase) -> Vec<Input> {
    let Input::Games(g) = input else {
        return Vec::new();
    };
    let with = |values: Vec<u64>| Input::Games(GamesCase { values, len: g.len });
    match phase {
        Phase::Len => lens_below(g.len)
            .into_iter()
            .map(|len| {
                Input::Games(GamesCase {
                    values: g.values.clone(),
                    len,
                })
            })
            .collect(),
        Phase::Remove => (0..g.values.len())
            .filter(|_| g.values.len() > 1)
            .map(|i| {
                let mut v = g.values.clone();
                v.remove(i);
                with(v)
            })
            .collect(),
        Phase::Sort => {
            let mut v = g.values.clone();
            v.sort_unstable();
            vec![with(v)]
        }
        Phase::Value { at, full_scan } => {
            let Some(&x) = g.values.get(at) else {
                return Vec::new();
            };
            let mut lows = lower(x);
            lows.push(x & x.wrapping_sub(1));
            if x > 0 {
                lows.push(x & !(1 << (63 - x.leading_zeros())));
            }
            if full_scan {
                lows.extend(0..x);
            }
            let mut out: Vec<Input> = lows
                .into_iter()
                .map(|y| {
                    let mut v = g.values.clone();
                    v[at] = y;
                    with(v)
                })
                .collect();
            if g.values.get(at + 1).is_some_and(|&next| next < x) {
                let mut v = g.values.clone();
                v.swap(at, at + 1);
                out.push(with(v));
            }
            out
        }
    }
}

/// Every games input below `g` in (K, N, values) order, values in `0..=max(g.values)`,
/// or `None` when there are more than `limit`.
fn games_below(g: &GamesCase, limit: usize) -> Option<Vec<Input>> {
    let alphabet = g.values.iter().copied().max().unwrap_or(0).checked_add(1)?;
    let mut size = 0u128;
    for n in 1..=g.values.len() {
        size += u128::from(alphabet).checked_pow(u32::try_from(n).ok()?)?;
    }
    if size.checked_mul(u128::from(g.len) + 1)? > limit as u128 {
        return None;
    }
    let here = (g.len, g.values.len(), g.values.clone());
    let mut out = Vec::new();
    for len in 0..=g.len {
        for n in 1..=g.values.len() {
            let mut values = vec![0u64; n];
            loop {
                if (len, n, values.clone()) >= here {
                    return Some(out);
                }
                out.push(Input::Games(GamesCase {
                    values: values.clone(),
                    len,
                }));
                // Next list in lexicographic order over the alphabet.
                let Some(i) = values.iter().rposition(|&v| v + 1 < alphabet) else {
                    break;
                };
                values[i] += 1;
                values[i + 1..].iter_mut().for_each(|v| *v = 0);
            }
        }
    }
    Some(out)
}

/// Returns the least input found that fails with the same verdict as `failing`, by
/// rerunning `check` (which runs the solution and judges it) on smaller inputs.
///
/// # Constraints
/// `judgement` and `run` are what `check` gave on `failing`, and the verdict is not `ok`.
/// `jobs ≥ 1` (runs are made `jobs` at a time on `pool`, taking the first failure in order,
/// so the result does not depend on `jobs`).
///
/// # Complexity
/// At most `limits.max_runs` runs of `check` (and at most `limits.max_timeouts` timed-out
/// runs when the verdict is a timeout), each the solution's running time.
///
/// # Example
/// ```
/// use gamecheck::stress::{judge, shrink, Input, RunOutcome, ShrinkLimits, Termination, Verdict};
/// use std::time::Duration;
/// // A fake solution that answers Second everywhere.
/// let check = |input: &Input| {
///     let run = RunOutcome {
///         termination: Termination::Exited(0),
///         stdout: "Second\n".repeat(input.case_count()).into_bytes(),
///         stderr: Vec::new(),
///         elapsed: Duration::ZERO,
///     };
///     Ok((judge(input, &run)?, run))
/// };
/// let failing = Input::Chopsticks(vec![[3, 0, 0, 5], [7, 7, 2, 2]]);
/// let (judgement, run) = check(&failing).unwrap();
/// let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// let shrunk = shrink(failing, judgement, run, &check, &pool, 1, ShrinkLimits::default()).unwrap();
/// assert_eq!(shrunk.input, Input::Chopsticks(vec![[0, 1, 0, 1]]));
/// assert_eq!(shrunk.judgement.verdict, Verdict::WrongAnswer);
/// ```
pub fn shrink(
    failing: Input,
    judgement: Judgement,
    run: RunOutcome,
    check: &Check<'_>,
    pool: &ThreadPool,
    jobs: usize,
    limits: ShrinkLimits,
) -> Result<Shrunk, StressError> {
    let mut search = Search {
        check,
        target: judgement.verdict,
        limits,
        pool,
        jobs: jobs.max(1),
        runs: 0,
        timeouts: 0,
        out_of_budget: false,
        passed: HashSet::new(),
        best: Shrunk {
            input: failing.clone(),
            judgement,
            run,
            runs: 0,
            least: Least::Greedy,
        },
    };
    let mut least = Least::Greedy;
    match failing {
        Input::Chopsticks(cases) => {
            search.ddmin(cases, Input::Chopsticks)?;
            search.descend(chop_moves, chop_key)?;
            let below = match &search.best.input {
                Input::Chopsticks(cases) if cases.len() == 1 => {
                    positions_below(cases[0], limits.max_enumerated)
                }
                _ => None,
            };
            if let Some(below) = below {
                let inputs: Vec<Input> = below.into_iter().map(|p| Input::Chopsticks(vec![p])).collect();
                // Tried in order, so a failure found there is the least.
                if search.first_failing(&inputs)?.is_some() || !search.out_of_budget {
                    least = Least::Proven;
                }
            }
        }
        Input::Games(g) => {
            let len = g.len;
            search.ddmin(g.values, |values| Input::Games(GamesCase { values, len }))?;
            // One dimension at a time until nothing moves. Values go first although K leads
            // the order: small values make every later run cheap (fewer bits to transform).
            loop {
                let before = search.best.input.clone();
                // Position by position, so settled earlier values are not retried each step.
                let values_pass = |search: &mut Search<'_>, full_scan: bool| -> Result<(), StressError> {
                    search.descend(|i| games_moves(i, Phase::Sort), games_key)?;
                    for at in 0..games_key(&search.best.input).1 {
                        search.descend(|i| games_moves(i, Phase::Value { at, full_scan }), games_key)?;
                    }
                    Ok(())
                };
                values_pass(&mut search, false)?;
                search.descend(|i| games_moves(i, Phase::Remove), games_key)?;
                search.descend(|i| games_moves(i, Phase::Len), games_key)?;
                let small = match &search.best.input {
                    Input::Games(g) => g.values.iter().sum::<u64>() <= FULL_SCAN_SUM,
                    Input::Chopsticks(_) => false,
                };
                if small {
                    values_pass(&mut search, true)?;
                }
                if search.best.input == before || search.out_of_budget {
                    break;
                }
            }
            if let Input::Games(g) = &search.best.input
                && let Some(below) = games_below(g, limits.max_enumerated)
                && (search.first_failing(&below)?.is_some() || !search.out_of_budget)
            {
                least = Least::Proven;
            }
        }
    }
    if search.out_of_budget {
        least = Least::BudgetExhausted;
    }
    search.best.runs = search.runs;
    search.best.least = least;
    Ok(search.best)
}
