//! The games of each run: start positions within the format's ranges, small first and
//! growing over the first runs, each with the judge's policy; all drawn from one seed.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Interactive;
use super::strategy::Policy;
use crate::game_trait::{Field, Game, Position};

/// Runs over which sizes grow from tiny to the bounds.
pub(crate) const RAMP_RUNS: usize = 20;

/// The bounds of the generated games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameBounds {
    /// Games per run (T).
    pub games: u64,
    /// Counts per position, for a list.
    pub len: u64,
    /// Each count.
    pub value: u64,
}

/// One run's games, with the judge's policy for each.
#[derive(Clone, Debug)]
pub(crate) struct RunGames<P> {
    pub starts: Vec<P>,
    pub policies: Vec<Policy<P>>,
}

/// Returns the bounds of the format within `max_games`, `max_len` and `max_value` when
/// given (T at most 10 by default).
pub(crate) fn bounds<G: Game>(
    format: &Interactive<G>,
    max_games: Option<u64>,
    max_len: Option<u64>,
    max_value: Option<u64>,
) -> GameBounds {
    let f = &format.format;
    let t_max = f.t_range().map_or(1, |t| *t.end());
    let len_max = f.len_field().map_or(0, |l| *l.range().end());
    let value_max = f
        .lines
        .iter()
        .flatten()
        .filter(|f| !matches!(f, Field::Len { .. }))
        .map(|f| *f.range().end())
        .max()
        .unwrap_or(0);
    GameBounds {
        games: max_games.unwrap_or(10).min(t_max).max(1),
        len: max_len.unwrap_or(len_max).min(len_max),
        value: max_value.unwrap_or(value_max).min(value_max),
    }
}

/// Returns the games of run `index` (from 0) drawn from `seed`.
pub(crate) fn run_games<G: Game>(
    game: &G,
    format: &Interactive<G>,
    bounds: &GameBounds,
    seed: u64,
    index: usize,
) -> RunGames<G::Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let grown = (index as f64 / RAMP_RUNS as f64).min(1.0);
    let t_lo = format.format.t_range().map_or(1, |t| *t.start()).max(1);
    let t_hi = ((bounds.games as f64 * grown).ceil() as u64).clamp(t_lo.min(bounds.games), bounds.games);
    let t = rng.random_range(t_lo.min(t_hi)..=t_hi);
    let mut out = RunGames {
        starts: Vec::new(),
        policies: Vec::new(),
    };
    for _ in 0..t {
        if let Some(p) = start(game, format, bounds, grown, &mut rng) {
            out.starts.push(p);
            out.policies.push(Policy {
                seed: rng.random(),
                random_defence: rng.random_range(0..3) == 0,
                script: Vec::new(),
            });
        }
    }
    out
}

/// Returns a random start: half the time (once grown) with small counts, where the
/// oracle reaches and the judge defends by remoteness; else up to the grown bound.
fn start<G: Game>(
    game: &G,
    format: &Interactive<G>,
    bounds: &GameBounds,
    grown: f64,
    rng: &mut ChaCha8Rng,
) -> Option<G::Position> {
    let f = &format.format;
    let bits = 64 - bounds.value.leading_zeros();
    for _ in 0..100 {
        let small = grown < 1.0 || rng.random_range(0..2) == 0;
        let cap_bits = if small {
            (2.0 + grown * 2.0) as u32
        } else {
            (2 + (f64::from(bits.saturating_sub(2)) * grown) as u32).min(bits)
        };
        let cap = if cap_bits >= 64 {
            u64::MAX
        } else {
            (1u64 << cap_bits) - 1
        }
        .min(bounds.value);
        let len = match G::Position::ARITY {
            Some(k) => k,
            None => {
                let lo = f.len_field().map_or(0, |l| *l.range().start());
                let hi = if small { lo.max(4) } else { lo.max(bounds.len) }.min(bounds.len.max(lo));
                let hi = lo
                    .max(((hi as f64) * grown.max(0.2)).ceil() as u64)
                    .min(bounds.len.max(lo));
                rng.random_range(lo..=hi) as usize
            }
        };
        let Some(ranges) = f.count_ranges(len) else {
            continue;
        };
        let counts: Vec<u64> = ranges
            .iter()
            .map(|r| {
                let hi = (*r.end()).min(cap).max(*r.start());
                match rng.random_range(0..8) {
                    0 => *r.start(),
                    1 => hi,
                    _ => rng.random_range(*r.start()..=hi),
                }
            })
            .collect();
        if !f.admits(&counts) {
            continue;
        }
        if let Some(p) = G::Position::from_counts(&counts)
            && game.check_position(&p).is_ok()
        {
            return Some(p);
        }
    }
    None
}
