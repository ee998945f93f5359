//! The one claims engine, written over [`Claims`]: a claim is checked on the problem's
//! exhaustive domain in order, then on random cases, and a failure is reduced to its
//! least counterexample by the one least search. Answers are compared with `==`; text
//! appears only in the report.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use proptest::test_runner::{TestCaseError, TestError};
use rayon::prelude::*;

use super::ExprError;
use super::verdict::{ClaimReport, ClaimVerdict, Evidence, Refutation};
use crate::check::{run_cases, seeded_runner};
use crate::problem::{
    Audited, Claims, Domain, Least, Problem, Sample, TypedClaims, both_searched, least_within,
};

/// A claim: its answer at a case, or why it gives none.
pub type ClaimFn<'a, P> = dyn Fn(&<P as Problem>::Case) -> Result<<P as Problem>::Answer, String> + Sync + 'a;

/// How many failures of the reference's audit a report lists.
const AUDIT_FAILURES_SHOWN: usize = 3;

/// The most cases of an exhaustive domain judged side by side before they are recorded.
const EXHAUSTIVE_BLOCK: usize = 1 << 14;

/// One case's judgement: the reference's audit, and whether the claim fails (or why the
/// reference could not judge it).
struct Judged {
    audit: Option<Result<(), String>>,
    fails: Result<bool, String>,
}

thread_local! {
    /// The budget of the least searches run by [`within_least_budget`] on this thread.
    static LEAST_BUDGET: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// Returns what `run` returns, with the least-counterexample search of every claim it
/// checks on this thread given `budget` candidates in place of the problem's own
/// ([`Claims::least_budget`]): `claim --least-budget`. A search stopped by it reports a
/// local minimum, or the least in what it searched.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::check_chopsticks_expr;
/// use gamecheck::claims::within_least_budget;
/// use gamecheck::problem::Least;
/// // Wrong first at 1000 hands in all, far beyond the exhaustive range.
/// let claim = "n > 0 && (m == 0 || n > m || (m == n + 1 && c == 0 && d >= 1 && b % 2 == 1) \
///              || (n == m && !(d == 0 && a % 2 == 1))) && (a < 500 || n > m)";
/// let r = within_least_budget(20, || check_chopsticks_expr(claim, 1, 20_000)).unwrap();
/// assert!(matches!(r.least, Some(Least::LocalMinimum { .. })));
/// ```
pub fn within_least_budget<R>(budget: u64, run: impl FnOnce() -> R) -> R {
    let before = LEAST_BUDGET.with(|b| b.replace(Some(budget)));
    // Restored even if `run` unwinds, so a later claim on this thread gets its own.
    struct Restore(Option<u64>);
    impl Drop for Restore {
        fn drop(&mut self) {
            LEAST_BUDGET.with(|b| b.set(self.0));
        }
    }
    let _restore = Restore(before);
    run()
}

thread_local! {
    /// The run budget of the claims checked by [`within_run_budget`] on this thread.
    static RUN_BUDGET: std::cell::Cell<Option<crate::budget::Meter>> = const { std::cell::Cell::new(None) };
}

/// Returns what `run` returns, with the claims it checks on this thread stopped once
/// `limit` of the process's CPU time is spent from now (or ten times it of wall-clock
/// time): `claims --max-seconds`. A claim stopped so says how far it got (its
/// `stopped_by` and a note), holds on what it covered or is unjudged when it covered
/// nothing; the cases it did not reach are not run, neither for nor against it. A
/// refutation found is still reduced to its least counterexample.
///
/// # Example
/// ```
/// use std::time::Duration;
/// use gamecheck::claims::{within_run_budget, ClaimVerdict};
/// let entry = gamecheck::games::catalog().into_iter().find(|e| e.id == "corrected-rule").unwrap();
/// let report = within_run_budget(Duration::ZERO, || entry.check(1, 1000));
/// assert_eq!((report.verdict, report.cases), (ClaimVerdict::Unjudged, 0));
/// assert!(report.stopped_by.is_some_and(|s| s.contains("run budget")));
/// ```
pub fn within_run_budget<R>(limit: std::time::Duration, run: impl FnOnce() -> R) -> R {
    let meter = crate::budget::Budget {
        time: limit,
        memory: u64::MAX,
    }
    .start();
    let before = RUN_BUDGET.with(|b| b.replace(Some(meter)));
    struct Restore(Option<crate::budget::Meter>);
    impl Drop for Restore {
        fn drop(&mut self) {
            RUN_BUDGET.with(|b| b.set(self.0));
        }
    }
    let _restore = Restore(before);
    run()
}

/// Returns whether the run budget of [`within_run_budget`] is spent: its CPU time, or ten
/// times it of wall-clock time.
fn run_budget_spent(meter: Option<crate::budget::Meter>) -> bool {
    meter.is_some_and(|m| {
        m.check(0).is_err()
            || m.elapsed() >= m.budget().time.saturating_mul(crate::budget::WALL_SAFETY_FACTOR)
    })
}

/// Returns the budget of a claim's least search: [`within_least_budget`]'s, else the
/// problem's.
fn least_budget<P: Claims>(problem: &P) -> u64 {
    LEAST_BUDGET
        .with(std::cell::Cell::get)
        .unwrap_or_else(|| problem.least_budget())
}

/// The cases a claim is checked on: all of `exhaustive` in order, then `random`.
pub struct Domains<'a, C> {
    pub exhaustive: Domain<'a, C>,
    pub random: Sample<C>,
}

/// Returns `separator` + "stopped at the first failure" when `refuted`, else nothing: the
/// tail of an evidence clause.
fn stopped(refuted: bool, separator: &str) -> String {
    if refuted {
        format!("{separator}stopped at the first failure")
    } else {
        String::new()
    }
}

/// Returns the verdict on claim `id` (`text` for people) about `problem`: `claim` gives
/// its answer at a case, or fails to. It is checked on every case of the problem's
/// exhaustive domain ([`Claims::exhaustive`]) in order, then on `cases` random cases
/// ([`Claims::random`]) drawn from `seed`, against [`Claims::reference`]; a case where it
/// gives no answer fails. The first failure of the exhaustive domain stands as the
/// domain says; a random one is shrunk and then reduced by [`crate::problem::least`].
///
/// # Constraints
/// `claim` is deterministic.
///
/// # Complexity
/// One call of `claim` and of the reference per case of the exhaustive domain and per
/// random case, plus the least search (at most twice [`Claims::least_budget`] candidates,
/// or [`within_least_budget`]'s).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::Chopsticks;
/// use gamecheck::claims::{check_claim, ClaimVerdict};
/// use gamecheck::game::{Answer, Outcome};
/// let n_gt_m = |s: &gamecheck::chopsticks::State| {
///     Ok(Answer::Outcome(Outcome::of(s.hands() > s.opponent_hands())))
/// };
/// let r = check_claim(Chopsticks::for_claims(), "n-gt-m", "n > m", &n_gt_m, 1, 100);
/// assert_eq!(r.verdict, ClaimVerdict::Refuted);
/// assert_eq!(r.counterexample.to_string(), "[0,1,0,1]");
/// assert_eq!(r.claim_says.as_deref(), Some("Second"));
/// ```
pub fn check_claim<P: Claims>(
    problem: &P,
    id: &str,
    text: &str,
    claim: &ClaimFn<'_, P>,
    seed: u64,
    cases: u32,
) -> ClaimReport {
    let domains = Domains {
        exhaustive: problem.exhaustive(),
        random: problem.random(),
    };
    check_claim_in(problem, domains, id, text, claim, seed, cases)
}

/// Returns the verdict on a claim as [`check_claim`] does, over `domains` in place of
/// the problem's own: smaller ones for a claim too costly for those.
///
/// # Constraints
/// `claim` is deterministic; `domains.exhaustive` is in the problem's order.
///
/// # Complexity
/// As [`check_claim`], over `domains`.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{Chopsticks, real_play_with_total};
/// use gamecheck::game::{Answer, Outcome};
/// use gamecheck::claims::{check_claim_in, ClaimVerdict, Domains};
/// use gamecheck::problem::{Claims, Domain, Least};
/// let problem = Chopsticks::for_claims();
/// let exhaustive = Domain {
///     cases: Box::new((2..=4).flat_map(real_play_with_total)),
///     description: "positions of real play with at most 4 hands".into(),
///     separator: ", ",
///     standing: Least::Proven,
///     refine: false,
/// };
/// let domains = Domains { exhaustive, random: problem.random() };
/// let first = |_: &gamecheck::chopsticks::State| Ok(Answer::Outcome(Outcome::Win));
/// let r = check_claim_in(problem, domains, "first", "the first player wins", &first, 1, 10);
/// assert_eq!(r.verdict, ClaimVerdict::Refuted);
/// // (1, 0, 1, 0), the fourth position of 2 hands, is a loss for the player to move.
/// assert_eq!(r.counterexample.to_string(), "[1,0,1,0]");
/// assert_eq!(r.exhaustive, "4 positions of real play with at most 4 hands, stopped at the first failure");
/// ```
pub fn check_claim_in<P: Claims>(
    problem: &P,
    domains: Domains<'_, P::Case>,
    id: &str,
    text: &str,
    claim: &ClaimFn<'_, P>,
    seed: u64,
    cases: u32,
) -> ClaimReport {
    let start = Instant::now();
    let Domains { exhaustive, random } = domains;
    let audited = AtomicU64::new(0);
    let inconsistent = Mutex::new(Vec::new());
    // Cases no reference could judge, and the first reason: they neither fail nor pass.
    let unjudged = AtomicU64::new(0);
    let unjudged_why: Mutex<Option<String>> = Mutex::new(None);
    // A case's judgement is taken apart from its recording, so that blocks of the
    // exhaustive domain are judged in parallel and recorded in order.
    let judge = |c: &P::Case| {
        let Audited { audit, reference } = problem.audited_reference(c);
        Judged {
            audit,
            fails: reference.map(|(truth, _)| claim(c).map_or(true, |said| said != truth)),
        }
    };
    let record = |j: Judged| {
        if let Some(audit) = j.audit {
            audited.fetch_add(1, Ordering::Relaxed);
            if let Err(why) = audit {
                let mut shown = inconsistent.lock().unwrap_or_else(|p| p.into_inner());
                if shown.len() < AUDIT_FAILURES_SHOWN {
                    shown.push(why);
                }
            }
        }
        match j.fails {
            Ok(fails) => fails,
            Err(why) => {
                unjudged.fetch_add(1, Ordering::Relaxed);
                unjudged_why
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .get_or_insert(why);
                false
            }
        }
    };
    let fails = |c: &P::Case| record(judge(c));

    let mut checked = 0u64;
    let mut refuted: Option<(P::Case, Least)> = None;
    let meter = RUN_BUDGET.with(std::cell::Cell::get);
    // What the run budget left out: whether the exhaustive scan was cut, and the random
    // cases not run.
    let mut cut = false;
    let skipped = AtomicU64::new(0);
    let mut stream = exhaustive.cases;
    // Blocks double from one case, so a claim that fails at once wastes nothing, and a
    // domain of hundreds of millions (Wythoff's float formula) uses every core.
    let mut block = 1;
    'scan: loop {
        if run_budget_spent(meter) {
            cut = true;
            break;
        }
        let batch: Vec<P::Case> = stream.by_ref().take(block).collect();
        if batch.is_empty() {
            break;
        }
        block = (block * 2).min(EXHAUSTIVE_BLOCK);
        let judged: Vec<Judged> = batch.par_iter().map(judge).collect();
        for (c, j) in batch.into_iter().zip(judged) {
            checked += 1;
            if record(j) {
                refuted = Some(if exhaustive.refine {
                    let (c, standing) =
                        least_within(problem, &fails, c, least_budget(problem), least_budget(problem));
                    (c, both_searched(standing, &exhaustive.standing))
                } else {
                    (c, exhaustive.standing.clone())
                });
                break 'scan;
            }
        }
    }
    let exhaustive_text = format!(
        "{checked} {}{}{}",
        exhaustive.description,
        stopped(refuted.is_some(), exhaustive.separator),
        if cut { "; cut short by the run budget" } else { "" }
    );

    let mut random_text = "not needed".to_owned();
    if refuted.is_none() {
        // proptest calls the test again while shrinking: count only the cases drawn.
        let (drawn, failed) = (AtomicU64::new(0), AtomicBool::new(false));
        let out_of_time = AtomicBool::new(false);
        let mut runner = seeded_runner(seed, id, cases, None);
        let result = run_cases(&mut runner, &random.cases, &|c| {
            if !failed.load(Ordering::Relaxed) {
                // The budget's clock is read every 64 cases (a system call). Once it is
                // spent every case is rejected, and proptest's limit on rejects (1024)
                // ends the run at once instead of drawing the cases left.
                let n = drawn.load(Ordering::Relaxed);
                if out_of_time.load(Ordering::Relaxed) || (n % 64 == 0 && run_budget_spent(meter)) {
                    out_of_time.store(true, Ordering::Relaxed);
                    return Err(TestCaseError::reject("the run budget is spent"));
                }
                drawn.fetch_add(1, Ordering::Relaxed);
            }
            if fails(&c) {
                failed.store(true, Ordering::Relaxed);
                Err(TestCaseError::fail("the claim disagrees with the reference"))
            } else {
                Ok(())
            }
        });
        let drawn = drawn.into_inner();
        checked += drawn;
        if let Err(TestError::Fail(_, shrunk)) = result {
            let (c, standing) = least_within(
                problem,
                &fails,
                shrunk,
                least_budget(problem),
                least_budget(problem),
            );
            refuted = Some((c, both_searched(standing, &exhaustive.standing)));
        }
        if out_of_time.into_inner() {
            skipped.store(u64::from(cases).saturating_sub(drawn), Ordering::Relaxed);
        }
        let skipped = skipped.load(Ordering::Relaxed);
        random_text = format!(
            "{drawn} {}{}seed {seed}{}{}",
            random.description,
            random.separator,
            stopped(refuted.is_some(), random.separator),
            match skipped {
                0 => String::new(),
                n => format!("; {n} not run (the run budget)"),
            }
        );
    }

    let refutation = refuted.map(|(c, least)| {
        let (truth, by) = problem
            .judged_reference(&c)
            .unwrap_or_else(|_| problem.reference(&c));
        Refutation {
            counterexample: problem.counterexample_json(&c),
            least,
            claim_says: claim(&c).map_or_else(|e| format!("no answer ({e})"), |a| problem.answer_text(&a)),
            truth: problem.truth_text(&truth, by),
        }
    });
    let inconsistent = inconsistent.into_inner().unwrap_or_else(|p| p.into_inner());
    let mut notes: Vec<String> = if inconsistent.is_empty() {
        problem.audited_note(audited.into_inner()).into_iter().collect()
    } else {
        vec![format!("REFERENCE INCONSISTENT: {}", inconsistent.join("; "))]
    };
    let unjudged = unjudged.into_inner();
    // Every case unjudged: the claim neither holds nor is refuted.
    let nothing_judged = refutation.is_none() && unjudged > 0 && unjudged >= checked;
    if unjudged > 0 {
        let why = unjudged_why
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
            .unwrap_or_default();
        notes.push(format!(
            "UNJUDGED: {unjudged} case(s) no reference could judge, counted neither for nor against the claim: {why}"
        ));
    }
    let evidence = Evidence {
        cases: checked,
        exhaustive: exhaustive_text,
        random: random_text,
        reference: problem.reference_text(),
    };
    let mut report = ClaimReport::new(
        id,
        problem.name(),
        text,
        refutation,
        evidence,
        notes,
        start.elapsed(),
    );
    if nothing_judged {
        report.verdict = ClaimVerdict::Unjudged;
    }
    note_stopped(&mut report, meter, cut, skipped.into_inner());
    report
}

/// Notes in `report` that the run budget of `meter` stopped the claim unrefuted, when it
/// `cut` the exhaustive scan short or `skipped` random cases: `stopped_by`, a note, and
/// the verdict `unjudged` when no case ran.
fn note_stopped(report: &mut ClaimReport, meter: Option<crate::budget::Meter>, cut: bool, skipped: u64) {
    let Some(m) = meter.filter(|_| report.verdict != ClaimVerdict::Refuted && (cut || skipped > 0)) else {
        return;
    };
    let why = format!(
        "its share of the run budget, {:.2} CPU seconds (--max-seconds), was spent: {}{skipped} random \
         cases not run",
        m.budget().time.as_secs_f64(),
        if cut {
            "the exhaustive domain was cut short, "
        } else {
            ""
        },
    );
    report.notes.push(format!("STOPPED: {why}"));
    report.stopped_by = Some(why);
    if report.cases == 0 {
        report.verdict = ClaimVerdict::Unjudged;
    }
}

/// Returns the verdict on the typed claim `text` about `problem` ("the answer is X
/// exactly when `text`", over the problem's vocabulary), checked by [`check_claim`]
/// under the id `claim`.
///
/// # Constraints
/// None; a text that does not compile is an `Err` before any checking.
///
/// # Complexity
/// As [`check_claim`], each call O(size of the claim).
///
/// # Example
/// ```
/// use gamecheck::claims::{check_typed_claim, ClaimVerdict};
/// use gamecheck::game::{GameProblem, Question};
/// use gamecheck::moore::Moore;
/// let nim = GameProblem::new(Moore::new(1).unwrap(), Question::default()).unwrap();
/// let r = check_typed_claim(&nim, "xor == 0", 1, 100).unwrap();
/// assert_eq!(r.verdict, ClaimVerdict::Holds);
/// assert!(check_typed_claim(&nim, "xor ==", 1, 100).is_err());
/// ```
pub fn check_typed_claim<P: TypedClaims>(
    problem: &P,
    text: &str,
    seed: u64,
    cases: u32,
) -> Result<ClaimReport, ExprError> {
    let claim = problem.compile_answer(text)?;
    Ok(check_claim(problem, "claim", text, &claim, seed, cases))
}
