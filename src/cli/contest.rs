//! `solve`, `stress` and `repro`: contest input through a problem's format, a
//! solution stressed against the verified solvers, one case side by side.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};

use super::args::StressArgs;
use super::bars;
use super::output::{exit, write_stdout};
use crate::games::{Registered, Registry, Visit};
use crate::problem::Flags;
use crate::shown::note;
use crate::stress;

/// `solve <problem>`: stdin through the problem's contest format to stdout.
struct Solve {
    explain: bool,
}

impl Visit for Solve {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        use crate::problem::SolveError;
        let mut input = std::io::stdin().lock();
        let mut output = std::io::stdout().lock();
        match problem.solve_stream(&mut input, &mut output, self.explain) {
            Ok(()) => Ok(ExitCode::SUCCESS),
            // A failed read or write is not bad input.
            Err(e @ (SolveError::Read(_) | SolveError::Write(_))) => Err(e.into()),
            // Nor is a case the fast solver did not answer (a spent budget, a case beyond
            // its reach): the input was read, and is valid.
            Err(e @ SolveError::Answer(_)) => {
                Err(anyhow::Error::new(e)
                    .context(format!("solve {}: a case was not answered", problem.name())))
            }
            Err(e) => Err(anyhow::Error::new(e).context(problem.solve_context())),
        }
    }
}

pub(super) fn solve<R: Registry>(problem: &str, flags: &Flags, explain: bool) -> Result<ExitCode> {
    R::visit(problem, flags, Solve { explain })?
}

/// `stress <problem>`: the banner, the run, the report.
struct Stress {
    config: stress::Config,
    json: bool,
}

impl Visit for Stress {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        if let Some(game) = problem.interactive_command() {
            return interactive_stress(&*game, &self.config, self.json);
        }
        // Says where the run stands from the reach's probe on.
        let progress = bars::Inputs::new();
        let (bounds, reach) = stress::plan(problem, &self.config).context("stress")?;
        // The banner names the solution command as typed: no raw control characters.
        note(&crate::shown::escaped_lines(&self.config.banner(&bounds)));
        if let Some(reach) = reach {
            note(&reach.to_string());
        }
        let report = stress::stress_with_progress(problem, &self.config, &progress)
            .map_err(|e| with_split_hint(e, &self.config.solution.display()))
            .context("stress run failed")?;
        drop(progress);
        let text = if self.json {
            report.to_json() + "\n"
        } else {
            report.to_text()
        };
        write_stdout(text.as_bytes())?;
        Ok(ExitCode::from(report.exit_code()))
    }
}

pub(super) fn stress<R: Registry>(
    a: StressArgs,
    flags: &Flags,
    problem_args: String,
    matches: &clap::ArgMatches,
    timeout_given: bool,
) -> Result<ExitCode> {
    let overrides = super::stress_bounds::given::<R>(matches);
    let config = stress::Config {
        problem_args,
        solution: stress::Solution::parse(&a.solution).context("invalid --solution")?,
        seed: a.seed,
        cases: usize::try_from(a.cases).context("--cases is too large")?,
        maximal: usize::try_from(a.maximal_inputs).context("--maximal-inputs is too large")?,
        max_time: Duration::from_secs(a.max_seconds),
        jobs: usize::try_from(a.jobs).context("--jobs is too large")?,
        limits: stress::Limits {
            timeout: Duration::from_millis(a.timeout_ms),
            max_output_bytes: usize::try_from(a.max_output_bytes)
                .context("--max-output-bytes is too large")?,
            memory: a
                .memory_limit_mb
                .map(|mib| mib << 20)
                .or_else(stress::Limits::default_memory),
        },
        shrink: stress::ShrinkLimits {
            max_runs: a.max_shrink_runs,
            max_timeouts: a.max_shrink_timeouts,
            max_time: Duration::from_secs(a.max_shrink_seconds),
            ..stress::ShrinkLimits::default()
        },
        range: if a.extended {
            crate::problem::Range::Extended
        } else {
            crate::problem::Range::Contest
        },
        overrides,
        out_dir: a.out_dir,
        replay: a.replay,
        reap: true,
        build_dir: None,
        // An interactive game's move has its format's time unless one is given.
        move_time: timeout_given.then(|| Duration::from_millis(a.timeout_ms)),
    };
    R::visit(&a.problem, flags, Stress { config, json: a.json })?
}

/// `stress` on an interactive game: the banner, the runs, the report.
fn interactive_stress(
    game: &dyn crate::interactive::InteractiveCommand,
    config: &stress::Config,
    json: bool,
) -> Result<ExitCode> {
    let banner = match &config.replay {
        Some(file) => format!(
            "{} stress {}: interactive, replaying {} on `{}`",
            crate::program::name(),
            config.problem_args,
            file.display(),
            config.solution.display()
        ),
        None => format!(
            "{} stress {}: interactive, seed {}, {} runs, {} jobs, solution `{}`",
            crate::program::name(),
            config.problem_args,
            config.seed,
            config.cases,
            config.jobs,
            config.solution.display()
        ),
    };
    note(&crate::shown::escaped_lines(&banner));
    let solution = config.solution.display();
    let report = game
        .stress(config, &bars::Inputs::new())
        .map_err(|e| with_split_hint(e, &solution))
        .context("stress run failed")?;
    let text = if json {
        report.to_json() + "\n"
    } else {
        report.to_text()
    };
    write_stdout(text.as_bytes())?;
    Ok(ExitCode::from(report.exit_code()))
}

/// Returns the options of `play`.
pub(super) fn play_options(
    seed: u64,
    games: u64,
    start: Option<&str>,
    random_defence: bool,
) -> Result<crate::interactive::PlayOptions> {
    let start = match start {
        None => None,
        Some(text) => Some(
            text.split_ascii_whitespace()
                .map(|w| {
                    w.parse::<u64>()
                        .with_context(|| format!("--start: `{w}` is not a count"))
                })
                .collect::<Result<Vec<u64>>>()?,
        ),
    };
    Ok(crate::interactive::PlayOptions {
        seed,
        games,
        start,
        random_defence,
    })
}

/// `play <problem>`: the judge against the person at the terminal.
struct Play {
    options: crate::interactive::PlayOptions,
}

impl Visit for Play {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        let Some(game) = problem.interactive_command() else {
            anyhow::bail!(
                "{} has no interactive format; `play` plays interactive games only",
                problem.name()
            );
        };
        let mut input = std::io::stdin().lock();
        let mut output = std::io::stdout().lock();
        let played = game.play(&self.options, &mut input, &mut output)?;
        Ok(exit(played.verdict == crate::interactive::Verdict::Ok))
    }
}

pub(super) fn play<R: Registry>(
    problem: &str,
    flags: &Flags,
    options: crate::interactive::PlayOptions,
) -> Result<ExitCode> {
    R::visit(problem, flags, Play { options })?
}

/// `repro <problem> CASE…`: one case under every implementation; with no case, the
/// failures `check` kept, replayed.
struct Repro {
    words: Vec<String>,
}

impl Visit for Repro {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        if self.words.is_empty() {
            return replay_kept(problem);
        }
        let case = problem.case_from_words(&self.words).map_err(anyhow::Error::msg)?;
        // Only a case within what the problem can judge: the range `solve` and the
        // stress judge accept.
        let constraints = problem.constraints().map_err(anyhow::Error::msg)?;
        constraints
            .check(&problem.extent(std::slice::from_ref(&case)))
            .map_err(anyhow::Error::msg)?;
        let r = crate::check::repro(problem, case);
        write_stdout(r.to_text(&problem.describe(&r.case)).as_bytes())?;
        Ok(exit(r.agree()))
    }
}

/// `repro <problem>` with no case: every seed kept in ./proptest-regressions/ replayed
/// under every property, each failure at its least counterexample, side by side.
fn replay_kept<P: Registered>(problem: &P) -> Result<ExitCode> {
    let replayed = crate::check::replay_kept(problem, std::path::Path::new("."));
    if replayed.kept == 0 {
        if let Some((line, text)) =
            crate::check::unreadable_regression_lines(std::path::Path::new(&replayed.path)).first()
        {
            anyhow::bail!(
                "line {line} of {} is not a kept case: `{}` (check keeps `cc <hex seed>` lines, and `#` comments)",
                replayed.path,
                crate::shown::escaped(text.as_bytes(), 80)
            );
        }
        anyhow::bail!(
            "no case given, and none kept in {} (check keeps its failures there): give the case, {}",
            replayed.path,
            problem.numbers_text()
        );
    }
    let mut out = format!(
        "{} kept in {} replayed under {} properties\n",
        match replayed.kept {
            1 => "1 case".to_owned(),
            n => format!("{n} cases"),
        },
        replayed.path,
        problem.properties().len()
    );
    for c in &replayed.failures {
        let disagrees = crate::problem::disagreements(&c.evaluations);
        let r = crate::check::Repro::<P> {
            case: c.case.clone(),
            evaluations: c.evaluations.clone(),
            disagrees,
        };
        out.push_str(&format!("{} fails ({}): {}\n", c.property, c.least, c.reason));
        out.push_str(&r.to_text(&problem.describe(&c.case)));
        out.push_str(&format!("  repro: {}\n", problem.repro_command(&c.case)));
    }
    for (property, why) in &replayed.aborted {
        out.push_str(&format!("{property} gave up: {why}\n"));
    }
    if replayed.failures.is_empty() && replayed.aborted.is_empty() {
        out.push_str("all agree: no kept case fails now\n");
    }
    write_stdout(out.as_bytes())?;
    Ok(exit(replayed.failures.is_empty() && replayed.aborted.is_empty()))
}

pub(super) fn repro<R: Registry>(problem: &str, flags: &Flags, words: Vec<String>) -> Result<ExitCode> {
    R::visit(problem, flags, Repro { words })?.with_context(|| format!("repro {problem}"))
}

/// What `repro` reads for a problem.
struct NumbersText;

impl Visit for NumbersText {
    type Output = &'static str;
    fn visit<P: Registered>(self, problem: &P) -> &'static str {
        problem.numbers_text()
    }
}

/// `repro --help`'s list: each problem, its aliases, and the numbers it reads.
pub(super) fn repro_help<R: Registry>() -> String {
    let mut help = String::from("Problems and their numbers:\n");
    for (name, aliases) in R::problems() {
        let alias = match aliases {
            [] => String::new(),
            _ => format!(" (alias {})", aliases.join(", ")),
        };
        let numbers = R::visit(name, &Flags::default(), NumbersText).unwrap_or_default();
        help.push_str(&format!("  {name}{alias}: {numbers}\n"));
    }
    help
}

/// Returns `e` with the hint of [`crate::program::split_hint`] when the solution could not
/// be started and its command was split into several words.
fn with_split_hint(e: crate::stress::StressError, command: &str) -> anyhow::Error {
    match (&e, crate::program::split_hint(command)) {
        (crate::stress::StressError::Spawn { .. }, Some(hint)) => {
            anyhow::anyhow!("{:#}\n{hint}", anyhow::Error::from(e))
        }
        _ => e.into(),
    }
}
