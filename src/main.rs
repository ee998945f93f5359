//! The `gamecheck` command line: parses arguments and calls the library.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use gamecheck::stress;

#[derive(Parser)]
#[command(
    name = "gamecheck",
    version,
    about = "Proves and stress-tests solutions to combinatorial games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve contest input from stdin, writing one answer per case to stdout.
    Solve {
        #[command(subcommand)]
        game: SolveGame,
    },
    /// Run a solution on random boundary-biased inputs, judge it against gamecheck's
    /// verified solvers, and shrink the first failure to the least failing input.
    ///
    /// Exit code: 0 all inputs passed, 1 a failure was found, 2 usage error (bad flags,
    /// a solution command that cannot be started).
    Stress {
        /// The game the solution solves.
        #[arg(value_enum)]
        game: Game,
        /// The solution command, split shell-like into program and arguments (no shell).
        #[arg(long)]
        solution: String,
        /// Seed of the input generator (ChaCha8); printed, so a run can be repeated.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of generated inputs.
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
        cases: u64,
        /// Solution runs at a time.
        #[arg(short = 'j', long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
        jobs: u64,
        /// Wall-clock limit per run; the program and its children are killed after it.
        #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
        timeout_ms: u64,
        /// Stdout cap per run; a run writing more is killed and judged runtime-error.
        #[arg(long, default_value_t = 1 << 20, value_parser = clap::value_parser!(u64).range(1..))]
        max_output_bytes: u64,
        /// Cap on program runs while shrinking.
        #[arg(long, default_value_t = 3000)]
        max_shrink_runs: usize,
        /// Cap on shrinking runs that hit the time limit (each costs a whole timeout).
        #[arg(long, default_value_t = 25)]
        max_shrink_timeouts: usize,
        /// Where the shrunk input and the expected and actual output are written.
        #[arg(long, default_value = "gamecheck-stress")]
        out_dir: PathBuf,
        /// Judge the solution on this contest input only (as written by a failing run).
        #[arg(long)]
        replay: Option<PathBuf>,
        /// Print the report as JSON: verdict, input, expected, actual, cases, seed.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum SolveGame {
    /// Chopsticks: a line T, then T lines `a c b d`; prints First or Second per case.
    Chopsticks {
        /// Also print the deciding case of the rule and a winning move.
        #[arg(long)]
        explain: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    Chopsticks,
    Games,
}

fn read_stdin() -> Result<Vec<u8>> {
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut input)
        .context("reading stdin")?;
    Ok(input)
}

fn write_stdout(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).context("writing stdout")?;
    out.flush().context("writing stdout")
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Solve { game } => match game {
            SolveGame::Chopsticks { explain } => {
                let input = read_stdin()?;
                let out = gamecheck::chopsticks::solve(&input, explain)
                    .context("invalid chopsticks input on stdin")?;
                write_stdout(&out)?;
                Ok(ExitCode::SUCCESS)
            }
        },
        Command::Stress {
            game,
            solution,
            seed,
            cases,
            jobs,
            timeout_ms,
            max_output_bytes,
            max_shrink_runs,
            max_shrink_timeouts,
            out_dir,
            replay,
            json,
        } => {
            let config = stress::Config {
                game: match game {
                    Game::Chopsticks => stress::Game::Chopsticks,
                    Game::Games => stress::Game::Games,
                },
                solution: stress::Solution::parse(&solution).context("invalid --solution")?,
                seed,
                cases: usize::try_from(cases).context("--cases is too large")?,
                jobs: usize::try_from(jobs).context("--jobs is too large")?,
                limits: stress::Limits {
                    timeout: Duration::from_millis(timeout_ms),
                    max_output_bytes: usize::try_from(max_output_bytes)
                        .context("--max-output-bytes is too large")?,
                },
                shrink: stress::ShrinkLimits {
                    max_runs: max_shrink_runs,
                    max_timeouts: max_shrink_timeouts,
                    ..stress::ShrinkLimits::default()
                },
                out_dir,
                replay,
                progress: true,
            };
            eprintln!("{}", config.banner());
            let report = stress::stress(&config).context("stress run failed")?;
            write_stdout(&if json {
                report.to_json() + "\n"
            } else {
                report.to_text()
            })?;
            Ok(ExitCode::from(report.exit_code()))
        }
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
