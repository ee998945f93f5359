//! Pictures: `plot <problem>` for each problem with one ([`crate::games::Commands`]),
//! and `bench-report`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::FromArgMatches;

use super::args::OutArg;
use super::output::{write_file, write_stdout};
use super::problem_commands::{Which, flags, specs};
use crate::games::{Registered, Registry, Visit};
use crate::shown::note;

/// `plot <problem>`: the picture its flags ask for.
struct Plot<'a> {
    flags: &'a crate::problem::Flags,
}

impl Visit for Plot<'_> {
    type Output = Result<String>;
    fn visit<P: Registered>(self, problem: &P) -> Self::Output {
        let command = problem
            .plot_command()
            .with_context(|| format!("{} has no picture", problem.name()))?;
        command
            .svg(self.flags)
            .with_context(|| format!("plotting {}", problem.name()))
    }
}

/// Runs `plot`, whose matches are `matches`.
pub(super) fn plot<R: Registry>(matches: &clap::ArgMatches) -> Result<ExitCode> {
    let Some((name, sub)) = matches.subcommand() else {
        anyhow::bail!("plot: a problem is required");
    };
    let spec = specs::<R>(Which::Plot)
        .into_iter()
        .find(|s| s.name == name)
        .with_context(|| format!("{name} has no picture"))?;
    let flags = flags(&spec.flags, sub);
    let out = OutArg::from_arg_matches(sub)?.out;
    let svg = R::visit(name, &flags, Plot { flags: &flags })??;
    write_file(&out, &svg)?;
    Ok(ExitCode::SUCCESS)
}

pub(super) fn bench_report(
    dir: Option<PathBuf>,
    markdown: Option<PathBuf>,
    svg: Option<PathBuf>,
) -> Result<ExitCode> {
    let dir = dir.unwrap_or_else(|| {
        std::env::var_os("CARGO_TARGET_DIR")
            .map_or_else(|| PathBuf::from("target"), PathBuf::from)
            .join("criterion")
    });
    let results = crate::bench_report::read_criterion(&dir)?;
    note(&format!(
        "{} bench-report: {} results from {}",
        crate::program::name(),
        results.len(),
        dir.display()
    ));
    let text = crate::bench_report::markdown(&results);
    match markdown {
        Some(path) => write_file(&path, &text)?,
        None => write_stdout(text.as_bytes())?,
    }
    if let Some(path) = svg {
        write_file(&path, &crate::bench_report::chart_svg(&results)?)?;
    }
    Ok(ExitCode::SUCCESS)
}
