//! Putting shards back together: every shard present exactly once, all of one proof
//! (problem, parameters, gamecheck version, shard count), their counts adding up to the
//! whole domain; then the combined verdict.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use serde::Serialize;
use thiserror::Error;

use super::KEPT_MISMATCHES;
use super::{Counterexample, FORMAT_VERSION, ProofSummary, Shard, verdict_line};

/// A whole proof put together from its shards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MergedProof {
    pub format_version: u32,
    pub problem: String,
    pub parameters: serde_json::Value,
    pub gamecheck_version: String,
    pub what: String,
    pub shard_count: u64,
    pub total: u64,
    pub unit: String,
    pub checked: u64,
    /// The shards' `outside_domain` added up.
    pub outside_domain: u64,
    /// The first disagreements of all shards, in index order (at most 10), as text.
    pub mismatches: Vec<String>,
    pub mismatch_count: u64,
    pub counterexamples: Vec<Counterexample>,
    /// The shards' times added up.
    #[serde(serialize_with = "crate::check::millis", rename = "time_ms")]
    pub elapsed: Duration,
}

impl MergedProof {
    /// Returns the one-line verdict of the whole proof.
    pub fn line(&self) -> String {
        let tail = format!(
            "{} shards merged, {:.2} s in all",
            self.shard_count,
            self.elapsed.as_secs_f64()
        );
        verdict_line(
            &self.what,
            self.checked,
            self.outside_domain,
            &self.unit,
            self.mismatch_count,
            &tail,
        )
    }
}

/// Why shards do not make one whole proof.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum MergeError {
    #[error("no shard files given")]
    NoShards,
    #[error("reading {file}")]
    Read { file: String, source: std::io::Error },
    #[error("{file} is not a gamecheck shard report: {message}")]
    Parse { file: String, message: String },
    /// Each problem on its own line: a missing, duplicate or inconsistent shard.
    #[error("the shards do not make one whole proof:\n  {}", problems.join("\n  "))]
    Inconsistent { problems: Vec<String> },
}

/// The largest shard report read, in bytes. A report keeps at most
/// [`KEPT_MISMATCHES`] counterexamples, so a real one is a few KiB; the cap keeps
/// `prove merge /dev/zero` from reading without end.
pub const MAX_REPORT_BYTES: u64 = 4 << 20;

/// Returns the shard report in `file`, written by `prove --json`.
fn read(file: &Path) -> Result<ProofSummary, MergeError> {
    use std::io::Read as _;
    let name = file.display().to_string();
    let io = |source| MergeError::Read {
        file: name.clone(),
        source,
    };
    let parse = |message: String| MergeError::Parse {
        file: name.clone(),
        message,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(MAX_REPORT_BYTES + 1).read_to_end(&mut bytes))
        .map_err(io)?;
    if bytes.len() as u64 > MAX_REPORT_BYTES {
        return Err(parse(format!(
            "it is larger than {MAX_REPORT_BYTES} bytes, and a shard report is a few KiB"
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| parse(e.to_string()))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| parse(e.to_string()))?;
    match value.get("format_version").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(FORMAT_VERSION) => {}
        Some(v) => {
            return Err(parse(format!(
                "format_version {v}; this gamecheck reads format_version {FORMAT_VERSION}"
            )));
        }
        None => return Err(parse("no format_version".into())),
    }
    serde_json::from_value(value).map_err(|e| parse(e.to_string()))
}

/// Returns the whole proof that the shard reports in `files` make, as [`merge`].
///
/// # Constraints
/// Every file a `prove --json` report of [`FORMAT_VERSION`]; otherwise
/// [`MergeError::Read`] or [`MergeError::Parse`] naming the file. Then as [`merge`].
pub fn merge_files(files: &[impl AsRef<Path>]) -> Result<MergedProof, MergeError> {
    let shards = files
        .iter()
        .map(|f| Ok((f.as_ref().display().to_string(), read(f.as_ref())?)))
        .collect::<Result<Vec<_>, MergeError>>()?;
    merge(&shards)
}

/// The most missing shards named one by one.
const NAMED_MISSING: usize = 20;

/// Returns the whole proof that `shards` (each with the name of its file) make.
///
/// # Constraints
/// At least one shard ([`MergeError::NoShards`]). Every shard of one count present
/// exactly once; all with the same problem, parameters, statement, gamecheck version,
/// shard count and domain size; each covering its own range completely. Otherwise
/// [`MergeError::Inconsistent`] names every missing shard ("missing shard 2 of 4"),
/// every duplicate and every disagreement.
///
/// # Complexity
/// O(shards · log shards + shard count).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::table_proof;
/// use gamecheck::game::GameDomain;
/// use gamecheck::prove::{merge, prove, Shard};
/// let (problem, domain) = (table_proof(6)?, GameDomain { max_count: 6 });
/// let part = |i| prove(&problem, &domain, Shard::from_zero_based(i, 2)?, &|_| {});
/// let (a, b) = (part(0)?, part(1)?);
/// let whole = merge(&[("a".into(), a.clone()), ("b".into(), b)]).expect("both shards");
/// assert_eq!((whole.checked, whole.mismatch_count), (1296, 0));
/// let missing = merge(&[("a".into(), a)]).unwrap_err();
/// assert!(missing.to_string().contains("missing shard 1 of 2"));
/// # Ok::<(), gamecheck::prove::ProveError>(())
/// ```
pub fn merge(shards: &[(String, ProofSummary)]) -> Result<MergedProof, MergeError> {
    let Some((first_file, first)) = shards.first() else {
        return Err(MergeError::NoShards);
    };
    let mut problems: Vec<String> = shards
        .iter()
        .flat_map(|(file, s)| shard_problems(file, s, first_file, first))
        .collect();
    problems.extend(coverage_problems(shards, first.shard_count));
    let count = first.shard_count;
    // Crafted reports must not wrap a sum: added up wide, then checked.
    let checked = shards.iter().map(|(_, s)| u128::from(s.checked)).sum::<u128>();
    let millis = shards.iter().map(|(_, s)| s.elapsed.as_millis()).sum::<u128>();
    let Ok(elapsed) = u64::try_from(millis) else {
        problems.push(format!(
            "the shards' time_ms add up to {millis}, beyond the {} a report can hold",
            u64::MAX
        ));
        return Err(MergeError::Inconsistent { problems });
    };
    if problems.is_empty() && checked != u128::from(first.total) {
        problems.push(format!(
            "the shards checked {checked} {}, but the domain has {}",
            first.unit, first.total
        ));
    }
    if !problems.is_empty() {
        return Err(MergeError::Inconsistent { problems });
    }
    // Each shard's range lies in 0..total and its count matches it.
    let checked = first.total;
    let mut ordered: Vec<&ProofSummary> = shards.iter().map(|(_, s)| s).collect();
    ordered.sort_by_key(|s| s.shard_index);
    Ok(MergedProof {
        format_version: FORMAT_VERSION,
        problem: first.problem.clone(),
        parameters: first.parameters.clone(),
        gamecheck_version: first.gamecheck_version.clone(),
        what: first.what.clone(),
        shard_count: count,
        total: first.total,
        unit: first.unit.clone(),
        checked,
        outside_domain: shards
            .iter()
            .fold(0u64, |sum, (_, s)| sum.saturating_add(s.outside_domain)),
        mismatches: ordered
            .iter()
            .flat_map(|s| s.mismatches.iter().cloned())
            .take(KEPT_MISMATCHES)
            .collect(),
        // At most each shard's count of cases, so at most the total.
        mismatch_count: ordered.iter().map(|s| s.mismatch_count).sum(),
        counterexamples: ordered
            .iter()
            .flat_map(|s| s.counterexamples.iter().cloned())
            .take(KEPT_MISMATCHES)
            .collect(),
        elapsed: Duration::from_millis(elapsed),
    })
}

/// Returns what is inconsistent in one shard's report `s` (from `file`), against the first
/// report's header and against its own range and counts.
fn shard_problems(file: &str, s: &ProofSummary, first_file: &str, first: &ProofSummary) -> Vec<String> {
    let mut problems = Vec::new();
    let mut differs = |field: &str, mine: String, theirs: String| {
        if mine != theirs {
            problems.push(format!(
                "{file}: {field} is {mine}, but {first_file} has {theirs}"
            ));
        }
    };
    differs("problem", s.problem.clone(), first.problem.clone());
    differs(
        "parameters",
        s.parameters.to_string(),
        first.parameters.to_string(),
    );
    differs("what", s.what.clone(), first.what.clone());
    differs(
        "gamecheck_version",
        s.gamecheck_version.clone(),
        first.gamecheck_version.clone(),
    );
    differs(
        "shard_count",
        s.shard_count.to_string(),
        first.shard_count.to_string(),
    );
    differs("total", s.total.to_string(), first.total.to_string());
    differs("unit", s.unit.clone(), first.unit.clone());
    match Shard::from_zero_based(s.shard_index, s.shard_count) {
        Ok(shard) if shard.range(s.total) == s.range => {}
        Ok(shard) => problems.push(format!(
            "{file}: shard {} of {} covers {:?}, but that shard is {:?} of 0..{}",
            s.shard_index,
            s.shard_count,
            s.range,
            shard.range(s.total),
            s.total
        )),
        Err(e) => problems.push(format!("{file}: {e}")),
    }
    if s.range.start > s.range.end || s.checked != s.range.end - s.range.start {
        problems.push(format!(
            "{file}: checked {} {}, but its range {:?} has {}",
            s.checked,
            s.unit,
            s.range,
            s.range.end.saturating_sub(s.range.start)
        ));
    }
    problems.extend(mismatch_problems(file, s));
    problems
}

/// Returns the shards of `count` that are missing or given twice.
fn coverage_problems(shards: &[(String, ProofSummary)], count: u64) -> Vec<String> {
    let mut problems = Vec::new();
    let mut by_index: BTreeMap<u64, Vec<&str>> = BTreeMap::new();
    for (file, s) in shards {
        by_index.entry(s.shard_index).or_default().push(file);
    }
    for (index, files) in &by_index {
        if files.len() > 1 {
            problems.push(format!(
                "duplicate shard {index} of {count}: {}",
                files.join(", ")
            ));
        }
    }
    let missing: Vec<u64> = (0..count).filter(|i| !by_index.contains_key(i)).collect();
    for &i in missing.iter().take(NAMED_MISSING) {
        problems.push(format!(
            "missing shard {i} of {count} (--shard-index {i} --shard-count {count}, or --shard {}/{count})",
            i + 1
        ));
    }
    if missing.len() > NAMED_MISSING {
        problems.push(format!(
            "… and {} more missing shards",
            missing.len() - NAMED_MISSING
        ));
    }
    problems
}

/// Returns what is inconsistent in the mismatches a shard reports: more than it checked;
/// kept mismatches or counterexamples other than the first min(count, 10); a
/// counterexample outside the shard's range or out of index order.
fn mismatch_problems(file: &str, s: &ProofSummary) -> Vec<String> {
    let mut problems = Vec::new();
    if s.mismatch_count > s.checked {
        problems.push(format!(
            "{file}: mismatch_count is {}, but it checked {} {}",
            s.mismatch_count, s.checked, s.unit
        ));
    }
    let kept = s.mismatch_count.min(KEPT_MISMATCHES as u64);
    for (field, listed) in [
        ("mismatches", s.mismatches.len()),
        ("counterexamples", s.counterexamples.len()),
    ] {
        if listed as u64 != kept {
            problems.push(format!(
                "{file}: {field} lists {listed}, but mismatch_count {} keeps {kept}",
                s.mismatch_count
            ));
        }
    }
    let mut previous = None;
    for c in &s.counterexamples {
        if !s.range.contains(&c.index) {
            problems.push(format!(
                "{file}: counterexample index {} lies outside the shard's range {:?}",
                c.index, s.range
            ));
        } else if previous.is_some_and(|p| p >= c.index) {
            problems.push(format!(
                "{file}: counterexample index {} is not after the one before it",
                c.index
            ));
        }
        previous = Some(c.index);
    }
    problems
}
