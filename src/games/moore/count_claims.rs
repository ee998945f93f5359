//! What counting claims are checked against: an exhaustive domain in the order K, N,
//! values (sorted sequences only: every count is symmetric), random contest instances,
//! and the brute force or the DP where they are cheap, the fast count beyond.

use gamecheck_oracles::moore_brute_count::brute_count_mod;
use gamecheck_oracles::moore_dp_count::dp_count_mod;
use itertools::Itertools;
use proptest::prelude::*;

use super::count_problem::{brute_reach, dp_reach};
use super::strategy::{huge_len, value_set};
use super::{Count, CountCase, MooreCount, count_mod, len_candidates};
use super::Moore;
use crate::game::{GameProblem, Question};
use crate::claims::{ClaimReport, ExprError};
use crate::problem::{Claims, Domain, Least, Sample};

/// The exhaustive part of a counting check: every K in `lens`, and for each `(n, max)`
/// of `shapes` every sorted sequence of n values up to max, in that order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountingDomain {
    pub lens: Vec<u64>,
    pub shapes: Vec<(usize, u64)>,
}

impl CountingDomain {
    /// Returns the standard domain: the candidate lengths of [`len_candidates`]; N = 1
    /// and 2 over all contest values 0..=127, N = 3 up to 15, N ≤ 7 up to 6 (which
    /// reaches sets whose transform vanishes, such as 0..=6).
    ///
    /// # Example
    /// ```
    /// use gamecheck::moore::CountingDomain;
    /// assert!(CountingDomain::standard().shapes.contains(&(7, 6)));
    /// ```
    pub fn standard() -> CountingDomain {
        CountingDomain {
            lens: len_candidates(),
            shapes: vec![(1, 127), (2, 127), (3, 15), (4, 6), (5, 6), (6, 6), (7, 6)],
        }
    }

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

    /// Returns the domain's instances of Moore's Nim_k, in order. Its first failure is
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

impl Claims for MooreCount {
    fn catalog(&self) -> Vec<crate::claims::Entry> {
        super::catalog_claims::entries()
    }

    /// A typed claim about the count is one about the positions it counts: `claim games`
    /// has always meant `claim moore`.
    fn typed_claim(&self, text: &str, seed: u64, cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        let game = Moore::new(self.k()).ok()?;
        GameProblem::new(game, Question::default()).ok()?.typed_claim(text, seed, cases)
    }

    fn claim_vocabulary(&self) -> Option<&'static str> {
        Some("as moore: a claim about the positions whose losing sequences the count counts")
    }

    /// The brute force with the game search where K ≤ 4, values ≤ 7 and N^K ≤ 4096;
    /// else the DP where B ≤ 4 and (k+1)^B · K · N ≤ 10^6; else the verified fast count.
    fn reference(&self, c: &CountCase) -> (Count, &'static str) {
        let top = c.values.iter().copied().max().unwrap_or(0);
        if c.len <= 4 && brute_reach(c) {
            let n = self
                .searches
                .with(c.k, |s| brute_count_mod(s, &c.values, c.len as u32, c.modulus));
            return (Count(n), "brute force");
        }
        if c.len <= 64 && top < 16 && dp_reach(c, 1_000_000) {
            return (Count(dp_count_mod(&c.values, c.len, c.k, c.modulus)), "dp");
        }
        let fast = count_mod(&c.values, c.len, c.k, c.modulus).unwrap_or(u64::MAX);
        (Count(fast), "fast count")
    }

    /// [`CountingDomain::standard`]; a claim too costly for it is given a smaller one.
    fn exhaustive(&self) -> Domain<'_, CountCase> {
        CountingDomain::standard().domain(self.k(), self.modulus())
    }

    fn random(&self) -> Sample<CountCase> {
        let (k, m, modulus) = (self.k(), u64::from(self.k()) + 1, self.modulus());
        Sample {
            cases: (
                value_set(k, 7, 8),
                prop_oneof![3 => huge_len(), 1 => huge_len().prop_map(move |len| len / m * m)],
            )
                .prop_map(move |(values, len)| CountCase {
                    k,
                    len,
                    values,
                    modulus,
                })
                .boxed(),
            description: format!(
                "instances: N <= 8, values 0..=127 sharing bits or with vanishing transforms, K at the boundaries (0..=8, multiples of {m} and of p - 1 and their neighbours, 10^18, u64::MAX) or anywhere"
            ),
            separator: "; ",
        }
    }

    fn least_budget(&self) -> u64 {
        20_000
    }

    fn reference_text(&self) -> String {
        format!(
            "brute force with the game search where K <= 4, values <= 7, N^K <= 4096; linear DP where B <= 4 and {}^B K N <= 10^6; verified fast count beyond",
            u64::from(self.k()) + 1
        )
    }

    /// The contest's instance, values and K (k is the problem's).
    fn counterexample_json(&self, c: &CountCase) -> serde_json::Value {
        serde_json::json!({ "values": c.values, "K": c.len })
    }

    fn truth_text(&self, answer: &Count, by: &'static str) -> String {
        format!("{answer} (by {by})")
    }
}
