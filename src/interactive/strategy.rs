//! The judge's strategy: from the remoteness of every position within the oracle's reach
//! (Smith's rule: it wins as fast as it can, defends as long as it can, keeps a draw),
//! else from the game's fast path ([`Game::outcome`], [`Game::winning_move`]). Every
//! choice between equals is drawn from a seeded ChaCha8 generator.

use std::sync::Arc;

use rand::RngExt;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::remoteness::{Remoteness, Value};
use crate::game_trait::{Game, Outcome, Play, Position, Search};

/// The most moves listed to choose a fast-path defence; past it, moves near the position.
const NEAR_LISTED: u128 = 4096;

/// How the judge chose a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Defence {
    /// The oracle's fastest win (least remoteness).
    FastestWin,
    /// The oracle's longest defence (most remoteness) from a lost position.
    Longest,
    /// A random move from a lost position (runs that defend at random).
    Random,
    /// A move that keeps a draw.
    KeepDraw,
    /// Beyond the oracle's reach: the game's [`Game::winning_move`].
    #[serde(rename = "fast-path-win")]
    FastWin,
    /// Beyond the oracle's reach: a random move among those found near the position
    /// (the fast path says the judge is not winning).
    #[serde(rename = "fast-path-defence")]
    FastDefence,
    /// A move given by the shrink, replaying a line of play.
    Scripted,
}

impl Defence {
    /// Returns the name used in reports: `fastest-win`, `longest`, …
    pub fn name(self) -> &'static str {
        match self {
            Defence::FastestWin => "fastest-win",
            Defence::Longest => "longest",
            Defence::Random => "random",
            Defence::KeepDraw => "keep-draw",
            Defence::FastWin => "fast-path-win",
            Defence::FastDefence => "fast-path-defence",
            Defence::Scripted => "scripted",
        }
    }
}

/// The standing of a position for the player to move, as far as the judge knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rank {
    /// From the oracle: with remoteness.
    Exact(Value),
    /// From the game's fast path: the outcome only.
    Fast(Outcome),
    /// Neither could tell.
    Unknown,
}

impl Rank {
    /// Returns the outcome the rank says, if any.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Rank::Exact(Value::Win(_)) => Some(Outcome::Win),
            Rank::Exact(Value::Loss(_)) => Some(Outcome::Loss),
            Rank::Exact(Value::Draw) => Some(Outcome::Draw),
            Rank::Fast(o) => Some(o),
            Rank::Unknown => None,
        }
    }
}

impl std::fmt::Display for Rank {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rank::Exact(v) => write!(f, "{v}"),
            Rank::Fast(Outcome::Win) => f.write_str("won (fast path)"),
            Rank::Fast(Outcome::Loss) => f.write_str("lost (fast path)"),
            Rank::Fast(Outcome::Draw) => f.write_str("drawn (fast path)"),
            Rank::Unknown => f.write_str("unknown"),
        }
    }
}

/// How the judge plays one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy<P> {
    /// Seed of the generator every choice between equals is drawn from.
    pub seed: u64,
    /// Defend with a random losing move rather than the longest.
    pub random_defence: bool,
    /// The judge's first moves, played while they are legal (a shrunk line of play).
    pub script: Vec<P>,
}

/// Returns the judge's policy for each game of `starts` under `seed`, drawn from the
/// seed, the game's place and its start: stress's runs and the interactor
/// ([`super::interactor`]) play one input alike under one seed. A third of the games
/// (by the draw) defend at random where the judge is lost, as stress does to reach
/// lines the longest defence never plays.
pub(crate) fn policies<T: Position>(seed: u64, starts: &[T]) -> Vec<Policy<T>> {
    starts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut h = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            for c in p.counts() {
                h = (h ^ c).wrapping_mul(0xBF58_476D_1CE4_E5B9).rotate_left(31);
            }
            Policy {
                seed: h,
                random_defence: h.is_multiple_of(3),
                script: Vec::new(),
            }
        })
        .collect()
}

/// The judge of one game.
pub struct Judge<G: Game> {
    game: Arc<G>,
    search: Search<G>,
    oracle: Option<Remoteness<G>>,
    budget: usize,
    rng: ChaCha8Rng,
    random_defence: bool,
    script: std::collections::VecDeque<P<G>>,
    /// The total count where the oracle last failed to reach: tried again at half.
    failed_at: Option<u128>,
}

type P<G> = <G as Game>::Position;

fn total<T: Position>(p: &T) -> u128 {
    p.counts().iter().map(|&c| u128::from(c)).sum()
}

impl<G: Game> Judge<G> {
    /// Returns the judge of a game from `start` under `policy`, its oracle ranking at
    /// most `budget` positions.
    pub fn new(game: Arc<G>, start: &P<G>, policy: &Policy<P<G>>, budget: usize) -> Judge<G> {
        let mut judge = Judge {
            search: Search::new(Arc::clone(&game), budget),
            game,
            oracle: None,
            budget,
            rng: ChaCha8Rng::seed_from_u64(policy.seed),
            random_defence: policy.random_defence,
            script: policy.script.iter().cloned().collect(),
            failed_at: None,
        };
        judge.reach(start);
        judge
    }

    /// Returns whether the oracle ranks positions of this game (it reached the start).
    pub fn in_reach(&self, p: &P<G>) -> bool {
        self.oracle.as_ref().is_some_and(|o| o.value(p).is_some())
    }

    /// Makes the oracle rank `p` if it can: built from `p` when it does not yet, and
    /// tried again only once the total count has halved since it last failed.
    fn reach(&mut self, p: &P<G>) {
        if self.in_reach(p) {
            return;
        }
        let t = total(p);
        if self.failed_at.is_some_and(|f| t > f / 2) {
            return;
        }
        match Remoteness::build(&*self.game, p, self.budget) {
            Ok(o) => self.oracle = Some(o),
            Err(_) => self.failed_at = Some(t),
        }
    }

    /// Returns the standing of `p` for the player to move.
    pub fn rank(&mut self, p: &P<G>) -> Rank {
        if let Some(v) = self.oracle.as_ref().and_then(|o| o.value(p)) {
            return Rank::Exact(v);
        }
        match self.game.outcome(p, &mut self.search) {
            Ok(o) => Rank::Fast(o),
            Err(_) => Rank::Unknown,
        }
    }

    /// Returns whether the player to move at `p` has a move.
    pub fn has_move(&self, p: &P<G>) -> bool {
        if let Some(options) = self.oracle.as_ref().and_then(|o| o.options(p)) {
            return !options.is_empty();
        }
        if let Some(c) = self.game.move_count(p) {
            return c > 0;
        }
        let mut out = Vec::new();
        self.game.moves(p, &mut out);
        !out.is_empty()
    }

    /// Returns the judge's move from `p` and how it was chosen, or `None` when it finds
    /// none (beyond the oracle's reach, no move near the position).
    pub fn choose(&mut self, p: &P<G>) -> Option<(P<G>, Defence)> {
        if let Some(next) = self.script.pop_front() {
            if self.game.is_move(p, &next) {
                return Some((next, Defence::Scripted));
            }
            self.script.clear();
        }
        self.reach(p);
        if let Some(options) = self.oracle.as_ref().and_then(|o| o.options(p)) {
            return self.by_remoteness(options);
        }
        self.by_fast_path(p)
    }

    /// Returns a random element of `among` (not empty).
    fn pick<T: Clone>(&mut self, among: &[T]) -> T {
        among[self.rng.random_range(0..among.len())].clone()
    }

    fn by_remoteness(&mut self, options: Vec<(P<G>, Value)>) -> Option<(P<G>, Defence)> {
        // Values are the program's, who moves next.
        let fastest = options
            .iter()
            .filter_map(|(_, v)| match v {
                Value::Loss(r) => Some(*r),
                _ => None,
            })
            .min();
        if let Some(r) = fastest {
            let best: Vec<P<G>> = options
                .iter()
                .filter(|(_, v)| *v == Value::Loss(r))
                .map(|(q, _)| q.clone())
                .collect();
            return Some((self.pick(&best), Defence::FastestWin));
        }
        let draws: Vec<P<G>> = options
            .iter()
            .filter(|(_, v)| *v == Value::Draw)
            .map(|(q, _)| q.clone())
            .collect();
        if !draws.is_empty() {
            return Some((self.pick(&draws), Defence::KeepDraw));
        }
        if options.is_empty() {
            return None;
        }
        if self.random_defence {
            let all: Vec<P<G>> = options.iter().map(|(q, _)| q.clone()).collect();
            return Some((self.pick(&all), Defence::Random));
        }
        let longest = options
            .iter()
            .filter_map(|(_, v)| match v {
                Value::Win(r) => Some(*r),
                _ => None,
            })
            .max()?;
        let best: Vec<P<G>> = options
            .iter()
            .filter(|(_, v)| *v == Value::Win(longest))
            .map(|(q, _)| q.clone())
            .collect();
        Some((self.pick(&best), Defence::Longest))
    }

    fn by_fast_path(&mut self, p: &P<G>) -> Option<(P<G>, Defence)> {
        if let Ok(Some(q)) = self.game.winning_move(p, Play::Normal, &mut self.search) {
            return Some((q, Defence::FastWin));
        }
        let near = self.near_moves(p);
        if near.is_empty() {
            return None;
        }
        // A loopy game: a move the fast path calls drawn keeps the draw.
        if self.game.loopy() {
            let draws: Vec<P<G>> = near
                .iter()
                .filter(|q| self.game.outcome(q, &mut self.search) == Ok(Outcome::Draw))
                .cloned()
                .collect();
            if !draws.is_empty() {
                return Some((self.pick(&draws), Defence::KeepDraw));
            }
        }
        Some((self.pick(&near), Defence::FastDefence))
    }

    /// Returns moves from `p` without listing them all when there are many: each count
    /// made 0, half, one less, or a random smaller value, where that is a move.
    fn near_moves(&mut self, p: &P<G>) -> Vec<P<G>> {
        let few = self.game.move_count(p).is_none_or(|c| c <= NEAR_LISTED);
        if few {
            let mut out = Vec::new();
            self.game.moves(p, &mut out);
            out.sort();
            out.dedup();
            return out;
        }
        let counts = p.counts();
        let mut out = Vec::new();
        for i in 0..counts.len() {
            let c = counts[i];
            if c == 0 {
                continue;
            }
            let random = self.rng.random_range(0..c);
            for v in [0, c / 2, c - 1, random] {
                let mut next = counts.clone();
                next[i] = v;
                if let Some(q) = P::<G>::from_counts(&next)
                    && self.game.is_move(p, &q)
                {
                    out.push(q);
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }
}
