//! The `gamecheck` command line: parses arguments and calls the library.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args as _, Parser, Subcommand};
use gamecheck::games::{Registered, Visit, visit};
use gamecheck::problem::ContestFormat;
use gamecheck::problem::Flags;
use gamecheck::prove::Shard;
use gamecheck::shown::note;
use gamecheck::stress;

mod cli;

/// The exit codes every subcommand keeps (README, "Exit codes").
const EXIT_STATUS: &str = "Exit status: 0 agree or holds, 1 disagree or refuted, 2 usage or input error \
                           (141 when the reader of stdout left).";

#[derive(Parser)]
#[command(
    name = "gamecheck",
    version,
    about = "Proves and stress-tests solutions to combinatorial games",
    after_long_help = EXIT_STATUS
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once per process: the size of the largest variant costs nothing.
#[allow(clippy::large_enum_variant)]
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
    ///
    /// Exit code: 0 every verdict is the expected one, 1 some verdict differs, 2 usage error.
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
    /// range, then the least counterexample. What EXPR may use is listed per problem
    /// below (`claim --help`).
    ///
    /// Exit code: 0 holds, 1 refuted, 2 usage or syntax error.
    Claim {
        /// The problem the claim is about.
        #[arg(value_parser = problem_parser())]
        problem: String,
        /// The claim: a boolean expression (integers are 128-bit, overflow is an error).
        expr: String,
        /// Random cases, after the exhaustive range.
        #[arg(long, default_value_t = 20_000)]
        cases: u32,
        /// Seed of the random cases.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        given: ProblemArgs,
        /// Cases the least-counterexample search of a failure may try, in its descent and
        /// again below it; cut short, it reports a local minimum. Default: the problem's.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        least_budget: Option<u64>,
        /// Write the report as JSON: verdict, counterexample, cases, …
        #[arg(long)]
        json: bool,
    },
    /// Evaluate one case under every implementation, side by side.
    ///
    /// The numbers each problem reads are listed below (`repro --help`). Exit code: 0 all
    /// agree, 1 a disagreement, 2 usage or input error.
    Repro {
        /// The problem.
        #[arg(value_parser = problem_parser())]
        problem: String,
        #[command(flatten)]
        given: ProblemArgs,
        /// The case, as numbers.
        numbers: Vec<u64>,
    },
    /// Bounded exhaustive proofs, in parallel and splittable in shards (docs/distributed.md).
    Prove {
        #[command(subcommand)]
        game: ProveGame,
    },
    /// Solve contest input from stdin, writing one answer per case to stdout, in the
    /// problem's contest format (the README's `gamecheck solve`).
    Solve {
        /// The problem.
        #[arg(value_parser = problem_parser())]
        problem: String,
        /// Also print why: the deciding case of the rule and a winning move.
        #[arg(long)]
        explain: bool,
        #[command(flatten)]
        given: ProblemArgs,
    },
    /// Run a solution on random boundary-biased inputs, judge it against gamecheck's
    /// verified solvers, and shrink the first failure to the least failing input.
    ///
    /// Exit code: 0 all inputs passed, 1 a failure was found, 2 usage error (bad flags,
    /// a solution command that cannot be started).
    Stress {
        /// The problem the solution solves.
        #[arg(value_parser = problem_parser())]
        problem: String,
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
        /// Shrinking runs that may hit the time limit (each costs a whole timeout); the
        /// next one ends the shrink, so 0 ends it at the first.
        #[arg(long, default_value_t = 25)]
        max_shrink_timeouts: usize,
        /// Wall-clock cap on shrinking, in seconds.
        #[arg(long, default_value_t = 60)]
        max_shrink_seconds: u64,
        /// Where the shrunk input and the expected and actual output are written; checked
        /// and locked before any run, written as soon as a failure is found. Default: a
        /// fresh directory under the system's temp directory.
        #[arg(long)]
        out_dir: Option<PathBuf>,
        #[command(flatten)]
        given: ProblemArgs,
        /// Use the extended ranges (games: K up to 2^64 - 1, values up to 511, N up to
        /// 1000) instead of the contest's; the --max-* flags refine either. The banner
        /// prints every range the problem has, under the flag that bounds it.
        #[arg(long)]
        extended: bool,
        /// Bound N, the values per case (games, moore).
        #[arg(long)]
        max_n: Option<u64>,
        /// Bound the values (games: A_i; moore: pile sizes).
        #[arg(long)]
        max_value: Option<u64>,
        /// Bound K, the sequence length (games).
        #[arg(long)]
        max_k: Option<u64>,
        /// Bound the problem's counts (chopsticks: a, c, b, d; wythoff: the piles).
        #[arg(long)]
        max_count: Option<u64>,
        /// Bound T, the cases per input (problems read as T, then T cases).
        #[arg(long)]
        max_cases: Option<u64>,
        /// Judge the solution on this contest input only (as written by a failing run).
        #[arg(long)]
        replay: Option<PathBuf>,
        /// Print the report as JSON: verdict, input, expected, actual, cases, seed, ranges,
        /// shrink standing and runs, the first failing input, files and replay command.
        #[arg(long)]
        json: bool,
    },
    // --- pictures: `plot` and `bench-report` ---
    /// Draw a game's positions as an SVG picture (see the README's `gamecheck plot`).
    Plot {
        #[command(subcommand)]
        game: PlotGame,
    },
    /// Table criterion's results as Markdown and chart time against input size as SVG.
    BenchReport {
        /// Criterion's results; default $CARGO_TARGET_DIR/criterion, else target/criterion.
        #[arg(long)]
        criterion_dir: Option<PathBuf>,
        /// Write the Markdown table here instead of to stdout.
        #[arg(long)]
        markdown: Option<PathBuf>,
        /// Write the SVG chart here.
        #[arg(long)]
        svg: Option<PathBuf>,
    },
    // --- ecosystem: `completions` and `man` ---
    /// Print the completion script of a shell (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff); with --out-dir, write one page per subcommand there.
    Man {
        /// Write gamecheck.1, gamecheck-check.1, … into this directory instead.
        #[arg(long)]
        out_dir: Option<PathBuf>,
    },
}

/// The flags that build a problem; each applies only to the problems that declare it
/// (`--k` to moore and games, `--set` to subtraction), and a flag given to another
/// problem is a usage error.
#[derive(clap::Args, Clone, Debug, Default)]
struct ProblemArgs {
    /// k of Moore's Nim_k (moore, games): a move takes from 1 to k piles [default: 6].
    #[arg(long)]
    k: Option<u64>,
    /// The prime counts are taken modulo (games) [default: 998244353].
    #[arg(long)]
    modulus: Option<u64>,
    /// The moves of a subtraction game (subtraction) [default: 1,3,4].
    #[arg(long, value_delimiter = ',', value_name = "S")]
    set: Option<Vec<u64>>,
    /// The code of a heap game (octal): 0.77, 4.07, hex digits, or grundy [default: 0.77].
    #[arg(long, value_name = "C")]
    code: Option<String>,
    /// Heaps computed until a period is proved (octal) [default: 1000000].
    #[arg(long, value_name = "N")]
    max_heap: Option<u64>,
    /// Misère play: the player who cannot move wins (subtraction, octal).
    #[arg(long)]
    misere: bool,
    /// Ask for the Grundy value instead of who wins (subtraction, octal).
    #[arg(long)]
    grundy: bool,
}

impl ProblemArgs {
    /// Returns the flags given, checked against those `problem` declares, and the
    /// problem's name with them as the command line would repeat it.
    fn resolve(&self, problem: &str) -> Result<(Flags, String)> {
        use gamecheck::problem::{FlagKind, FlagValue};
        let declared = gamecheck::games::problem_flags(problem)?;
        let given: Vec<(&str, FlagValue, String)> = [
            self.k.map(|k| ("k", FlagValue::Number(k), k.to_string())),
            self.modulus
                .map(|m| ("modulus", FlagValue::Number(m), m.to_string())),
            self.set.as_ref().map(|s| {
                let text = s.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
                ("set", FlagValue::Numbers(s.clone()), text)
            }),
            self.code
                .as_ref()
                .map(|c| ("code", FlagValue::Text(Some(c.clone())), c.clone())),
            self.max_heap
                .map(|n| ("max-heap", FlagValue::Number(n), n.to_string())),
            self.misere
                .then(|| ("misere", FlagValue::Switch(true), String::new())),
            self.grundy
                .then(|| ("grundy", FlagValue::Switch(true), String::new())),
        ]
        .into_iter()
        .flatten()
        .collect();
        let mut flags = Flags::default();
        let mut args = problem.to_owned();
        for (long, value, text) in given {
            let Some(flag) = declared.iter().find(|f| f.long == long) else {
                let known: Vec<String> = declared.iter().map(|f| format!("--{}", f.long)).collect();
                anyhow::bail!(
                    "--{long} does not apply to {problem}; {}",
                    if known.is_empty() {
                        "it takes no such flag".to_owned()
                    } else {
                        format!("it takes {}", known.join(", "))
                    }
                );
            };
            if let (FlagKind::Number { min, max, .. }, FlagValue::Number(n)) = (flag.kind, &value)
                && !(min..=max).contains(n)
            {
                anyhow::bail!("--{long} {n} is out of range: {min} to {max}");
            }
            args.push_str(&format!(" --{long}"));
            if !text.is_empty() {
                args.push_str(&format!(" {text}"));
            }
            flags.insert(long, value);
        }
        Ok((flags, args))
    }
}

/// `prove <problem>` for each problem with a proof ([`gamecheck::problem::Commands`]),
/// and `prove merge`.
enum ProveGame {
    Problem {
        name: String,
        flags: gamecheck::problem::Flags,
        shard: ShardArgs,
        json: bool,
    },
    Merge(MergeArgs),
}

/// Check that shard reports (`prove … --json`) make one whole proof, and print its
/// verdict.
///
/// Exit code: 0 proved, 1 mismatches, 2 missing, duplicate or inconsistent shards.
#[derive(clap::Args)]
struct MergeArgs {
    /// The shard reports, one per shard.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Write the whole proof as JSON.
    #[arg(long)]
    json: bool,
}

/// Write the summary as JSON.
#[derive(clap::Args)]
struct JsonArg {
    /// Write the summary as JSON.
    #[arg(long)]
    json: bool,
}

impl clap::FromArgMatches for ProveGame {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        use cli::problem_commands::{Which, flags, specs};
        match matches.subcommand() {
            Some(("merge", sub)) => Ok(ProveGame::Merge(MergeArgs::from_arg_matches(sub)?)),
            Some((name, sub)) => {
                let spec = specs(Which::Prove)
                    .into_iter()
                    .find(|s| s.name == name)
                    .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
                Ok(ProveGame::Problem {
                    name: name.to_owned(),
                    flags: flags(&spec.flags, sub),
                    shard: ShardArgs::from_arg_matches(sub)?,
                    json: JsonArg::from_arg_matches(sub)?.json,
                })
            }
            None => Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand)),
        }
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for ProveGame {
    fn augment_subcommands(command: clap::Command) -> clap::Command {
        use cli::problem_commands::{Which, specs};
        let problems = specs(Which::Prove)
            .iter()
            .map(|spec| {
                cli::problem_commands::command(spec, |c| JsonArg::augment_args(ShardArgs::augment_args(c)))
            })
            .collect::<Vec<_>>();
        command
            .subcommands(problems)
            .subcommand(MergeArgs::augment_args(clap::Command::new("merge")))
            .subcommand_required(true)
    }

    fn augment_subcommands_for_update(command: clap::Command) -> clap::Command {
        Self::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        use cli::problem_commands::{Which, specs};
        name == "merge" || specs(Which::Prove).iter().any(|s| s.name == name)
    }
}

/// Which shard to prove. Without `--shard` or `--shard-index`, the index comes from
/// JOB_COMPLETION_INDEX (Kubernetes Indexed Job, with --shard-count) or from
/// SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN (Slurm job array); else the whole proof.
#[derive(clap::Args)]
struct ShardArgs {
    /// Prove only part i of n (1-based), e.g. 2/4.
    #[arg(long)]
    shard: Option<Shard>,
    /// Prove only the shard of this 0-based index, with --shard-count. Without it (and
    /// --shard), JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN.
    #[arg(long, id = "shard-index", value_name = "SHARD_INDEX")]
    shard_index: Option<u64>,
    /// The number of shards (with --shard-index or JOB_COMPLETION_INDEX).
    #[arg(long, id = "shard-count", value_name = "SHARD_COUNT")]
    shard_count: Option<u64>,
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).context("writing stdout")?;
    out.flush().context("writing stdout")
}

/// Every JSON report: `format_version` first (docs/json.md), pretty-printed.
fn json<T: serde::Serialize>(value: &T) -> Result<String> {
    let value = gamecheck::json::versioned(value)?;
    serde_json::to_string_pretty(&value).context("serializing the report")
}

fn exit(ok: bool) -> ExitCode {
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

/// Runs every registered problem's properties.
struct CheckAll<'a> {
    seed: u64,
    cases: u32,
    tick: &'a (dyn Fn() + Sync),
    count_only: bool,
}

impl Visit for CheckAll<'_> {
    type Output = (u64, Vec<gamecheck::check::Row>);
    fn visit<P: Registered>(self, problem: &P) -> Self::Output {
        use gamecheck::check::Campaign;
        if self.count_only {
            return (problem.case_count(self.cases), Vec::new());
        }
        // Failures are kept in (and replayed from) the current directory's
        // proptest-regressions/, as `cargo test` does.
        let rows = problem.rows(self.seed, self.cases, Some(std::path::Path::new(".")), self.tick);
        (0, rows)
    }
}

fn check(cases: u32, seed: u64, as_json: bool) -> Result<ExitCode> {
    note(&format!("gamecheck check: seed {seed}, {cases} cases per share"));
    let names = gamecheck::games::problem_names();
    let mut total = 0;
    for name in &names {
        let v = CheckAll {
            seed,
            cases,
            tick: &|| {},
            count_only: true,
        };
        total += visit(name, &Flags::default(), v)?.0;
    }
    let bar = cli::bars::bar(total, "check");
    let mut rows = Vec::new();
    for name in &names {
        let v = CheckAll {
            seed,
            cases,
            tick: &|| bar.inc(1),
            count_only: false,
        };
        rows.extend(visit(name, &Flags::default(), v)?.1);
    }
    bar.finish_and_clear();
    let report = gamecheck::check::Report { seed, rows };
    let text = if as_json {
        json(&report)? + "\n"
    } else {
        report.to_table()
    };
    write_stdout(text.as_bytes())?;
    Ok(exit(report.all_agree()))
}

/// Replays one case of any problem, side by side.
fn repro_case<P: gamecheck::problem::Problem>(problem: &P, case: P::Case) -> Result<ExitCode> {
    let r = gamecheck::check::repro(problem, case);
    write_stdout(r.to_text(&problem.describe(&r.case)).as_bytes())?;
    Ok(exit(r.agree()))
}

fn claims(ids: &[String], cases: u32, seed: u64, as_json: bool) -> Result<ExitCode> {
    let catalog = gamecheck::claims::catalog();
    if let Some(unknown) = ids.iter().find(|id| !catalog.iter().any(|e| e.id == id.as_str())) {
        let known: Vec<&str> = catalog.iter().map(|e| e.id).collect();
        anyhow::bail!(
            "unknown claim id `{}`; known ids: {}",
            gamecheck::shown::escaped(unknown.as_bytes(), 40),
            known.join(", ")
        );
    }
    let chosen: Vec<_> = catalog
        .iter()
        .filter(|e| ids.is_empty() || ids.iter().any(|id| id == e.id))
        .collect();
    note(&format!(
        "gamecheck claims: seed {seed}, {cases} random cases per claim"
    ));
    let bar = cli::bars::bar(chosen.len() as u64, "claims");
    let mut reports = Vec::new();
    for entry in chosen {
        bar.set_message(entry.id);
        let report = entry.check(seed, cases);
        if !as_json {
            bar.suspend(|| write_stdout(report.to_text().as_bytes()))?;
        }
        reports.push(report);
        bar.inc(1);
    }
    bar.finish_and_clear();
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
            "gamecheck claims: verdicts differ from the expected ones: {}",
            unexpected.join(", ")
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
    type Output = Option<Result<gamecheck::claims::ClaimReport, gamecheck::claims::ExprError>>;
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
fn claim_help() -> String {
    let mut help = String::from("Problems and what EXPR reads:\n");
    for name in gamecheck::games::problem_names() {
        if let Ok(Some(vocabulary)) = visit(name, &Flags::default(), ClaimVocabulary) {
            help.push_str(&format!("  {name}: {vocabulary}\n"));
        }
    }
    help
}

/// The registered problems and their aliases, as the values a `problem` argument takes
/// (listed in `--help`, completed by the shells).
fn problem_parser() -> clap::builder::PossibleValuesParser {
    let values = gamecheck::games::problems()
        .into_iter()
        .map(|(name, aliases)| clap::builder::PossibleValue::new(name).aliases(aliases.iter().copied()));
    clap::builder::PossibleValuesParser::new(values)
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
fn repro_help() -> String {
    let mut help = String::from("Problems and their numbers:\n");
    for (name, aliases) in gamecheck::games::problems() {
        let alias = match aliases {
            [] => String::new(),
            _ => format!(" (alias {})", aliases.join(", ")),
        };
        let numbers = visit(name, &Flags::default(), NumbersText).unwrap_or_default();
        help.push_str(&format!("  {name}{alias}: {numbers}\n"));
    }
    help
}

fn claim(
    problem: &str,
    expr: &str,
    cases: u32,
    seed: u64,
    given: &ProblemArgs,
    least_budget: Option<u64>,
    as_json: bool,
) -> Result<ExitCode> {
    let (params, _) = given.resolve(problem)?;
    if visit(problem, &params, ClaimVocabulary)?.is_none() {
        anyhow::bail!("claims about {problem} cannot be typed");
    }
    note(&format!("gamecheck claim: seed {seed}, {cases} random cases"));
    let typed = || visit(problem, &params, TypedClaim { expr, seed, cases });
    let report = match least_budget {
        Some(budget) => gamecheck::claims::within_least_budget(budget, typed),
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
    Ok(exit(report.verdict == gamecheck::claims::ClaimVerdict::Holds))
}

/// `prove <problem>`: the proof its flags ask for, on the shard the flags or the job
/// runner's environment name.
struct RunProof {
    flags: gamecheck::problem::Flags,
    shard: ShardArgs,
    json: bool,
}

impl Visit for RunProof {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        use gamecheck::prove::{ProofProgress, ProofRun};
        let context = || format!("proving {}", problem.name());
        let command = problem
            .prove_command()
            .with_context(|| format!("{} has no proof", problem.name()))?;
        let request = gamecheck::prove::ShardRequest {
            shard: self.shard.shard,
            index: self.shard.shard_index,
            count: self.shard.shard_count,
        };
        let env = |var: &str| std::env::var_os(var).map(|v| v.to_string_lossy().into_owned());
        let bar = std::sync::OnceLock::new();
        let progress = ProofProgress {
            shard: &|| request.resolve(env),
            start: &|cases| {
                let _ = bar.set(cli::bars::bar(cases, "prove"));
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

fn prove(game: ProveGame) -> Result<ExitCode> {
    match game {
        ProveGame::Problem {
            name,
            flags,
            shard,
            json,
        } => visit(&name, &flags.clone(), RunProof { flags, shard, json })?,
        ProveGame::Merge(MergeArgs { files, json: as_json }) => {
            let whole = gamecheck::prove::merge_files(&files).context("merging shards")?;
            for m in &whole.mismatches {
                eprintln!("mismatch: {m}");
            }
            let text = if as_json { json(&whole)? } else { whole.line() };
            write_stdout(format!("{text}\n").as_bytes())?;
            Ok(exit(whole.mismatch_count == 0))
        }
    }
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
            problem,
            expr,
            cases,
            seed,
            given,
            least_budget,
            json,
        } => claim(&problem, &expr, cases, seed, &given, least_budget, json),
        Command::Prove { game } => prove(game),
        Command::Repro {
            problem,
            given,
            numbers,
        } => visit(&problem, &given.resolve(&problem)?.0, Repro { numbers })?
            .with_context(|| format!("repro {problem}")),
        Command::Solve {
            problem,
            explain,
            given,
        } => visit(&problem, &given.resolve(&problem)?.0, Solve { explain })?,
        Command::Stress {
            problem,
            solution,
            seed,
            cases,
            jobs,
            timeout_ms,
            max_output_bytes,
            max_shrink_runs,
            max_shrink_timeouts,
            max_shrink_seconds,
            out_dir,
            given,
            extended,
            max_n,
            max_value,
            max_k,
            max_count,
            max_cases,
            replay,
            json,
        } => {
            let overrides: Vec<(&'static str, u64)> = [
                ("n", max_n),
                ("value", max_value),
                ("k", max_k),
                ("count", max_count),
                ("cases", max_cases),
            ]
            .into_iter()
            .filter_map(|(flag, v)| v.map(|v| (flag, v)))
            .collect();
            let (params, problem_args) = given.resolve(&problem)?;
            let config = stress::Config {
                problem_args,
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
                    max_time: Duration::from_secs(max_shrink_seconds),
                    ..stress::ShrinkLimits::default()
                },
                range: if extended {
                    gamecheck::problem::Range::Extended
                } else {
                    gamecheck::problem::Range::Contest
                },
                overrides,
                out_dir,
                replay,
                reap: true,
            };
            visit(&problem, &params, Stress { config, json })?
        }
        Command::Plot { game } => plot(game),
        Command::BenchReport {
            criterion_dir,
            markdown,
            svg,
        } => bench_report(criterion_dir, markdown, svg),
        Command::Completions { shell } => {
            cli::ecosystem::completions(shell, cli_command(), &mut std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { out_dir } => {
            let command = cli_command();
            let pages = cli::ecosystem::man(command, out_dir.as_deref(), &mut std::io::stdout().lock())?;
            if let Some(dir) = out_dir {
                note(&format!("wrote {pages} man pages into {}", dir.display()));
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

// --- pictures: `plot` and `bench-report` ---

/// `plot <problem>` for each problem with a picture ([`gamecheck::problem::Commands`]).
struct PlotGame {
    name: String,
    flags: gamecheck::problem::Flags,
    out: PathBuf,
}

/// Where the picture goes.
#[derive(clap::Args)]
struct OutArg {
    /// The SVG file to write.
    #[arg(long)]
    out: PathBuf,
}

impl clap::FromArgMatches for PlotGame {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        use cli::problem_commands::{Which, flags, specs};
        let (name, sub) = matches
            .subcommand()
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
        let spec = specs(Which::Plot)
            .into_iter()
            .find(|s| s.name == name)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(PlotGame {
            name: name.to_owned(),
            flags: flags(&spec.flags, sub),
            out: OutArg::from_arg_matches(sub)?.out,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for PlotGame {
    fn augment_subcommands(command: clap::Command) -> clap::Command {
        use cli::problem_commands::{Which, specs};
        let problems = specs(Which::Plot)
            .iter()
            .map(|spec| cli::problem_commands::command(spec, OutArg::augment_args))
            .collect::<Vec<_>>();
        command.subcommands(problems).subcommand_required(true)
    }

    fn augment_subcommands_for_update(command: clap::Command) -> clap::Command {
        Self::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        use cli::problem_commands::{Which, specs};
        specs(Which::Plot).iter().any(|s| s.name == name)
    }
}

/// `plot <problem>`: the picture its flags ask for.
struct Plot<'a> {
    flags: &'a gamecheck::problem::Flags,
}

impl Visit for Plot<'_> {
    type Output = Result<gamecheck::plot::Picture>;
    fn visit<P: Registered>(self, problem: &P) -> Self::Output {
        let command = problem
            .plot_command()
            .with_context(|| format!("{} has no picture", problem.name()))?;
        command
            .picture(self.flags)
            .with_context(|| format!("plotting {}", problem.name()))
    }
}

fn write_file(path: &std::path::Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    note(&format!("wrote {} ({} bytes)", path.display(), text.len()));
    Ok(())
}

fn plot(game: PlotGame) -> Result<ExitCode> {
    let picture = visit(&game.name, &game.flags, Plot { flags: &game.flags })??;
    write_file(&game.out, &picture.to_svg()?)?;
    Ok(ExitCode::SUCCESS)
}

fn bench_report(dir: Option<PathBuf>, markdown: Option<PathBuf>, svg: Option<PathBuf>) -> Result<ExitCode> {
    let dir = dir.unwrap_or_else(|| {
        std::env::var_os("CARGO_TARGET_DIR")
            .map_or_else(|| PathBuf::from("target"), PathBuf::from)
            .join("criterion")
    });
    let results = gamecheck::bench_report::read_criterion(&dir)?;
    note(&format!(
        "gamecheck bench-report: {} results from {}",
        results.len(),
        dir.display()
    ));
    let text = gamecheck::bench_report::markdown(&results);
    match markdown {
        Some(path) => write_file(&path, &text)?,
        None => write_stdout(text.as_bytes())?,
    }
    if let Some(path) = svg {
        write_file(&path, &gamecheck::bench_report::chart_svg(&results)?)?;
    }
    Ok(ExitCode::SUCCESS)
}

// --- solve and stress over the registry (stress-engine) ---

/// `solve <problem>`: stdin through the problem's contest format to stdout.
struct Solve {
    explain: bool,
}

impl Visit for Solve {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        use gamecheck::problem::SolveError;
        let mut input = std::io::stdin().lock();
        let mut output = std::io::stdout().lock();
        match problem.solve_stream(&mut input, &mut output, self.explain) {
            Ok(()) => Ok(ExitCode::SUCCESS),
            // A failed read or write is not bad input.
            Err(e @ (SolveError::Read(_) | SolveError::Write(_))) => Err(e.into()),
            Err(e) => Err(anyhow::Error::new(e).context(problem.solve_context())),
        }
    }
}

/// `stress <problem>`: the banner, the run, the report.
struct Stress {
    config: stress::Config,
    json: bool,
}

impl Visit for Stress {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        let bounds = stress::bounds(problem, &self.config).context("stress")?;
        // The banner names the solution command as typed: no raw control characters.
        note(&gamecheck::shown::escaped_lines(&self.config.banner(&bounds)));
        let report = stress::stress_with_progress(problem, &self.config, &cli::bars::Inputs::new())
            .context("stress run failed")?;
        let text = if self.json {
            report.to_json() + "\n"
        } else {
            report.to_text()
        };
        write_stdout(text.as_bytes())?;
        Ok(ExitCode::from(report.exit_code()))
    }
}

/// `repro <problem> NUMBERS…`: one case under every implementation.
struct Repro {
    numbers: Vec<u64>,
}

impl Visit for Repro {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        let case = problem
            .case_from_numbers(&self.numbers)
            .map_err(anyhow::Error::msg)?;
        repro_checked(problem, case)
    }
}

/// Replays one case after checking it lies within what the problem can judge: the
/// range `solve` and the stress judge accept.
fn repro_checked<P: ContestFormat>(problem: &P, case: P::Case) -> Result<ExitCode> {
    let constraints = problem.constraints().map_err(anyhow::Error::msg)?;
    constraints
        .check(&problem.extent(std::slice::from_ref(&case)))
        .map_err(anyhow::Error::msg)?;
    repro_case(problem, case)
}

/// Whether `err` comes from writing to a pipe whose reader is gone.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

// --- end solve and stress ---

/// Returns the command line: the derived one, with what the registry adds to `claim`'s
/// help.
fn cli_command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
        .mut_subcommand("claim", |c| c.after_long_help(claim_help()))
        .mut_subcommand("repro", |c| c.after_help(repro_help()))
}

/// Returns the exit code of a command line clap did not run: `--help` and `--version`
/// print to stdout, where a failed write is an error (clap's own `exit` ignores it);
/// usage errors go to stderr with exit code 2.
fn clap_exit(e: clap::Error) -> ExitCode {
    use std::io::IsTerminal;
    if e.use_stderr() {
        let _ = e.print();
        return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    }
    let text = e.render();
    let text = if std::io::stdout().is_terminal() {
        text.ansi().to_string()
    } else {
        text.to_string()
    };
    match write_stdout(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::from(141),
        Err(err) => {
            note(&format!("error: {err:#}"));
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    if cli::closed_stdout::stdout_is_closed() {
        note("error: stdout is closed; gamecheck writes its output there");
        return ExitCode::from(2);
    }
    let matches = match cli_command().try_get_matches() {
        Ok(matches) => matches,
        Err(e) => return clap_exit(e),
    };
    let cli = match <Cli as clap::FromArgMatches>::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(e.format(&mut cli_command())),
    };
    if matches!(cli.command, Command::Stress { .. })
        && let Err(e) = stress::handle_signals()
    {
        note(&format!("error: cannot handle signals: {e}"));
        return ExitCode::from(2);
    }
    match run(cli) {
        Ok(code) => code,
        // The reader of stdout left (`| head`): nothing more to say, and no one to say it to.
        Err(err) if is_broken_pipe(&err) => ExitCode::from(141),
        Err(err) => {
            note(&format!("error: {err:#}"));
            ExitCode::from(2)
        }
    }
}
