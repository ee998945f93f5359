//! `prove <problem>` for each problem with a proof ([`crate::games::Commands`]), and
//! `prove merge`.

use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::FromArgMatches;

use super::args::{JsonArg, MergeArgs, ShardArgs};
use super::bars;
use super::output::{exit, json, write_stdout};
use super::problem_commands::{Which, flags, specs};
use crate::games::{Registered, Registry, Visit};
use crate::shown::note;

/// `prove <problem>`: the proof its flags ask for, on the shard the flags or the job
/// runner's environment name.
struct RunProof {
    flags: crate::problem::Flags,
    shard: ShardArgs,
    json: bool,
}

impl Visit for RunProof {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        use crate::prove::{ProofProgress, ProofRun};
        let context = || format!("proving {}", problem.name());
        let command = problem
            .prove_command()
            .with_context(|| format!("{} has no proof", problem.name()))?;
        let request = crate::prove::ShardRequest {
            shard: self.shard.shard,
            index: self.shard.shard_index,
            count: self.shard.shard_count,
        };
        let env = |var: &str| std::env::var_os(var).map(|v| v.to_string_lossy().into_owned());
        let bar = std::sync::OnceLock::new();
        let asked = std::sync::atomic::AtomicBool::new(false);
        let progress = ProofProgress {
            shard: &|| {
                asked.store(true, std::sync::atomic::Ordering::Relaxed);
                request.resolve(env)
            },
            start: &|cases| {
                let _ = bar.set(bars::bar(cases, "prove"));
            },
            advance: &|n| {
                if let Some(bar) = bar.get() {
                    bar.inc(n);
                }
            },
        };
        let run = command.run(&self.flags, &progress).with_context(context);
        if let Some(bar) = bar.get() {
            bar.finish_and_clear();
        }
        // A proof that never asked for its shard did the whole of it: a shard asked for
        // (flags or a job runner's index) would be silently ignored, and `prove merge`
        // would refuse the reports. Refused, the output unwritten.
        if !asked.load(std::sync::atomic::Ordering::Relaxed) && run.is_ok() {
            match request.resolve(env) {
                Ok(crate::prove::Shard::WHOLE) => {}
                Ok(shard) => anyhow::bail!(
                    "prove {} has no shards, but shard {shard} was asked; run it once, without --shard, --shard-index, --shard-count or a job runner's index",
                    problem.name()
                ),
                Err(e) => anyhow::bail!(
                    "prove {} has no shards, but a shard was asked: {e}",
                    problem.name()
                ),
            }
        }
        match run? {
            ProofRun::Bounded(summary) => {
                for m in &summary.mismatches {
                    note(&format!("mismatch: {m}"));
                }
                let text = if self.json {
                    json(&summary)?
                } else {
                    summary.line()
                };
                write_stdout(format!("{text}\n").as_bytes())?;
                Ok(exit(summary.mismatch_count == 0))
            }
            ProofRun::Other {
                text,
                json: value,
                proved,
            } => {
                let text = match (self.json, value) {
                    (true, Some(value)) => json(&value)? + "\n",
                    (true, None) => anyhow::bail!("{}: this proof has no JSON report", context()),
                    (false, _) => text,
                };
                write_stdout(text.as_bytes())?;
                Ok(exit(proved))
            }
        }
    }
}

/// Runs `prove`, whose matches are `matches`: a problem's proof, or `merge`.
pub(super) fn prove<R: Registry>(matches: &clap::ArgMatches) -> Result<ExitCode> {
    let Some((name, sub)) = matches.subcommand() else {
        anyhow::bail!("prove: a problem or `merge` is required");
    };
    if name == "merge" {
        let MergeArgs { files, json: as_json } = MergeArgs::from_arg_matches(sub)?;
        let whole = crate::prove::merge_files(&files).context("merging shards")?;
        for m in &whole.mismatches {
            eprintln!("mismatch: {m}");
        }
        let text = if as_json { json(&whole)? } else { whole.line() };
        write_stdout(format!("{text}\n").as_bytes())?;
        return Ok(exit(whole.mismatch_count == 0));
    }
    let spec = specs::<R>(Which::Prove)
        .into_iter()
        .find(|s| s.name == name)
        .with_context(|| format!("{name} has no proof"))?;
    let flags = flags(&spec.flags, sub);
    let shard = ShardArgs::from_arg_matches(sub)?;
    let json = JsonArg::from_arg_matches(sub)?.json;
    R::visit(name, &flags.clone(), RunProof { flags, shard, json })?
}
