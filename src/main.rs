//! The `gamecheck` command line: parses arguments and calls the library.

use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};

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
}

#[derive(Subcommand)]
enum SolveGame {
    /// Chopsticks: a line T, then T lines `a c b d`; prints First or Second per case.
    Chopsticks {
        /// Also print the deciding case of the rule and a winning move.
        #[arg(long)]
        explain: bool,
    },
    /// Games (Moore's Nim_k): `N K`, then N values; prints the number of losing length-K
    /// sequences mod 998244353.
    Games {
        /// The most piles a move may take from; k + 1 must divide 998244352.
        #[arg(long, default_value_t = 6)]
        k: u32,
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
            SolveGame::Games { k } => {
                let input = read_stdin()?;
                let out = gamecheck::moore::solve(&input, k)
                    .with_context(|| format!("solve games (Moore's Nim_k, k = {k}) on stdin"))?;
                write_stdout(&out)?;
                Ok(ExitCode::SUCCESS)
            }
        },
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
