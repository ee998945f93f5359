//! Random contest inputs from a seeded ChaCha8 generator, written once over any
//! [`ContestFormat`]: sizes grow with the input's index, from tiny toward the run's
//! bounds (reached at input [`RAMP_INPUTS`]), each input drawn by the problem biased
//! toward the boundaries of its size; no input is repeated.

use std::collections::HashSet;

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

/// Draws at one index before the size is raised to find an input not seen yet.
const TRIES: usize = 8;
/// Indices in a row without a new input before the space is taken as exhausted.
const GIVE_UP: usize = 64;

/// Returns up to `count` distinct inputs from `seed`: the i-th is drawn within
/// [`Bounds::at_input`]`(i)` of `bounds`; when that size only repeats earlier inputs, the
/// size is raised. Fewer than `count` come back only when the bounds hold fewer inputs.
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
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count.min(1 << 20));
    let mut misses = 0;
    while out.len() < count && misses < GIVE_UP {
        let base = out.len() as f64 / RAMP_INPUTS as f64;
        let mut found = None;
        'sizes: for raise in 0..=20 {
            let size = bounds.at_size(base + f64::from(raise) * 0.05);
            for _ in 0..TRIES {
                let cases = problem.generate(&mut rng, &size);
                if cases.is_empty() || !size.admits(&problem.extent(&cases)) {
                    continue;
                }
                let text = problem.write_input(&cases);
                if seen.insert(text.clone()) {
                    found = Some(Generated { cases, text, size });
                    break 'sizes;
                }
            }
        }
        match found {
            Some(g) => {
                out.push(g);
                misses = 0;
            }
            None => misses += 1,
        }
    }
    out
}
