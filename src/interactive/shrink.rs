//! Shrinking a failing run: first the failing game alone, then its start to a least one
//! (each count zeroed, halved, less one; a list's counts dropped; at a local minimum of
//! these, each count less 2 to [`PERIOD_STEPS`], where a failure that recurs with a period
//! is found below; then, when they are few, every smaller start), then its line of play
//! to a shortest one (at each of the judge's moves, each other move it could make,
//! replayed as a script). Every candidate is rerun from scratch, a batch of `jobs` at a
//! time; the first failing one in order is adopted, so the result does not depend on
//! the batch width. A candidate counts when it fails with the same verdict.

use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::generate::RunGames;
use super::session::{RunResult, Setup};
use super::stress::{Config, run_once};
use crate::budget::{WALL_SAFETY_FACTOR, tree_cpu_time};
use crate::game_trait::{
    Game, Position, lists_with_total, position_key, positions_with_total, smaller_positions,
};
use crate::stress::StressError;

/// The most other moves tried at one judge move.
const ALTERNATIVES: usize = 12;

/// The steps down one count tried at a local minimum of the start: less 2 to this, as the
/// least-counterexample search does, so that a failure recurring with a period up to it
/// (a program wrong at every heap of one residue) is found below the local minimum.
const PERIOD_STEPS: u64 = 64;

/// The most smaller starts run one by one to prove the start least: below this many,
/// every one is tried.
const ENUMERATED: u128 = 256;

/// A failing candidate and its run.
type Found<P> = Option<(RunGames<P>, RunResult<P>)>;

/// A shrunk failing run.
pub(crate) struct Shrunk<P> {
    pub games: RunGames<P>,
    pub result: RunResult<P>,
    pub original_detail: String,
    pub runs: usize,
    pub standing: String,
}

struct State<'s, 'a, G: Game> {
    setup: &'s Setup<'a, G>,
    config: &'s Config,
    move_time: Duration,
    runs: usize,
    /// Runs that spent a move's whole time (timed out, or idle): each costs it.
    timeouts: usize,
    /// The CPU time of the process and its waited-for programs at the start: the shrink's
    /// budget is CPU time, as a loaded machine does not spend it.
    cpu_start: Duration,
    /// The wall-clock safety net: [`WALL_SAFETY_FACTOR`] times the budget.
    deadline: Instant,
    stopped: Option<String>,
}

impl<G: Game> State<'_, '_, G> {
    /// Returns the first candidate (in order) that fails with `verdict` and passes
    /// `better`, with its result; runs them a batch at a time.
    fn first_failing(
        &mut self,
        candidates: Vec<RunGames<G::Position>>,
        verdict: super::Verdict,
        better: &(dyn Fn(&RunResult<G::Position>) -> bool + Sync),
    ) -> Result<Found<G::Position>, StressError> {
        let jobs = self.config.jobs.max(1);
        let mut rest = candidates.into_iter().peekable();
        while rest.peek().is_some() {
            if self.runs >= self.config.shrink.max_runs {
                self.stopped = Some(format!(
                    "the shrink run budget ({}) was spent",
                    self.config.shrink.max_runs
                ));
                return Ok(None);
            }
            // The budget is what may time out; only a run beyond it stops the shrink.
            if self.stopped.is_some() {
                return Ok(None);
            }
            if tree_cpu_time().saturating_sub(self.cpu_start) >= self.config.shrink.max_time {
                self.stopped = Some(format!(
                    "the shrink CPU time budget ({} s) was spent",
                    self.config.shrink.max_time.as_secs()
                ));
                return Ok(None);
            }
            if Instant::now() >= self.deadline {
                self.stopped = Some(format!(
                    "the shrink's wall-clock safety net ({WALL_SAFETY_FACTOR} times the {} s budget) was spent",
                    self.config.shrink.max_time.as_secs()
                ));
                return Ok(None);
            }
            let room = (self.config.shrink.max_runs - self.runs).min(jobs);
            let batch: Vec<RunGames<G::Position>> = rest.by_ref().take(room).collect();
            self.runs += batch.len();
            let (setup, config, move_time) = (self.setup, self.config, self.move_time);
            let results: Vec<Result<RunResult<G::Position>, StressError>> = batch
                .par_iter()
                .map(|g| run_once(setup, config, move_time, g))
                .collect();
            let results: Vec<RunResult<G::Position>> = results.into_iter().collect::<Result<_, _>>()?;
            self.timeouts += results
                .iter()
                .filter(|r| matches!(r.verdict, super::Verdict::Timeout | super::Verdict::Idleness))
                .count();
            // A run past the timeout budget ends the shrink, whatever it found.
            if self.timeouts > self.config.shrink.max_timeouts {
                self.stopped = Some(format!(
                    "the shrink timeout budget (--max-shrink-timeouts {}: runs that may spend a move's whole time) was spent",
                    self.config.shrink.max_timeouts
                ));
            }
            for (games, result) in batch.into_iter().zip(results) {
                if result.verdict == verdict && better(&result) {
                    return Ok(Some((games, result)));
                }
            }
        }
        Ok(None)
    }
}

/// Returns the failing run `games` (which gave `result`) shrunk.
pub(crate) fn shrink<G: Game>(
    setup: &Setup<'_, G>,
    config: &Config,
    move_time: Duration,
    games: RunGames<G::Position>,
    result: RunResult<G::Position>,
) -> Result<Shrunk<G::Position>, StressError> {
    let mut state = State {
        setup,
        config,
        move_time,
        runs: 0,
        timeouts: 0,
        cpu_start: tree_cpu_time(),
        // A budget past what an Instant can hold is no deadline at all (--max-shrink-seconds).
        deadline: Instant::now()
            .checked_add(config.shrink.max_time.saturating_mul(WALL_SAFETY_FACTOR))
            .unwrap_or_else(|| Instant::now() + Duration::from_secs(u64::from(u32::MAX))),
        stopped: None,
    };
    let verdict = result.verdict;
    let original_detail = result.detail.clone();
    let mut best = (games, result);
    // The failing game alone.
    if let Some(g) = best.1.failed_game
        && best.0.starts.len() > 1
    {
        let alone = RunGames {
            starts: vec![best.0.starts[g].clone()],
            policies: vec![best.0.policies[g].clone()],
        };
        if let Some(found) = state.first_failing(vec![alone], verdict, &|_| true)? {
            best = found;
        }
    }
    let alone = best.0.starts.len() == 1;
    // The least start: steps down to a local minimum, then the period steps below it.
    let mut period = false;
    while alone && state.stopped.is_none() {
        let here = &best.0.starts[0];
        let steps = if period {
            period_steps(here)
        } else {
            smaller_positions(here)
                .into_iter()
                .chain(steps_down(here))
                .collect()
        };
        let mut smaller: Vec<G::Position> = steps
            .into_iter()
            .filter(|p| {
                position_key(p) < position_key(here)
                    && setup
                        .format
                        .format
                        .admits(&crate::game_trait::Position::counts(p))
                    && setup.game.check_position(p).is_ok()
            })
            .collect();
        smaller.sort_by_key(position_key);
        smaller.dedup();
        let policy = super::strategy::Policy {
            script: Vec::new(),
            ..best.0.policies[0].clone()
        };
        let candidates = smaller
            .into_iter()
            .map(|p| RunGames {
                starts: vec![p],
                policies: vec![policy.clone()],
            })
            .collect();
        match state.first_failing(candidates, verdict, &|_| true)? {
            Some(found) => (best, period) = (found, false),
            None if period => break,
            None => period = true,
        }
    }
    // Every smaller start, when they are few: the start is then the least.
    let mut least = None;
    if alone && state.stopped.is_none() {
        let here = best.0.starts[0].clone();
        let all = every_smaller(&here, setup.game.max_len()).map(|all| {
            all.into_iter()
                .filter(|p| setup.format.format.admits(&p.counts()) && setup.game.check_position(p).is_ok())
                .collect::<Vec<_>>()
        });
        if let Some(all) = all {
            let tried = all.len();
            let policy = super::strategy::Policy {
                script: Vec::new(),
                ..best.0.policies[0].clone()
            };
            let candidates = all
                .into_iter()
                .map(|p| RunGames {
                    starts: vec![p],
                    policies: vec![policy.clone()],
                })
                .collect();
            if let Some(found) = state.first_failing(candidates, verdict, &|_| true)? {
                best = found;
            }
            // The first failing in order, or none: every start before it passed.
            if state.stopped.is_none() {
                least = Some(tried);
            }
        }
    }
    // The shortest line of play from it.
    'line: while alone && state.stopped.is_none() {
        let moves = failing_moves(&best.1);
        let line = &best.1.judge_line;
        let mut candidates = Vec::new();
        for (j, (before, chosen)) in line.iter().enumerate() {
            if setup.game.move_count(before).is_some_and(|c| c > 4096) {
                continue;
            }
            let mut options = Vec::new();
            setup.game.moves(before, &mut options);
            options.sort();
            options.dedup();
            for alt in options.into_iter().filter(|q| q != chosen).take(ALTERNATIVES) {
                let mut script: Vec<G::Position> = line[..j].iter().map(|(_, q)| q.clone()).collect();
                script.push(alt);
                candidates.push(RunGames {
                    starts: best.0.starts.clone(),
                    policies: vec![super::strategy::Policy {
                        script,
                        ..best.0.policies[0].clone()
                    }],
                });
            }
        }
        if candidates.is_empty() {
            break 'line;
        }
        match state.first_failing(candidates, verdict, &|r| failing_moves(r) < moves)? {
            Some(found) => best = found,
            None => break 'line,
        }
    }
    let standing = match (state.stopped, least) {
        (Some(why), _) => format!("stopped: {why}"),
        (None, Some(tried)) if alone => format!(
            "least: every smaller start was tried ({tried} of them), and no other judge move makes a shorter failing line"
        ),
        (None, None) if alone => format!(
            "local minimum: no start one step smaller (a count zeroed, halved, less one, less a power of two or less 2 to {PERIOD_STEPS}; a count dropped) fails, the smaller starts are more than the {ENUMERATED} tried one by one, and no other judge move makes a shorter failing line"
        ),
        (None, _) => {
            "not shrunk: the failing game passes alone (the program's state carries over between games)"
                .to_owned()
        }
    };
    Ok(Shrunk {
        games: best.0,
        result: best.1,
        original_detail,
        runs: state.runs,
        standing,
    })
}

/// Returns `p` with one count lowered by a power of two: with halving and less one, a
/// count far above its least failing value comes down in logarithmically many steps.
fn steps_down<P: crate::game_trait::Position>(p: &P) -> Vec<P> {
    let c = p.counts();
    let mut out = Vec::new();
    for i in 0..c.len() {
        for bit in 1..64 {
            let d = 1u64 << bit;
            if d >= c[i] {
                break;
            }
            let mut next = c.clone();
            next[i] -= d;
            out.extend(P::from_counts(&next));
        }
    }
    out
}

/// Returns `p` with one count lowered by 2 to [`PERIOD_STEPS`].
fn period_steps<P: Position>(p: &P) -> Vec<P> {
    let c = p.counts();
    let mut out = Vec::new();
    for i in 0..c.len() {
        for d in 2..=PERIOD_STEPS.min(c[i]) {
            let mut next = c.clone();
            next[i] -= d;
            out.extend(P::from_counts(&next));
        }
    }
    out
}

/// Returns every position smaller than `p` (by [`position_key`]), in that order, lists of
/// at most `max_len` counts with empty ones among them, or `None` when they are more than
/// [`ENUMERATED`] (counted before any is made).
fn every_smaller<P: Position>(p: &P, max_len: usize) -> Option<Vec<P>> {
    let total = p.counts().iter().try_fold(0u64, |acc, &v| acc.checked_add(v))?;
    let lengths: Vec<usize> = match P::ARITY {
        Some(k) => vec![k],
        None => (0..=max_len).collect(),
    };
    // The lists of `len` counts, empty ones included, with `t` in all: C(t + len − 1, len − 1).
    let lists = |t: u64, len: usize| -> u128 {
        if len == 0 {
            return u128::from(t == 0);
        }
        let mut c = 1u128;
        for i in 1..len as u128 {
            c = c.saturating_mul(u128::from(t) + i) / i;
        }
        c
    };
    let mut count = 0u128;
    for t in 0..=total {
        for &len in &lengths {
            count = count.saturating_add(lists(t, len));
            if count > ENUMERATED {
                return None;
            }
        }
    }
    let key = position_key(p);
    let all: Vec<P> = (0..=total)
        .flat_map(|t| -> Box<dyn Iterator<Item = P>> {
            match P::ARITY {
                Some(_) => positions_with_total(t, max_len),
                None => Box::new(lists_with_total(t, max_len)),
            }
        })
        .filter(|q| position_key(q) < key)
        .collect();
    Some(all)
}

/// Returns the moves of the failing game.
fn failing_moves<P>(r: &RunResult<P>) -> usize {
    r.transcripts.last().map_or(usize::MAX, |t| t.moves)
}
