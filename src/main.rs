//! The `gamecheck` command line: parses arguments and calls the library.

use std::io::{Read, Write};
use std::os::fd::AsFd;
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
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    Chopsticks,
    Games,
}

/// Standard input's bytes: mapped when it is a regular file (no copy, no page faults on a
/// fresh buffer), read otherwise.
enum Stdin {
    Mapped(memmap2::Mmap),
    Read(Vec<u8>),
}

impl std::ops::Deref for Stdin {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Stdin::Mapped(map) => map,
            Stdin::Read(bytes) => bytes,
        }
    }
}

fn read_stdin() -> Result<Stdin> {
    let file = std::io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .map(std::fs::File::from);
    // SAFETY: the map is read-only and lives only while this process reads its input; a
    // file truncated under us by another process is outside our contract.
    if let Ok(file) = file
        && file.metadata().is_ok_and(|m| m.is_file() && m.len() > 0)
        && let Ok(map) = unsafe { memmap2::Mmap::map(&file) }
    {
        return Ok(Stdin::Mapped(map));
    }
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut input)
        .context("reading stdin")?;
    Ok(Stdin::Read(input))
}

fn write_stdout(text: &[u8]) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text).context("writing stdout")?;
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
