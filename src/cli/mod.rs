//! The command line (feature `cli`), written once over a [`Registry`]: `check`,
//! `claims`, `claim`, `repro`, `prove`, `solve`, `stress`, `plot`, `bench-report`,
//! `completions` and `man`, with their `--help`, JSON reports, progress bars and exit
//! codes (0 agree or holds, 1 disagree or refuted, 2 usage or input error).
//!
//! The `gamecheck` binary is [`main!`](crate::main) over the built-in games; a user's
//! `src/bin/<name>.rs` is `gamecheck::main!(my_crate::MyGame);` over theirs, and gets
//! the same command line under its own name.

mod args;
mod bars;
mod census;
mod check;
mod closed_stdout;
mod contest;
#[cfg(test)]
mod doc_commands;
mod ecosystem;
mod interact;
mod judge;
mod macros;
mod output;
mod plot;
mod problem_args;
mod problem_commands;
mod prove;
mod stress_bounds;
mod tests;
mod validate;
mod value;

use std::process::ExitCode;

use anyhow::Result;

use crate::games::Registry;
use crate::shown::note;

/// The command a [`Registry`] is served as: its name, version and one line about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Program {
    /// The binary's name, in `--help`, completions, man pages and the commands reports
    /// print (`euclid-game repro …`).
    pub name: &'static str,
    pub version: &'static str,
    pub about: &'static str,
}

/// Returns the exit code of the command line of `R` named `program`, run on the
/// process's arguments: what [`main!`](crate::main) calls.
pub fn main<R: Registry>(program: &Program) -> ExitCode {
    main_from::<R>(program, std::env::args_os().collect())
}

/// Returns the exit code of the command line of `R` named `program`, run on the
/// process's arguments, or 2 when `mistake` names one: what [`main!`](crate::main) calls
/// for games, whose formats are checked before any command runs.
///
/// `mistake` runs after the signals of `stress` and `play` are blocked: building a game
/// may start threads, and a thread started before would take SIGINT and end the process
/// without killing its programs.
pub fn main_checked<R: Registry>(program: &Program, mistake: impl FnOnce() -> Option<String>) -> ExitCode {
    main_with::<R>(program, std::env::args_os().collect(), mistake)
}

/// Returns the exit code of the command line of `R` named `program`, run on `args` (the
/// program's name first): for a host whose process arguments are not the command's (the
/// Python package's `python -m gamecheck`).
pub fn main_from<R: Registry>(program: &Program, args: Vec<std::ffi::OsString>) -> ExitCode {
    main_with::<R>(program, args, || None)
}

/// Returns the exit code of the command line of `R` on `args`, or 2 when `mistake`
/// (checked once the signals are blocked) names one.
fn main_with<R: Registry>(
    program: &Program,
    args: Vec<std::ffi::OsString>,
    mistake: impl FnOnce() -> Option<String>,
) -> ExitCode {
    crate::program::set_name(program.name);
    if closed_stdout::stdout_is_closed() {
        note(&format!(
            "error: stdout is closed; {} writes its output there",
            program.name
        ));
        return ExitCode::from(2);
    }
    // Before the command is built: building it visits every problem, which may start
    // threads, and a thread started before the signals are blocked would take them.
    if args.get(1).is_some_and(|a| a == "stress" || a == "play")
        && let Err(e) = crate::stress::handle_signals()
    {
        note(&format!("error: cannot handle signals: {e}"));
        return ExitCode::from(2);
    }
    if let Some(why) = mistake() {
        note(&format!("error: {why}"));
        return ExitCode::from(2);
    }
    bars::show_run_status();
    let matches = match args::command::<R>(program).try_get_matches_from(&args) {
        Ok(matches) => matches,
        Err(e) => {
            if let Some(why) = problem_commands::lacking::<R>(&e, &args) {
                note(&format!("error: {why}"));
                return ExitCode::from(2);
            }
            return clap_exit(e);
        }
    };
    let cli = match <args::Cli as clap::FromArgMatches>::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(e.format(&mut args::command::<R>(program))),
    };
    let as_json = json_asked(&matches);
    match run::<R>(program, cli, &matches) {
        Ok(code) => code,
        // The reader of stdout left (`| head`): nothing more to say, and no one to say it to.
        Err(err) if output::is_broken_pipe(&err) => ExitCode::from(141),
        Err(err) => {
            note(&format!("error: {err:#}"));
            if as_json {
                json_error(&format!("{err:#}"));
            }
            ExitCode::from(2)
        }
    }
}

/// Returns whether `--json` was given to the subcommand `matches` holds, at any depth
/// (`prove octal --json`).
fn json_asked(matches: &clap::ArgMatches) -> bool {
    matches.try_get_one::<bool>("json").ok().flatten() == Some(&true)
        || matches.subcommand().is_some_and(|(_, sub)| json_asked(sub))
}

/// Writes the error object `{"format_version": 1, "error": …}` to stdout, for a reader
/// of `--json` that would otherwise find nothing there.
fn json_error(message: &str) {
    let mut fields = serde_json::Map::new();
    fields.insert("error".to_owned(), serde_json::Value::from(message));
    let object = serde_json::Value::Object(crate::json::envelope(fields));
    let _ = output::write_stdout(format!("{object}\n").as_bytes());
}

/// Returns the exit code of a command line clap did not run: `--help` and `--version`
/// print to stdout, where a failed write is an error (clap's own `exit` ignores it);
/// usage errors go to stderr with exit code 2.
fn clap_exit(e: clap::Error) -> ExitCode {
    use std::io::IsTerminal;
    if e.use_stderr() {
        let _ = e.print();
        if std::env::args_os().skip(1).any(|a| a == "--json") {
            let text = e.render().to_string();
            json_error(text.lines().next().unwrap_or("").trim_start_matches("error: "));
        }
        return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    }
    let text = e.render();
    let text = if std::io::stdout().is_terminal() {
        text.ansi().to_string()
    } else {
        text.to_string()
    };
    match output::write_stdout(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if output::is_broken_pipe(&err) => ExitCode::from(141),
        Err(err) => {
            note(&format!("error: {err:#}"));
            ExitCode::from(2)
        }
    }
}

fn run<R: Registry>(program: &Program, cli: args::Cli, matches: &clap::ArgMatches) -> Result<ExitCode> {
    use args::Command;
    // The subcommand's own matches: the problems' flags are read from them.
    let sub = matches.subcommand().map(|(_, sub)| sub);
    let empty = clap::ArgMatches::default();
    let sub = sub.unwrap_or(&empty);
    match cli.command {
        Command::Check {
            problems,
            cases,
            seed,
            max_seconds,
            json,
        } => check::check::<R>(&problems, cases, seed, max_seconds, json, sub),
        Command::Claims {
            problems,
            ids,
            cases,
            seed,
            max_seconds,
            json,
        } => check::claims::<R>(&problems, &ids, (cases, seed, max_seconds), json),
        Command::Claim {
            problem,
            expr,
            cases,
            seed,
            least_budget,
            json,
        } => {
            let (flags, _) = problem_args::resolve::<R>(&problem, sub)?;
            check::claim::<R>(&problem, &expr, cases, seed, &flags, least_budget, json)
        }
        Command::Prove => prove::prove::<R>(sub),
        Command::Repro {
            mut problem,
            mut numbers,
        } => {
            if let Some(first) = args::first_number::<R>(&problem) {
                numbers.insert(0, first);
                problem = R::problem_names()[0].to_owned();
            }
            let (flags, _) = problem_args::resolve::<R>(&problem, sub)?;
            contest::repro::<R>(&problem, &flags, numbers)
        }
        Command::Solve { problem, explain } => {
            let (flags, _) = problem_args::resolve::<R>(&problem, sub)?;
            contest::solve::<R>(&problem, &flags, explain)
        }
        Command::Stress(stress) => {
            let (flags, args) = problem_args::resolve::<R>(&stress.problem, sub)?;
            // An interactive game's time per move is its format's unless given.
            let timeout_given =
                sub.value_source("timeout_ms") == Some(clap::parser::ValueSource::CommandLine);
            contest::stress::<R>(stress, &flags, args, sub, timeout_given)
        }
        Command::Play {
            problem,
            seed,
            games,
            start,
            random_defence,
        } => {
            let (flags, _) = problem_args::resolve::<R>(&problem, sub)?;
            let options = contest::play_options(seed, games, start.as_deref(), random_defence)?;
            contest::play::<R>(&problem, &flags, options)
        }
        Command::Validate(a) => {
            let (flags, _) = problem_args::resolve::<R>(&a.problem, sub)?;
            validate::validate::<R>(&a, &flags)
        }
        Command::Judge(a) => {
            let (flags, _) = problem_args::resolve::<R>(&a.problem, sub)?;
            judge::judge::<R>(&a, &flags)
        }
        Command::Interact(a) => {
            let (flags, _) = problem_args::resolve::<R>(&a.problem, sub)?;
            interact::interact::<R>(&a, &flags)
        }
        Command::Tests(a) => {
            let (flags, args) = problem_args::resolve::<R>(&a.problem, sub)?;
            tests::tests::<R>(&a, &flags, args)
        }
        Command::Plot => plot::plot::<R>(sub),
        Command::Value(args) => value::value(&args),
        Command::Census(args) => census::census_command(&args),
        Command::BenchReport {
            criterion_dir,
            markdown,
            svg,
        } => plot::bench_report(criterion_dir, markdown, svg),
        Command::Completions { shell } => {
            ecosystem::completions(shell, args::command::<R>(program), &mut std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { markdown: true, .. } => {
            ecosystem::markdown(args::command::<R>(program), &mut std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { out_dir, .. } => {
            let pages = ecosystem::man(
                args::command::<R>(program),
                out_dir.as_deref(),
                &mut std::io::stdout().lock(),
            )?;
            if let Some(dir) = out_dir {
                note(&format!("wrote {pages} man pages into {}", dir.display()));
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
