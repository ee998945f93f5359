//! Published claims about Blue-Red Hackenbush strings: Berlekamp's sign expansion holds,
//! and the plausible "blue edges minus red edges" is refuted at `BR` (1/2, not 0).

use proptest::prelude::*;

use super::{Hackenbush, sign_expansion};
use crate::claims::{ClaimReport, ClaimVerdict, Entry};
use crate::claims::{Domains, check_claim_in};
use crate::partizan::family::strings;
use crate::partizan::{Answer, Ask, PartizanProblem, Value};
use crate::problem::{Domain, Least, Sample};

fn blue_red(most: u64) -> Domain<'static, Vec<u8>> {
    Domain {
        cases: Box::new((0..=most).flat_map(|n| strings(b"BR", n))),
        description: format!("Blue-Red strings of at most {most} edges, shortest first"),
        separator: ", ",
        standing: Least::Bounded {
            searched: "every Blue-Red string, shortest first".into(),
        },
        refine: false,
    }
}

fn longer() -> Sample<Vec<u8>> {
    Sample {
        cases: prop::collection::vec(prop_oneof![Just(b'B'), Just(b'R')], 13..=40).boxed(),
        description: "random Blue-Red strings of 13 to 40 edges".into(),
        separator: ", ",
    }
}

fn check(entry: &Entry, seed: u64, cases: u32) -> ClaimReport {
    // The reference is the canonical form from the moves, not the sign expansion the
    // family's fast path uses: a claim of the rule is never judged by the rule.
    let problem = PartizanProblem::with_fast(Hackenbush, Ask::Value, Box::new(|_, s, values| values.of(s)));
    let domains = Domains {
        exhaustive: blue_red(12),
        random: longer(),
    };
    let claim = |s: &Vec<u8>| -> Result<Answer, String> {
        let x = match entry.id {
            "hackenbush-sign-expansion" => sign_expansion(s).ok_or("not a Blue-Red string")?,
            _ => crate::partizan::Dyadic::int(s.iter().map(|&c| if c == b'B' { 1 } else { -1 }).sum()),
        };
        Ok(Answer::Value(Value::number(x)))
    };
    check_claim_in(&problem, domains, entry.id, entry.text, &claim, seed, cases)
}

/// Returns the Hackenbush entries of the catalog.
pub(crate) fn entries() -> Vec<Entry> {
    vec![
        Entry::new(
            "hackenbush-sign-expansion",
            "hackenbush",
            "a Blue-Red string's value is its sign expansion: ±1 an edge up to the first change of colour, then ±1/2, ±1/4, … (Berlekamp 1974; Winning Ways, ch. 2)",
            ClaimVerdict::Holds,
            check,
        ),
        Entry::new(
            "hackenbush-blue-minus-red",
            "hackenbush",
            "a Blue-Red string's value is its blue edges minus its red edges (false: BR is 1/2)",
            ClaimVerdict::Refuted,
            check,
        ),
    ]
}
