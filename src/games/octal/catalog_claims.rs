//! Published claims about heap games, each checked at its least counterexample: three
//! published errors and two classical periods.

use std::time::Instant;

use serde_json::json;

use super::code::OctalCode;
use super::guy_smith::{ClaimCheck, check_period};
use super::sparse_space::SparseSpace;
use crate::claims::{ClaimReport, ClaimVerdict, Entry, Evidence, Refutation};
use crate::problem::Least;

/// The most heaps a catalog claim computes.
const MAX_HEAPS: u64 = 2_000_000;

const REFERENCE: &str =
    "the sparse-space values (cross-checked in `check` against the plain mex and the rules oracle)";

/// A claimed period: the code, the preperiod E and the period P.
fn period_claim(entry: &Entry) -> (&'static str, u64, u64) {
    match entry.id {
        "octal-kayles-period" => ("0.77", 71, 12),
        "octal-dawsons-kayles-period" => ("0.07", 53, 34),
        // A071436's last exception 326,637 is a preperiod of 326,638.
        _ => ("0.56", 326_638, 144),
    }
}

fn period_check(entry: &Entry, _seed: u64, _cases: u32) -> ClaimReport {
    let start = Instant::now();
    let (text, e, p) = period_claim(entry);
    let evidence = |heaps: u64| Evidence {
        cases: heaps,
        exhaustive: format!("G(n) for every heap n < {heaps}, G(n + {p}) = G(n) checked for n ≥ {e}"),
        random: "none: the Guy–Smith theorem covers every larger heap".into(),
        reference: REFERENCE.into(),
    };
    let report = |refutation, heaps, notes| {
        ClaimReport::new(
            entry.id,
            "octal",
            entry.text,
            refutation,
            evidence(heaps),
            notes,
            start.elapsed(),
        )
    };
    let verdict = text
        .parse::<OctalCode>()
        .map_err(|e| e.to_string())
        .and_then(|code| check_period(&code, e, p, MAX_HEAPS, &()).map_err(|e| e.to_string()));
    match verdict {
        Ok(ClaimCheck::Proved { values_needed }) => report(
            None,
            values_needed,
            vec![format!(
                "proved by the Guy–Smith theorem from the values for n < {values_needed}"
            )],
        ),
        Ok(ClaimCheck::Refuted { n, value, shifted }) => report(
            Some(Refutation {
                counterexample: json!({ "code": text, "n": n }),
                least: Least::Proven,
                claim_says: format!("G({}) = G({n})", n + p),
                truth: format!("G({n}) = {value}, G({}) = {shifted}", n + p),
            }),
            n + p + 1,
            vec![],
        ),
        Ok(ClaimCheck::Undecided { heaps_computed, .. }) => report(
            None,
            heaps_computed,
            vec!["not proved within the catalog's heaps: the verdict is only a bound".into()],
        ),
        Err(why) => report(None, 0, vec![format!("not checked: {why}")]),
    }
}

fn same_sequence_check(entry: &Entry, _seed: u64, _cases: u32) -> ClaimReport {
    const HEAPS: usize = 2000;
    let start = Instant::now();
    let values = |text: &str| {
        text.parse::<OctalCode>().map(|code| {
            let mut s = SparseSpace::new(&code);
            s.extend_to(HEAPS);
            s.values().to_vec()
        })
    };
    let (a, b) = match (values("0.161"), values("0.36")) {
        (Ok(a), Ok(b)) => (a, b),
        // Both codes parse; an empty sequence would be reported as holding on no heap.
        _ => (Vec::new(), Vec::new()),
    };
    let refutation = a.iter().zip(&b).position(|(x, y)| x != y).map(|n| Refutation {
        counterexample: json!({ "code": ["0.161", "0.36"], "n": n }),
        least: Least::Proven,
        claim_says: format!("the same value at heap {n}"),
        truth: format!("G(0.161; {n}) = {}, G(0.36; {n}) = {}", a[n], b[n]),
    });
    let evidence = Evidence {
        cases: HEAPS as u64,
        exhaustive: format!("every heap n < {HEAPS}"),
        random: "none".into(),
        reference: REFERENCE.into(),
    };
    ClaimReport::new(
        entry.id,
        "octal",
        entry.text,
        refutation,
        evidence,
        vec![],
        start.elapsed(),
    )
}

/// Returns the catalog's claims about heap games.
pub(crate) fn entries() -> Vec<Entry> {
    vec![
        Entry::new(
            "octal-56-oeis-last-exception",
            "octal",
            "0.56 is periodic from n = 326,638 with period 144: OEIS A071436 gives its last exception as n = 326,637",
            ClaimVerdict::Refuted,
            period_check,
        ),
        Entry::new(
            "octal-161-is-36",
            "octal",
            "0.161 and 0.36 have the same nim-sequence, as a published table of octal games lists them (cited in gamecheck issue 19)",
            ClaimVerdict::Refuted,
            same_sequence_check,
        ),
        Entry::new(
            "octal-kayles-period",
            "octal",
            "Kayles, 0.77, is periodic from n = 71 with period 12 (Guy and Smith, 1956)",
            ClaimVerdict::Holds,
            period_check,
        ),
        Entry::new(
            "octal-dawsons-kayles-period",
            "octal",
            "Dawson's Kayles, 0.07, is periodic from n = 53 with period 34 (Guy and Smith, 1956)",
            ClaimVerdict::Holds,
            period_check,
        ),
    ]
}
