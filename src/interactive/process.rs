//! The program as the judge's peer: the stress engine's live run ([`Live`]: its own
//! process group, the CPU time of its whole tree per move, the output cap, one thread),
//! its ends told as verdicts.

use std::time::Duration;

use super::session::{Ended, Peer};
use crate::stress::{Exit, Heard, LINE_CAP, Limits, Live, RunOutcome, Solution, StressError, Verdict};

/// A running program.
pub(crate) struct Program {
    live: Live,
    max_output_bytes: usize,
    move_time: Duration,
}

impl Program {
    /// Starts `solution` with `limits` (`timeout`: the CPU time of one move).
    pub(crate) fn start(solution: &Solution, limits: &Limits, reap: bool) -> Result<Program, StressError> {
        Ok(Program {
            live: Live::start(solution, limits, reap)?,
            max_output_bytes: limits.max_output_bytes,
            move_time: limits.timeout,
        })
    }

    /// Stops the program and returns what it wrote and how it ended.
    pub(crate) fn outcome(self) -> RunOutcome {
        self.live.outcome()
    }

    /// Returns the verdict and words of the reaped program's wait status, the memory limit
    /// drawn as a batch run draws it.
    fn describe(&self, status: libc::c_int) -> (Verdict, String) {
        if self.live.at_memory_limit(status) {
            (
                Verdict::MemoryLimit,
                "failed for want of memory under the memory limit".to_owned(),
            )
        } else {
            describe_status(status)
        }
    }

    /// Returns how the program ended, once its output ended or it exited mid-game.
    fn ended(&mut self) -> Ended {
        match self.live.exited_status().map(|s| self.describe(s)) {
            Some((Verdict::Ok, _)) => Ended::new(
                Verdict::PresentationError,
                "its output ended mid-game: it exited (code 0) before the game was over",
            ),
            Some((verdict, how)) => Ended::new(verdict, &format!("it {how} mid-game")),
            None => Ended::new(
                Verdict::PresentationError,
                "it closed its output mid-game and kept running",
            ),
        }
    }
}

/// Returns the verdict and words of a wait status: `Ok` for code 0.
fn describe_status(status: libc::c_int) -> (Verdict, String) {
    if libc::WIFSIGNALED(status) {
        return (
            Verdict::RuntimeError,
            format!("was killed by signal {}", libc::WTERMSIG(status)),
        );
    }
    match libc::WEXITSTATUS(status) {
        0 => (Verdict::Ok, "exited with code 0".into()),
        code => (Verdict::RuntimeError, format!("exited with code {code}")),
    }
}

impl Peer for Program {
    fn send(&mut self, text: &str) {
        self.live.send(text);
    }

    fn receive(&mut self) -> Result<String, Ended> {
        match self.live.receive() {
            Heard::Line(line) => Ok(line),
            Heard::Closed => Err(self.ended()),
            Heard::LineTooLong => Err(Ended::new(
                Verdict::PresentationError,
                &format!("a line longer than {LINE_CAP} bytes"),
            )),
            Heard::OutputLimit => Err(Ended::new(
                Verdict::RuntimeError,
                &format!(
                    "it wrote more than {} bytes (--max-output-bytes)",
                    self.max_output_bytes
                ),
            )),
            Heard::Timeout { cpu } => Err(Ended::new(
                Verdict::Timeout,
                &format!(
                    "it used {} ms of CPU time on a move (limit {} ms)",
                    cpu.as_millis(),
                    self.move_time.as_millis()
                ),
            )),
            Heard::Idle {
                waited,
                window,
                reading,
            } => {
                let how = if reading {
                    "it waits for input (blocked reading its stdin)"
                } else {
                    "it is idle"
                };
                Err(Ended::new(
                    Verdict::Idleness,
                    &format!(
                        "{how}: no line within {} ms and no CPU time used in the last {} ms \
                         (did it flush its output?)",
                        waited.as_millis(),
                        window.as_millis()
                    ),
                ))
            }
            Heard::Wall { waited, cpu } => Err(Ended::new(
                Verdict::Timeout,
                &format!(
                    "no line within {} ms of wall time ({} ms of CPU time)",
                    waited.as_millis(),
                    cpu.as_millis()
                ),
            )),
        }
    }

    fn finish(&mut self) -> Result<(), Ended> {
        match self.live.finish() {
            Exit::Stayed => Err(Ended::new(
                Verdict::Idleness,
                "it did not exit after the last game (its input was closed)",
            )),
            Exit::Timeout { cpu } => Err(Ended::new(
                Verdict::Timeout,
                &format!(
                    "it used {} ms of CPU time after the last game instead of exiting (limit {} ms)",
                    cpu.as_millis(),
                    self.move_time.as_millis()
                ),
            )),
            Exit::Status(status) => match self.describe(status) {
                (Verdict::Ok, _) => Ok(()),
                (verdict, how) => Err(Ended::new(verdict, &format!("it {how} after the last game"))),
            },
        }
    }
}
