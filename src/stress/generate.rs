//! Random contest inputs from a seeded ChaCha8 generator, written once over any
//! [`ContestFormat`]: sizes grow with the input's number, from tiny toward the run's
//! bounds (reached at input [`RAMP_INPUTS`] + 1, numbering from 1), each input drawn by
//! the problem biased toward the boundaries of its size; no input is repeated. Inputs are
//! drawn one at a time, when wanted, and only a 64-bit fingerprint of each is kept for
//! the no-repeat rule, so a run of any length holds only the inputs in flight.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::problem::{Bounds, ContestFormat, RAMP_INPUTS};

/// One generated input.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated<C> {
    pub cases: Vec<C>,
    /// The input as contest text.
    pub text: String,
    /// The bounds it was drawn within: its size.
    pub size: Bounds,
}

/// Draws at one size before the size is raised to find an input not seen yet.
const TRIES: usize = 8;
/// Size raises tried at one index (each 5% of the ramp).
const RAISES: usize = 20;
/// Indices in a row without a new input before the generator gives up.
const GIVE_UP: usize = 64;
/// Draws in a row that gave no new input when the generator gives up.
pub(crate) const GIVE_UP_DRAWS: usize = GIVE_UP * (RAISES + 1) * TRIES;

/// Returns a 64-bit fingerprint of `text` (SipHash, fixed keys): equal texts, equal
/// fingerprints; two of a million inputs share one with odds about 3·10^-8, and then an
/// input is skipped as a repeat.
pub(crate) fn fingerprint(text: &str) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// The inputs of a run, drawn when asked for: the i-th (from 0) within
/// [`Bounds::at_input`]`(i)` of the bounds; when that size only repeats earlier inputs,
/// the size is raised. The iterator ends only when [`GIVE_UP_DRAWS`] draws in a row gave
/// no new input.
pub struct Inputs<'a, P: ContestFormat> {
    problem: &'a P,
    bounds: &'a Bounds,
    rng: ChaCha8Rng,
    seen: HashSet<u64>,
    misses: usize,
}

impl<'a, P: ContestFormat> Inputs<'a, P> {
    /// Returns the inputs from `seed` within `bounds`.
    ///
    /// # Complexity
    /// O(TRIES) draws per input, O(1) memory per input drawn (its fingerprint).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::Chopsticks;
    /// use gamecheck::problem::{ContestFormat, Range};
    /// use gamecheck::stress::Inputs;
    /// let p = Chopsticks::with_table_limit(1);
    /// let bounds = p.constraints().unwrap().bounds("chopsticks", Range::Contest, &[]).unwrap();
    /// // The millionth input costs no more memory than the first.
    /// let mut inputs = Inputs::new(&p, 1, &bounds);
    /// assert_eq!(inputs.next().unwrap().cases.len(), 1);
    /// assert!(inputs.nth(5000).is_some());
    /// ```
    pub fn new(problem: &'a P, seed: u64, bounds: &'a Bounds) -> Inputs<'a, P> {
        Inputs {
            problem,
            bounds,
            rng: ChaCha8Rng::seed_from_u64(seed),
            seen: HashSet::new(),
            misses: 0,
        }
    }
}

impl<P: ContestFormat> Iterator for Inputs<'_, P> {
    type Item = Generated<P::Case>;

    fn next(&mut self) -> Option<Generated<P::Case>> {
        while self.misses < GIVE_UP {
            let base = self.seen.len() as f64 / RAMP_INPUTS as f64;
            for raise in 0..=RAISES {
                let size = self.bounds.at_size(base + raise as f64 * 0.05);
                for _ in 0..TRIES {
                    let cases = self.problem.generate(&mut self.rng, &size);
                    if cases.is_empty() || !size.admits(&self.problem.extent(&cases)) {
                        continue;
                    }
                    let text = self.problem.write_input(&cases);
                    if self.seen.insert(fingerprint(&text)) {
                        self.misses = 0;
                        return Some(Generated { cases, text, size });
                    }
                }
            }
            self.misses += 1;
        }
        None
    }
}

/// Returns the first `count` inputs of [`Inputs`] from `seed` within `bounds`, all
/// distinct; fewer only when the generator gave up.
///
/// # Complexity
/// O(count · TRIES) draws.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::Chopsticks;
/// use gamecheck::problem::{ContestFormat, Range};
/// use gamecheck::stress::generate;
/// let p = Chopsticks::with_table_limit(1);
/// let bounds = p.constraints().unwrap().bounds("chopsticks", Range::Contest, &[]).unwrap();
/// let inputs = generate(&p, 1, 50, &bounds);
/// assert_eq!(inputs.len(), 50);
/// // The first input is tiny: one case, counts at most 3.
/// assert!(inputs[0].cases.len() == 1 && inputs[0].size.max("count") == Some(3));
/// let texts: std::collections::HashSet<_> = inputs.iter().map(|g| &g.text).collect();
/// assert_eq!(texts.len(), 50);
/// ```
pub fn generate<P: ContestFormat>(
    problem: &P,
    seed: u64,
    count: usize,
    bounds: &Bounds,
) -> Vec<Generated<P::Case>> {
    Inputs::new(problem, seed, bounds).take(count).collect()
}
