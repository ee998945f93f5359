//! The outcome of a stress run: text for people, JSON for tools, files for replaying.
//! Everything a solution printed is escaped and capped before it is shown.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use super::judge::{Judgement, Verdict};
use super::run::RunOutcome;
use super::shrink::Standing;

/// Lines of an input or output shown in the text report; the files hold them whole.
const LINES_SHOWN: usize = 20;
/// Characters of one line shown in the text report.
const CHARS_SHOWN: usize = 200;

/// A failing input, shrunk unless replayed, with what the solution did on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// 1-based number of the generated input that failed first; 0 for a replay.
    pub index: usize,
    /// The bounds that input was drawn within (its size), as pairs of flag and maximum.
    pub size: Vec<(&'static str, u64)>,
    /// The same for people: `T <= 4, counts <= 1234`.
    pub size_text: String,
    /// The first failing input as generated, and why it failed.
    pub original_input: String,
    pub original_detail: String,
    /// The shrunk input, as contest text.
    pub input: String,
    pub judgement: Judgement,
    pub run: RunOutcome,
    /// Shrinking runs and how far the result is known least; `None` for a replay.
    pub shrink: Option<(usize, Standing)>,
    /// Files written: the shrunk input, expected, actual, stderr, the first input.
    pub files: Vec<PathBuf>,
    /// Why the files could not be written, if they could not.
    pub files_error: Option<String>,
    /// A command that reruns the solution on the written input.
    pub replay: Option<String>,
    /// The generator that drew the first failing input; `None` for a replay.
    pub generator: Option<super::generate::Generator>,
}

/// The report of a stress run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The problem as named on the command line.
    pub problem: String,
    /// The generator's seed; `None` for a replay, which uses none.
    pub seed: Option<u64>,
    pub verdict: Verdict,
    /// Inputs judged: all of them when every one passed, else up to the first failure.
    pub cases: usize,
    /// Inputs asked for; more than `cases` passed when the bounds hold fewer.
    pub requested: usize,
    /// The bounds of the run, as pairs of flag and maximum, and for people.
    pub ranges: Vec<(&'static str, u64)>,
    pub ranges_text: String,
    pub failure: Option<Failure>,
    /// How many small and maximal inputs ran, and what stopped the run; `None` for a
    /// replay.
    pub inputs: Option<Coverage>,
}

/// What a run covered: the small and maximal inputs run, of those planned, and the run
/// budget when it stopped the run before the plan was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coverage {
    pub small: usize,
    pub maximal: usize,
    /// Small and maximal inputs planned ([`super::Config::parts`]).
    pub planned: (usize, usize),
    /// The run budget ([`super::Config::max_time`]), when it was spent before the
    /// planned inputs all ran.
    pub stopped_by: Option<std::time::Duration>,
}

impl Coverage {
    /// Returns the inputs planned but not run.
    pub fn not_run(&self) -> usize {
        (self.planned.0 - self.small.min(self.planned.0))
            + (self.planned.1 - self.maximal.min(self.planned.1))
    }

    /// Returns `inputs: 196 small, 4 maximal`, and what the run budget left out when it
    /// stopped the run.
    fn to_text(self) -> String {
        let mut out = format!("inputs: {} small, {} maximal", self.small, self.maximal);
        if let Some(limit) = self.stopped_by {
            let _ = write!(
                out,
                "; stopped by the run budget of {} (--max-seconds; three quarters of it for \
                 the small inputs when maximal ones follow): {} of {} small and {} of {} maximal inputs \
                 not run",
                crate::units::cpu_seconds(limit.as_secs_f64()),
                self.planned.0 - self.small.min(self.planned.0),
                self.planned.0,
                self.planned.1 - self.maximal.min(self.planned.1),
                self.planned.1
            );
        }
        out
    }
}

/// Writes `data` to `path` through a temporary file renamed over it, so a reader (or a
/// run cut short) never sees half a file. The temporary file is created afresh
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`), never opened through a link a solution may have
/// left in its place, and the rename replaces a link at `path` rather than its target.
pub(crate) fn write_whole(path: &Path, data: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut name = path.file_name().unwrap_or_default().to_owned();
    name.push(".partial");
    let partial = path.with_file_name(name);
    let _ = std::fs::remove_file(&partial);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    // A full disk (or a file size limit) fails the write: no half file is left behind.
    options
        .open(&partial)
        .and_then(|mut f| f.write_all(data))
        .and_then(|()| std::fs::rename(&partial, path))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&partial);
        })
}

/// Writes the failure's files into `dir`: `input.txt`, `expected.txt`, `actual.txt`,
/// `stderr.txt` and `first-input.txt`; returns their paths.
pub(crate) fn write_files(dir: &Path, f: &Failure) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    write_shrunk(dir, &f.input, &f.judgement, &f.run)?;
    write_whole(&dir.join("first-input.txt"), f.original_input.as_bytes())?;
    let played: &[&str] = if f.judgement.play.is_some() {
        &["transcript.txt", "replay.json"]
    } else {
        &[]
    };
    Ok([
        "input.txt",
        "expected.txt",
        "actual.txt",
        "stderr.txt",
        "first-input.txt",
    ]
    .iter()
    .chain(played)
    .map(|name| dir.join(name))
    .collect())
}

/// Writes the files of a (shrunk) failing input into the existing `dir`: `input.txt`,
/// `expected.txt`, `actual.txt` and `stderr.txt`.
pub(crate) fn write_shrunk(
    dir: &Path,
    input: &str,
    judgement: &Judgement,
    run: &RunOutcome,
) -> std::io::Result<()> {
    let files = [
        ("input.txt", input.as_bytes()),
        ("expected.txt", judgement.expected.as_bytes()),
        ("actual.txt", &run.stdout[..]),
        ("stderr.txt", &run.stderr[..]),
    ];
    for (name, data) in files {
        write_whole(&dir.join(name), data)?;
    }
    if let Some(play) = &judgement.play {
        write_whole(&dir.join("transcript.txt"), play.transcript.to_text().as_bytes())?;
        write_whole(&dir.join("replay.json"), play.replay.as_bytes())?;
    }
    Ok(())
}

fn pairs(pairs: &[(&'static str, u64)]) -> Value {
    Value::Object(
        pairs
            .iter()
            .map(|&(k, v)| (k.to_owned(), json!(v)))
            .collect::<Map<_, _>>(),
    )
}

/// Up to [`LINES_SHOWN`] lines of `text`, indented, each escaped and capped.
fn indent(text: &[u8]) -> String {
    let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    let lines = match lines.last() {
        Some([]) => &lines[..lines.len() - 1],
        _ => &lines[..],
    };
    let mut out = String::new();
    for line in lines.iter().take(LINES_SHOWN) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let _ = writeln!(out, "    {}", crate::shown::escaped(line, CHARS_SHOWN));
    }
    if lines.is_empty() {
        out.push_str("    (empty)\n");
    } else if lines.len() > LINES_SHOWN {
        let _ = writeln!(out, "    … {} more lines", lines.len() - LINES_SHOWN);
    }
    out
}

/// Returns `seed 1, size T <= 4, counts <= 1234`: where a generated input came from.
pub(crate) fn size_line(seed: Option<u64>, size: &str) -> String {
    let seed = seed.map_or(String::new(), |s| format!("seed {s}, "));
    format!("{seed}size {size}")
}

impl Failure {
    /// Returns the failure `judgement` and `run` on `input` (of the extent `size`), as
    /// found: not shrunk, no file written, numbered 0 and drawn by no generator (a
    /// replay's).
    pub(crate) fn unshrunk(
        input: String,
        size: Vec<(&'static str, u64)>,
        judgement: Judgement,
        run: RunOutcome,
    ) -> Failure {
        Failure {
            index: 0,
            size,
            size_text: String::new(),
            original_input: input.clone(),
            original_detail: judgement.detail.clone(),
            input,
            judgement,
            run,
            shrink: None,
            files: Vec::new(),
            files_error: None,
            replay: None,
            generator: None,
        }
    }
}

impl Report {
    /// Returns the process exit code: 0 when every input passed, 1 on a failure.
    pub fn exit_code(&self) -> u8 {
        u8::from(self.verdict != Verdict::Ok)
    }

    /// Returns the report as one JSON object: `format_version`, `verdict`, `input` (the shrunk failing
    /// input, empty when ok), `expected`, `actual`, `cases`, `seed` (absent for a
    /// replay), `problem`, `ranges`, `small_inputs` and `maximal_inputs` (absent for a
    /// replay), `stopped_by` and `not_run` when the run budget stopped the run; for a
    /// failure also `input_index`, `size`,
    /// `first_failing_input`, `first_detail`, `generator`, `detail`, `cpu_ms`, `wall_ms`,
    /// `time_limit` (for a timeout), `shrink` (`standing`, `runs`, `why`), `files` and `replay`.
    pub fn to_json(&self) -> String {
        let failure = self.failure.as_ref();
        let mut o = Map::new();
        o.insert("verdict".into(), json!(self.verdict));
        o.insert("input".into(), json!(failure.map_or("", |f| f.input.as_str())));
        o.insert(
            "expected".into(),
            json!(failure.map_or("", |f| f.judgement.expected.as_str())),
        );
        o.insert(
            "actual".into(),
            json!(failure.map_or(String::new(), |f| {
                String::from_utf8_lossy(&f.run.stdout).into_owned()
            })),
        );
        o.insert("cases".into(), json!(self.cases));
        if let Some(seed) = self.seed {
            o.insert("seed".into(), json!(seed));
        }
        o.insert("problem".into(), json!(self.problem));
        o.insert("ranges".into(), pairs(&self.ranges));
        if let Some(c) = &self.inputs {
            o.insert("small_inputs".into(), json!(c.small));
            o.insert("maximal_inputs".into(), json!(c.maximal));
            if let Some(limit) = c.stopped_by {
                o.insert(
                    "stopped_by".into(),
                    json!(format!(
                        "run budget of {}",
                        crate::units::cpu_seconds(limit.as_secs_f64())
                    )),
                );
                o.insert("not_run".into(), json!(c.not_run()));
            }
        }
        if let Some(f) = failure {
            o.insert("detail".into(), json!(f.judgement.detail));
            o.insert("cpu_ms".into(), json!(f.run.cpu.as_millis() as u64));
            o.insert("wall_ms".into(), json!(f.run.elapsed.as_millis() as u64));
            if let super::run::Termination::TimedOut(clock) = f.run.termination {
                o.insert("time_limit".into(), json!(clock.name()));
            }
            if f.index > 0 {
                o.insert("input_index".into(), json!(f.index));
                o.insert("size".into(), pairs(&f.size));
                o.insert("first_failing_input".into(), json!(f.original_input));
                o.insert("first_detail".into(), json!(f.original_detail));
            }
            if let Some(g) = f.generator {
                o.insert("generator".into(), json!(g.name()));
            }
            if let Some(play) = &f.judgement.play {
                o.insert("transcript".into(), json!(play.transcript));
                o.insert("games".into(), json!(play.games));
                o.insert("moves".into(), json!(play.moves));
            }
            if let Some((runs, standing)) = &f.shrink {
                let why = match standing {
                    Standing::Least => String::new(),
                    other => other.to_string(),
                };
                o.insert(
                    "shrink".into(),
                    json!({ "standing": standing.name(), "runs": runs, "why": why }),
                );
            }
            o.insert(
                "files".into(),
                json!(
                    f.files
                        .iter()
                        .map(|p| p.display().to_string())
                        .collect::<Vec<_>>()
                ),
            );
            if let Some(e) = &f.files_error {
                o.insert("files_error".into(), json!(e));
            }
            if let Some(replay) = &f.replay {
                o.insert("replay".into(), json!(replay));
            }
        }
        Value::Object(crate::json::envelope(o)).to_string()
    }

    /// Returns the report for people: the verdict and the ranges, and for a failure the
    /// size it appeared at, the shrunk input, expected and actual output (escaped, at most
    /// 20 lines of 200 characters), the files written and the replay command.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let Some(f) = &self.failure else {
            let seed = self.seed.map_or(String::new(), |s| format!(" (seed {s})"));
            let stopped = self.inputs.is_some_and(|c| c.stopped_by.is_some());
            if stopped {
                let _ = writeln!(
                    out,
                    "ok: {} inputs passed{seed}, the run budget spent before the other {}",
                    self.cases,
                    self.inputs.map_or(0, |c| c.not_run())
                );
            } else if self.cases < self.requested {
                // The generator's draws are biased (Chopsticks draws positions of real
                // play), so giving up says nothing of how many inputs the ranges hold.
                let _ = writeln!(
                    out,
                    "ok: all {} inputs passed{seed}, fewer than the {} asked for: the generator \
                     gave up after {} draws in a row gave no new input within the ranges",
                    self.cases,
                    self.requested,
                    super::generate::GIVE_UP_DRAWS
                );
            } else {
                let _ = writeln!(out, "ok: all {} inputs passed{seed}", self.cases);
            }
            let _ = writeln!(out, "ranges: {}", self.ranges_text);
            if let Some(c) = self.inputs {
                let _ = writeln!(out, "{}", c.to_text());
            }
            return out;
        };
        if f.index == 0 {
            let _ = writeln!(out, "{}: {}", self.verdict, f.judgement.detail);
        } else {
            let generator = f.generator.map_or(String::new(), |g| format!(", drawn by {g}"));
            let _ = writeln!(
                out,
                "{} on input {} ({}{generator}): {}",
                self.verdict,
                f.index,
                size_line(self.seed, &f.size_text),
                f.original_detail
            );
        }
        if let Some((runs, standing)) = &f.shrink {
            let _ = writeln!(out, "shrunk in {runs} runs ({standing}): {}", f.judgement.detail);
        }
        match &f.judgement.play {
            // The input is what the judge wrote first; the rest is the game as played.
            Some(play) => {
                let _ = write!(out, "the judge wrote first:\n{}", indent(f.input.as_bytes()));
                out.push_str(&play.transcript.to_text());
            }
            None => {
                let _ = write!(out, "input:\n{}", indent(f.input.as_bytes()));
                let _ = write!(out, "expected:\n{}", indent(f.judgement.expected.as_bytes()));
                let _ = write!(out, "actual:\n{}", indent(&f.run.stdout));
            }
        }
        if !f.run.stderr.is_empty() {
            let lines: Vec<&[u8]> = f
                .run
                .stderr
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .collect();
            let tail = lines[lines.len().saturating_sub(5)..].join(&b'\n');
            let _ = write!(out, "stderr (last lines):\n{}", indent(&tail));
        }
        let _ = writeln!(out, "ranges: {}", self.ranges_text);
        if let Some(c) = self.inputs {
            let _ = writeln!(out, "{}", c.to_text());
        }
        if !f.files.is_empty() {
            let names: Vec<String> = f.files.iter().map(|p| p.display().to_string()).collect();
            let _ = writeln!(out, "files: {}", names.join(", "));
        }
        if let Some(e) = &f.files_error {
            let _ = writeln!(out, "files: not written: {e}");
        }
        if let Some(replay) = &f.replay {
            let _ = writeln!(out, "replay: {replay}");
        }
        out
    }
}
