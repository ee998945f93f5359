//! `gamecheck stress`, written once over any problem with a [`ContestFormat`] and an
//! [`Order`]: generate (sizes growing within the problem's bounds) → run (each solution
//! in its own process group) → judge (typed answers against the problem's fast solution)
//! → shrink (ddmin over the cases, then the problem's least-counterexample search), with
//! the first failure written out as soon as it is found, kept up to date while it
//! shrinks, and given a replay command.

mod checkpoint;
mod error;
mod first_failure;
mod generate;
mod judge;
mod live;
pub(crate) mod reaper;
mod report;
pub(crate) mod run;
mod shrink;
mod transcript;

use std::io::Read;
use std::path::{Path, PathBuf};

pub use crate::problem::{Beyond, Reach};
pub use error::{REPLAY_MAX_BYTES, STRESS_MAX_CASES, StressError};
pub use first_failure::Stopped;
pub use generate::{Generated, Generator, Inputs, SMALL_POSITIONS, generate};
pub use judge::{Judgement, Verdict, expected_answers, judge};
pub use live::{Exit, Heard, LINE_CAP, Live};
pub use reaper::handle_signals;
pub(crate) use report::write_whole;
pub use report::{Coverage, Failure, Part, Report};
pub use run::{Clock, Limits, RunOutcome, Solution, Termination, WALL_FACTOR, run};
pub use shrink::{Adopted, Budget, ShrinkLimits, Shrunk, Standing, shrink};
pub use transcript::{Entry, Play, Player, Transcript};

use crate::problem::{Bounds, ContestFormat, Order, RAMP_INPUTS, Range};
use crate::progress::Progress;

/// The default CPU seconds of a run's search for a failure ([`Config::max_time`]): two
/// hundred inputs of a contest's size with room to spare, and with the default shrink
/// (60 s) a run ends within minutes on two cores.
pub const DEFAULT_RUN_SECONDS: u64 = 120;

/// The default number of maximal inputs at the end of a run ([`Config::maximal`]).
pub const DEFAULT_MAXIMAL: usize = 4;

/// Everything a stress run needs besides the problem.
#[derive(Clone, Debug)]
pub struct Config {
    /// The problem as named on the command line, with its parameters (`games --k 7`),
    /// for the replay command.
    pub problem_args: String,
    pub solution: Solution,
    /// Seed of the ChaCha8 generator; the same seed gives the same inputs.
    pub seed: u64,
    /// How many inputs to generate and run: small ones, then the last
    /// [`Config::parts`]`().1` at the ranges' maxima.
    pub cases: usize,
    /// Maximal inputs asked for at the end of the run, for time and memory; at most a
    /// tenth of `cases` run ([`Config::parts`]).
    pub maximal: usize,
    /// CPU time the search for a failure may spend, gamecheck's (drawing and judging
    /// inputs) and the solution's runs': three quarters of it for the small inputs, the
    /// rest and what they left for the maximal ones. The inputs not run when it is spent
    /// are reported, not failed. A wall-clock net [`crate::budget::WALL_SAFETY_FACTOR`]
    /// times larger stops a run the machine never schedules. The shrink has its own.
    pub max_time: std::time::Duration,
    /// Solution runs at a time (at least 1).
    pub jobs: usize,
    pub limits: Limits,
    /// An interactive game's CPU time per move (its program's whole tree); `None`: its
    /// format's.
    pub move_time: Option<std::time::Duration>,
    pub shrink: ShrinkLimits,
    /// The contest's bounds or the extended ones, and the `--max-*` flags over them.
    pub range: Range,
    pub overrides: Vec<(&'static str, u64)>,
    /// Where the failure's files go; `None`: a fresh directory under the temp dir.
    pub out_dir: Option<PathBuf>,
    /// Run on this contest input only (no generation, no shrinking).
    pub replay: Option<PathBuf>,
    /// Every child of this process is a solution run (the `gamecheck` binary): become a
    /// subreaper, kill whatever is reparented here once its run ended, and every child
    /// left before returning.
    pub reap: bool,
    /// Where a solution given as a source file is built; `None`:
    /// `program::cache_dir`.
    pub build_dir: Option<PathBuf>,
}

impl Default for Config {
    /// Seed 1, 200 inputs (the last 4 maximal), a run budget of 120 CPU seconds, 2
    /// jobs, 2 s and 1 MiB of output a run, a quarter of the
    /// machine's memory a run ([`Limits::default_memory`]), the default shrink
    /// limits, the contest's ranges, a fresh output directory under the temp dir; no
    /// solution (set `solution`).
    fn default() -> Config {
        Config {
            problem_args: String::new(),
            solution: Solution {
                program: String::new(),
                args: Vec::new(),
            },
            seed: 1,
            cases: 200,
            maximal: DEFAULT_MAXIMAL,
            max_time: std::time::Duration::from_secs(DEFAULT_RUN_SECONDS),
            jobs: 2,
            limits: Limits {
                timeout: std::time::Duration::from_millis(2000),
                max_output_bytes: 1 << 20,
                memory: Limits::default_memory(),
            },
            move_time: None,
            shrink: ShrinkLimits::default(),
            range: Range::Contest,
            overrides: Vec::new(),
            out_dir: None,
            replay: None,
            reap: false,
            build_dir: None,
        }
    }
}

impl Config {
    /// Returns the lines announcing the run: the seed, limits and solution, then the
    /// ranges.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::Chopsticks;
    /// use gamecheck::problem::{ContestFormat, Range};
    /// use gamecheck::stress::{Config, Limits, ShrinkLimits, Solution};
    /// use std::time::Duration;
    /// let config = Config {
    ///     problem_args: "chopsticks".into(),
    ///     solution: Solution::parse("./sol").unwrap(),
    ///     seed: 7,
    ///     cases: 10,
    ///     maximal: 0,
    ///     max_time: Duration::from_secs(60),
    ///     jobs: 2,
    ///     limits: Limits { timeout: Duration::from_millis(500), max_output_bytes: 1 << 20, memory: None },
    ///     move_time: None,
    ///     shrink: ShrinkLimits::default(),
    ///     range: Range::Contest,
    ///     overrides: vec![],
    ///     out_dir: None,
    ///     replay: None,
    ///     reap: false,
    ///     build_dir: None,
    /// };
    /// let p = Chopsticks::problem(1);
    /// let bounds = p.constraints().unwrap().bounds("chopsticks", Range::Contest, &[]).unwrap();
    /// assert!(config.banner(&bounds).contains("seed 7") && config.banner(&bounds).contains("T <= 20"));
    /// ```
    pub fn banner(&self, bounds: &Bounds) -> String {
        match &self.replay {
            Some(path) => format!(
                "{} stress {}: replaying {} on `{}`, timeout {} ms",
                crate::program::name(),
                self.problem_args,
                path.display(),
                self.solution.display(),
                self.limits.timeout.as_millis()
            ),
            None => {
                let (small, maximal) = self.parts();
                let maximal = match maximal {
                    0 => String::new(),
                    n => format!(
                        "; then {n} maximal (T at its maximum, the longest of {} draws at the ranges)",
                        generate::MAXIMAL_DRAWS
                    ),
                };
                format!(
                    "{} stress {}: seed {}, {} inputs, {} jobs, timeout {} ms, run budget {}, \
                     solution `{}`\n\
                     ranges: {bounds}\n\
                     inputs: {small} small ({}), sizes growing from tiny to them by input {}{maximal}",
                    crate::program::name(),
                    self.problem_args,
                    self.seed,
                    self.cases,
                    self.jobs,
                    self.limits.timeout.as_millis(),
                    crate::units::cpu_seconds(self.max_time.as_secs()),
                    self.solution.display(),
                    bounds.small().sizes(),
                    // Input n (from 1) is drawn at (n - 1) / RAMP_INPUTS of the way.
                    RAMP_INPUTS + 1
                )
            }
        }
    }

    /// Returns the numbers of small and of maximal inputs of the run: `maximal`, at most
    /// a tenth of `cases`, taken from the end.
    ///
    /// # Example
    /// ```
    /// use gamecheck::stress::Config;
    /// let config = Config { cases: 200, maximal: 4, ..Config::default() };
    /// assert_eq!(config.parts(), (196, 4));
    /// assert_eq!(Config { cases: 9, ..config }.parts(), (9, 0));
    /// ```
    pub fn parts(&self) -> (usize, usize) {
        let maximal = self.maximal.min(self.cases / 10);
        (self.cases - maximal, maximal)
    }

    /// Returns the command that reruns the solution on `file` (the kept input, or an
    /// interactive run's `replay.json`).
    fn replay_command(&self, file: &std::path::Path) -> String {
        let time = match self.move_time {
            Some(t) => format!(" --timeout-ms {}", t.as_millis()),
            None => format!(" --timeout-ms {}", self.limits.timeout.as_millis()),
        };
        format!(
            "{} stress {} --solution {}{time} --max-output-bytes {} --replay {}",
            crate::program::name(),
            self.problem_args,
            shell_words::quote(&self.solution.display()),
            self.limits.max_output_bytes,
            shell_words::quote(&file.to_string_lossy()),
        )
    }

    /// Returns a fresh directory for the failure's files under the temp dir, made now
    /// (`mkdtemp`: a name no one could have taken before, never a directory reused).
    fn fresh_out_dir(&self) -> std::io::Result<PathBuf> {
        let name: String = self
            .problem_args
            .split_whitespace()
            .next()
            .unwrap_or("problem")
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        fresh_dir(&std::env::temp_dir().join(format!("gamecheck-stress-{name}-seed{}-", self.seed)))
    }

    /// Returns the solution to run: a source file (`sol.cpp`) built once per content,
    /// any other command as it is.
    ///
    /// # Errors
    /// [`StressError::Build`] when the source does not build.
    pub fn built_solution(&self) -> Result<Solution, StressError> {
        Ok(
            match crate::program::built_in(&self.solution.display(), self.build_dir.as_deref())?.split_first()
            {
                Some((program, args)) => Solution {
                    program: program.clone(),
                    args: args.to_vec(),
                },
                None => self.solution.clone(),
            },
        )
    }
}

/// Makes a directory named `prefix` and six random characters, as `mkdtemp` does, and
/// returns its path.
#[cfg(unix)]
fn fresh_dir(prefix: &Path) -> std::io::Result<PathBuf> {
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let mut template = prefix.as_os_str().as_bytes().to_vec();
    template.extend_from_slice(b"XXXXXX\0");
    // SAFETY: the template is ours, NUL-terminated, and mkdtemp writes within it.
    let made = unsafe { libc::mkdtemp(template.as_mut_ptr().cast()) };
    if made.is_null() {
        return Err(std::io::Error::last_os_error());
    }
    template.pop();
    Ok(PathBuf::from(std::ffi::OsString::from_vec(template)))
}

#[cfg(not(unix))]
fn fresh_dir(prefix: &Path) -> std::io::Result<PathBuf> {
    let dir = PathBuf::from(format!("{}{}", prefix.display(), std::process::id()));
    std::fs::create_dir(&dir)?;
    Ok(dir)
}

/// Returns the bounds of a run of `problem` under `config`: its constraints' contest or
/// extended bounds with the `--max-*` overrides, the counts kept within the expected
/// answers' reach when nothing answers beyond it ([`plan`]).
///
/// # Constraints
/// As for [`plan`].
pub fn bounds<P: ContestFormat>(problem: &P, config: &Config) -> Result<Bounds, StressError> {
    plan(problem, config).map(|(bounds, _)| bounds)
}

/// Returns the bounds of a run of `problem` under `config` and how far its expected
/// answers reach ([`ContestFormat::reach`]): when nothing answers beyond the rules'
/// reach, the counts are kept within it.
///
/// # Constraints
/// The problem can be judged with its parameters ([`StressError::Problem`]), every
/// override names one of its dimensions within its limit ([`StressError::Bounds`]), a
/// `--max-cases` given is at most [`STRESS_MAX_CASES`] ([`StressError::TooManyCases`]; a
/// larger T of the contest's own is capped there, and the ranges say so), and the game's fast
/// path, where it answers beyond the rules, holds against them
/// ([`StressError::FastPathRefuted`]).
pub fn plan<P: ContestFormat>(problem: &P, config: &Config) -> Result<(Bounds, Option<Reach>), StressError> {
    let constraints = problem.constraints().map_err(StressError::Problem)?;
    let mut overrides = config.overrides.clone();
    let mut bounds = constraints.bounds(problem.name(), config.range, &overrides)?;
    let mut capped = None;
    if let Some(cases) = bounds.max("cases")
        && cases > STRESS_MAX_CASES
    {
        // A flag the user gave is refused; the format's own T is capped, and said.
        if overrides.iter().any(|&(flag, _)| flag == "cases") {
            return Err(StressError::TooManyCases { cases });
        }
        overrides.push(("cases", STRESS_MAX_CASES));
        capped = Some(format!(
            "T capped at {STRESS_MAX_CASES} of the contest's {cases}: each input is held in memory \
             while it runs and shrinks"
        ));
        bounds = constraints.bounds(problem.name(), config.range, &overrides)?;
    }
    let said = |bounds: Bounds| {
        match &capped {
            Some(why) => bounds.capped("cases", why.clone()),
            None => bounds,
        }
        .with_counts(problem.count_fields())
    };
    if config.replay.is_some() {
        return Ok((said(bounds), None));
    }
    let reach = problem.reach(&bounds);
    if let Some(r) = &reach {
        if let Beyond::Refuted(why) = &r.beyond {
            return Err(StressError::FastPathRefuted { why: why.clone() });
        }
        if let Some(cap) = r.cap()
            && let Some(top) = bounds.max("count").filter(|&top| cap < top)
        {
            // Kept within the rules' reach, the user's --max-count too, and said.
            let cap = cap.max(bounds.min("count"));
            // The fields the cap bounds, not those the format keeps below it (SPOJ
            // MCOINS: n_i, not K and L).
            let above: Vec<&str> = r
                .fields
                .iter()
                .filter(|(_, max)| *max > cap)
                .map(|(name, _)| name.as_str())
                .collect();
            let label = match above.is_empty() {
                true => bounds.label("count").unwrap_or("counts").to_owned(),
                false => above.join(", "),
            };
            overrides.retain(|&(flag, _)| flag != "count");
            overrides.push(("count", cap));
            bounds = constraints
                .bounds(problem.name(), config.range, &overrides)?
                .capped(
                    "count",
                    format!(
                        "{label} capped at {cap} of {top}: the rules judge no further within their budget, \
                     and the game has no fast path beyond"
                    ),
                );
        }
    }
    Ok((said(bounds), reach))
}

/// Returns why `dir` cannot be created as a directory, if something other than a
/// directory is in its place.
fn not_a_directory(dir: &Path) -> Option<String> {
    let meta = std::fs::symlink_metadata(dir).ok()?;
    if meta.is_dir() {
        return None;
    }
    if meta.is_file() {
        return Some("it is a file, not a directory".to_owned());
    }
    if !meta.file_type().is_symlink() {
        return Some("it exists and is not a directory".to_owned());
    }
    let target = std::fs::read_link(dir)
        .map(|t| format!(" `{}`", t.display()))
        .unwrap_or_default();
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => None,
        Ok(_) => Some(format!(
            "it is a symbolic link to{target}, which is not a directory"
        )),
        Err(_) => Some(format!("it is a symbolic link to{target}, which does not exist")),
    }
}

/// Creates `dir`, checks that a file can be written there and locks it (`flock` on the
/// directory) for as long as the returned handle lives, so two runs never write into the
/// same directory at once.
pub(crate) fn claim_out_dir(dir: &Path) -> Result<std::fs::File, StressError> {
    let io = |what, source| StressError::Io {
        what,
        path: dir.to_owned(),
        source,
    };
    if let Some(why) = not_a_directory(dir) {
        return Err(StressError::OutDir {
            path: dir.to_owned(),
            why,
        });
    }
    std::fs::create_dir_all(dir).map_err(|e| io("cannot create the output directory", e))?;
    let handle = std::fs::File::open(dir).map_err(|e| io("cannot open the output directory", e))?;
    lock(&handle).map_err(|e| match e.kind() {
        std::io::ErrorKind::WouldBlock => StressError::OutDirBusy { path: dir.to_owned() },
        _ => io("cannot lock the output directory", e),
    })?;
    // Created afresh: a link left in its place is removed, never written through.
    let probe = dir.join(".gamecheck-write-test");
    let _ = std::fs::remove_file(&probe);
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| io("cannot write into the output directory", e))?;
    let _ = std::fs::remove_file(probe);
    Ok(handle)
}

/// Takes an exclusive `flock` on `file` without waiting; released when it is closed (at
/// exit, whatever ends the process).
#[cfg(unix)]
fn lock(file: &std::fs::File) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    // SAFETY: flock only acts on the open descriptor we own.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(not(unix))]
fn lock(_file: &std::fs::File) -> std::io::Result<()> {
    Ok(())
}

/// Counts the bytes read through it.
struct Counted<R> {
    inner: R,
    read: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

/// Returns the cases of the replay file `path`, read as a stream and at most
/// [`REPLAY_MAX_BYTES`] of it, so an endless file (`/dev/zero`) fails at once.
fn read_replay<P: ContestFormat>(problem: &P, path: &Path) -> Result<Vec<P::Case>, StressError> {
    let io = |source| StressError::Io {
        what: "cannot read replay input",
        path: path.to_owned(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut reader = Counted {
        inner: file.take(REPLAY_MAX_BYTES + 1),
        read: 0,
    };
    let mut tokens = crate::tokens::Tokens::new(std::io::BufReader::new(&mut reader));
    let cases = problem.read_cases(&mut tokens);
    if let Some(e) = tokens.take_io_error() {
        return Err(io(e));
    }
    drop(tokens);
    if reader.read > REPLAY_MAX_BYTES {
        return Err(StressError::ReplayTooLong {
            path: path.to_owned(),
        });
    }
    cases.map_err(|source| StressError::ReplayInput {
        path: path.to_owned(),
        source,
    })
}

/// Returns the report of a stress run of `problem`: `config.cases` distinct inputs from
/// `config.seed`, drawn as they are run, sizes growing within [`bounds`], each run and
/// judged `config.jobs` at a time; the first failing input (in generation order, so
/// independent of `jobs`) is written to the output directory as `input.txt`,
/// `expected.txt`, `actual.txt`, `stderr.txt` and `first-input.txt` as soon as it is
/// found, then shrunk within the bounds, the first four files rewritten at each smaller
/// failing input. With `config.replay`, runs that file once. The report is returned even
/// when the files cannot be written (it says why).
///
/// # Constraints
/// As for [`bounds`]; the solution can be started ([`StressError::Spawn`]); a given
/// `config.out_dir` is a directory or can be made one ([`StressError::OutDir`],
/// [`StressError::Io`]), is writable and is not in use by another run
/// ([`StressError::OutDirBusy`]), checked before any run and locked until the run ends; a
/// replay file is contest input ([`StressError::ReplayInput`]) of at most
/// [`REPLAY_MAX_BYTES`] ([`StressError::ReplayTooLong`]).
///
/// # Complexity
/// `cases` solution runs plus at most `config.shrink.max_runs` shrinking runs, each at
/// most the timeout; memory for the inputs in flight and a 64-bit fingerprint per input.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::Chopsticks;
/// use gamecheck::problem::Range;
/// use gamecheck::stress::{stress, Config, Limits, ShrinkLimits, Solution, Verdict};
/// use std::time::Duration;
/// # #[cfg(unix)] {
/// // `cat` echoes the input: a presentation error, shrunk to the least position.
/// let dir = std::env::temp_dir().join(format!("gamecheck-doc-{}", std::process::id()));
/// let config = Config {
///     problem_args: "chopsticks".into(),
///     solution: Solution::parse("cat").unwrap(),
///     seed: 1,
///     cases: 3,
///     maximal: 0,
///     max_time: Duration::from_secs(60),
///     jobs: 1,
///     limits: Limits { timeout: Duration::from_secs(5), max_output_bytes: 1 << 20, memory: None },
///     move_time: None,
///     shrink: ShrinkLimits::default(),
///     range: Range::Contest,
///     overrides: vec![],
///     out_dir: Some(dir.clone()),
///     replay: None,
///     reap: false,
///     build_dir: None,
/// };
/// let report = stress(&Chopsticks::problem(1), &config).unwrap();
/// assert_eq!(report.verdict, Verdict::PresentationError);
/// assert_eq!(report.failure.unwrap().input, "1\n0 1 0 1\n");
/// std::fs::remove_dir_all(dir).ok();
/// # }
/// ```
pub fn stress<P: ContestFormat + Order>(problem: &P, config: &Config) -> Result<Report, StressError> {
    stress_with_progress(problem, config, &())
}

/// Returns the report of [`stress`], telling `progress` the number of generated inputs
/// once they are generated and each input once it is judged (shrinking and a replay are
/// not counted).
///
/// # Constraints
/// As for [`stress`].
///
/// # Example
/// ```
/// use gamecheck::chopsticks::Chopsticks;
/// use gamecheck::problem::Range;
/// use gamecheck::progress::Progress;
/// use gamecheck::stress::{stress_with_progress, Config, Limits, ShrinkLimits, Solution, Verdict};
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::time::Duration;
/// struct Count(AtomicU64, AtomicU64);
/// impl Progress for Count {
///     fn start(&self, total: u64) { self.0.store(total, Ordering::Relaxed); }
///     fn advance(&self, steps: u64) { self.1.fetch_add(steps, Ordering::Relaxed); }
/// }
/// # #[cfg(unix)] {
/// // `cat` echoes the input: the first input fails, after at least one was judged.
/// let dir = std::env::temp_dir().join(format!("gamecheck-doc-progress-{}", std::process::id()));
/// let config = Config {
///     problem_args: "chopsticks".into(),
///     solution: Solution::parse("cat").unwrap(),
///     seed: 1,
///     cases: 4,
///     maximal: 0,
///     max_time: Duration::from_secs(60),
///     jobs: 2,
///     limits: Limits { timeout: Duration::from_secs(5), max_output_bytes: 1 << 20, memory: None },
///     move_time: None,
///     shrink: ShrinkLimits::default(),
///     range: Range::Contest,
///     overrides: vec![],
///     out_dir: Some(dir.clone()),
///     replay: None,
///     reap: false,
///     build_dir: None,
/// };
/// let count = Count(AtomicU64::new(0), AtomicU64::new(0));
/// let report = stress_with_progress(&Chopsticks::problem(1), &config, &count).unwrap();
/// assert_eq!(count.0.load(Ordering::Relaxed), 4);
/// assert_eq!(report.verdict, Verdict::PresentationError);
/// // Judging stops at the first failure; it and every input before it were counted.
/// assert!(count.1.load(Ordering::Relaxed) >= report.cases as u64);
/// std::fs::remove_dir_all(dir).ok();
/// # }
/// ```
pub fn stress_with_progress<P: ContestFormat + Order>(
    problem: &P,
    config: &Config,
    progress: &dyn Progress,
) -> Result<Report, StressError> {
    let step = Batch {
        problem,
        limits: config.limits,
        reap: config.reap,
    };
    stress_steps(problem, &step, config, progress)
}

/// The cases of a replayed input, with the judgement of the solution on them and its run.
pub(crate) type Replayed<P> = (Vec<<P as crate::problem::Problem>::Case>, Judgement, RunOutcome);

/// How one input is run and judged: the one thing that varies between kinds of stress
/// run. Generation, the first failure in order, its files, the shrink over the cases and
/// the report are the engine's.
pub(crate) trait Step<P: ContestFormat>: Sync {
    /// Returns the judgement of `solution` on `cases`, and its run.
    fn check(&self, solution: &Solution, cases: &[P::Case]) -> Result<(Judgement, RunOutcome), StressError>;

    /// Its own passes after the shrink over the cases (an interactive run: the line of
    /// play), within `runs` more runs, telling `adopted` of each smaller failure; returns
    /// the failure, at least as small, and the runs spent.
    fn refine(
        &self,
        _solution: &Solution,
        _cases: &[P::Case],
        found: (Judgement, RunOutcome),
        _runs: usize,
        _adopted: &dyn Fn(&Judgement, &RunOutcome),
    ) -> Result<((Judgement, RunOutcome), usize), StressError> {
        Ok((found, 0))
    }

    /// Returns the cases of the replay file `path` and their judgement, when the step
    /// reads its own kind of file (an interactive run's `replay.json`); `None`: the file
    /// is contest input.
    fn replay(&self, _solution: &Solution, _path: &Path) -> Option<Result<Replayed<P>, StressError>> {
        None
    }

    /// Returns the name of the file a replay command reruns.
    fn replay_file(&self) -> &'static str {
        "input.txt"
    }
}

/// A batch run: the input on stdin, the output judged against the expected answers.
struct Batch<'a, P> {
    problem: &'a P,
    limits: Limits,
    reap: bool,
}

impl<P: ContestFormat> Step<P> for Batch<'_, P> {
    fn check(&self, solution: &Solution, cases: &[P::Case]) -> Result<(Judgement, RunOutcome), StressError> {
        let input = self.problem.write_input(cases);
        let run = run::run_reaping(solution, input.as_bytes(), &self.limits, self.reap)?;
        // What the expected answers memoized is kept for the next input (bounded by the
        // search's budget): a game's table is searched once a run, not once an input.
        let judged = judge::judge(self.problem, cases, &run);
        Ok((judged?, run))
    }
}

/// Returns the report of a stress run of `problem` whose inputs `step` runs and judges:
/// as [`stress_with_progress`], whatever the step.
pub(crate) fn stress_steps<P: ContestFormat + Order, S: Step<P>>(
    problem: &P,
    step: &S,
    config: &Config,
    progress: &dyn Progress,
) -> Result<Report, StressError> {
    // A signal during the run names the failure saved so far.
    reaper::on_stop(checkpoint::close);
    let report = stress_run(problem, step, config, progress);
    if config.reap {
        // Whatever a run left behind, until no child is left at all.
        reaper::kill_every_child();
    }
    checkpoint::clear();
    // A run cut short by a signal ends with the signal's exit code, not with a report.
    reaper::park_if_stopping();
    report
}

fn stress_run<P: ContestFormat + Order, S: Step<P>>(
    problem: &P,
    step: &S,
    config: &Config,
    progress: &dyn Progress,
) -> Result<Report, StressError> {
    let (bounds, _) = plan(problem, config)?;
    if config.reap {
        reaper::become_subreaper();
    }
    let jobs = config.jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|source| StressError::Pool { jobs, source })?;
    let solution = config.built_solution()?;
    let check = |cases: &[P::Case]| step.check(&solution, cases);
    let (small, maximal) = config.parts();
    let mut report = Report {
        problem: config.problem_args.clone(),
        seed: Some(config.seed),
        verdict: Verdict::Ok,
        cases: 0,
        requested: config.cases,
        ranges: bounds.pairs(),
        ranges_text: bounds.to_string(),
        failure: None,
        inputs: Some(Coverage {
            small: 0,
            maximal: 0,
            planned: (small, maximal),
            stopped_by: None,
            stop: None,
        }),
    };
    if let Some(path) = &config.replay {
        let (cases, judgement, run) = match step.replay(&solution, path) {
            Some(replayed) => replayed?,
            None => {
                let cases = read_replay(problem, path)?;
                let (judgement, run) = pool.install(|| check(&cases))?;
                (cases, judgement, run)
            }
        };
        report.seed = None;
        report.cases = 1;
        report.requested = 1;
        report.inputs = None;
        report.verdict = judgement.verdict;
        let input = problem.write_input(&cases);
        report.failure = (judgement.verdict != Verdict::Ok)
            .then(|| Failure::unshrunk(input, problem.extent(&cases), judgement, run));
        return Ok(report);
    }
    // A given directory is checked, and held, before anything runs.
    let _held = match &config.out_dir {
        Some(dir) => Some(claim_out_dir(dir)?),
        None => None,
    };
    progress.start(config.cases as u64);
    // The run's budget counts the solution's runs too; the shrink has its own.
    let spent = first_failure::Spent::new();
    let check = |cases: &[P::Case]| {
        let result = check(cases);
        if let Ok((_, run)) = &result {
            spent.add(run.cpu);
        }
        result
    };
    let Some((index, original, result)) = search(
        problem,
        config,
        &bounds,
        (&pool, &check, &spent),
        progress,
        &mut report,
    ) else {
        return Ok(report);
    };
    let out_dir = || match &config.out_dir {
        Some(dir) => Ok(dir.clone()),
        None => config.fresh_out_dir(),
    };
    let (judgement, run) = match result {
        // The reference ran out of its budget on this input: name it and keep it, so
        // that the input is not lost with the run.
        Err(StressError::Reference { why }) => {
            let kept = out_dir()
                .map(|dir| dir.join("unjudged-input.txt"))
                .and_then(|path| report::write_whole(&path, original.text.as_bytes()).map(|()| path))
                .map_or_else(
                    |e| format!("it could not be kept: {e}"),
                    |path| format!("kept in {}", path.display()),
                );
            return Err(StressError::Reference {
                why: format!("{why}; input {} (seed {}), {kept}", index + 1, config.seed),
            });
        }
        result => result?,
    };
    let mut failure = Failure {
        index: index + 1,
        size_text: original.size.sizes(),
        generator: Some(original.generator),
        ..Failure::unshrunk(original.text.clone(), original.size.pairs(), judgement, run)
    };
    // Written and told before the shrink, which may be long or cut short by a signal.
    let (written, dir, replay) = match out_dir() {
        Ok(dir) => {
            let replay = config.replay_command(&dir.join(step.replay_file()));
            match checkpoint::first(&dir, &failure, &replay) {
                Ok(files) => {
                    failure.files = files;
                    (true, dir, replay)
                }
                Err(e) => {
                    failure.files_error = Some(format!("{}: {e}", dir.display()));
                    (false, dir, replay)
                }
            }
        }
        Err(e) => {
            failure.files_error = Some(format!("cannot make a fresh output directory: {e}"));
            (false, PathBuf::new(), String::new())
        }
    };
    let kept = if written {
        format!(
            "the least failing input so far is kept in {}",
            failure.files[0].display()
        )
    } else {
        "its files could not be written".to_owned()
    };
    progress.note(&format!(
        "{} on input {} ({}, drawn by {}): {}; shrinking it ({kept})",
        failure.judgement.verdict,
        failure.index,
        report::size_line(report.seed, &failure.size_text),
        original.generator,
        report::detail_shown(&failure.original_detail),
    ));
    // The least failure so far, kept should the shrink break off (a run that cannot
    // start under a process limit): what was found is reported, not lost.
    let least = std::sync::Mutex::new(None);
    let adopted = |cases: &[P::Case], judgement: &Judgement, run: &RunOutcome| {
        *least.lock().unwrap_or_else(|p| p.into_inner()) =
            Some((cases.to_vec(), judgement.clone(), run.clone()));
        if written {
            let input = problem.write_input(cases);
            let _ = checkpoint::better(&dir, &input, judgement, run, &replay);
        }
    };
    let shrunk = pool.install(|| {
        shrink::shrink(
            problem,
            &bounds,
            original.cases.clone(),
            failure.judgement.clone(),
            failure.run.clone(),
            &check,
            &adopted,
            config.shrink,
        )
    });
    let shrunk = match shrunk {
        Ok(shrunk) => shrunk,
        Err(e @ StressError::Spawn { .. }) => {
            let (cases, judgement, run) = least
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .take()
                .unwrap_or_else(|| {
                    (
                        original.cases.clone(),
                        failure.judgement.clone(),
                        failure.run.clone(),
                    )
                });
            Shrunk {
                cases,
                judgement,
                run,
                runs: 0,
                standing: Standing::Greedy(format!("the shrink broke off: {e}")),
            }
        }
        Err(e) => return Err(e),
    };
    let left = config.shrink.max_runs.saturating_sub(shrunk.runs);
    let refined = pool.install(|| {
        step.refine(
            &solution,
            &shrunk.cases,
            (shrunk.judgement.clone(), shrunk.run.clone()),
            left,
            &|j: &Judgement, r: &RunOutcome| adopted(&shrunk.cases, j, r),
        )
    });
    let ((judgement, run), more) = match refined {
        Ok(refined) => refined,
        Err(StressError::Spawn { .. }) => match least.lock().unwrap_or_else(|p| p.into_inner()).take() {
            Some((_, judgement, run)) => ((judgement, run), 0),
            None => ((shrunk.judgement, shrunk.run), 0),
        },
        Err(e) => return Err(e),
    };
    failure.input = problem.write_input(&shrunk.cases);
    failure.judgement = judgement;
    failure.run = run;
    failure.shrink = Some((shrunk.runs + more, shrunk.standing));
    if written {
        match report::write_files(&dir, &failure) {
            Ok(files) => failure.files = files,
            Err(e) => {
                failure.files.clear();
                failure.files_error = Some(format!("{}: {e}", dir.display()));
            }
        }
    }
    if failure.files_error.is_none() {
        failure.replay = Some(replay);
    }
    report.verdict = failure.judgement.verdict;
    report.failure = Some(failure);
    Ok(report)
}

/// The pool a run's inputs run on, the check of one input, and what the run has spent.
type Runner<'a, C> = (
    &'a rayon::ThreadPool,
    &'a (dyn Fn(&[C]) -> Result<(Judgement, RunOutcome), StressError> + Sync),
    &'a first_failure::Spent,
);

/// The first failing input of a run: its place in the run (from 0), the input, and what
/// checking it gave.
type Found<C> = (usize, Generated<C>, Result<(Judgement, RunOutcome), StressError>);

/// Runs the small inputs, then, when none failed, the maximal ones, within the run's
/// budget (the small ones within three quarters of it); returns the first failure, with
/// its place in the run (from 0), and counts what ran in `report`.
fn search<P: ContestFormat + Order>(
    problem: &P,
    config: &Config,
    bounds: &Bounds,
    (pool, check, spent): Runner<'_, P::Case>,
    progress: &dyn Progress,
    report: &mut Report,
) -> Option<Found<P::Case>> {
    let (small, maximal) = config.parts();
    let small_share = match maximal {
        0 => config.max_time,
        _ => config.max_time - config.max_time / 4,
    };
    let small_bounds = bounds.small();
    let inputs = Inputs::for_run(problem, config.seed, &small_bounds, config.cases).take(small);
    let budget = |limit| first_failure::RunBudget { spent, limit };
    let sweep = first_failure::sweep(pool, inputs, check, budget(small_share), progress);
    let mut counts = Coverage {
        small: sweep.drawn,
        maximal: 0,
        planned: (small, maximal),
        stopped_by: sweep.stopped.map(|_| config.max_time),
        stop: sweep.stopped.map(|s| (Part::Small, s)),
    };
    let failed = match sweep.failed {
        Some(f) => {
            counts.small = f.index + 1;
            Some((f.index, f.input, f.result))
        }
        None if maximal > 0 => {
            let inputs = Inputs::maximal(problem, config.seed, bounds).take(maximal);
            let sweep = first_failure::sweep(pool, inputs, check, budget(config.max_time), progress);
            counts.maximal = sweep.drawn;
            if let Some(stop) = sweep.stopped {
                counts.stopped_by = Some(config.max_time);
                counts.stop = Some((Part::Maximal, stop));
            }
            sweep.failed.map(|f| {
                counts.maximal = f.index + 1;
                // Numbered by its place in the run as planned, whatever number of small
                // inputs the budget let run.
                (small + f.index, f.input, f.result)
            })
        }
        None => None,
    };
    report.cases = counts.small + counts.maximal;
    report.inputs = Some(counts);
    failed
}
