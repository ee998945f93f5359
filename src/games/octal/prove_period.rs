//! `gamecheck prove octal`: the period the Guy–Smith theorem proves, or the check of a
//! claimed preperiod and period.

use std::time::Instant;

use serde_json::json;

use super::code::OctalCode;
use super::game::Octal;
use super::guy_smith::{ClaimCheck, PeriodResult, check_period_within};
use crate::game::FromFlags;
use crate::problem::{Flag, Flags};
use crate::prove::{ProofProgress, ProofRun, ProveCommand, ProveError, Shard};

/// Returns `n` with thousands separators, as the published tables write heaps.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Returns the value of the optional number flag `long`.
fn optional(flags: &Flags, long: &str) -> Result<Option<u64>, ProveError> {
    let Some(text) = flags.text(long)? else {
        return Ok(None);
    };
    let text = text.replace(['_', ','], "");
    text.parse()
        .map(Some)
        .map_err(|_| ProveError::Range(format!("--{long} {text}: not a number of heaps")))
}

/// Returns the report of a period search.
fn found(r: &PeriodResult) -> ProofRun {
    let text = match (r.proved, r.preperiod, r.period, r.values_needed) {
        (true, Some(e), Some(p), Some(needed)) => format!(
            "{}: periodic from n = {} with period {}, proved (Guy–Smith, values for n < {})",
            r.code,
            grouped(e),
            grouped(p),
            grouped(needed)
        ),
        (_, Some(e), Some(p), Some(needed)) => format!(
            "{}: no period proved within {} heaps; the best candidate, period {} from n = {}, needs values for n < {}",
            r.code,
            grouped(r.heaps_computed),
            grouped(p),
            grouped(e),
            grouped(needed)
        ),
        _ => format!(
            "{}: no period proved within {} heaps",
            r.code,
            grouped(r.heaps_computed)
        ),
    };
    // Which limit stopped the search: a budget, or the heaps allowed.
    let text = match (&r.stopped_by, r.proved) {
        (Some(why), false) => format!(
            "{text}
stopped: {why}"
        ),
        (None, false) => format!(
            "{text}
stopped: --max-heap {} heaps were computed",
            grouped(r.heaps_computed)
        ),
        _ => text,
    };
    let text = format!(
        "computed G(n) for n < {}, largest value {}, in {:.2} s\n{text}\n",
        grouped(r.heaps_computed),
        r.largest_value,
        r.seconds
    );
    ProofRun::Other {
        text,
        json: Some(json!({
            "code": r.code.to_string(),
            "preperiod": r.preperiod,
            "period": r.period,
            "proved": r.proved,
            "heaps_computed": r.heaps_computed,
            "largest_value": r.largest_value,
            "seconds": r.seconds,
            "stopped_by": r.stopped_by,
            "claim": null,
        })),
        proved: r.proved,
    }
}

/// Returns the report of the check of the claimed pair (`e`, `p`).
fn claimed(
    game: &Octal,
    e: u64,
    p: u64,
    start: Instant,
    progress: &ProofProgress,
) -> Result<ProofRun, ProveError> {
    let code = game.code();
    // The run's length is known before it starts: shown as it goes, never silent.
    if let Some(needed) = super::guy_smith::values_needed(code, e, p) {
        (progress.start)(needed.min(game.max_heap()));
    }
    let verdict = check_period_within(
        code,
        e,
        p,
        game.max_heap(),
        &game.budget().start(),
        &Advance(progress.advance),
    )
    .map_err(|x| ProveError::NotCarriedOut(x.to_string()))?;
    let seconds = start.elapsed().as_secs_f64();
    let judged = judged(code, e, p, verdict);
    Ok(ProofRun::Other {
        text: format!(
            "checked G(n) for n < {} in {seconds:.2} s\n{}\n",
            grouped(judged.heaps),
            judged.line
        ),
        json: Some(json!({
            "code": code.to_string(),
            "preperiod": e,
            "period": p,
            "proved": judged.proved,
            "heaps_computed": judged.heaps,
            "largest_value": null,
            "seconds": seconds,
            "stopped_by": judged.stopped,
            "claim": judged.claim,
        })),
        proved: judged.proved,
    })
}

/// What the check of a claimed pair found, as its report says it.
struct Judged {
    /// The verdict's line.
    line: String,
    proved: bool,
    /// The heaps whose values were computed.
    heaps: u64,
    /// The verdict for the JSON report.
    claim: serde_json::Value,
    /// The budget that stopped the check, if one did.
    stopped: Option<String>,
}

/// Returns the verdict on the claim "periodic from n = `e` with period `p`" of `code`.
fn judged(code: &OctalCode, e: u64, p: u64, verdict: ClaimCheck) -> Judged {
    let claim = format!("\"periodic from n = {} with period {}\"", grouped(e), grouped(p));
    match verdict {
        ClaimCheck::Proved { values_needed } => Judged {
            line: format!(
                "{code}: periodic from n = {} with period {}, proved (Guy–Smith, values for n < {})",
                grouped(e),
                grouped(p),
                grouped(values_needed)
            ),
            proved: true,
            heaps: values_needed,
            claim: json!({ "verdict": "proved" }),
            stopped: None,
        },
        ClaimCheck::Refuted { n, value, shifted } => Judged {
            line: format!(
                "{code}: the claim {claim} is refuted: G({}) = {value} but G({}) = {shifted}, at the least n = {} ≥ {}",
                grouped(n),
                grouped(n + p),
                grouped(n),
                grouped(e)
            ),
            proved: false,
            heaps: n + p + 1,
            claim: json!({ "verdict": "refuted", "n": n, "value": value, "shifted": shifted }),
            stopped: None,
        },
        ClaimCheck::Undecided {
            values_needed,
            heaps_computed,
            stopped_by,
        } => Judged {
            line: format!(
                "{code}: the claim {claim} {}, not proved: the theorem needs values for n < {}; {}",
                checked_range(e, p, heaps_computed),
                grouped(values_needed),
                match &stopped_by {
                    Some(why) => why.clone(),
                    None => format!(
                        "{} heaps were computed (raise --max-heap)",
                        grouped(heaps_computed)
                    ),
                }
            ),
            proved: false,
            heaps: heaps_computed,
            claim: json!({ "verdict": "undecided", "values_needed": values_needed }),
            stopped: stopped_by,
        },
    }
}

/// Returns the range of n over which G(n + `p`) = G(n) was seen to hold from n = `e`,
/// with G computed for n < `heaps`, in words.
fn checked_range(e: u64, p: u64, heaps: u64) -> String {
    // No n ≥ E has its G(n + P) yet: nothing was compared, and no range holds.
    if heaps.saturating_sub(p) > e {
        format!(
            "holds for {} ≤ n < {}",
            grouped(e),
            grouped(heaps.saturating_sub(p))
        )
    } else {
        format!(
            "is not checked at any n (G(n) is computed for n < {}, short of n = {} + {})",
            grouped(heaps),
            grouped(e),
            grouped(p)
        )
    }
}

/// The steps of a claim's check, passed on to the command's progress (its start is
/// told before the check).
struct Advance<'a>(&'a (dyn Fn(u64) + Sync));

impl crate::progress::Progress for Advance<'_> {
    fn start(&self, _total: u64) {}
    fn advance(&self, steps: u64) {
        (self.0)(steps);
    }
}

impl ProveCommand for Octal {
    fn about(&self) -> &'static str {
        "The nim-sequence by the sparse-space method until the Guy–Smith theorem proves its period (or checks a claimed one)."
    }

    fn flags(&self) -> Vec<Flag> {
        let mut flags = <Octal as FromFlags>::flags();
        flags.push(
            Flag::text(
                "preperiod",
                "E: check the claimed preperiod E (with --period) instead of searching.",
            )
            .value_name("E"),
        );
        flags.push(Flag::text("period", "P: the claimed period (with --preperiod).").value_name("P"));
        flags
    }

    fn run(&self, flags: &Flags, progress: &ProofProgress) -> Result<ProofRun, ProveError> {
        let start = Instant::now();
        // One sequential search: a shard would repeat the whole of it, and `prove merge`
        // could not put the reports together. Refused before any work.
        let unsharded = |why: String| {
            ProveError::ShardSource(format!(
                "prove octal is one sequential search and has no shards, but {why}; run it once, without --shard, --shard-index, --shard-count or a job runner's index"
            ))
        };
        match (progress.shard)() {
            Ok(Shard::WHOLE) => {}
            Ok(shard) => return Err(unsharded(format!("shard {shard} was asked"))),
            Err(e) => return Err(unsharded(format!("a shard was asked ({e})"))),
        }
        match (optional(flags, "preperiod")?, optional(flags, "period")?) {
            (Some(e), Some(p)) => claimed(self, e, p, start, progress),
            // The game's table is this very search (its values, then the period): use it
            // rather than computing every value a second time, and holding them twice.
            (None, None) => match self.table().search() {
                Some(r) => Ok(found(r)),
                None => Err(ProveError::NotCarriedOut(format!(
                    "the Guy–Smith theorem does not apply to {}: shifting one heap of an unequal split can make the heaps equal",
                    self.code()
                ))),
            },
            _ => Err(ProveError::Range("--preperiod and --period go together".into())),
        }
    }
}
