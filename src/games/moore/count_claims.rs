//! What counting claims are checked against: the standard exhaustive domain, random
//! contest instances, and the brute force or the DP where they are cheap, the fast count
//! beyond.

use gamecheck_oracles::moore_brute_count::brute_count_mod;
use gamecheck_oracles::moore_dp_count::dp_count_mod;
use proptest::prelude::*;

use super::Moore;
use super::count_problem::{brute_reach, dp_reach};
use super::strategy::{huge_len, value_set};
use super::{Count, CountCase, CountingDomain, MooreCount, count_mod, len_candidates};
use crate::claims::{ClaimReport, ExprError};
use crate::game::{GameProblem, Question};
use crate::games::Commands;
use crate::problem::Sample;

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
}

impl MooreCount {
    /// A typed claim about the count is one about the positions it counts: `claim games`
    /// has always meant `claim moore`.
    pub(super) fn typed_claim_as_moore(
        &self,
        text: &str,
        seed: u64,
        cases: u32,
    ) -> Option<Result<ClaimReport, ExprError>> {
        let game = Moore::new(self.k()).ok()?;
        GameProblem::new(game, Question::default())
            .ok()?
            .typed_claim(text, seed, cases)
    }

    /// The brute force with the game search where K ≤ 4, values ≤ 7 and N^K ≤ 4096;
    /// else the DP where B ≤ 4 and (k+1)^B · K · N ≤ 10^6; else the verified fast count.
    pub(super) fn claim_reference(&self, c: &CountCase) -> (Count, &'static str) {
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

    pub(super) fn claim_sample(&self) -> Sample<CountCase> {
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

    pub(super) fn claim_reference_text(&self) -> String {
        format!(
            "brute force with the game search where K <= 4, values <= 7, N^K <= 4096; linear DP where B <= 4 and {}^B K N <= 10^6; verified fast count beyond",
            u64::from(self.k()) + 1
        )
    }
}
