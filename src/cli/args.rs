//! The arguments of every subcommand. What depends on the registry (the problems a
//! `problem` argument takes, their flags, the `prove` and `plot` subcommands, the lists
//! in `claim --help` and `repro --help`) is added by [`command`].

use std::path::PathBuf;

use clap::{Args as _, Parser, Subcommand};

use super::Program;
use crate::games::Registry;
use crate::prove::Shard;

/// The exit codes every subcommand keeps (docs/cli.md, "Exit codes").
const EXIT_STATUS: &str = "Exit status: 0 agree or holds, 1 disagree or refuted, 2 usage or input error \
                           (141 when the reader of stdout left).";

#[derive(Parser)]
#[command(
    name = "gamecheck",
    about = "Proves and stress-tests solutions to combinatorial games",
    after_long_help = EXIT_STATUS
)]
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Command,
}

// Parsed once per process: the size of the largest variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
pub(super) enum Command {
    /// Run every cross-check of every game under one seed; exit 1 on any disagreement.
    Check {
        /// Check only these problems; every problem by default. A problem's flags
        /// (`check subtraction --set 1,2`) check it built with them.
        #[arg(value_name = "PROBLEM")]
        problems: Vec<String>,
        /// Cases per unit share of each property (the default takes about a minute).
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u32).range(1..))]
        cases: u32,
        /// Seed of every generator; the same seed gives the same report.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// CPU seconds each problem may spend, split among its properties; the cases
        /// past a property's share are reported unjudged (not run), never disagreeing.
        /// A wall-clock net ten times larger stops a starved run.
        #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=86_400))]
        max_seconds: u64,
        /// Write the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check the catalog of claims: each ends refuted (least counterexample) or holds.
    ///
    /// Exit code: 0 every verdict is the expected one, 1 some verdict differs, 2 usage error.
    Claims {
        /// Check only the claims about these problems; every problem's by default.
        #[arg(value_name = "PROBLEM")]
        problems: Vec<String>,
        /// Check only these claim ids (repeatable); all by default.
        #[arg(long = "id")]
        ids: Vec<String>,
        /// Random cases per claim, after the exhaustive range.
        #[arg(long, default_value_t = 20_000)]
        cases: u32,
        /// Seed of the random cases.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// CPU seconds the whole run may spend: each claim gets what the ones before it
        /// left, less half an even share for each claim after it. A claim stopped by it
        /// says how far it got and is not counted against its expected verdict (exit 0
        /// unless a verdict differs). A wall-clock net ten times larger stops a starved run.
        #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86_400))]
        max_seconds: u64,
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
        problem: String,
        /// The claim: a boolean expression (integers are 128-bit, overflow is an error).
        expr: String,
        /// Random cases, after the exhaustive range.
        #[arg(long, default_value_t = 20_000)]
        cases: u32,
        /// Seed of the random cases.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Cases the least-counterexample search of a failure may try, in its descent and
        /// again below it; cut short, it reports a local minimum. Default: the problem's.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        least_budget: Option<u64>,
        /// Write the report as JSON: verdict, counterexample, cases, …
        #[arg(long)]
        json: bool,
    },
    /// Evaluate one case under every implementation, side by side; with no case, replay
    /// the failures `check` kept in ./proptest-regressions/<problem>.txt.
    ///
    /// The words each problem reads are listed below (`repro --help`). Exit code: 0 all
    /// agree, 1 a disagreement, 2 usage or input error (or no case given and none kept).
    Repro {
        /// The problem.
        problem: String,
        /// The case: its numbers, or the position's words.
        #[arg(value_name = "CASE")]
        numbers: Vec<String>,
    },
    /// Bounded exhaustive proofs, in parallel and splittable in shards (docs/distributed.md).
    Prove,
    /// Solve contest input from stdin, writing one answer per case to stdout, in the
    /// problem's contest format (docs/solve.md).
    Solve {
        /// The problem.
        problem: String,
        /// Also print why: the deciding case of the rule and a winning move.
        #[arg(long)]
        explain: bool,
    },
    /// Run a solution on random boundary-biased inputs, judge it against the problem's
    /// checked solver (cross-checked against oracles from the rules), and shrink the first
    /// failure to the least failing input.
    ///
    /// Exit code: 0 all inputs passed, 1 a failure was found, 2 usage error (bad flags,
    /// a solution command that cannot be started).
    Stress(StressArgs),
    /// Play an interactive game against the judge at the terminal: it shows each
    /// position, reads your moves in the game's notation, and says after each whether
    /// you kept the win. Only for games with an interactive format.
    ///
    /// Exit code: 0 every win kept, 1 a win lost (or an illegal move), 2 usage error.
    Play {
        /// The problem.
        problem: String,
        /// Seed of the starts and of the judge's choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games to play.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100))]
        games: u64,
        /// The start's counts, as the judge writes them after a list's length
        /// (`--start "3 4 5"`); default: a small one drawn from the seed.
        #[arg(long)]
        start: Option<String>,
        /// Defend with random losing moves instead of the longest.
        #[arg(long)]
        random_defence: bool,
    },
    /// Evaluate a partizan value: forms in CGSuite's notation joined by `+` and `-`
    /// (`{1|-1} + ^`), printed as its canonical form, or what the flags ask of it
    /// (docs/partizan.md).
    ///
    /// Exit code: 0 answered, 2 a malformed expression or an undefined operation.
    Value(ValueArgs),
    /// Value every position of a shape (every Domineering or Cram board inside R × C, every
    /// Toads and Frogs, Col or Snort row or Hackenbush string of a length) in parallel, and
    /// write census.jsonl (position, value, temperature) and census.md (the distinct values
    /// and temperatures, the hottest positions) (docs/partizan.md).
    ///
    /// Exit code: 0 every position valued, 2 usage error, 3 a budget stopped it (named).
    Census(super::census::CensusArgs),
    /// Check an input on stdin strictly against the problem's format, as a judge's
    /// validator: every range, sum and T, one space between tokens, no other whitespace,
    /// a newline ending every line (docs/setters.md).
    ///
    /// Exit code: 0 valid, 1 invalid (the line and token on stderr), 2 usage error.
    Validate(super::validate::ValidateArgs),
    /// Judge a contestant's output on one test, as a judge's checker: each answer by the
    /// rules, so any winning move is right and a legal but losing one is wrong; the
    /// jury's answer is judged too (docs/setters.md).
    ///
    /// Exit code (testlib): 0 accepted, 1 wrong answer, 2 presentation error, 3 checker
    /// failure (a wrong test), the message on stderr. With --kattis: 42 accepted, 43
    /// rejected, 1 checker failure, the message in FEEDBACK_DIR/judgemessage.txt.
    Judge(super::judge::JudgeArgs),
    /// Judge an interactive game as a judge's interactor: the test's starts from INPUT,
    /// the submission on stdin and stdout, every game played by the judge `stress` plays
    /// (the oracle's fastest win and longest defence), its choices drawn from a hash of
    /// the input unless --seed is given (docs/setters.md).
    ///
    /// Exit code (testlib): 0 accepted, 1 wrong answer, 2 presentation error, 3
    /// interactor failure (a wrong test), the message on stderr and in OUTPUT. With
    /// --kattis: 42 accepted, 43 rejected, 1 failure, the message in
    /// FEEDBACK_DIR/judgemessage.txt.
    Interact(super::interact::InteractArgs),
    /// Write a judge's test set: the least input killing each wrong program (found and
    /// shrunk by stress), every small case, boundary and maximal tests, each answered by
    /// the checked solver; a test that kills no new program and covers nothing new is
    /// dropped (docs/setters.md).
    ///
    /// Exit code: 0 every wrong program killed, 1 one is killed by no test (named), 2
    /// usage error.
    Tests(super::tests::TestsArgs),
    // --- pictures: `plot` and `bench-report` ---
    /// Draw a game's positions as an SVG picture (docs/plot.md).
    Plot,
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
    /// Print the man page (roff); with --out-dir, write one page per subcommand there;
    /// with --markdown, print the whole command-line reference in Markdown instead.
    Man {
        /// Write gamecheck.1, gamecheck-check.1, … into this directory instead.
        #[arg(long, conflicts_with = "markdown")]
        out_dir: Option<PathBuf>,
        /// Print the reference of every subcommand and flag in Markdown (docs/cli.md).
        #[arg(long)]
        markdown: bool,
    },
}

// The arguments of `stress` (no doc comment: it would replace the subcommand's about).
#[derive(clap::Args)]
pub(super) struct StressArgs {
    /// The problem the solution solves.
    pub(super) problem: String,
    /// The solution command, split shell-like into program and arguments (no shell).
    #[arg(long)]
    pub(super) solution: String,
    /// Seed of the input generator (ChaCha8); printed, so a run can be repeated.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Number of generated inputs: small ones first (T and list lengths n at most 1000,
    /// where failures are found and shrink well), then the --maximal-inputs.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub(super) cases: u64,
    /// Inputs at the end of the run at the ranges' maxima (T at its maximum, the longest of
    /// 8 draws), for time and memory; at most a tenth of --cases.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub(super) maximal_inputs: u64,
    /// CPU seconds the search for a failure may spend, gamecheck's and the solution's runs'
    /// (three quarters of it for the small inputs when maximal ones follow); the inputs
    /// not run are reported, and the run exits 0 if none failed. The shrink has its own
    /// budget. A wall-clock net ten times larger stops a starved run.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub(super) max_seconds: u64,
    /// Solution runs at a time.
    #[arg(short = 'j', long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub(super) jobs: u64,
    /// CPU-time limit per run, of the program and every process it starts (as judges
    /// count); they are all killed after it. A run is also killed after 3 times this of
    /// wall-clock time while none of its processes is running (it sleeps or waits).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) timeout_ms: u64,
    /// Stdout cap per run; a run writing more is killed and judged runtime-error.
    #[arg(long, default_value_t = 1 << 20, value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) max_output_bytes: u64,
    /// Data memory per process of a run, in MiB (RLIMIT_DATA, as judges limit memory); a
    /// run that fails for want of it is judged memory-limit. Default: a quarter of the
    /// machine's memory, at least 256.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    pub(super) memory_limit_mb: Option<u64>,
    /// Cap on program runs while shrinking.
    #[arg(long, default_value_t = 3000)]
    pub(super) max_shrink_runs: usize,
    /// Shrinking runs that may hit the time limit (each costs a whole timeout); the
    /// next one ends the shrink, so 0 ends it at the first.
    #[arg(long, default_value_t = 25)]
    pub(super) max_shrink_timeouts: usize,
    /// CPU seconds the shrink may spend, gamecheck's and the solution's runs' (a loaded
    /// machine does not spend them); a wall-clock safety net of 10 times this stops a
    /// shrink whose runs sleep or wait.
    #[arg(long, default_value_t = 60)]
    pub(super) max_shrink_seconds: u64,
    /// Where the shrunk input and the expected and actual output are written; checked
    /// and locked before any run, written as soon as a failure is found. Default: a
    /// fresh directory under the system's temp directory.
    #[arg(long)]
    pub(super) out_dir: Option<PathBuf>,
    /// Use the extended ranges instead of the contest's; the --max-* flags refine
    /// either. The banner prints every range the problem has, under the flag that
    /// bounds it.
    #[arg(long)]
    pub(super) extended: bool,
    /// Judge the solution on this contest input only (as written by a failing run).
    #[arg(long)]
    pub(super) replay: Option<PathBuf>,
    /// Print the report as JSON: verdict, input, expected, actual, cases, seed, ranges,
    /// shrink standing and runs, the first failing input, files and replay command.
    #[arg(long)]
    pub(super) json: bool,
}

/// Check that shard reports (`prove … --json`) make one whole proof, and print its
/// verdict.
///
/// Exit code: 0 proved, 1 mismatches, 2 missing, duplicate or inconsistent shards.
#[derive(clap::Args)]
pub(super) struct MergeArgs {
    /// The shard reports, one per shard.
    #[arg(required = true)]
    pub(super) files: Vec<PathBuf>,
    /// Write the whole proof as JSON.
    #[arg(long)]
    pub(super) json: bool,
}

/// Write the summary as JSON.
#[derive(clap::Args)]
pub(super) struct JsonArg {
    /// Write the summary as JSON.
    #[arg(long)]
    pub(super) json: bool,
}

/// Which shard to prove. Without `--shard` or `--shard-index`, the index comes from
/// JOB_COMPLETION_INDEX (Kubernetes Indexed Job, with --shard-count) or from
/// SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN (Slurm job array); else the whole proof.
#[derive(clap::Args)]
pub(super) struct ShardArgs {
    /// Prove only part i of n (1-based), e.g. 2/4.
    #[arg(long)]
    pub(super) shard: Option<Shard>,
    /// Prove only the shard of this 0-based index, with --shard-count. Without it (and
    /// --shard), JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN.
    #[arg(long, id = "shard-index", value_name = "SHARD_INDEX")]
    pub(super) shard_index: Option<u64>,
    /// The number of shards (with --shard-index or JOB_COMPLETION_INDEX).
    #[arg(long, id = "shard-count", value_name = "SHARD_COUNT")]
    pub(super) shard_count: Option<u64>,
}

/// Where the picture goes.
#[derive(clap::Args)]
pub(super) struct OutArg {
    /// The SVG file to write.
    #[arg(long)]
    pub(super) out: PathBuf,
}

/// The subcommands whose first argument is a problem of the registry, each with the
/// argument after which the problems' flags are listed.
const TAKE_A_PROBLEM: [(&str, &str); 10] = [
    ("check", "json"),
    ("claim", "seed"),
    ("interact", "seed"),
    ("judge", "kattis"),
    ("play", "random_defence"),
    ("repro", "problem"),
    ("solve", "explain"),
    ("stress", "out_dir"),
    ("tests", "json"),
    ("validate", "interactive"),
];

/// Returns the command line of `R` named after `program`: the derived arguments, with
/// what the registry adds.
pub(super) fn command<R: Registry>(program: &Program) -> clap::Command {
    let cli = <Cli as clap::CommandFactory>::command()
        .name(program.name)
        .bin_name(program.name)
        .version(program.version)
        .about(program.about);
    let names: Vec<String> = cli.get_subcommands().map(|c| c.get_name().to_owned()).collect();
    // `mut_subcommand` and `mut_arg` move what they change last: every subcommand is
    // changed, in order, so the order stays.
    names.iter().fold(cli, |cli, name| {
        cli.mut_subcommand(name, |c| with_registry::<R>(c))
    })
}

/// Returns the subcommand `c` with what the registry adds to it.
fn with_registry<R: Registry>(c: clap::Command) -> clap::Command {
    use super::problem_commands::{Which, command as problem_command, specs};
    let name = c.get_name().to_owned();
    if let Some(&(_, after)) = TAKE_A_PROBLEM.iter().find(|(n, _)| *n == name) {
        // Positionals keep their places by index.
        let positionals: Vec<String> = c.get_positionals().map(|a| a.get_id().to_string()).collect();
        // With one problem, `solve` and `stress` may leave it out.
        let only = match R::problem_names()[..] {
            [only] if positionals.len() == 1 => Some(only),
            _ => None,
        };
        // `repro` too, followed by the numbers: a first argument that is a number is then
        // the case's first (`euclid-game repro 3 5`).
        let only_before_numbers = match R::problem_names()[..] {
            [only] if name == "repro" => Some(only),
            _ => None,
        };
        let c = positionals.iter().enumerate().fold(c, |c, (i, id)| {
            c.mut_arg(id, |a| match (id == "problem", only) {
                (true, None) if only_before_numbers.is_some() => a
                    .index(i + 1)
                    .value_parser(problem_or_number_parser::<R>())
                    .required(false)
                    .default_value(only_before_numbers.unwrap_or_default()),
                (false, _) => a.index(i + 1),
                (true, None) => a.index(i + 1).value_parser(problem_parser::<R>()),
                (true, Some(only)) => a
                    .index(i + 1)
                    .value_parser(problem_parser::<R>())
                    .required(false)
                    .default_value(only),
            })
        });
        // The `--max-*` flags of stress, from the problems' formats, among its own.
        let c = if name == "stress" {
            super::stress_bounds::add::<R>(c)
        } else {
            c
        };
        let own: Vec<String> = c.get_arguments().map(|a| a.get_id().to_string()).collect();
        let split = own
            .iter()
            .position(|id| *id == after)
            .map_or(own.len(), |i| i + 1);
        let c = super::problem_args::add::<R>(c);
        let flags: Vec<String> = c
            .get_arguments()
            .map(|a| a.get_id().to_string())
            .filter(|id| !own.contains(id))
            .collect();
        // The problems' flags after `after`, in completions (by place) and in `--help`
        // (by display order).
        let order = own[..split]
            .iter()
            .chain(&flags)
            .chain(&own[split..])
            .filter(|id| !positionals.contains(id));
        let c = order
            .enumerate()
            .fold(c, |c, (i, id)| c.mut_arg(id, |a| a.display_order(i)));
        return match name.as_str() {
            "claim" => c.after_long_help(super::check::claim_help::<R>()),
            "repro" => c.after_help(super::contest::repro_help::<R>()),
            _ => c,
        };
    }
    match name.as_str() {
        "prove" => {
            let proofs: Vec<clap::Command> = specs::<R>(Which::Prove)
                .iter()
                .map(|spec| problem_command(spec, |c| JsonArg::augment_args(ShardArgs::augment_args(c))))
                .collect();
            c.subcommands(proofs)
                .subcommand(MergeArgs::augment_args(clap::Command::new("merge")))
                .subcommand_required(true)
        }
        "plot" => {
            let pictures: Vec<clap::Command> = specs::<R>(Which::Plot)
                .iter()
                .map(|spec| problem_command(spec, OutArg::augment_args))
                .collect();
            c.subcommands(pictures).subcommand_required(true)
        }
        _ => c,
    }
}

/// The registered problems and their aliases, as the values a `problem` argument takes
/// (listed in `--help`, completed by the shells).
/// Returns the parser of a problem that may be left out before numbers: a problem's name
/// (or alias), or a number, which [`first_number`] then gives back.
fn problem_or_number_parser<R: Registry>() -> clap::builder::ValueParser {
    let names: Vec<&'static str> = R::problems()
        .into_iter()
        .flat_map(|(name, aliases)| std::iter::once(name).chain(aliases.iter().copied()))
        .collect();
    clap::builder::ValueParser::new(move |s: &str| -> Result<String, String> {
        if names.contains(&s) || s.parse::<u64>().is_ok() {
            Ok(s.to_owned())
        } else {
            Err(format!("expected one of {} or a number", names.join(", ")))
        }
    })
}

/// Returns the number a one-problem binary's `repro` read in the problem's place, if it
/// read one.
pub(super) fn first_number<R: Registry>(problem: &str) -> Option<String> {
    match R::problem_names()[..] {
        [only] if problem != only => problem.parse::<u64>().ok().map(|_| problem.to_owned()),
        _ => None,
    }
}

fn problem_parser<R: Registry>() -> clap::builder::PossibleValuesParser {
    let values = R::problems()
        .into_iter()
        .map(|(name, aliases)| clap::builder::PossibleValue::new(name).aliases(aliases.iter().copied()));
    clap::builder::PossibleValuesParser::new(values)
}

/// What `gamecheck value` prints of its expression; with none, the canonical form.
#[derive(clap::Args, Debug)]
pub(super) struct ValueArgs {
    /// The expression: forms joined by `+` and `-` (`{2|-1/2}`, `^ + *`, `2.Tiny`).
    pub expr: String,
    /// Its temperature (−1 for an integer, −1/2^k for m/2^k).
    #[arg(long)]
    pub temperature: bool,
    /// Its mean.
    #[arg(long)]
    pub mean: bool,
    /// Its outcome class: L, R, N or P.
    #[arg(long)]
    pub outcome: bool,
    /// Its Left and Right stops.
    #[arg(long)]
    pub stops: bool,
    /// The birthday of its canonical form.
    #[arg(long)]
    pub birthday: bool,
    /// Its reduced canonical form: the simplest value infinitesimally close.
    #[arg(long)]
    pub reduced: bool,
    /// Its Left incentives (G^L - G) on a line `left …`, its Right ones (G - G^R) on
    /// `right …`.
    #[arg(long)]
    pub incentives: bool,
    /// The value cooled by T (a number above −1).
    #[arg(long, value_name = "T")]
    pub cool: Option<String>,
    /// The value heated by T (a value).
    #[arg(long, value_name = "T")]
    pub heat: Option<String>,
    /// How it compares with the value H: `<`, `=`, `>` or `||` (confused).
    #[arg(long, value_name = "H")]
    pub compare: Option<String>,
    /// Its atomic weight (for all-small games; else an error saying so).
    #[arg(long)]
    pub atomic_weight: bool,
    /// The value overheated from S by T (Berlekamp's ∫_S^T), given as `S,T`.
    #[arg(long, value_name = "S,T")]
    pub overheat: Option<String>,
}
