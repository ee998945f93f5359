//! The `gamecheck` command line: parses arguments and calls the library.

use std::io::{Read, Write};
use std::os::fd::AsFd;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use gamecheck::chopsticks::State;
use gamecheck::prove::Shard;
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
    /// Run every cross-check of every game under one seed; exit 1 on any disagreement.
    Check {
        /// Cases per unit share of each property (the default takes about a minute).
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u32).range(1..))]
        cases: u32,
        /// Seed of every generator; the same seed gives the same report.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check the catalog of claims: each ends refuted (least counterexample) or holds.
    Claims {
        /// Check only these claim ids (repeatable); all by default.
        #[arg(long = "id")]
        ids: Vec<String>,
        /// Random cases per claim, after the exhaustive range.
        #[arg(long, default_value_t = 20_000)]
        cases: u32,
        /// Seed of the random cases.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write `{"claims": [...]}` as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check a typed conjecture: exhaustive over a small range, random over the full
    /// range, then the least counterexample.
    ///
    /// chopsticks: EXPR over a, c, b, d, n, m claims "the player to move wins".
    /// games: EXPR over piles, k, xor, sum, max, bitcount(j), all_bits(expr of j) claims
    /// "the position is a loss for the player to move" in Moore's Nim_k.
    ///
    /// Exit code: 0 holds, 1 refuted, 2 usage or syntax error.
    Claim {
        /// The game the claim is about.
        #[arg(value_enum)]
        game: Game,
        /// The claim: a boolean expression (integers are 128-bit, overflow is an error).
        expr: String,
        /// Random cases, after the exhaustive range.
        #[arg(long, default_value_t = 20_000)]
        cases: u32,
        /// Seed of the random cases.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// k of Moore's Nim_k (games only): a move takes from 1 to k piles.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..))]
        k: u32,
        /// Write the report as JSON: verdict, counterexample, cases, …
        #[arg(long)]
        json: bool,
    },
    /// Evaluate one case under every implementation, side by side.
    Repro {
        #[command(subcommand)]
        game: ReproGame,
    },
    /// Bounded exhaustive proofs, in parallel and splittable with --shard.
    Prove {
        #[command(subcommand)]
        game: ProveGame,
    },
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
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
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
        /// games: piles per move.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..))]
        k: u32,
        /// games: P, the prime modulus of the count.
        #[arg(long, default_value_t = 998_244_353)]
        modulus: u64,
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
    /// sequences mod P (998244353 by default).
    Games {
        /// The most piles a move may take from (any k ≥ 1).
        #[arg(long, default_value_t = 6)]
        k: u32,
        /// P: the prime modulus of the count.
        #[arg(long, default_value_t = 998_244_353)]
        modulus: u64,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    Chopsticks,
    Games,
}

#[derive(Subcommand)]
enum ReproGame {
    /// A Chopsticks position `a c b d`.
    Chopsticks { a: u64, c: u64, b: u64, d: u64 },
    /// A counting case: the length K, then the values A.
    Games {
        /// Piles per move.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..))]
        k: u32,
        /// P: the prime modulus of the count.
        #[arg(long, default_value_t = 998_244_353)]
        modulus: u64,
        /// The sequence length K.
        len: u64,
        /// The values A_1 … A_N.
        values: Vec<u64>,
    },
    /// A Moore's Nim position: its pile sizes.
    Moore {
        /// Piles per move.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..))]
        k: u32,
        piles: Vec<u64>,
    },
}

#[derive(Subcommand)]
enum ProveGame {
    /// Moore's P-test against the explicit game search on every multiset in range.
    Moore {
        /// Piles per move.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..))]
        k: u32,
        /// The most piles in a position.
        #[arg(long, default_value_t = 8)]
        max_piles: usize,
        /// The largest pile size.
        #[arg(long, default_value_t = 3)]
        max_size: u64,
        /// Prove only part i of n (1-based), e.g. 2/4.
        #[arg(long, default_value = "1/1")]
        shard: Shard,
        /// Write the summary as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The fast rule against the dense table on every state with each count below L.
    Chopsticks {
        /// L: every count a, c, b, d runs over 0..L.
        #[arg(long, default_value_t = 128)]
        max_count: u64,
        /// Prove only part i of n (1-based), e.g. 2/4.
        #[arg(long, default_value = "1/1")]
        shard: Shard,
        /// Write the summary as JSON.
        #[arg(long)]
        json: bool,
    },
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
    // Map only a file read from its start: a caller may have consumed part of it already.
    if let Ok(mut file) = file
        && file.metadata().is_ok_and(|m| m.is_file() && m.len() > 0)
        && std::io::Seek::stream_position(&mut file).is_ok_and(|p| p == 0)
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

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).context("writing stdout")?;
    out.flush().context("writing stdout")
}

fn json<T: serde::Serialize>(value: &T) -> Result<String> {
    serde_json::to_string_pretty(value).context("serializing the report")
}

fn exit(ok: bool) -> ExitCode {
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

fn check(cases: u32, seed: u64, as_json: bool) -> Result<ExitCode> {
    eprintln!("gamecheck check: seed {seed}, {cases} cases per share");
    let bar = gamecheck::progress::bar(gamecheck::check::campaign_cases(cases), "check");
    let report =
        gamecheck::check::run_campaign(seed, cases, &|| bar.inc(1)).context("running the campaign")?;
    bar.finish_and_clear();
    let text = if as_json {
        json(&report)? + "\n"
    } else {
        report.to_table()
    };
    write_stdout(text.as_bytes())?;
    Ok(exit(report.all_agree()))
}

fn claims(ids: &[String], cases: u32, seed: u64, as_json: bool) -> Result<ExitCode> {
    let catalog = gamecheck::claims::catalog();
    if let Some(unknown) = ids.iter().find(|id| !catalog.iter().any(|e| e.id == id.as_str())) {
        let known: Vec<&str> = catalog.iter().map(|e| e.id).collect();
        anyhow::bail!("unknown claim id `{unknown}`; known ids: {}", known.join(", "));
    }
    let chosen: Vec<_> = catalog
        .iter()
        .filter(|e| ids.is_empty() || ids.iter().any(|id| id == e.id))
        .collect();
    eprintln!("gamecheck claims: seed {seed}, {cases} random cases per claim");
    let bar = gamecheck::progress::bar(chosen.len() as u64, "claims");
    let mut reports = Vec::new();
    for entry in chosen {
        bar.set_message(entry.id);
        let report = entry.check(seed, cases);
        if !as_json {
            bar.suspend(|| print!("{}", report.to_text()));
        }
        reports.push(report);
        bar.inc(1);
    }
    bar.finish_and_clear();
    if as_json {
        write_stdout((json(&serde_json::json!({ "claims": reports }))? + "\n").as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn claim(game: Game, expr: &str, cases: u32, seed: u64, k: u32, as_json: bool) -> Result<ExitCode> {
    eprintln!("gamecheck claim: seed {seed}, {cases} random cases");
    let report = match game {
        Game::Chopsticks => gamecheck::claims::check_chopsticks_expr(expr, seed, cases),
        Game::Games => gamecheck::claims::check_games_expr(expr, k, seed, cases),
    }
    .context("invalid claim")?;
    let text = if as_json {
        json(&report)? + "\n"
    } else {
        report.to_text()
    };
    write_stdout(text.as_bytes())?;
    Ok(exit(report.verdict == gamecheck::claims::ClaimVerdict::Holds))
}

fn report_proof(summary: &gamecheck::prove::ProofSummary, as_json: bool) -> Result<ExitCode> {
    for m in &summary.mismatches {
        eprintln!("mismatch: {m}");
    }
    let text = if as_json { json(summary)? } else { summary.line() };
    write_stdout(format!("{text}\n").as_bytes())?;
    Ok(exit(summary.mismatch_count == 0))
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Check { cases, seed, json } => check(cases, seed, json),
        Command::Claims {
            ids,
            cases,
            seed,
            json,
        } => claims(&ids, cases, seed, json),
        Command::Claim {
            game,
            expr,
            cases,
            seed,
            k,
            json,
        } => claim(game, &expr, cases, seed, k, json),
        Command::Repro {
            game:
                ReproGame::Games {
                    k,
                    modulus,
                    len,
                    values,
                },
        } => {
            let (text, agree) =
                gamecheck::check::repro_games_mod(&values, len, k, modulus).context("repro games")?;
            write_stdout(text.as_bytes())?;
            Ok(exit(agree))
        }
        Command::Repro {
            game: ReproGame::Moore { k, piles },
        } => {
            let (text, agree) = gamecheck::check::repro_moore(&piles, k).context("repro moore")?;
            write_stdout(text.as_bytes())?;
            Ok(exit(agree))
        }
        Command::Prove {
            game:
                ProveGame::Moore {
                    k,
                    max_piles,
                    max_size,
                    shard,
                    json: as_json,
                },
        } => {
            let total = shard.range(gamecheck::prove::moore_positions(max_piles, max_size).unwrap_or(0));
            let bar = gamecheck::progress::bar(total.end - total.start, "prove");
            let summary = gamecheck::prove::prove_moore(k, max_piles, max_size, shard, &|n| bar.inc(n))
                .context("proving moore")?;
            bar.finish_and_clear();
            report_proof(&summary, as_json)
        }
        Command::Repro {
            game: ReproGame::Chopsticks { a, c, b, d },
        } => {
            let (text, agree) =
                gamecheck::check::repro_chopsticks(State::new(a, c, b, d)).context("building the table")?;
            write_stdout(text.as_bytes())?;
            Ok(exit(agree))
        }
        Command::Prove {
            game:
                ProveGame::Chopsticks {
                    max_count,
                    shard,
                    json: as_json,
                },
        } => {
            let states = shard.range(max_count.saturating_pow(4));
            let bar = gamecheck::progress::bar(states.end - states.start, "prove");
            let summary = gamecheck::prove::prove_chopsticks(max_count, shard, &|n| bar.inc(n))
                .context("proving chopsticks")?;
            bar.finish_and_clear();
            report_proof(&summary, as_json)
        }
        Command::Solve {
            game: SolveGame::Chopsticks { explain },
        } => {
            let input = read_stdin()?;
            let out =
                gamecheck::chopsticks::solve(&input, explain).context("invalid chopsticks input on stdin")?;
            write_stdout(&out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Solve {
            game: SolveGame::Games { k, modulus },
        } => {
            let input = read_stdin()?;
            let out = gamecheck::moore::solve_mod(&input, k, modulus)
                .with_context(|| format!("solve games (Moore's Nim_k, k = {k}, mod {modulus}) on stdin"))?;
            write_stdout(out.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
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
            k,
            modulus,
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
                games: stress::GamesParams::new(k, modulus).context("invalid --k or --modulus")?,
            };
            eprintln!("{}", config.banner());
            let report = stress::stress(&config).context("stress run failed")?;
            write_stdout(
                (if json {
                    report.to_json() + "\n"
                } else {
                    report.to_text()
                })
                .as_bytes(),
            )?;
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
