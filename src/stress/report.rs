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
/// Characters of a verdict's reason shown in the text report (it names the case, which
/// a list of 10^5 counts makes long); the files and `--json` hold it whole.
pub(crate) const DETAIL_SHOWN: usize = 300;

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
    /// The part of the run it stopped in and how.
    pub stop: Option<(Part, super::Stopped)>,
}

/// A part of a stress run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The small inputs, within three quarters of the run budget when maximal ones follow.
    Small,
    /// The maximal inputs, within the rest.
    Maximal,
}

/// Returns `d` for people: `88.1 s`, or below a second `12 ms`.
fn seconds(d: std::time::Duration) -> String {
    match d.as_secs() {
        0 => format!("{} ms", d.as_millis()),
        _ => format!("{:.1} s", d.as_secs_f64()),
    }
}

impl Coverage {
    /// Returns the inputs planned but not run.
    pub fn not_run(&self) -> usize {
        (self.planned.0 - self.small.min(self.planned.0))
            + (self.planned.1 - self.maximal.min(self.planned.1))
    }

    /// Returns what stopped the run, for people: the budget and the clock, what was
    /// spent, and what the next input was not given.
    pub fn stop_text(&self) -> Option<String> {
        let limit = self.stopped_by?;
        let mut out = format!(
            "the run budget of {} (--max-seconds; three quarters of it for the small inputs \
             when maximal ones follow)",
            crate::units::cpu_seconds(limit.as_secs_f64())
        );
        if let Some((part, s)) = self.stop {
            let part = match part {
                Part::Small => "small",
                Part::Maximal => "maximal",
            };
            if s.wall {
                let _ = write!(
                    out,
                    ", by its wall-clock net ({} times its CPU seconds) during the {part} inputs, \
                     {} of CPU time spent",
                    crate::budget::WALL_SAFETY_FACTOR,
                    seconds(s.spent)
                );
            } else {
                let _ = write!(
                    out,
                    ": {} of CPU spent of the {part} inputs' {}, the rest short of another input \
                     ({} each, the dearest input so far, its run and its judging, for it and \
                     each input still running)",
                    seconds(s.spent),
                    seconds(s.limit),
                    seconds(s.reserve)
                );
            }
        }
        Some(out)
    }

    /// Returns `inputs: 196 small, 4 maximal`, and what the run budget left out when it
    /// stopped the run.
    fn to_text(self) -> String {
        let mut out = format!("inputs: {} small, {} maximal", self.small, self.maximal);
        if let Some(stop) = self.stop_text() {
            let _ = write!(
                out,
                "; stopped by {stop}: {} of {} small and {} of {} maximal inputs not run (the \
                 counts follow the CPU time measured: another run may run a few more or fewer)",
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
        let _ = writeln!(out, "    {}", crate::shown::clipped(line, CHARS_SHOWN));
    }
    if lines.is_empty() {
        out.push_str("    (empty)\n");
    } else if lines.len() > LINES_SHOWN {
        let _ = writeln!(out, "    … {} more lines", lines.len() - LINES_SHOWN);
    }
    out
}

/// Returns a verdict's reason as the text report shows it: at most about
/// [`DETAIL_SHOWN`] characters, what was cut counted.
pub(crate) fn detail_shown(detail: &str) -> String {
    crate::shown::clipped(detail.as_bytes(), DETAIL_SHOWN)
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
    /// replay), `stopped_by`, `stop` (why, for people) and `not_run` when the run budget
    /// stopped the run; for a
    /// failure also `input_index`, `size`,
    /// `first_failing_input`, `first_detail`, `generator`, `detail`, `cpu_ms`, `wall_ms`,
    /// `time_limit` (for a timeout), `shrink` (`standing`, `runs`, `why`), `files` and `replay`.
    /// Every field is whole: the text report cuts long lines, JSON does not.
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
                if let Some(why) = c.stop_text() {
                    o.insert("stop".into(), json!(why));
                }
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
    /// size it appeared at, why (at most about 300 characters), the shrunk input, expected
    /// and actual output (escaped, at most 20 lines of about 200 characters, each cut
    /// between values and followed by the count of characters cut), the files written
    /// and the replay command. The files and [`Report::to_json`] hold everything whole.
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
            let _ = writeln!(out, "{}: {}", self.verdict, detail_shown(&f.judgement.detail));
        } else {
            let generator = f.generator.map_or(String::new(), |g| format!(", drawn by {g}"));
            let _ = writeln!(
                out,
                "{} on input {} ({}{generator}): {}",
                self.verdict,
                f.index,
                size_line(self.seed, &f.size_text),
                detail_shown(&f.original_detail)
            );
        }
        if let Some((runs, standing)) = &f.shrink {
            let _ = writeln!(
                out,
                "shrunk in {runs} runs ({standing}): {}",
                detail_shown(&f.judgement.detail)
            );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stress::run::Termination;

    /// A failure whose reason names a case of 30,000 counts and whose output is one line
    /// of them, as a list game's maximal input gives.
    fn long_failure() -> (Report, String, String) {
        let case: Vec<String> = (1..=30_000u64).map(|x| x.to_string()).collect();
        let case = case.join(" ");
        let detail = format!("line 1 (case 30000 / {case}): expected first, found second");
        let judgement = Judgement {
            verdict: Verdict::WrongAnswer,
            detail: detail.clone(),
            expected: format!("{case}\n"),
            play: None,
        };
        let run = RunOutcome {
            termination: Termination::Exited(0),
            stdout: format!("{case}\n").into_bytes(),
            stderr: Vec::new(),
            elapsed: std::time::Duration::ZERO,
            cpu: std::time::Duration::ZERO,
        };
        let input = format!("1\n30000\n{case}\n");
        let report = Report {
            problem: "demo".into(),
            seed: Some(1),
            verdict: Verdict::WrongAnswer,
            cases: 1,
            requested: 1,
            ranges: Vec::new(),
            ranges_text: String::new(),
            failure: Some(Failure::unshrunk(input, Vec::new(), judgement, run)),
            inputs: None,
        };
        (report, detail, case)
    }

    #[test]
    fn the_text_report_cuts_long_lines_between_values_and_json_keeps_them_whole() {
        let (report, detail, case) = long_failure();
        let text = report.to_text();
        for line in text.lines() {
            assert!(
                line.chars().count() <= DETAIL_SHOWN + 60,
                "a line of {} characters",
                line.chars().count()
            );
        }
        // The reason: cut after a whole value, the rest counted.
        let first = text.lines().next().expect("a line");
        let kept = first
            .split("… (")
            .next()
            .expect("cut")
            .strip_prefix("wrong-answer: ")
            .expect("the verdict");
        assert!(detail.starts_with(kept) && kept.ends_with(' '), "{kept:?}");
        let more = detail.chars().count() - kept.chars().count();
        assert!(first.ends_with(&format!(
            "… ({} more characters)",
            crate::shown::thousands(more as u64)
        )));
        // The input, expected and actual lines: the same.
        let shown = format!(
            "    {}",
            &case[..case[..CHARS_SHOWN].rfind(' ').expect("a space") + 1]
        );
        let cut = case.chars().count() - (shown.chars().count() - 4);
        let line = format!(
            "{shown}… ({} more characters)",
            crate::shown::thousands(cut as u64)
        );
        assert_eq!(text.matches(line.as_str()).count(), 3, "{text}");
        // JSON holds every field whole.
        let json: serde_json::Value = serde_json::from_str(&report.to_json()).expect("JSON");
        assert_eq!(json["detail"], serde_json::json!(detail));
        assert_eq!(json["actual"], serde_json::json!(format!("{case}\n")));
        assert_eq!(json["expected"], serde_json::json!(format!("{case}\n")));
    }
}
