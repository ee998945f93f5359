//! Contest inputs from a seeded ChaCha8 generator, written once over any
//! [`ContestFormat`] and [`Order`]. A run ([`Inputs::for_run`]) starts with every small
//! position ([`Generator::SmallValues`]), then draws random inputs whose sizes grow with
//! the input's number, from tiny toward the run's bounds (reached at input
//! [`RAMP_INPUTS`] + 1, numbering from 1), and beside them inputs where the answer
//! changes: the two sides of a change found by bisection along one coordinate
//! ([`Generator::AnswerBoundary`]), the top of every range ([`Generator::TopOfRange`]),
//! and the positions the fast solution's own winning moves lead to, which it calls lost
//! ([`Generator::NearLost`]). No input is repeated. Inputs are drawn one at a time, when
//! wanted, and only a 64-bit fingerprint of each is kept for the no-repeat rule, so a
//! run of any length holds only the inputs in flight.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::problem::{Bounds, ContestFormat, Order, RAMP_INPUTS};

/// Which generator drew an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Generator {
    /// Random sizes growing from tiny to the bounds.
    Random,
    /// Every position of small counts, least first, before anything else.
    SmallValues,
    /// The two sides of a change of the answer along one coordinate of a random case,
    /// found by bisection with the expected answers.
    AnswerBoundary,
    /// Counts at and just below the top of every range.
    TopOfRange,
    /// The cases the fast solution's winning moves lead to (lost for the player to
    /// move), and their neighbours.
    NearLost,
    /// An input at the ranges' maxima, for time and memory: T at its maximum, the
    /// longest of a few draws ([`Inputs::maximal`]).
    Maximal,
}

impl Generator {
    /// Returns the generator's name as reports print it.
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::Generator;
    /// assert_eq!(Generator::AnswerBoundary.name(), "answer-boundary");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Generator::Random => "random",
            Generator::SmallValues => "small-values",
            Generator::AnswerBoundary => "answer-boundary",
            Generator::TopOfRange => "top-of-range",
            Generator::NearLost => "near-lost",
            Generator::Maximal => "maximal",
        }
    }
}

impl std::fmt::Display for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One generated input.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated<C> {
    pub cases: Vec<C>,
    /// The input as contest text.
    pub text: String,
    /// The bounds it was drawn within: its size.
    pub size: Bounds,
    /// The generator that drew it.
    pub generator: Generator,
}

/// Small positions enumerated at the start of a run, at most.
pub const SMALL_POSITIONS: usize = 2048;
/// Bisections (each giving the two sides of a change) in one boundary input, at most.
const BISECTIONS: usize = 16;
/// Points sampled along a coordinate to find two with different answers.
const SAMPLES: usize = 8;
/// Steps up from the lower side of a change (1, 2, 4, …) before it is bisected.
const NEAR_STEPS: usize = 8;
/// Cases of one input whose winning move is asked for, at most: each lists the moves of
/// its case, and an input may hold 10^5 cases.
const NEAR_LOST: usize = 16;

/// Draws of which a maximal input is the longest.
pub(crate) const MAXIMAL_DRAWS: usize = 8;
/// The ChaCha8 stream of the maximal inputs: fixed by the seed, whatever number of small
/// inputs ran before them.
const MAXIMAL_STREAM: u64 = 1;

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
/// the size is raised. The iterator ends only when `GIVE_UP_DRAWS` draws in a row gave
/// no new input.
pub struct Inputs<'a, P: ContestFormat> {
    problem: &'a P,
    bounds: &'a Bounds,
    rng: ChaCha8Rng,
    seen: HashSet<u64>,
    misses: usize,
    /// With [`Inputs::for_run`]: the inputs a run will take, for the share of small ones.
    planned: Option<usize>,
    /// The small inputs not yet given, once enumerated.
    small: Option<std::vec::IntoIter<Vec<P::Case>>>,
    /// Inputs given after the small ones.
    after_small: usize,
    /// Every input at the bounds' maxima ([`Inputs::maximal`]).
    maximal: bool,
    /// Whether a drawn input did not read back as itself: the game's positions hold state
    /// its input does not show, so a winning move's position is read back as another, and
    /// near-lost's searches for winning moves are not spent on it any more.
    hidden_state: bool,
}

impl<'a, P: ContestFormat + Order> Inputs<'a, P> {
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
    /// let p = Chopsticks::problem(1);
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
            planned: None,
            small: None,
            after_small: 0,
            maximal: false,
            hidden_state: false,
        }
    }

    /// Returns the maximal inputs from `seed` within `bounds`, for time and memory: each
    /// with T at its maximum ([`Bounds::maximal`]), the longest text of 8 draws. They
    /// come from a stream of their own, so they are the same however many inputs ran
    /// before them.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::Chopsticks;
    /// use gamecheck::problem::{ContestFormat, Range};
    /// use gamecheck::stress::{Generator, Inputs};
    /// let p = Chopsticks::problem(1);
    /// let bounds = p.constraints().unwrap().bounds("chopsticks", Range::Contest, &[]).unwrap();
    /// let input = Inputs::maximal(&p, 1, &bounds).next().unwrap();
    /// assert_eq!((input.generator, input.cases.len()), (Generator::Maximal, 20));
    /// ```
    pub fn maximal(problem: &'a P, seed: u64, bounds: &'a Bounds) -> Inputs<'a, P> {
        let mut inputs = Inputs::new(problem, seed, bounds);
        inputs.rng.set_stream(MAXIMAL_STREAM);
        inputs.maximal = true;
        inputs
    }

    /// Returns the next maximal input: the longest new one of `MAXIMAL_DRAWS` draws.
    fn next_maximal(&mut self) -> Option<Generated<P::Case>> {
        let size = self.bounds.maximal();
        while self.misses < GIVE_UP {
            let longest = (0..MAXIMAL_DRAWS)
                .map(|_| self.problem.generate(&mut self.rng, &size))
                .filter(|cases| !cases.is_empty() && size.admits(&self.problem.extent(cases)))
                .map(|cases| (self.problem.write_input(&cases), cases))
                .filter(|(text, _)| !self.seen.contains(&fingerprint(text)))
                .max_by_key(|(text, _)| text.len());
            let Some((text, cases)) = longest else {
                self.misses += 1;
                continue;
            };
            self.misses = 0;
            self.seen.insert(fingerprint(&text));
            return Some(Generated {
                cases,
                text,
                size: self.bounds.clone(),
                generator: Generator::Maximal,
            });
        }
        None
    }

    /// Returns the inputs of a stress run of `count` inputs from `seed` within `bounds`:
    /// first every small position (at most [`SMALL_POSITIONS`], least first, packed T to
    /// an input, in at most a quarter of the run), then, of every four inputs, one random
    /// as [`Inputs::new`] draws it, one at a change of the answer, one at the top of the
    /// ranges and one near the fast solution's lost positions (random when a generator
    /// finds nothing, and near-lost's turn random for good once a drawn input does not
    /// read back as itself: the game's positions hold state the input does not show).
    ///
    /// # Complexity
    /// A boundary input asks for at most about 16 · (8 + 8 + 64) expected answers, and
    /// where answers change every few values about 16 · (8 + 8).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::Chopsticks;
    /// use gamecheck::problem::{ContestFormat, Range};
    /// use gamecheck::stress::{Generator, Inputs};
    /// let p = Chopsticks::problem(1);
    /// let bounds = p.constraints().unwrap().bounds("chopsticks", Range::Contest, &[]).unwrap();
    /// let first = Inputs::for_run(&p, 1, &bounds, 40).next().unwrap();
    /// assert_eq!(first.generator, Generator::SmallValues);
    /// ```
    pub fn for_run(problem: &'a P, seed: u64, bounds: &'a Bounds, count: usize) -> Inputs<'a, P> {
        let mut inputs = Inputs::new(problem, seed, bounds);
        inputs.planned = Some(count);
        inputs
    }

    /// Returns `cases` as a generated input, if it is new and within `size`.
    fn admit(
        &mut self,
        cases: Vec<P::Case>,
        size: &Bounds,
        generator: Generator,
    ) -> Option<Generated<P::Case>> {
        if cases.is_empty() || !size.admits(&self.problem.extent(&cases)) {
            return None;
        }
        let text = self.problem.write_input(&cases);
        // The format's own rules (sums over the cases) are the reader's. The cases judged
        // are the ones the text states: a position reached by a move (near-lost) can hold
        // state its counts do not (a token's square, a pile's amounts taken), and judging
        // that position would fault a program for the input it was really given.
        let cases = match generator {
            Generator::Random => cases,
            _ => {
                let read = self.problem.read_input(text.as_bytes()).ok()?;
                if read != cases {
                    self.hidden_state = true;
                }
                read
            }
        };
        self.seen.insert(fingerprint(&text)).then(|| Generated {
            cases,
            text,
            size: size.clone(),
            generator,
        })
    }

    /// Returns the next input drawn where the answer changes, by the generator whose turn
    /// it is, if it finds one.
    fn boundary(&mut self) -> Option<Generated<P::Case>> {
        let generator = match self.after_small % 4 {
            1 => Generator::AnswerBoundary,
            2 => Generator::TopOfRange,
            // Near-lost's inputs would be read back as other positions than its searches
            // found: its turn goes to a random input.
            3 if self.hidden_state => return None,
            3 => Generator::NearLost,
            _ => return None,
        };
        // Half at the growing size, half at the whole range.
        let ramp = self.bounds.at_size(self.seen.len() as f64 / RAMP_INPUTS as f64);
        let size = if self.rng.random_bool(0.5) {
            self.bounds.clone()
        } else {
            ramp
        };
        let full = self.bounds.clone();
        for _ in 0..TRIES {
            let cases = match generator {
                Generator::AnswerBoundary => answer_boundaries(self.problem, &mut self.rng, &size),
                Generator::TopOfRange => top_of_range(self.problem, &mut self.rng, &full),
                _ => near_lost(self.problem, &mut self.rng, &size),
            };
            let size = if generator == Generator::TopOfRange {
                &full
            } else {
                &size
            };
            if let Some(g) = self.admit(cases, size, generator) {
                return Some(g);
            }
        }
        None
    }
}

impl<P: ContestFormat + Order> Iterator for Inputs<'_, P> {
    type Item = Generated<P::Case>;

    fn next(&mut self) -> Option<Generated<P::Case>> {
        if self.maximal {
            return self.next_maximal();
        }
        if let Some(count) = self.planned {
            if self.small.is_none() {
                let most = (count / 4).max(1);
                self.small = Some(small_inputs(self.problem, &mut self.rng, self.bounds, most).into_iter());
            }
            while let Some(cases) = self.small.as_mut().and_then(Iterator::next) {
                let full = self.bounds.clone();
                if let Some(g) = self.admit(cases, &full, Generator::SmallValues) {
                    return Some(g);
                }
            }
            self.after_small += 1;
            if let Some(g) = self.boundary() {
                return Some(g);
            }
        }
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
                        return Some(Generated {
                            cases,
                            text,
                            size,
                            generator: Generator::Random,
                        });
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
/// let p = Chopsticks::problem(1);
/// let bounds = p.constraints().unwrap().bounds("chopsticks", Range::Contest, &[]).unwrap();
/// let inputs = generate(&p, 1, 50, &bounds);
/// assert_eq!(inputs.len(), 50);
/// // The first input is tiny: one case, counts at most 3.
/// assert!(inputs[0].cases.len() == 1 && inputs[0].size.max("count") == Some(3));
/// let texts: std::collections::HashSet<_> = inputs.iter().map(|g| &g.text).collect();
/// assert_eq!(texts.len(), 50);
/// ```
pub fn generate<P: ContestFormat + Order>(
    problem: &P,
    seed: u64,
    count: usize,
    bounds: &Bounds,
) -> Vec<Generated<P::Case>> {
    Inputs::new(problem, seed, bounds).take(count).collect()
}

/// Returns the count cap of `bounds` as a coordinate's top.
fn top(bounds: &Bounds) -> u128 {
    u128::from(bounds.max_or("count", u64::MAX))
}

/// Returns the number of cases one input of `bounds` may hold.
fn cases_per_input(bounds: &Bounds) -> usize {
    bounds
        .max("cases")
        .map_or(1, |t| usize::try_from(t).unwrap_or(usize::MAX).max(1))
}

/// Returns the inputs holding every position of small counts (at most
/// [`SMALL_POSITIONS`]), least total first, T to an input, in at most `most` inputs: for
/// each number of coordinates a tiny random case has (for a list, each length from 1 to
/// 4 that the sizes up to half the ramp draw), every vector of values 0..=s set into it,
/// s as large as the budget allows.
fn small_inputs<P: ContestFormat + Order>(
    problem: &P,
    rng: &mut ChaCha8Rng,
    bounds: &Bounds,
    most: usize,
) -> Vec<Vec<P::Case>> {
    use itertools::Itertools;
    let per_input = cases_per_input(bounds);
    let budget = SMALL_POSITIONS.min(most.saturating_mul(per_input));
    // Tiny cases of every shape the generator draws (a list of 1, 2, … counts).
    let tiny = bounds.at_size(0.0);
    let mut bases: Vec<P::Case> = Vec::new();
    let add = |bases: &mut Vec<P::Case>, case: P::Case| {
        let k = problem.coordinates(&case).len();
        if k > 0 && !bases.iter().any(|b| problem.coordinates(b).len() == k) {
            bases.push(case);
        }
    };
    for _ in 0..32 {
        for case in problem.generate(rng, &tiny) {
            add(&mut bases, case);
        }
    }
    // A list whose tiny sizes hold fewer than 4 lengths gets the short ones that larger
    // sizes draw (3 counts of 0..=7 come before any large list), drawn from a copy of
    // the generator so that the inputs after these are those of the seed all the same.
    let mut wider = rng.clone();
    let list = bases.iter().any(|b| problem.keeping(b, &[0]).is_some());
    for t in [0.1, 0.2, 0.3, 0.5].into_iter().filter(|_| list) {
        let shortest =
            |bases: &Vec<P::Case>| (1..=4).all(|k| bases.iter().any(|b| problem.coordinates(b).len() == k));
        if shortest(&bases) {
            break;
        }
        let size = bounds.at_size(t);
        for _ in 0..32 {
            for case in problem.generate(&mut wider, &size) {
                if problem.coordinates(&case).len() <= 4 {
                    add(&mut bases, case);
                }
            }
        }
    }
    bases.sort_by_key(|b| problem.coordinates(b).len());
    bases.truncate(4);
    let cap = top(bounds);
    let mut cases = Vec::new();
    let mut seen = HashSet::new();
    for base in &bases {
        let k = problem.coordinates(base).len();
        let share = budget / bases.len().max(1);
        // The largest s with (s + 1)^k ≤ share.
        let mut s = 0u128;
        while (s + 2)
            .checked_pow(u32::try_from(k).unwrap_or(u32::MAX))
            .is_some_and(|n| n <= share as u128)
            && s < cap
        {
            s += 1;
        }
        let mut vectors: Vec<Vec<u128>> = (0..k).map(|_| 0..=s).multi_cartesian_product().collect();
        vectors.sort_by_key(|v| (v.iter().sum::<u128>(), v.clone()));
        for v in vectors {
            let case = v.iter().enumerate().try_fold(base.clone(), |c, (i, &value)| {
                problem.with_coordinate(&c, i, value)
            });
            if let Some(case) = case
                && bounds.admits(&problem.extent(std::slice::from_ref(&case)))
                && seen.insert(problem.write_case(&case))
            {
                cases.push(case);
            }
        }
    }
    cases.sort_by_key(|c| problem.key(c));
    cases.truncate(budget);
    cases.chunks(per_input).map(<[P::Case]>::to_vec).collect()
}

/// Returns the two sides of a change of the expected answer along one coordinate of a
/// random case within `bounds`, for up to [`BISECTIONS`] cases (one side, where an input
/// holds one case): [`SAMPLES`] points of the coordinate's range are answered, and
/// between two neighbours with different answers the change is found by bisection.
fn answer_boundaries<P: ContestFormat + Order>(
    problem: &P,
    rng: &mut ChaCha8Rng,
    bounds: &Bounds,
) -> Vec<P::Case> {
    let room = cases_per_input(bounds);
    let wanted = (room / 2).clamp(1, BISECTIONS);
    let cap = top(bounds);
    let mut out = Vec::new();
    for _ in 0..wanted * 2 {
        if out.len() + 2 > room.max(2) || out.len() >= wanted * 2 {
            break;
        }
        let Some(base) = problem.generate(rng, bounds).into_iter().next() else {
            continue;
        };
        let coordinates = problem.coordinates(&base);
        if coordinates.is_empty() {
            continue;
        }
        let i = rng.random_range(0..coordinates.len());
        let at = |v: u128| {
            let case = problem.with_coordinate(&base, i, v)?;
            let answer = problem.boundary_answer(&case).ok()?;
            Some((case, answer))
        };
        let mut points: Vec<u128> = (0..SAMPLES).map(|_| rng.random_range(0..=cap)).collect();
        points.extend([0, 1, cap, coordinates[i].min(cap)]);
        points.sort_unstable();
        points.dedup();
        let answered: Vec<(u128, P::Case, P::Answer)> = points
            .into_iter()
            .filter_map(|v| at(v).map(|(c, a)| (v, c, a)))
            .collect();
        let changes: Vec<usize> = (1..answered.len())
            .filter(|&j| answered[j - 1].2 != answered[j].2)
            .collect();
        if changes.is_empty() {
            continue;
        }
        let j = changes[rng.random_range(0..changes.len())];
        let (lo, lo_case, lo_answer) = answered[j - 1].clone();
        let (hi, hi_case, _) = answered[j].clone();
        let ((_, lo_case), (_, hi_case)) = change_between(&at, (lo, lo_case, &lo_answer), (hi, hi_case));
        // An input of one case holds one side of the change, either.
        if room == 1 {
            out.push(if rng.random_bool(0.5) { lo_case } else { hi_case });
            break;
        }
        out.push(lo_case);
        out.push(hi_case);
    }
    out
}

/// Returns two neighbouring points of `lo..=hi` and their cases where the answer
/// changes, given that `at(lo)` answers `lo_answer` and `at(hi)` does not: first steps
/// of 1, 2, 4, … up from `lo` ([`NEAR_STEPS`] at most), then bisection. Where answers
/// change every few values (Codeforces 150A: whether q has two prime factors), the
/// change next to `lo` is found in a few answers, not the 40 a bisection of 10^13
/// takes; where they change once (a ratio's threshold), the steps cost [`NEAR_STEPS`]
/// more. Stops where `at` answers nothing, with the interval reached.
fn change_between<C: Clone, A: PartialEq>(
    at: &impl Fn(u128) -> Option<(C, A)>,
    (mut lo, mut lo_case, lo_answer): (u128, C, &A),
    (mut hi, mut hi_case): (u128, C),
) -> ((u128, C), (u128, C)) {
    let mut step = 1u128;
    for _ in 0..NEAR_STEPS {
        if hi - lo <= step {
            break;
        }
        let Some((case, answer)) = at(lo + step) else {
            return ((lo, lo_case), (hi, hi_case));
        };
        if answer != *lo_answer {
            (hi, hi_case) = (lo + step, case);
            break;
        }
        (lo, lo_case) = (lo + step, case);
        step *= 2;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let Some((case, answer)) = at(mid) else { break };
        if answer == *lo_answer {
            (lo, lo_case) = (mid, case);
        } else {
            (hi, hi_case) = (mid, case);
        }
    }
    ((lo, lo_case), (hi, hi_case))
}

/// Returns random cases of `bounds` whose coordinates are mostly set to the top of the
/// count range or just below it.
fn top_of_range<P: ContestFormat + Order>(
    problem: &P,
    rng: &mut ChaCha8Rng,
    bounds: &Bounds,
) -> Vec<P::Case> {
    let cap = top(bounds);
    problem
        .generate(rng, bounds)
        .into_iter()
        .map(|case| {
            let mut values = Vec::new();
            for i in 0..problem.coordinates(&case).len() {
                if !rng.random_bool(0.3) {
                    values.push((i, cap.saturating_sub(rng.random_range(0..=2u128))));
                }
            }
            // All at once: a case of 10^5 counts is copied and checked once, not once a
            // count. Where that is no case, one at a time, each kept where it is valid.
            problem.with_coordinates(&case, &values).unwrap_or_else(|| {
                values
                    .iter()
                    .fold(case, |c, &(i, v)| problem.with_coordinate(&c, i, v).unwrap_or(c))
            })
        })
        .collect()
}

/// Returns the cases the fast solution's winning moves from random cases lead to (from
/// at most [`NEAR_LOST`] of them), and a neighbour of each (one coordinate one up or
/// down).
fn near_lost<P: ContestFormat + Order>(problem: &P, rng: &mut ChaCha8Rng, bounds: &Bounds) -> Vec<P::Case> {
    let room = cases_per_input(bounds);
    let mut out = Vec::new();
    for base in problem.generate(rng, bounds).into_iter().take(NEAR_LOST) {
        if out.len() + 2 > room.max(2) {
            break;
        }
        let Some(lost) = problem.lost_after(&base) else {
            continue;
        };
        let coordinates = problem.coordinates(&lost);
        if !coordinates.is_empty() && rng.random_bool(0.5) {
            let i = rng.random_range(0..coordinates.len());
            let v = if rng.random_bool(0.5) {
                coordinates[i].saturating_add(1)
            } else {
                coordinates[i].saturating_sub(1)
            };
            if let Some(near) = problem.with_coordinate(&lost, i, v) {
                out.push(near);
            }
        }
        out.push(lost);
    }
    out.truncate(room);
    out
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    /// Returns the change [`change_between`] finds in `lo..=hi` under `answer`, checked
    /// to be two neighbours with different answers, and the answers it asked for.
    fn found(answer: impl Fn(u128) -> bool, lo: u128, hi: u128) -> (u128, usize) {
        let asked = Cell::new(0);
        let at = |v: u128| {
            asked.set(asked.get() + 1);
            Some((v, answer(v)))
        };
        let ((a, case_a), (b, case_b)) = change_between(&at, (lo, lo, &answer(lo)), (hi, hi));
        assert_eq!((case_a, case_b), (a, b));
        assert_eq!(b, a + 1, "not neighbours: {a}, {b}");
        assert_ne!(answer(a), answer(b), "no change at {a}");
        (a, asked.get())
    }

    #[test]
    fn a_change_a_few_values_up_is_found_in_a_few_answers() {
        // The answer flips every 5 values: from 10^12, the change is at 10^12 + 4 / + 5
        // (10^12 is a multiple of 5). Bisection of 2^60 took 60 answers.
        let flips = |v: u128| (v / 5).is_multiple_of(2);
        let lo = 1_000_000_000_000;
        let (at, asked) = found(flips, lo, lo + (1 << 60) + 5);
        assert!((lo..lo + 5).contains(&at), "{at}");
        assert!(asked <= 6, "{asked} answers");
    }

    /// Positions of [`Heaps`] checked.
    static CHECKED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

    /// Nim on exactly 1000 heaps, one case an input, whose positions are counted as the
    /// engine checks them.
    struct Heaps;

    impl crate::game::Game for Heaps {
        type Position = Vec<u64>;
        const NAME: &'static str = "heaps";

        fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            crate::game::test_games::nim_moves(heaps, out);
        }

        fn check_position(&self, _: &Vec<u64>) -> Result<(), String> {
            CHECKED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        }

        fn max_count(&self) -> u64 {
            1_000_000_000
        }

        fn format(&self) -> crate::game::Format<Self> {
            use crate::game::{Field, Format, Output};
            Format::cases(1..=1)
                .line([Field::len("n", 1000..=1000)])
                .line([Field::list("x_i", 1..=1_000_000_000)])
                .answer(Output::winner("first", "second"))
        }
    }

    #[test]
    fn the_top_of_a_long_list_is_set_in_one_step() {
        use crate::game::{GameProblem, Question};
        use crate::problem::Range;
        let p = GameProblem::new(Heaps, Question::default()).expect("a problem");
        let bounds = p
            .constraints()
            .and_then(|k| k.bounds("heaps", Range::Contest, &[]).map_err(|e| e.to_string()))
            .expect("bounds");
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        CHECKED.store(0, std::sync::atomic::Ordering::Relaxed);
        let cases = top_of_range(&p, &mut rng, &bounds);
        let checked = CHECKED.load(std::sync::atomic::Ordering::Relaxed);
        let [case] = &cases[..] else {
            panic!("{} cases", cases.len())
        };
        // About 70% of the 1000 heaps at the top or just below it, the rest as drawn.
        let top = case.iter().filter(|&&x| x >= 1_000_000_000 - 2).count();
        assert!((600..=800).contains(&top), "{top} heaps at the top");
        // The drawn case and the case set at the top are checked, not one case a heap.
        assert!(checked <= 4, "{checked} positions checked");
    }

    #[test]
    fn a_single_far_change_is_still_found_exactly() {
        // One threshold: the steps up cost their 8 answers, then bisection finds it.
        let threshold = 123_456_789_012_345u128;
        let above = |v: u128| v >= threshold;
        let (at, asked) = found(above, 7, 1 << 50);
        assert_eq!(at, threshold - 1);
        assert!(asked <= NEAR_STEPS + 51, "{asked} answers");
    }
}
