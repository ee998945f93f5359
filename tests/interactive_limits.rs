//! The interactive judge's own limits: a format that is a mistake is refused before any
//! run, and the shrink of a program that never answers stops at its timeout budget
//! (issue 29).
#![cfg(target_os = "linux")]

use std::time::Duration;

use gamecheck::game::stress::{Failure, Passed, StressError};
use gamecheck::game::{Field, Format, Game, Outcome, Search, Unanswered, stress};
use gamecheck::interactive::{Interactive, Notation, Parse};
use gamecheck::stress::{Budget, Standing, Verdict};

/// Take 1 or 2, its interactive ends written `won` and `lost`.
struct Take12 {
    won: &'static str,
    lost: &'static str,
}

impl Game for Take12 {
    type Position = u64;
    const NAME: &'static str = "take12";
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
    }
    fn interactive(&self) -> Option<Interactive<Take12>> {
        // At least two games a run: a failing run's shrink first tries its failing game
        // alone.
        let start = Format::cases(2..=10).line([Field::number("n", 0..=30)]);
        Some(
            Interactive::new(start)
                .notation(Notation::Position)
                .ends(self.won, self.lost),
        )
    }
}

#[test]
fn a_format_whose_won_and_lost_games_end_alike_is_refused() {
    // The program could not tell a won game from a lost one: no run is made.
    let game = Take12 { won: "0", lost: "0" };
    let err = stress(game, "cat").cases(2).run().unwrap_err();
    assert!(err.to_string().contains("both end with"), "{err}");
}

#[test]
fn the_shrink_of_a_silent_program_stops_at_its_timeout_budget() {
    // `sleep` never writes: idle at its first move, and again in every candidate the
    // shrink tries (its failing game alone first). With no timeout allowed, the shrink
    // stops after its first such run.
    let game = Take12 { won: "0", lost: "-1" };
    let err = stress(game, "sleep 30")
        .cases(1)
        .timeout(Duration::from_millis(200))
        .shrink_timeouts(0)
        .run()
        .unwrap_err();
    let failure = err.failure().expect("a failure");
    assert_eq!(failure.verdict, Verdict::Idleness);
    // One batch of runs at most (two jobs).
    assert!(failure.shrink_runs <= 2, "{:?}", failure.least);
    assert!(
        matches!(failure.least, Standing::BudgetExhausted(Budget::Timeouts(0))),
        "{:?}",
        failure.least
    );
}

/// Take 1 or 2 with an interactive format set by the test, and a fast path that may be
/// wrong.
struct Take12With {
    sides: [&'static str; 2],
    max_moves: u64,
    move_time: Duration,
    /// The fast path says every heap is won.
    wrong_fast_path: bool,
    /// The largest heap of a start.
    max_n: u64,
}

impl Default for Take12With {
    fn default() -> Take12With {
        Take12With {
            sides: ["First", "Second"],
            max_moves: 100,
            move_time: Duration::from_secs(1),
            wrong_fast_path: false,
            max_n: 30,
        }
    }
}

impl Game for Take12With {
    type Position = u64;
    const NAME: &'static str = "take12";
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
    }
    fn outcome(&self, &n: &u64, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of(self.wrong_fast_path || n % 3 != 0))
    }
    fn interactive(&self) -> Option<Interactive<Take12With>> {
        let start = Format::cases(1..=10).line([Field::number("n", 0..=self.max_n)]);
        Some(
            Interactive::new(start)
                .notation(Notation::Position)
                .ends("0", "-1")
                .sides(self.sides[0], self.sides[1])
                .max_moves(self.max_moves)
                .move_time(self.move_time),
        )
    }
}

/// Returns the failure of a run that must fail.
fn failed(result: Result<Passed, StressError<u64>>) -> Box<Failure<u64>> {
    match result {
        Err(StressError::Failed(f)) => f,
        Err(e) => panic!("the run could not be carried out: {e}"),
        Ok(passed) => panic!("passed: {}", passed.report.to_text()),
    }
}

#[test]
fn an_interactive_program_starts_with_no_signal_blocked_or_ignored() {
    // As the stress binary does for its reaper: signals blocked in the thread that
    // starts the runs, one ignored in the whole process. The program writes its own
    // masks where its side is asked.
    // SAFETY: the set is ours; the mask is this test thread's; SIGUSR1 is not used here.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGALRM);
        libc::sigaddset(&mut set, libc::SIGTERM);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        libc::signal(libc::SIGUSR1, libc::SIG_IGN);
    }
    let program =
        r#"sh -c 'read t; read n; grep -E "^Sig(Blk|Ign)" /proc/self/status | tr -d " \t\n"; echo'"#;
    let f = failed(
        stress(Take12With::default(), program)
            .cases(1)
            .shrink_runs(0)
            .run(),
    );
    assert_eq!(f.verdict, Verdict::PresentationError, "{}", f.reason);
    // The line it wrote is in the transcript, though it is no side.
    let entries = &f.transcript.as_ref().expect("a transcript").entries;
    assert_eq!(
        entries[0].wrote, "SigBlk:0000000000000000SigIgn:0000000000000000",
        "{}",
        f.reason
    );
}

#[test]
fn a_side_with_a_no_break_space_is_no_side() {
    // `trim` would take U+00A0 away; a judge reads the side as bytes.
    let f = failed(
        stress(
            Take12With::default(),
            "sh -c 'printf \"First\\302\\240\\n\"; sleep 5'",
        )
        .cases(1)
        .shrink_runs(0)
        .run(),
    );
    assert_eq!(f.verdict, Verdict::PresentationError, "{}", f.reason);
}

#[test]
fn a_byte_that_is_not_utf8_in_a_side_is_shown_as_xnn_not_u_fffd() {
    // docs/stress.md: invalid UTF-8 is shown `\xNN`; the interactive judge once read the
    // program's line lossily and showed U+FFFD, hiding which byte it was.
    let f = failed(
        stress(Take12With::default(), "sh -c 'printf \"Fir\\377st\\n\"; sleep 5'")
            .cases(1)
            .shrink_runs(0)
            .run(),
    );
    assert_eq!(f.verdict, Verdict::PresentationError, "{}", f.reason);
    assert!(f.reason.contains("read `Fir\\xffst`"), "{}", f.reason);
    assert!(!f.reason.contains('\u{fffd}'), "{}", f.reason);
    // The transcript as the report prints it.
    let shown = f.transcript.as_ref().expect("a transcript").to_text();
    assert!(shown.contains("Fir\\xffst"), "{shown}");
    assert!(!shown.contains('\u{fffd}'), "{shown}");
    // In JSON, as a batch run's `actual` (docs/json.md), U+FFFD: JSON strings are Unicode.
    let entry = &f.transcript.as_ref().expect("a transcript").entries[0];
    let json = serde_json::to_value(entry).expect("an entry serializes");
    assert_eq!(json["wrote"], "Fir\u{fffd}st", "{json}");
}

#[test]
fn a_move_with_a_sign_or_a_leading_zero_is_malformed_as_in_solve() {
    let format = Take12With::default().interactive().unwrap();
    for text in ["+1", "01", "1\u{a0}"] {
        assert!(
            matches!(format.read_move(&3, text), Err(Parse::Malformed(_))),
            "{text:?} read as a move"
        );
    }
    assert_eq!(format.read_move(&3, "1"), Ok(1));
}

#[test]
fn a_format_with_a_spaced_side_or_no_moves_is_refused() {
    for game in [
        Take12With {
            sides: ["First one", "Second"],
            ..Take12With::default()
        },
        Take12With {
            max_moves: 0,
            ..Take12With::default()
        },
    ] {
        let err = stress(game, "cat").cases(1).run().unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("more than one word") || text.contains("0 moves"),
            "{text}"
        );
    }
}

#[test]
fn a_wrong_fast_path_is_refuted_before_any_run() {
    // The judge would otherwise defend from it beyond the oracle, and judge a right
    // program wrong; plain stress runs `check` first, and so does interactive stress.
    // Heaps beyond the rules' reach: the judge would play from the fast path there.
    let game = Take12With {
        wrong_fast_path: true,
        max_n: 1 << 40,
        ..Take12With::default()
    };
    let err = stress(game, "cat").cases(1).run().unwrap_err();
    assert!(
        matches!(
            &err,
            StressError::Unusable(gamecheck::stress::StressError::FastPathRefuted { .. })
        ),
        "{err}"
    );
}

#[test]
fn bounds_beyond_the_interactive_format_are_refused_not_clamped() {
    for (flag, value) in [("cases", 1000), ("n", 1000), ("cases", 0)] {
        let err = stress(Take12With::default(), "cat")
            .max(flag, value)
            .cases(1)
            .run()
            .unwrap_err();
        assert!(
            matches!(
                &err,
                StressError::Unusable(gamecheck::stress::StressError::Bounds(_))
            ),
            "--max-{flag} {value}: {err}"
        );
    }
}

#[test]
fn a_move_time_past_any_clock_does_not_panic() {
    let game = Take12With {
        move_time: Duration::from_secs(u64::MAX),
        ..Take12With::default()
    };
    // `cat` echoes T where a side is asked: judged at once, whatever the move time.
    let f = failed(stress(game, "cat").cases(1).shrink_runs(0).run());
    assert_eq!(f.verdict, Verdict::PresentationError);
}

#[test]
fn the_out_dir_is_never_written_through_a_link() {
    let dir = std::env::temp_dir().join(format!("gamecheck-interactive-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let victim = dir.join("victim");
    std::fs::write(&victim, "keep me").unwrap();
    for name in [
        "input.txt",
        "transcript.txt",
        "replay.json",
        "input.txt.partial",
        ".gamecheck-write-test",
    ] {
        std::os::unix::fs::symlink(&victim, dir.join("out").join(name)).unwrap();
    }
    let f = failed(
        stress(Take12With::default(), "cat")
            .cases(1)
            .shrink_runs(0)
            .out_dir(dir.join("out"))
            .run(),
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    let kept = std::fs::symlink_metadata(dir.join("out/transcript.txt")).unwrap();
    assert!(kept.is_file(), "the link was replaced by the file");
    assert_eq!(
        std::fs::read_to_string(dir.join("out/transcript.txt")).unwrap(),
        f.transcript.unwrap().to_text()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_default_out_dir_is_fresh_each_run() {
    let run = || failed(stress(Take12With::default(), "cat").cases(1).shrink_runs(0).run());
    let (a, b) = (run(), run());
    let dir = |f: &Failure<u64>| {
        f.report.failure.as_ref().unwrap().files[0]
            .parent()
            .unwrap()
            .to_owned()
    };
    assert_ne!(dir(&a), dir(&b));
    let _ = std::fs::remove_dir_all(dir(&a));
    let _ = std::fs::remove_dir_all(dir(&b));
}

#[test]
fn a_program_whose_child_computes_is_stopped_by_the_cpu_time_of_its_tree() {
    // The leader waits (using no CPU, not runnable); its child spins. Judged by the
    // leader alone it would be idle; by its whole tree it spends the move's time.
    let program = "sh -c 'read t; read n; (while :; do :; done) & wait'";
    let f = failed(
        stress(Take12With::default(), program)
            .cases(1)
            .timeout(Duration::from_millis(300))
            .shrink_runs(0)
            .run(),
    );
    assert_eq!(f.verdict, Verdict::Timeout, "{}", f.reason);
    assert!(f.reason.contains("CPU time"), "{}", f.reason);
}
