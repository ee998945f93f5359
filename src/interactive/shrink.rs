//! The interactive step's own shrink, after the engine's over the starts: the line of
//! play, to a shortest one. At each of the judge's moves in the failing game, each other
//! move it could make is replayed as a script, a batch of the pool's width at a time; the
//! first in order that fails with the same verdict in fewer moves is adopted, so the
//! result does not depend on the batch width.

use rayon::prelude::*;

use super::generate::RunGames;
use super::session::RunResult;
use super::strategy::Policy;
use super::stress::Interactively;
use crate::game_trait::Game;
use crate::stress::{Judgement, RunOutcome, Solution, StressError};

/// The most other moves tried at one judge move.
const ALTERNATIVES: usize = 12;

/// A failing run, typed.
type Found<P> = (RunGames<P>, RunResult<P>, RunOutcome);

/// Returns the failure of `games` (whose run gave `found`) with its line of play
/// shortened within `runs` more runs, telling `adopted` of each shorter one, and the runs
/// spent. Only a run of one game is shortened: in several, a program's state carries
/// over between games.
pub(crate) fn shortest_line<G: Game>(
    step: &Interactively<G>,
    solution: &Solution,
    games: RunGames<G::Position>,
    found: (Judgement, RunOutcome),
    runs: usize,
    adopted: &dyn Fn(&Judgement, &RunOutcome),
) -> Result<((Judgement, RunOutcome), usize), StressError> {
    if games.starts.len() != 1 || runs == 0 || found.0.verdict == crate::stress::Verdict::Ok {
        return Ok((found, 0));
    }
    let verdict = found.0.verdict;
    // The line the judge played, typed: the run again (one run).
    let (result, run) = step.play(solution, &games)?;
    let mut spent = 1;
    if result.verdict != verdict {
        return Ok((found, spent));
    }
    let mut best: Found<G::Position> = (games, result, run);
    let width = rayon::current_num_threads().max(1);
    loop {
        let moves = failing_moves(&best.1);
        let candidates = alternatives(step, &best);
        if candidates.is_empty() {
            break;
        }
        let mut shorter = None;
        for batch in candidates.chunks(width) {
            if spent + batch.len() > runs {
                break;
            }
            spent += batch.len();
            let results: Vec<_> = batch.par_iter().map(|g| step.play(solution, g)).collect();
            shorter = batch
                .iter()
                .zip(results)
                .map(|(g, r)| r.map(|(result, run)| (g.clone(), result, run)))
                .collect::<Result<Vec<_>, _>>()?
                .into_iter()
                .find(|(_, r, _)| r.verdict == verdict && failing_moves(r) < moves);
            if shorter.is_some() {
                break;
            }
        }
        match shorter {
            Some(found) => {
                let judged = Interactively::<G>::judged(&found.0, &found.1);
                adopted(&judged, &found.2);
                best = found;
            }
            None => break,
        }
    }
    let judgement = Interactively::<G>::judged(&best.0, &best.1);
    Ok(((judgement, best.2), spent))
}

/// Returns the run `best` with, at one judge move of the failing game, another move the
/// judge could make (its line before that move kept as a script).
fn alternatives<G: Game>(step: &Interactively<G>, best: &Found<G::Position>) -> Vec<RunGames<G::Position>> {
    let line = &best.1.judge_line;
    let mut candidates = Vec::new();
    for (j, (before, chosen)) in line.iter().enumerate() {
        if step.game.move_count(before).is_some_and(|c| c > 4096) {
            continue;
        }
        let mut options = Vec::new();
        step.game.moves(before, &mut options);
        options.sort();
        options.dedup();
        for alt in options.into_iter().filter(|q| q != chosen).take(ALTERNATIVES) {
            let mut script: Vec<G::Position> = line[..j].iter().map(|(_, q)| q.clone()).collect();
            script.push(alt);
            candidates.push(RunGames {
                starts: best.0.starts.clone(),
                policies: vec![Policy {
                    script,
                    ..best.0.policies[0].clone()
                }],
            });
        }
    }
    candidates
}

/// Returns the moves of the failing game.
fn failing_moves<P>(r: &RunResult<P>) -> usize {
    r.transcripts.last().map_or(usize::MAX, |t| t.moves)
}
