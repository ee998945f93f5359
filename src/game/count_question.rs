//! A counting question over sequences: how many sequences of K values drawn from N given
//! values have a property, modulo a prime. It is not a position, so it is not a
//! [`Game`](crate::game::Game); it gets every engine the way a game does, through the
//! impls below, written once over [`CountQuestion`] as `GameProblem` writes them once
//! over `Game`.
//!
//! The order of least counterexamples is K, then N, then the values; the contest input
//! is `N K` on a line, then the N values; the answer is one count.

use std::fmt;

use itertools::Itertools;
use proptest::prelude::*;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::GameError;
use crate::claims::{ClaimReport, ExprError};
use crate::input::InputError;
use crate::problem::{
    Below, Bounds, Claims, Constraints, ContestFormat, Domain, Evaluation, Flag, Flags, Least, Order,
    Problem, Properties, Property, Sample, Sealed,
};
use crate::tokens::Tokens;

/// One counting instance: how many sequences of `len` (K) values drawn from `values`
/// (the multiset A) have the property of parameter `k` (Moore's Nim_k: are losing
/// positions), modulo the prime `modulus` (998244353 in the contest).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CountCase {
    pub k: u32,
    pub len: u64,
    pub values: Vec<u64>,
    pub modulus: u64,
}

/// A count modulo the problem's prime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Count(pub u64);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The contest's prime, the modulus a count is taken by unless `--modulus` says otherwise.
const CONTEST_PRIME: u64 = 998_244_353;

/// A counting question over sequences: its count, its second methods, its constraints
/// and its properties. Everything else an engine needs (the order, the contest format,
/// the claims' engine, `repro`) is the same for every such question.
pub(crate) trait CountQuestion: Send + Sync + Sized + 'static {
    /// The problem's name.
    const NAME: &'static str;
    /// The game whose positions it counts, the first column of `check`'s report.
    const GAME: &'static str;
    /// The name `repro` commands and descriptions use.
    const COMMAND: &'static str;
    /// Where proptest keeps its properties' failures.
    const REGRESSIONS: &'static str;

    /// Returns the flags that build the question, with their defaults.
    fn flags() -> Vec<Flag>;

    /// Returns the question `flags` describe.
    ///
    /// # Errors
    /// A value that makes no question.
    fn from_flags(flags: &Flags) -> Result<Self, GameError>;

    /// Returns the parameter of the property counted, the `k` of every case.
    fn k(&self) -> u32;

    /// Returns the prime every case is counted modulo.
    fn modulus(&self) -> u64;

    /// Returns the fast count at `c`, or why it cannot count it.
    fn count(&self, c: &CountCase) -> Result<u64, String>;

    /// Returns the constraints of the input, or why this question (its parameters) cannot
    /// be judged. Its dimensions are `n`, `value` and `k` (the length K).
    fn constraints(&self) -> Result<Constraints, String>;

    /// Returns the properties `check` runs, in report order.
    fn properties(&self) -> Vec<Property<Self>>;

    /// Returns the second methods' answers at `c`, each out of reach where it is. Default:
    /// none.
    fn oracles(&self, _c: &CountCase) -> Vec<Evaluation<Count>> {
        Vec::new()
    }

    /// Returns the true count at `c` for claims, with the method that gave it. Default:
    /// the fast count.
    fn reference(&self, c: &CountCase) -> (Count, &'static str) {
        (Count(self.count(c).unwrap_or(u64::MAX)), "fast count")
    }

    /// Returns how [`CountQuestion::reference`] decides, for the evidence.
    fn reference_text(&self) -> String {
        "the fast count".to_owned()
    }

    /// Returns `c` in one line for people, the title of `repro`.
    fn describe(&self, c: &CountCase) -> String {
        format!(
            "{}: K = {}, N = {}, values {:?}",
            Self::COMMAND,
            c.len,
            c.values.len(),
            c.values
        )
    }

    /// Returns why values above `max` are refused, in an input error.
    fn value_reason(&self, max: u64) -> String {
        format!("values above {max} are beyond what gamecheck judges")
    }

    /// Returns the context of `solve`'s errors.
    fn solve_context(&self) -> String {
        format!("invalid {} input on stdin", Self::COMMAND)
    }

    /// Returns the lengths K a least-counterexample search tries below a case. Default:
    /// 0..=16.
    fn len_candidates(&self) -> Vec<u64> {
        (0..=16).collect()
    }

    /// Returns one random instance within `bounds`. Default: every N, value and K
    /// equally likely.
    fn generate(&self, rng: &mut ChaCha8Rng, bounds: &Bounds) -> CountCase {
        let n = rng.random_range(1..=bounds.max_or("n", 100).max(1));
        let top = bounds.max_or("value", 100);
        CountCase {
            k: self.k(),
            len: rng.random_range(0..=bounds.max_or("k", u64::MAX)),
            values: (0..n).map(|_| rng.random_range(0..=top)).collect(),
            modulus: self.modulus(),
        }
    }

    /// Returns the cases every claim is checked on first. Default: every K of
    /// [`CountQuestion::len_candidates`] with N ≤ 3 sorted values up to 7.
    fn exhaustive(&self) -> Domain<'_, CountCase> {
        CountingDomain {
            lens: self.len_candidates(),
            shapes: vec![(1, 7), (2, 7), (3, 7)],
        }
        .domain(self.k(), self.modulus())
    }

    /// Returns the random cases a claim is checked on after the exhaustive ones.
    /// Default: N ≤ 8 values up to 7, K a candidate length or anywhere.
    fn random(&self) -> Sample<CountCase> {
        let (k, modulus) = (self.k(), self.modulus());
        let lens = prop::sample::select(self.len_candidates()).boxed();
        Sample {
            cases: (
                prop::collection::vec(0u64..=7, 1..=8),
                prop_oneof![lens, any::<u64>()],
            )
                .prop_map(move |(values, len)| CountCase {
                    k,
                    len,
                    values,
                    modulus,
                })
                .boxed(),
            description: "instances: N <= 8, values 0..=7, K a candidate length or anywhere".to_owned(),
            separator: "; ",
        }
    }

    /// Returns the verdict on a typed claim, or `None` when claims cannot be typed.
    fn typed_claim(&self, _text: &str, _seed: u64, _cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        None
    }

    /// Returns what a typed claim reads, for `gamecheck claim --help`.
    fn claim_vocabulary(&self) -> Option<&'static str> {
        None
    }
}

/// The exhaustive part of a counting check: every K in `lens`, and for each `(n, max)`
/// of `shapes` every sorted sequence of n values up to max, in that order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountingDomain {
    pub lens: Vec<u64>,
    pub shapes: Vec<(usize, u64)>,
}

impl CountingDomain {
    /// Returns what the domain covers, for people.
    fn describe(&self) -> String {
        let shapes: Vec<String> = self
            .shapes
            .iter()
            .map(|(n, m)| format!("N = {n} with values <= {m}"))
            .collect();
        format!(
            "{} lengths K from 0 to {}; {}",
            self.lens.len(),
            self.lens.last().copied().unwrap_or(0),
            shapes.join(", ")
        )
    }

    /// Returns the domain's instances of parameter `k`, in order. Its first failure is
    /// least among them only: K and the values are unbounded.
    ///
    /// # Complexity
    /// One instance per sorted sequence of each shape and each length, generated lazily.
    ///
    /// # Example
    /// ```
    /// use gamecheck::moore::CountingDomain;
    /// let domain = CountingDomain { lens: vec![0, 1], shapes: vec![(1, 2), (2, 1)] };
    /// let cases: Vec<_> = domain.domain(6, 998_244_353).cases.map(|c| (c.len, c.values)).collect();
    /// assert_eq!(cases.len(), 2 * (3 + 3));
    /// assert_eq!(cases[3], (0, vec![0, 0]));
    /// ```
    pub fn domain(&self, k: u32, modulus: u64) -> Domain<'static, CountCase> {
        let shapes = self.shapes.clone();
        let cases = self.lens.clone().into_iter().flat_map(move |len| {
            shapes.clone().into_iter().flat_map(move |(n, max)| {
                (0..=max)
                    .combinations_with_replacement(n)
                    .map(move |values| CountCase {
                        k,
                        len,
                        values,
                        modulus,
                    })
            })
        });
        Domain {
            cases: Box::new(cases),
            description: format!("instances: {}", self.describe()),
            separator: "; ",
            standing: Least::Bounded {
                searched: self.describe(),
            },
            refine: false,
        }
    }
}

/// Returns the instance `tokens` hold, `N K` on a line, then the N values anywhere, as
/// (K, values): N at most `max_n.0` and every value at most `max_value.0` (the `.1` say
/// why, in the error).
///
/// # Errors
/// The first token that is not an instance, with its line.
pub(crate) fn read_instance(
    tokens: &mut Tokens<'_>,
    (max_n, why_n): (u64, &str),
    (max_value, why_value): (u64, &str),
) -> Result<(u64, Vec<u64>), InputError> {
    let n = tokens.u64_anywhere_at_most("the number of values N", max_n, why_n)?;
    let len = tokens.u64_on_line("the sequence length K")?;
    tokens.end_line("`N K`")?;
    let expected = format!("one of the N = {n} values");
    // N comes from the input: nothing is reserved for it.
    let mut values = Vec::new();
    for _ in 0..n {
        values.push(tokens.u64_anywhere_at_most(&expected, max_value, why_value)?);
    }
    tokens.end_of_input(&format!("the N = {n} values"))?;
    Ok((len, values))
}

impl<Q: CountQuestion> Sealed for Q {}

impl<Q: CountQuestion> Problem for Q {
    type Case = CountCase;
    type Answer = Count;

    fn name(&self) -> &'static str {
        Q::NAME
    }

    fn game(&self) -> &'static str {
        Q::GAME
    }

    fn solve(&self, c: &CountCase) -> Result<Count, String> {
        self.count(c).map(Count)
    }

    /// The fast count first, then the oracles.
    fn evaluate(&self, c: &CountCase) -> Vec<Evaluation<Count>> {
        let fast = match self.count(c) {
            Ok(n) => Evaluation::answer("fast count", Count(n)),
            Err(e) => Evaluation::check("fast count", Err(format!("error: {e}"))),
        };
        std::iter::once(fast).chain(self.oracles(c)).collect()
    }

    fn describe(&self, c: &CountCase) -> String {
        CountQuestion::describe(self, c)
    }

    /// The modulus only where it is not the contest's.
    fn to_json(&self, c: &CountCase) -> serde_json::Value {
        if c.modulus == CONTEST_PRIME {
            serde_json::json!({ "values": c.values, "K": c.len, "k": c.k })
        } else {
            serde_json::json!({ "values": c.values, "K": c.len, "k": c.k, "modulus": c.modulus })
        }
    }

    fn repro_command(&self, c: &CountCase) -> String {
        let values: Vec<String> = c.values.iter().map(u64::to_string).collect();
        let modulus = if c.modulus == CONTEST_PRIME {
            String::new()
        } else {
            format!(" --modulus {}", c.modulus)
        };
        format!(
            "gamecheck repro {} --k {}{modulus} {} {}",
            Q::COMMAND,
            c.k,
            c.len,
            values.join(" ")
        )
        .trim_end()
        .to_owned()
    }
}

impl<Q: CountQuestion> Order for Q {
    type Key = (u64, usize, Vec<u64>);

    fn key(&self, c: &CountCase) -> Self::Key {
        (c.len, c.values.len(), c.values.clone())
    }

    fn smaller(&self, c: &CountCase) -> Vec<CountCase> {
        let with = |values: Vec<u64>, len| CountCase {
            k: c.k,
            len,
            values,
            modulus: c.modulus,
        };
        let mut out: Vec<CountCase> = self
            .len_candidates()
            .into_iter()
            .filter(|&k| k < c.len)
            .map(|len| with(c.values.clone(), len))
            .collect();
        if c.values.len() > 1 {
            for i in 0..c.values.len() {
                let mut v = c.values.clone();
                v.remove(i);
                out.push(with(v, c.len));
            }
        }
        // The count ignores the values' order: the sorted values come first in the order.
        if !c.values.is_sorted() {
            let mut v = c.values.clone();
            v.sort_unstable();
            out.push(with(v, c.len));
        }
        // Small values are lowered through every smaller value, so that no single value of
        // a result can be lowered; large ones by halves and single steps.
        let small = c
            .values
            .iter()
            .try_fold(0u64, |s, &x| s.checked_add(x))
            .is_some_and(|s| s <= 128);
        for (i, &x) in c.values.iter().enumerate() {
            let top = if x == 0 {
                0
            } else {
                x & !(1 << (63 - x.leading_zeros()))
            };
            let every = if small { 0..x } else { 0..0 };
            for y in [0, x / 2, x.saturating_sub(1), top].into_iter().chain(every) {
                if y < x {
                    let mut v = c.values.clone();
                    v[i] = y;
                    out.push(with(v, c.len));
                }
            }
        }
        out
    }

    /// K, then the values.
    fn coordinates(&self, c: &CountCase) -> Vec<u128> {
        std::iter::once(c.len)
            .chain(c.values.iter().copied())
            .map(u128::from)
            .collect()
    }

    fn with_coordinate(&self, c: &CountCase, i: usize, value: u128) -> Option<CountCase> {
        let value = u64::try_from(value).ok()?;
        let mut c = c.clone();
        match i {
            0 => c.len = value,
            _ => *c.values.get_mut(i - 1)? = value,
        }
        Some(c)
    }

    fn below(&self, c: &CountCase, budget: u64) -> Below<'_, CountCase> {
        let top = c.values.iter().copied().max().unwrap_or(0);
        let lens: Vec<u64> = self
            .len_candidates()
            .into_iter()
            .filter(|&k| k < c.len)
            .chain([c.len])
            .collect();
        let n_max = c.values.len();
        // For each N, the largest value bound whose enumeration stays within the budget.
        let bound = move |n: usize| {
            (0..=top)
                .rev()
                .find(|&m| (m + 1).checked_pow(n as u32).is_some_and(|count| count <= budget))
                .unwrap_or(0)
        };
        let widest = (1..=n_max).map(bound).min().unwrap_or(0);
        let searched = format!(
            "every K in the candidate list up to {}, every N up to {n_max}, every sequence with values up to at least {widest}",
            c.len
        );
        let (k, modulus) = (c.k, c.modulus);
        let cases = lens.into_iter().flat_map(move |len| {
            (1..=n_max).flat_map(move |n| {
                std::iter::repeat_n(0..=bound(n), n)
                    .multi_cartesian_product()
                    .map(move |values| CountCase {
                        k,
                        len,
                        values,
                        modulus,
                    })
            })
        });
        let found = searched.clone();
        Below {
            cases: Box::new(cases),
            found: Box::new(move |_| Least::Bounded {
                searched: found.clone(),
            }),
            exhausted: Least::Bounded { searched },
        }
    }
}

impl<Q: CountQuestion> Properties for Q {
    fn properties(&self) -> Vec<Property<Q>> {
        CountQuestion::properties(self)
    }

    fn regressions(&self) -> &'static str {
        Q::REGRESSIONS
    }

    fn search_budget(&self) -> u64 {
        2_000
    }
}

/// One instance per input.
impl<Q: CountQuestion> ContestFormat for Q {
    fn constraints(&self) -> Result<Constraints, String> {
        CountQuestion::constraints(self)
    }

    fn read_cases(&self, tokens: &mut Tokens<'_>) -> Result<Vec<CountCase>, InputError> {
        let (max_n, max_value) = CountQuestion::constraints(self)
            .map_or((u64::MAX, u64::MAX), |c| (c.limit("n"), c.limit("value")));
        let why_n = format!("N above {max_n} is beyond what gamecheck judges");
        let why_value = self.value_reason(max_value);
        let (len, values) = read_instance(tokens, (max_n, &why_n), (max_value, &why_value))?;
        Ok(vec![CountCase {
            k: self.k(),
            len,
            values,
            modulus: self.modulus(),
        }])
    }

    fn numbers_text(&self) -> &'static str {
        "[--k K] [--modulus P] K VALUES…"
    }

    fn case_from_numbers(&self, numbers: &[u64]) -> Result<CountCase, String> {
        match numbers.split_first() {
            Some((&len, values)) => Ok(CountCase {
                k: self.k(),
                len,
                values: values.to_vec(),
                modulus: self.modulus(),
            }),
            None => Err("a counting case is the length K, then the values A_1 … A_N".into()),
        }
    }

    fn write_input(&self, cases: &[CountCase]) -> String {
        cases.iter().map(|c| self.write_case(c) + "\n").collect()
    }

    fn write_case(&self, c: &CountCase) -> String {
        let values: Vec<String> = c.values.iter().map(u64::to_string).collect();
        format!("{} {}\n{}", c.values.len(), c.len, values.join(" "))
    }

    fn write_answer(&self, answer: &Count) -> String {
        answer.to_string()
    }

    /// Only the canonical form: decimal digits, no sign, no leading zero (testlib's
    /// strictness), so `+1` and `01` are presentation errors.
    fn read_answer(&self, token: &str) -> Result<Count, String> {
        let expected = format!("expected one integer in 0..{}", self.modulus());
        if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
            return Err(expected);
        }
        if token.len() > 1 && token.starts_with('0') {
            return Err(format!("{expected} without leading zeros"));
        }
        match token.parse::<u64>() {
            Ok(v) if v < self.modulus() => Ok(Count(v)),
            _ => Err(expected),
        }
    }

    fn extent(&self, cases: &[CountCase]) -> Vec<(&'static str, u64)> {
        let n = cases.iter().map(|c| c.values.len() as u64).max().unwrap_or(0);
        let top = cases
            .iter()
            .flat_map(|c| c.values.iter().copied())
            .max()
            .unwrap_or(0);
        let len = cases.iter().map(|c| c.len).max().unwrap_or(0);
        vec![("n", n), ("value", top), ("k", len)]
    }

    fn generate(&self, rng: &mut ChaCha8Rng, bounds: &Bounds) -> Vec<CountCase> {
        vec![CountQuestion::generate(self, rng, bounds)]
    }

    fn solve_context(&self) -> String {
        CountQuestion::solve_context(self)
    }
}

impl<Q: CountQuestion> Claims for Q {
    fn reference(&self, c: &CountCase) -> (Count, &'static str) {
        CountQuestion::reference(self, c)
    }

    fn exhaustive(&self) -> Domain<'_, CountCase> {
        CountQuestion::exhaustive(self)
    }

    fn random(&self) -> Sample<CountCase> {
        CountQuestion::random(self)
    }

    fn least_budget(&self) -> u64 {
        20_000
    }

    fn reference_text(&self) -> String {
        CountQuestion::reference_text(self)
    }

    /// The contest's instance, values and K (k is the question's).
    fn counterexample_json(&self, c: &CountCase) -> serde_json::Value {
        serde_json::json!({ "values": c.values, "K": c.len })
    }

    fn truth_text(&self, answer: &Count, by: &'static str) -> String {
        format!("{answer} (by {by})")
    }
}

#[cfg(test)]
mod tests {
    use crate::moore::{Count, MooreCount};
    use crate::problem::ContestFormat;

    /// An answer is any residue of the question's own prime: 999786895 is the count of
    /// `5 1000323` / `1 2 3 4 5` mod 10^9 + 7 (above 998244353, which once bounded every
    /// answer, so a right solution was refused).
    #[test]
    fn answers_are_the_residues_of_the_questions_prime() {
        let big = MooreCount::new(6, 1_000_000_007);
        assert_eq!(big.read_answer("999786895"), Ok(Count(999_786_895)));
        assert!(big.read_answer("1000000007").is_err());
        let small = MooreCount::new(6, 7);
        assert_eq!(small.read_answer("6"), Ok(Count(6)));
        assert!(small.read_answer("7").is_err());
        assert!(small.read_answer("06").is_err());
    }
}
