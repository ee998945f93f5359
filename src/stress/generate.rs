//! Random contest inputs biased toward the boundaries, from a seeded ChaCha8 generator.

use std::fmt::Write as _;

use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use crate::input::InputError;

/// The game a stress run is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// Chopsticks: `T`, then `T` lines `a c b d`; one `First`/`Second` per case.
    Chopsticks,
    /// Moore's Nim counting: `N K`, then N values; one integer mod 998244353.
    Games,
}

impl Game {
    /// Returns the name used on the command line.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::Game;
    /// assert_eq!(Game::Games.name(), "games");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Game::Chopsticks => "chopsticks",
            Game::Games => "games",
        }
    }
}

/// One Chopsticks case `(a, c, b, d)`.
pub type Position = [u64; 4];

/// Returns whether both players hold at least one hand (a + c ≥ 1 and b + d ≥ 1).
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use gamecheck::stress::is_real_play;
/// assert!(is_real_play([1, 0, 0, 1]));
/// assert!(!is_real_play([0, 0, 3, 1]));
/// ```
pub fn is_real_play(p: Position) -> bool {
    (p[0] > 0 || p[1] > 0) && (p[2] > 0 || p[3] > 0)
}

/// A games instance: N values and the length K.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GamesCase {
    pub values: Vec<u64>,
    pub len: u64,
}

/// One input file of a stress run.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// Several Chopsticks cases in one file.
    Chopsticks(Vec<Position>),
    /// One games instance.
    Games(GamesCase),
}

impl Input {
    /// Returns the input in the contest format.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(output length).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::{GamesCase, Input};
    /// assert_eq!(Input::Chopsticks(vec![[1, 0, 1, 1]]).to_text(), "1\n1 0 1 1\n");
    /// let games = Input::Games(GamesCase { values: vec![1, 2], len: 7 });
    /// assert_eq!(games.to_text(), "2 7\n1 2\n");
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        match self {
            Input::Chopsticks(cases) => {
                let _ = writeln!(out, "{}", cases.len());
                for [a, c, b, d] in cases {
                    let _ = writeln!(out, "{a} {c} {b} {d}");
                }
            }
            Input::Games(case) => {
                let _ = writeln!(out, "{} {}", case.values.len(), case.len);
                let values: Vec<String> = case.values.iter().map(u64::to_string).collect();
                let _ = writeln!(out, "{}", values.join(" "));
            }
        }
        out
    }

    /// Returns the input of `game` read from contest-format text.
    ///
    /// # Constraints
    /// The contest format of `game`; games values within the range `moore::parse_input` accepts.
    ///
    /// # Complexity
    /// O(input length).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::{Game, Input};
    /// let input = Input::parse(Game::Chopsticks, b"1\n1 0 1 1\n");
    /// assert_eq!(input, Ok(Input::Chopsticks(vec![[1, 0, 1, 1]])));
    /// assert!(Input::parse(Game::Games, b"2 3\n1\n").is_err());
    /// ```
    pub fn parse(game: Game, text: &[u8]) -> Result<Input, InputError> {
        match game {
            Game::Chopsticks => {
                let cases = crate::games::chopsticks::parse_cases(text)?;
                // Parsed counts are u64, so the u128 fields fit.
                Ok(Input::Chopsticks(
                    cases
                        .into_iter()
                        .map(|s| [s.a as u64, s.c as u64, s.b as u64, s.d as u64])
                        .collect(),
                ))
            }
            Game::Games => {
                let inst = crate::games::moore::parse_input(text)?;
                Ok(Input::Games(GamesCase {
                    values: inst.values,
                    len: inst.len,
                }))
            }
        }
    }

    /// Returns the number of test cases in the file (1 for games).
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::Input;
    /// assert_eq!(Input::Chopsticks(vec![[1, 0, 1, 1]; 3]).case_count(), 3);
    /// ```
    pub fn case_count(&self) -> usize {
        match self {
            Input::Chopsticks(cases) => cases.len(),
            Input::Games(_) => 1,
        }
    }
}

/// p − 1 for p = 998244353: a solution reducing K modulo it is wrong where f̂ has zeros.
pub const P_MINUS_ONE: u64 = 998_244_352;

fn boundary_count(rng: &mut ChaCha8Rng) -> u64 {
    match rng.random_range(0..10) {
        0..=3 => rng.random_range(0..=3),
        4 => rng.random_range(0..=20),
        5 => 1_000_000_000_000_000_000u64.wrapping_add_signed(rng.random_range(-3..=3)),
        6 => u64::MAX - rng.random_range(0..=3),
        7 => u64::MAX / 2 + rng.random_range(0..=2),
        _ => rng.random(),
    }
}

fn chopsticks_position(rng: &mut ChaCha8Rng) -> Position {
    loop {
        let mut p = [0; 4].map(|_: u64| boundary_count(rng));
        if rng.random_bool(0.6) {
            // Tie the counts: n − m ∈ {−2..2}, where every case of the rule lives.
            let delta: i128 = rng.random_range(-2..=2);
            let n = i128::from(p[0]) + i128::from(p[1]);
            let d = n - delta - i128::from(p[2]);
            match u64::try_from(d) {
                Ok(d) => p[3] = d,
                Err(_) => continue,
            }
        }
        if is_real_play(p) {
            return p;
        }
    }
}

fn games_len(rng: &mut ChaCha8Rng) -> u64 {
    match rng.random_range(0..9) {
        0 | 1 => rng.random_range(0..=8),
        2 | 3 | 8 => {
            let delta = if rng.random_bool(0.5) {
                0
            } else {
                rng.random_range(-2..=2)
            };
            rng.random_range(1..=4u64)
                .wrapping_mul(P_MINUS_ONE)
                .wrapping_add_signed(delta)
        }
        4 => 7 * rng.random_range(0..=20u64),
        5 => u64::MAX - rng.random_range(0..=10),
        6 => 7 * rng.random_range(0..=u64::MAX / 7),
        _ => rng.random(),
    }
}

fn zero_set(rng: &mut ChaCha8Rng, top: u64) -> Vec<u64> {
    let chi: Vec<u64> = (0..8).map(|_| rng.random_range(0..7)).collect();
    let residue = |v: u64| (0..8).map(|j| (v >> j & 1) * chi[j]).sum::<u64>() % 7;
    let copies = if rng.random_bool(0.8) { 1 } else { 2 };
    let mut values = Vec::new();
    for r in 0..7 {
        for _ in 0..copies {
            // Few tries suffice unless χ is degenerate; then the set is just not a zero set.
            let v = (0..200)
                .map(|_| rng.random_range(0..=top))
                .find(|&v| residue(v) == r)
                .unwrap_or(r);
            values.push(v);
        }
    }
    values.shuffle(rng);
    values
}

fn games_values(rng: &mut ChaCha8Rng) -> Vec<u64> {
    let top: u64 = if rng.random_bool(0.15) { 255 } else { 127 };
    if rng.random_bool(0.05) {
        return (0..7).collect();
    }
    let n = rng.random_range(1..=9usize);
    match rng.random_range(0..8) {
        // A set hitting every residue of some character χ equally often: f̂(χ) = 0, so
        // K ≡ 0 (mod p − 1) separates f̂^K from f̂^(K mod (p − 1)).
        0 | 6 => zero_set(rng, top),
        // {x, y, x ^ y}-like sets and copies of them: values sharing bits.
        1 => {
            let x = rng.random_range(1..=top);
            let y = rng.random_range(1..=top);
            let base = [x, y, x ^ y];
            (0..n.max(3)).map(|i| base[i % 3]).collect()
        }
        // One value repeated.
        2 => vec![rng.random_range(0..=top); n],
        // Values drawn from a small pool: many repeats.
        3 => {
            let pool: Vec<u64> = (0..3).map(|_| rng.random_range(0..=top)).collect();
            (0..n).map(|_| *pool.choose(rng).unwrap_or(&0)).collect()
        }
        // Few bits only.
        4 => (0..n).map(|_| rng.random_range(0..=7)).collect(),
        // Powers of two and zero.
        5 => (0..n)
            .map(|_| match rng.random_range(0..=8u32) {
                8 => 0,
                k => (1u64 << k).min(top),
            })
            .collect(),
        _ => (0..n).map(|_| rng.random_range(0..=top)).collect(),
    }
}

/// Returns a random input for `game`, biased toward the boundaries. Chopsticks files hold
/// 1 to 20 cases, each a position of real play; a games file is one instance with
/// 1 to 14 values in `0..=127` (sometimes `0..=255`).
///
/// # Constraints
/// None: every output is valid contest input.
///
/// # Complexity
/// O(size of the input).
///
/// # Example
/// ```
/// use gamecheck::stress::{generate, is_real_play, Game, Input};
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// match generate(Game::Chopsticks, &mut rng) {
///     Input::Chopsticks(cases) => assert!(cases.iter().all(|&p| is_real_play(p))),
///     Input::Games(_) => unreachable!(),
/// }
/// ```
pub fn generate(game: Game, rng: &mut ChaCha8Rng) -> Input {
    match game {
        Game::Chopsticks => {
            let t = if rng.random_bool(0.2) {
                1
            } else {
                rng.random_range(1..=20)
            };
            Input::Chopsticks((0..t).map(|_| chopsticks_position(rng)).collect())
        }
        Game::Games => Input::Games(GamesCase {
            len: games_len(rng),
            values: games_values(rng),
        }),
    }
}
