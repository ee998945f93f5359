//! Moore's Nim_k as a [`Game`]: a move takes at least one stone from each of between 1
//! and k non-empty piles. Moore's P-test and winning move are the fast paths; the
//! memoized Grundy game search of `gamecheck-oracles` is a second method of its own.

use crate::game::Settings;
use std::sync::Mutex;

use gamecheck_oracles::moore_game_search::GameSearch;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{is_p_position, winning_move};
use crate::claims::ExprError;
use crate::game::{
    Answer, Field, Format, FromFlags, Game, GameError, MOVES_LISTED, Oracle, Outcome, Play, Position, Search,
    Unanswered,
};
use crate::problem::{Flag, FlagError, Flags, Predicate};

/// The k of the contest, and of a game built without `--k`.
const CONTEST_K: u32 = 6;

/// The game search visits every sub-position: it is asked only when Π (p + 1) is at most
/// this. At 5000 its property took 34 s of `check --cases 2000` (a search per position, under
/// one lock); at 1000, 0.9 s.
const SEARCHED: u64 = 1000;

/// Moore's Nim_k.
///
/// # Example
/// ```
/// use gamecheck::game::{Game, GameProblem, Question};
/// use gamecheck::moore::Moore;
/// let game = Moore::new(2).unwrap();
/// let mut moves = Vec::new();
/// game.moves(&vec![1, 1, 1], &mut moves);
/// assert_eq!(moves.len(), 6); // one or two of the three piles emptied
/// assert!(Moore::new(0).is_err());
/// assert!(GameProblem::new(game, Question::default()).is_ok());
/// ```
pub struct Moore {
    k: u32,
    /// One memoized game search, shared by every question of a run.
    search: Mutex<Option<GameSearch>>,
}

impl Moore {
    /// Returns Moore's Nim_k.
    ///
    /// # Errors
    /// k = 0: a move takes stones from between 1 and k piles.
    pub fn new(k: u32) -> Result<Moore, String> {
        if k == 0 {
            return Err("k = 0 is not allowed: a move takes stones from between 1 and k piles".into());
        }
        Ok(Moore::with_k(k))
    }

    fn with_k(k: u32) -> Moore {
        Moore {
            k,
            search: Mutex::new(None),
        }
    }

    /// Returns k, the most piles one move may take from.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Returns `f` of the game search, built once.
    fn with_search<R>(&self, f: impl FnOnce(&mut GameSearch) -> R) -> R {
        let mut s = self.search.lock().unwrap_or_else(|e| e.into_inner());
        f(s.get_or_insert_with(|| GameSearch::new(self.k)))
    }

    /// Returns the game search's Grundy value of `piles`, or `None` above its reach.
    fn searched(&self, piles: &[u64]) -> Option<u32> {
        searchable(piles).then(|| self.with_search(|s| s.grundy(piles)))
    }
}

/// Whether the game search is asked about `piles`: Π (p + 1) ≤ [`SEARCHED`].
fn searchable(piles: &[u64]) -> bool {
    piles
        .iter()
        .try_fold(1u64, |acc, &p| acc.checked_mul(p.checked_add(1)?))
        .is_some_and(|n| n <= SEARCHED)
}

/// Returns the number of moves from `piles` in Moore's Nim_k: the sum over 1 ≤ j ≤ k of
/// e_j(piles), the elementary symmetric polynomials (choose j piles, then a smaller size
/// for each), saturating.
pub(crate) fn move_count(piles: &[u64], k: u32) -> u128 {
    let k = (k as usize).min(piles.len());
    let mut e = vec![0u128; k + 1];
    e[0] = 1;
    for &p in piles {
        for j in (1..=k).rev() {
            e[j] = e[j].saturating_add(e[j - 1].saturating_mul(u128::from(p)));
        }
    }
    e[1..].iter().fold(0, |s, &x| s.saturating_add(x))
}

/// Returns a position of at most `max_len` piles of sizes at most `max` in which every bit
/// is set in a multiple of k + 1 piles (a P-position), half the time changed once: a bit
/// flipped, a pile dropped, copied or added.
fn balanced(rng: &mut ChaCha8Rng, k: u32, max: u64, max_len: usize) -> Vec<u64> {
    // Bits below `bits` keep every pile within `max`.
    let bits = if max == u64::MAX {
        64
    } else {
        63 - (max + 1).leading_zeros()
    };
    let n = rng.random_range(0..=max_len);
    let m = usize::try_from(k).unwrap_or(usize::MAX).saturating_add(1);
    let mut piles = vec![0u64; n];
    let mut order: Vec<usize> = (0..n).collect();
    for bit in 0..bits {
        let count = m.saturating_mul(rng.random_range(0..=n / m));
        order.shuffle(rng);
        for &i in order.iter().take(count) {
            piles[i] |= 1 << bit;
        }
    }
    if bits > 0 && rng.random_bool(0.5) {
        match rng.random_range(0..4) {
            0 if !piles.is_empty() => {
                let i = rng.random_range(0..piles.len());
                piles[i] ^= 1 << rng.random_range(0..bits);
            }
            1 if !piles.is_empty() => {
                let i = rng.random_range(0..piles.len());
                piles.remove(i);
            }
            2 if !piles.is_empty() && piles.len() < max_len => {
                let i = rng.random_range(0..piles.len());
                piles.push(piles[i]);
            }
            _ if piles.len() < max_len => piles.push(rng.random_range(0..=max)),
            _ => {}
        }
    }
    piles
}

/// Values below `x` a descent tries: 0, `x` without its top bit, geometric steps up to
/// `x`, and `x − 1`.
fn lowered(x: u64) -> impl Iterator<Item = u64> {
    let top = if x == 0 {
        0
    } else {
        x & !(1 << (63 - x.leading_zeros()))
    };
    // Geometric steps reach a threshold in O(log x) descent steps where x − 1 takes x.
    let steps = (1..64)
        .map_while(move |i| Some(x >> i).filter(|&d| d > 0))
        .map(move |d| x - d);
    [0, top]
        .into_iter()
        .chain(steps)
        .chain([x.saturating_sub(1)])
        .filter(move |&y| y < x)
}

impl Game for Moore {
    type Position = Vec<u64>;
    const NAME: &'static str = "moore";

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        // Pile by pile: kept, or lowered while fewer than k piles have been.
        fn go(p: &[u64], i: usize, left: u32, changed: bool, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if i == p.len() {
                if changed {
                    out.push(cur.clone());
                }
                return;
            }
            go(p, i + 1, left, changed, cur, out);
            if left > 0 {
                for y in 0..p[i] {
                    cur[i] = y;
                    go(p, i + 1, left - 1, true, cur, out);
                }
                cur[i] = p[i];
            }
        }
        go(p, 0, self.k, false, &mut p.clone(), out);
    }

    fn oracle_reach(&self) -> u64 {
        // Every sub-position of 10 stones in all, with all its moves: about 10^6 steps.
        10
    }

    /// Its own positions and claims; dear cases whose moves grow as the product of the
    /// piles.
    fn settings(&self) -> Settings<Self> {
        Settings {
            strategy: Some(Self::strategy),
            claim: Some(Self::claim),
            // Moves grow as the product of the piles: the Bellman check lists them for
            // small piles only.
            move_reach: Some(64),
            // A P-test over every move of a position (the Bellman and certificate checks)
            // or a game search (its named oracle) per case: as Moore's count, a twentieth
            // of the cases.
            check_cost: 20,
            ..Settings::default()
        }
    }

    fn move_count(&self, p: &Vec<u64>) -> Option<u128> {
        Some(move_count(p, self.k))
    }

    fn is_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> bool {
        let changed = from.iter().zip(to).filter(|(a, b)| a != b).count();
        to.len() == from.len()
            && (1..=self.k as usize).contains(&changed)
            && from.iter().zip(to).all(|(a, b)| b <= a)
    }

    fn outcome(&self, p: &Vec<u64>, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of(!is_p_position(p, self.k)))
    }

    fn winning_move(
        &self,
        p: &Vec<u64>,
        play: Play,
        search: &mut Search<Self>,
    ) -> Result<Option<Vec<u64>>, Unanswered> {
        if play == Play::Normal {
            return Ok(winning_move(p, self.k));
        }
        if let Some(c) = self.move_count(p).filter(|&c| c > MOVES_LISTED) {
            return Err(Unanswered::too_many_moves(c));
        }
        let mut moves = Vec::new();
        self.moves(p, &mut moves);
        for q in moves {
            if search.misere_outcome(&q)? == Outcome::Loss {
                return Ok(Some(q));
            }
        }
        Ok(None)
    }

    fn oracles(&self) -> Vec<Oracle<Self>> {
        vec![
            Oracle::new("p_test_matches_game_search", "game search", |g: &Moore, p, q| {
                if q.misere() {
                    return None;
                }
                let grundy = u64::from(g.searched(p)?);
                Some(Ok(if q.grundy {
                    Answer::Grundy(grundy)
                } else {
                    Answer::Outcome(Outcome::of(grundy != 0))
                }))
            })
            .within(8),
        ]
    }

    fn descent(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
        let n = p.len();
        let mut out = Vec::new();
        let mut push = |mut v: Vec<u64>| {
            v.sort_unstable();
            out.push(v);
        };
        for i in 0..n {
            for j in i + 1..n {
                push(
                    p.iter()
                        .enumerate()
                        .filter(|&(t, _)| t != i && t != j)
                        .map(|(_, &x)| x)
                        .collect(),
                );
            }
            for y in lowered(p[i]) {
                let mut v = p.clone();
                v[i] = y;
                push(v);
            }
        }
        let mut values = p.clone();
        values.sort_unstable();
        values.dedup();
        for &x in &values {
            push(p.iter().copied().filter(|&q| q != x).collect());
            for y in lowered(x) {
                push(p.iter().map(|&q| if q == x { y } else { q }).collect());
            }
            // Fewer piles, all copies of one: j copies of a pile are a P-position exactly
            // when k + 1 divides j, so this keeps a large pile while dropping the rest.
            for j in 1..n {
                push(vec![x; j]);
            }
        }
        let all = p.iter().fold(0, |a, &q| a | q);
        for bit in (0..64).filter(|b| all >> b & 1 == 1) {
            push(p.iter().map(|&q| q & !(1 << bit)).collect());
        }
        push(p.iter().map(|&q| q / 2).collect());
        // The same piles sorted: the least order of one multiset.
        push(p.clone());
        out.sort();
        out.dedup();
        out
    }

    /// A line `T`, then T lines `N p_1 … p_N`; `First` when the player to move wins.
    fn format(&self) -> Format<Moore> {
        Format::cases(1..=10_000)
            .generated(20, 1000)
            .drawn_by_game()
            .line([Field::len("N", 0..=1000), Field::list("p_i", 0..=u64::MAX)])
    }

    fn describe(&self, p: &Vec<u64>) -> String {
        format!("piles {p:?}")
    }
}

impl Moore {
    /// Half the default's, half balanced positions (each bit in a multiple of k + 1
    /// piles: P-positions) or one change away from one, over the whole range.
    fn strategy(&self, max: u64, max_len: usize) -> BoxedStrategy<Vec<u64>> {
        let k = self.k;
        prop_oneof![
            <Vec<u64> as Position>::strategy(max, max_len),
            any::<u64>().no_shrink().prop_map(move |seed| balanced(
                &mut ChaCha8Rng::seed_from_u64(seed),
                k,
                max,
                max_len
            )),
        ]
        .boxed()
    }

    /// Over piles, k, xor, sum, max, `bitcount(j)` and `all_bits(…)`
    /// ([`GamesExpr`](super::GamesExpr)).
    fn claim(&self, text: &str) -> Result<Predicate<Vec<u64>>, ExprError> {
        let expr = super::GamesExpr::compile(text, self.k)?;
        Ok(Box::new(move |p: &Vec<u64>| expr.is_loss(p)))
    }
}

/// `--k K`.
pub(crate) const K: Flag =
    Flag::number("k", "k of Moore's Nim_k: a move takes from 1 to k piles.", "6", 1).at_most(u32::MAX as u64);

/// Returns `--k` when it is one number; a list (`plot moore --k 1,2`) leaves the default.
pub(crate) fn k_flag(flags: &Flags) -> Result<u32, GameError> {
    match flags.number("k") {
        Ok(k) => u32::try_from(k).map_err(|_| {
            GameError::Flag(FlagError {
                flag: "k".into(),
                wanted: "32-bit number",
            })
        }),
        Err(_) => Ok(CONTEST_K),
    }
}

impl FromFlags for Moore {
    fn flags() -> Vec<Flag> {
        vec![K]
    }

    fn from_flags(flags: &Flags) -> Result<Moore, GameError> {
        Moore::new(k_flag(flags)?).map_err(|why| GameError::Invalid { flag: "k", why })
    }
}

#[cfg(test)]
mod tests {
    use gamecheck_oracles::moore_game_search::{GameSearch, successors};
    use itertools::Itertools;

    use super::*;

    /// The positions of at most `n` piles of sizes up to `max`, in every order.
    fn positions(n: usize, max: u64) -> impl Iterator<Item = Vec<u64>> {
        (0..=n).flat_map(move |len| (0..len).map(|_| 0..=max).multi_cartesian_product())
    }

    #[test]
    fn moves_are_the_oracle_crate_s_successors() {
        for k in 1..=4 {
            let game = Moore::with_k(k);
            for p in positions(4, 3) {
                let mut moves = Vec::new();
                game.moves(&p, &mut moves);
                let mut listed = successors(&p, k);
                assert_eq!(move_count(&p, k), listed.len() as u128, "{p:?}, k = {k}");
                moves.sort();
                listed.sort();
                assert_eq!(moves, listed, "{p:?}, k = {k}");
                for q in positions(p.len(), 3).filter(|q| q.len() == p.len()) {
                    assert_eq!(
                        game.is_move(&p, &q),
                        listed.contains(&q),
                        "{p:?} -> {q:?}, k = {k}"
                    );
                }
            }
        }
    }

    #[test]
    fn fast_paths_match_the_game_search() {
        for k in [1, 2, 3, 6] {
            let game = Moore::with_k(k);
            let mut search = GameSearch::new(k);
            for p in positions(4, 4) {
                let lost = search.is_p(&p);
                assert_eq!(is_p_position(&p, k), lost, "{p:?}, k = {k}");
                match winning_move(&p, k) {
                    None => assert!(lost, "no move from the N-position {p:?}, k = {k}"),
                    Some(q) => assert!(game.is_move(&p, &q) && search.is_p(&q), "{p:?} -> {q:?}, k = {k}"),
                }
            }
        }
    }

    #[test]
    fn the_oracle_answers_within_its_reach_only() {
        let game = Moore::with_k(2);
        let oracle = &game.oracles()[0];
        let q = crate::game::Question::default();
        assert_eq!(
            oracle.answer(&game, &vec![1, 1], q),
            Some(Ok(Answer::Outcome(Outcome::Win)))
        );
        assert_eq!(
            oracle.answer(&game, &vec![1, 1, 1], q),
            Some(Ok(Answer::Outcome(Outcome::Loss)))
        );
        assert_eq!(oracle.answer(&game, &vec![100, 100], q), None);
    }
}
