//! `tests <problem> --out DIR`: a judge's test set, in the plain layout (`01.in`,
//! `01.ans`, …) or the ICPC/Kattis problem package's (`data/sample`, `data/secret`),
//! and the table of which test kills each wrong program.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use super::output::write_stdout;
use crate::games::{Registered, Registry, Visit};
use crate::problem::Flags;
use crate::setters::{Test, TestSet, TestSetConfig};
use crate::shown::note;
use crate::stress::{Limits, ShrinkLimits, Solution};

/// The layouts `tests` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum Layout {
    /// `01.in`, `01.ans`, … in DIR.
    Plain,
    /// A Kattis problem package in DIR: `data/sample/` (the smallest test),
    /// `data/secret/` (all of them), `problem.yaml`, the input and output validators
    /// (this binary's `validate`, and `judge` or `interact`) and the submissions.
    Kattis,
}

// The arguments of `tests` (no doc comment: it would replace the subcommand's about).
#[derive(clap::Args)]
pub(super) struct TestsArgs {
    /// The problem the tests are for.
    pub(super) problem: String,
    /// The directory the tests are written into (created; files of the same names are
    /// replaced).
    #[arg(long)]
    pub(super) out: PathBuf,
    /// A wrong program the tests must kill: a command or a source file (repeatable).
    /// With --layout kattis, a source file is also put in submissions/wrong_answer/.
    #[arg(long)]
    pub(super) wrong: Vec<String>,
    /// A right program (a source file): with --layout kattis, put in
    /// submissions/accepted/ (repeatable).
    #[arg(long)]
    pub(super) right: Vec<String>,
    /// The most tests written.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=99))]
    pub(super) max_tests: u64,
    /// Seed of every draw: the same seed writes the same files.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// The layout of the files.
    #[arg(long, value_enum, default_value_t = Layout::Plain)]
    pub(super) layout: Layout,
    /// CPU-time limit of each run of a wrong program.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) timeout_ms: u64,
    /// Print the report as JSON: the tests, what each kills and covers, each wrong program's first killing test.
    #[arg(long)]
    pub(super) json: bool,
}

/// Writes `bytes` to `relative` inside `out`, creating its directories: a directory
/// on the way that is a symbolic link is refused, and the file is written whole through
/// a fresh temporary file renamed over it ([`crate::stress::write_whole`], as `stress`
/// writes its out-dir), so nothing is written through a link left in its place.
fn write(out: &Path, relative: &Path, bytes: &[u8], executable: bool) -> Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let mut dir = out.to_path_buf();
    for part in relative.parent().into_iter().flat_map(Path::components) {
        dir.push(part);
        match std::fs::symlink_metadata(&dir) {
            Ok(m) if m.file_type().is_symlink() => {
                bail!("refusing to write through the symbolic link {}", dir.display())
            }
            Ok(m) if m.is_dir() => {}
            Ok(_) => bail!("{} is not a directory", dir.display()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::create_dir(&dir).with_context(|| format!("creating {}", dir.display()))?
            }
            Err(e) => return Err(e).with_context(|| format!("reading {}", dir.display())),
        }
    }
    let path = out.join(relative);
    crate::stress::write_whole(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
    if executable {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        // Through the file just written, never a link put in its place since.
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NOFOLLOW)
            .open(&path)
            .and_then(|f| f.set_permissions(std::fs::Permissions::from_mode(0o755)))
            .with_context(|| format!("making {} executable", path.display()))?;
    }
    Ok(())
}

/// Writes the tests of `set` into `out` in `layout`.
fn write_set(set: &TestSet, out: &Path, layout: Layout) -> Result<()> {
    let dir = match layout {
        Layout::Plain => PathBuf::new(),
        Layout::Kattis => PathBuf::from("data/secret"),
    };
    for (i, test) in set.tests.iter().enumerate() {
        write_test(out, &dir.join(format!("{:02}", i + 1)), test)?;
    }
    if layout == Layout::Kattis
        && let Some(sample) = set.tests.iter().min_by_key(|t| (t.input.len(), t.cases))
    {
        write_test(out, Path::new("data/sample/01"), sample)?;
    }
    Ok(())
}

/// Writes `test` into `out` as `{name}.in` and `{name}.ans`.
fn write_test(out: &Path, name: &Path, test: &Test) -> Result<()> {
    for (ending, text) in [("in", &test.input), ("ans", &test.answer)] {
        write(out, &name.with_extension(ending), text.as_bytes(), false)?;
    }
    Ok(())
}

/// Writes the rest of a Kattis package into `out`: `problem.yaml`, the validators
/// calling this binary by its absolute path, and the submissions.
fn write_package(a: &TestsArgs, problem_args: &str, interactive: bool, name: &str, out: &Path) -> Result<()> {
    let binary = std::env::current_exe()
        .and_then(std::fs::canonicalize)
        .context("finding this binary's path, which the validators run")?;
    let source = |w: &String| Some(PathBuf::from(w)).filter(|p| p.is_file());
    let spec = crate::setters::PackageSpec {
        name: name.to_owned(),
        problem_args: problem_args.split_ascii_whitespace().map(str::to_owned).collect(),
        binary,
        interactive,
        right: a.right.iter().filter_map(source).collect(),
        wrong: a.wrong.iter().filter_map(source).collect(),
    };
    let files = crate::setters::kattis_package(&spec).context("reading a submission")?;
    for f in files {
        write(out, &f.path, &f.bytes, f.executable)?;
    }
    Ok(())
}

/// Returns the report people read: one line a test, then the table of wrong programs.
fn text(set: &TestSet) -> String {
    let mut out = String::new();
    for (i, t) in set.tests.iter().enumerate() {
        let kills: Vec<String> = t
            .kills
            .iter()
            .map(|&k| format!("kills {}", set.kills[k].program))
            .collect();
        let mut why = kills;
        if let Some(first) = t.covers.first() {
            why.push(match t.covers.len() {
                1 => format!("covers {first}"),
                n => format!("covers {first} and {} more", n - 1),
            });
        }
        out.push_str(&format!(
            "{:02}  {:<15} T = {:<6} {}\n",
            i + 1,
            t.kind,
            t.cases,
            why.join("; ")
        ));
    }
    out.push_str(&format!(
        "{} tests written; {} dropped (no new program killed, nothing new covered){}\n",
        set.tests.len(),
        set.dropped,
        match set.over_limit {
            0 => String::new(),
            n => format!("; {n} new ones left out by --max-tests"),
        }
    ));
    if let Some(why) = &set.max_t_note {
        out.push_str(&format!("maximal test: T = {} ({why})\n", set.max_t));
    }
    if !set.kills.is_empty() {
        out.push_str("wrong program          first test  verdict\n");
    }
    for k in &set.kills {
        match (k.test, k.verdict) {
            (Some(test), Some(verdict)) => out.push_str(&format!(
                "{:<22} {:02}          {verdict}: {}\n",
                k.program,
                test,
                crate::shown::escaped(k.detail.as_bytes(), 120)
            )),
            _ => out.push_str(&format!("{:<22} none        NOT KILLED by any test\n", k.program)),
        }
    }
    out
}

struct Tests<'a>(&'a TestsArgs, String);

impl Visit for Tests<'_> {
    type Output = Result<ExitCode>;
    fn visit<P: Registered>(self, problem: &P) -> Result<ExitCode> {
        let a = self.0;
        let wrong = a
            .wrong
            .iter()
            .map(|w| Solution::parse(w).with_context(|| format!("invalid --wrong `{w}`")))
            .collect::<Result<Vec<_>>>()?;
        let config = TestSetConfig {
            problem_args: self.1,
            wrong,
            max_tests: usize::try_from(a.max_tests).unwrap_or(99),
            seed: a.seed,
            limits: Limits {
                timeout: Duration::from_millis(a.timeout_ms),
                max_output_bytes: 64 << 20,
                memory: None,
            },
            shrink: ShrinkLimits::default(),
            build_dir: None,
        };
        note(&format!(
            "{} tests {}: seed {}, at most {} tests, {} wrong program(s)",
            crate::program::name(),
            config.problem_args,
            config.seed,
            config.max_tests,
            config.wrong.len()
        ));
        let interactive = problem.interactive_command();
        let set = match &interactive {
            Some(game) => crate::setters::interactive_test_set(&**game, &config),
            None => crate::setters::test_set(problem, &config),
        }
        .context("tests")?;
        write_set(&set, &a.out, a.layout)?;
        if a.layout == Layout::Kattis {
            write_package(
                a,
                &config.problem_args,
                interactive.is_some(),
                problem.name(),
                &a.out,
            )?;
        }
        let report = match a.json {
            true => super::output::json(&set)? + "\n",
            false => text(&set),
        };
        write_stdout(report.as_bytes())?;
        Ok(ExitCode::from(u8::from(!set.all_killed())))
    }
}

pub(super) fn tests<R: Registry>(a: &TestsArgs, flags: &Flags, problem_args: String) -> Result<ExitCode> {
    R::visit(&a.problem, flags, Tests(a, problem_args))?
}
