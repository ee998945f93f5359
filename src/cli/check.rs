//! `check`, `claims` and `claim`: the cross-checks of every problem, the catalog of
//! claims, and one typed claim.

use std::process::ExitCode;

use anyhow::{Context, Result};
use rayon::prelude::*;

use super::bars;
use super::output::{exit, json, write_stdout};
use crate::games::{Registered, Registry, Visit};
use crate::problem::Flags;
use crate::shown::note;

/// Runs every registered problem's properties.
struct CheckAll<'a> {
    seed: u64,
    cases: u32,
    budget: std::time::Duration,
    tick: &'a (dyn Fn() + Sync),
    count_only: bool,
}

impl Visit for CheckAll<'_> {
    type Output = (u64, Vec<crate::check::Row>);
    fn visit<P: Registered>(self, problem: &P) -> Self::Output {
        use crate::check::Campaign;
        if self.count_only {
            return (problem.case_count(self.cases), Vec::new());
        }
        // Failures are kept in (and replayed from) the current directory's
        // proptest-regressions/, as `cargo test` does.
        let run = crate::check::RunConfig {
            seed: self.seed,
            cases: self.cases,
            persist_in: Some(std::path::Path::new(".")),
            budget: Some(self.budget),
        };
        let rows = problem.rows(run, self.tick);
        (0, rows)
    }
}

/// Returns the names of `asked` (names or aliases), in registry order; every problem's
/// when none is asked.
///
/// # Errors
/// A name that names no problem.
fn chosen<R: Registry>(asked: &[String]) -> Result<Vec<&'static str>> {
    let problems = R::problems();
    for name in asked {
        if !problems
            .iter()
            .any(|(p, aliases)| p == name || aliases.contains(&name.as_str()))
        {
            return Err(R::unknown(&crate::shown::escaped(name.as_bytes(), 40)).into());
        }
    }
    Ok(problems
        .into_iter()
        .filter(|(p, aliases)| {
            asked.is_empty() || asked.iter().any(|a| a == p || aliases.contains(&a.as_str()))
        })
        .map(|(p, _)| p)
        .collect())
}

pub(super) fn check<R: Registry>(
    problems: &[String],
    cases: u32,
    seed: u64,
    max_seconds: u64,
    as_json: bool,
    matches: &clap::ArgMatches,
) -> Result<ExitCode> {
    let budget = std::time::Duration::from_secs(max_seconds);
    let names = chosen::<R>(problems)?;
    // Each problem built with the flags given (`--set 1,2`); one that does not take a
    // flag given is a usage error, as for `solve`.
    let flags: Vec<Flags> = names
        .iter()
        .map(|name| super::problem_args::resolve::<R>(name, matches).map(|(flags, _)| flags))
        .collect::<Result<_>>()?;
    note(&format!(
        "{} check: seed {seed}, {cases} cases per share, {} per problem",
        crate::program::name(),
        crate::units::cpu_seconds(max_seconds)
    ));
    let mut total = 0;
    for (name, flags) in names.iter().zip(&flags) {
        let v = CheckAll {
            seed,
            cases,
            budget,
            tick: &|| {},
            count_only: true,
        };
        total += R::visit(name, flags, v)?.0;
    }
    let bar = bars::bar(total, "check");
    // Each problem runs its properties in order on one thread (their oracles' memos are
    // the problem's); the problems run side by side, and their rows come back in order.
    let rows: Vec<Vec<crate::check::Row>> = names
        .par_iter()
        .zip(&flags)
        .map(|(name, flags)| {
            let v = CheckAll {
                seed,
                cases,
                budget,
                tick: &|| bar.inc(1),
                count_only: false,
            };
            Ok(R::visit(name, flags, v)?.1)
        })
        .collect::<Result<_>>()?;
    let rows = rows.concat();
    bar.finish_and_clear();
    let report = crate::check::CampaignReport { seed, rows };
    let text = if as_json {
        json(&report)? + "\n"
    } else {
        report.to_table()
    };
    write_stdout(text.as_bytes())?;
    Ok(exit(report.all_agree()))
}

/// Returns the reports of the claims `chosen`, each with `cases` random cases from
/// `seed`, within `max_seconds` CPU seconds in all; each written as it is done unless
/// `as_json`.
fn run_claims(
    chosen: &[&crate::claims::Entry],
    (cases, seed, max_seconds): (u32, u64, u64),
    as_json: bool,
) -> Result<Vec<crate::claims::ClaimReport>> {
    let bar = bars::bar(chosen.len() as u64, "claims");
    let mut reports = Vec::new();
    let budget = std::time::Duration::from_secs(max_seconds);
    let meter = crate::budget::Budget {
        time: budget,
        memory: u64::MAX,
    }
    .start();
    // Half an even share is kept for each claim still to come, so that one claim that
    // never ends leaves the others a part of the run.
    let reserve = budget / (2 * chosen.len() as u32).max(1);
    for (i, entry) in chosen.iter().enumerate() {
        bar.set_message(entry.id);
        let after = u32::try_from(chosen.len() - i - 1).unwrap_or(u32::MAX);
        let left = budget
            .saturating_sub(meter.cpu_spent())
            .saturating_sub(reserve.saturating_mul(after));
        let report = crate::claims::within_run_budget(left, || entry.check(seed, cases));
        if !as_json {
            bar.suspend(|| write_stdout(report.to_text().as_bytes()))?;
        }
        reports.push(report);
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(reports)
}

/// `claims`: the catalog's claims about `problems` (or those of `ids`), each with
/// `cases` random cases from `seed`, within `max_seconds` CPU seconds in all.
pub(super) fn claims<R: Registry>(
    problems: &[String],
    ids: &[String],
    (cases, seed, max_seconds): (u32, u64, u64),
    as_json: bool,
) -> Result<ExitCode> {
    let games = chosen::<R>(problems)?;
    let catalog = R::catalog();
    if let Some(unknown) = ids.iter().find(|id| !catalog.iter().any(|e| e.id == id.as_str())) {
        let known: Vec<&str> = catalog.iter().map(|e| e.id).collect();
        anyhow::bail!(
            "unknown claim id `{}`; known ids: {}",
            crate::shown::escaped(unknown.as_bytes(), 40),
            known.join(", ")
        );
    }
    let chosen: Vec<_> = catalog
        .iter()
        .filter(|e| ids.is_empty() || ids.iter().any(|id| id == e.id))
        .filter(|e| problems.is_empty() || games.contains(&e.game))
        .collect();
    if chosen.is_empty() {
        anyhow::bail!(
            "no claim of the catalog is about {}{}",
            games.join(", "),
            match ids.is_empty() {
                true => String::new(),
                false => format!(" with the id {}", ids.join(", ")),
            }
        );
    }
    let program = crate::program::name();
    note(&format!(
        "{program} claims: seed {seed}, {cases} random cases per claim, {} in all",
        crate::units::cpu_seconds(max_seconds)
    ));
    let reports = run_claims(&chosen, (cases, seed, max_seconds), as_json)?;
    if as_json {
        write_stdout((json(&serde_json::json!({ "claims": reports }))? + "\n").as_bytes())?;
    }
    let unexpected: Vec<&str> = reports
        .iter()
        .filter(|r| !r.as_expected())
        .map(|r| r.id.as_str())
        .collect();
    if !unexpected.is_empty() {
        eprintln!(
            "{program} claims: verdicts differ from the expected ones: {}",
            unexpected.join(", ")
        );
    }
    let stopped: Vec<&str> = reports
        .iter()
        .filter(|r| r.stopped_by.is_some())
        .map(|r| r.id.as_str())
        .collect();
    if !stopped.is_empty() {
        eprintln!(
            "{program} claims: the run budget of {} (--max-seconds) stopped {} \
             claim(s) before their cases all ran (not counted against their expected verdicts): {}",
            crate::units::cpu_seconds(max_seconds),
            stopped.len(),
            stopped.join(", ")
        );
    }
    Ok(exit(unexpected.is_empty()))
}

/// `claim <problem> EXPR`: the problem's typed claim, if it has one.
struct TypedClaim<'a> {
    expr: &'a str,
    seed: u64,
    cases: u32,
}

impl Visit for TypedClaim<'_> {
    type Output = Option<Result<crate::claims::ClaimReport, crate::claims::ExprError>>;
    fn visit<P: Registered>(self, problem: &P) -> Self::Output {
        problem.typed_claim(self.expr, self.seed, self.cases)
    }
}

/// What a typed claim about the problem reads, if it can be typed.
struct ClaimVocabulary;

impl Visit for ClaimVocabulary {
    type Output = Option<&'static str>;
    fn visit<P: Registered>(self, problem: &P) -> Self::Output {
        problem.claim_vocabulary()
    }
}

/// `claim --help`'s list: each problem and what its claims read.
pub(super) fn claim_help<R: Registry>() -> String {
    let mut help = String::from("Problems and what EXPR reads:\n");
    for name in R::problem_names() {
        if let Ok(Some(vocabulary)) = R::visit(name, &Flags::default(), ClaimVocabulary) {
            help.push_str(&format!("  {name}: {vocabulary}\n"));
        }
    }
    help
}

pub(super) fn claim<R: Registry>(
    problem: &str,
    expr: &str,
    cases: u32,
    seed: u64,
    flags: &Flags,
    least_budget: Option<u64>,
    as_json: bool,
) -> Result<ExitCode> {
    if R::visit(problem, flags, ClaimVocabulary)?.is_none() {
        anyhow::bail!("claims about {problem} cannot be typed");
    }
    note(&format!(
        "{} claim: seed {seed}, {cases} random cases",
        crate::program::name()
    ));
    let typed = || R::visit(problem, flags, TypedClaim { expr, seed, cases });
    let report = match least_budget {
        Some(budget) => crate::claims::within_least_budget(budget, typed),
        None => typed(),
    }?
    .with_context(|| format!("claims about {problem} cannot be typed"))?
    .context("invalid claim")?;
    let text = if as_json {
        json(&report)? + "\n"
    } else {
        report.to_text()
    };
    write_stdout(text.as_bytes())?;
    Ok(exit(report.verdict == crate::claims::ClaimVerdict::Holds))
}
