//! The programs in `solutions/`, given as C sources and stressed through
//! `gamecheck::game::stress` with S = {1, 3, 4} and heaps up to 10^18; skipped with a
//! notice when no C compiler is found.

use std::path::PathBuf;

use gamecheck::game::stress;
use gamecheck::game::stress::{Failure, Passed, StressError};
use gamecheck::stress::Verdict;
use subtraction_interactive::Take;

/// Returns the source `solutions/name.c`, or `None` (with a notice) when no C compiler
/// is on the `PATH`.
fn source(name: &str) -> Option<String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path).any(|dir| ["cc", "gcc"].iter().any(|c| dir.join(c).is_file()));
    if !found {
        eprintln!("note: no C compiler (cc, gcc) found; the stress tests are skipped");
        return None;
    }
    Some(format!("{}/solutions/{name}.c", env!("CARGO_MANIFEST_DIR")))
}

fn builds() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("subtraction-interactive-builds")
}

/// Stresses `program` on S = {1, 3, 4}, 40 runs from seed 1.
fn run(program: &str, set: &[u64]) -> Result<Passed, StressError<u64>> {
    stress(Take::new(set.to_vec()).unwrap(), program)
        .cases(40)
        .build_dir(builds())
        .run()
}

fn failed(result: Result<Passed, StressError<u64>>) -> Box<Failure<u64>> {
    match result {
        Err(StressError::Failed(f)) => f,
        Err(e) => panic!("the run could not be carried out: {e}"),
        Ok(passed) => panic!("passed: {}", passed.report.to_text()),
    }
}

/// Whether the player to move at a heap of `n` of `set` wins, by a table of the rules
/// up to `n` (small heaps).
fn wins_by_table(set: &[u64], n: u64) -> bool {
    let mut w = vec![false; n as usize + 1];
    for i in 1..=n as usize {
        w[i] = set.iter().any(|&s| s as usize <= i && !w[i - s as usize]);
    }
    w[n as usize]
}

/// Whether the player to move at a heap of `n` of S = {1, 3, 4} wins, by a table of
/// the rules (the outcomes repeat with period 7 from the start, as the table shows).
fn wins(n: u64) -> bool {
    let mut w = [false; 14];
    for i in 1..14 {
        w[i] = [1, 3, 4].iter().any(|&s| s <= i && !w[i - s]);
    }
    assert_eq!(w[..7], w[7..], "period 7");
    w[(n % 7) as usize]
}

/// Returns the least start from which greedy.c loses a won game on some line of the
/// judge's play: a model of the program (the right move up to 10^6, taking 4 above),
/// searched over every judge move.
fn least_greedy_failure() -> u64 {
    const S: [u64; 3] = [1, 3, 4];
    // Whether the program, to move at `m`, fails somewhere below on some line.
    fn fails_from(m: u64) -> bool {
        if !wins(m) || m <= 1_000_000 {
            // A lost heap is the judge's to win (no failure of the program); at most 10^6
            // the program plays the right move and every later heap is at most 10^6.
            return false;
        }
        let next = m - 4;
        wins(next) || S.iter().filter(|&&s| s <= next).any(|&s| fails_from(next - s))
    }
    (0..)
        .find(|&n| {
            if wins(n) {
                fails_from(n)
            } else {
                S.iter().filter(|&&s| s <= n).any(|&s| fails_from(n - s))
            }
        })
        .unwrap()
}

#[test]
fn the_right_program_passes_with_huge_heaps_beyond_the_oracle() {
    let Some(right) = source("right") else { return };
    let passed = run(&right, &[1, 3, 4]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(passed.inputs, 40);
    assert!(passed.ranges.contains("1000000000000000000"), "{}", passed.ranges);
}

#[test]
fn the_fast_path_of_every_one_move_set_agrees_with_the_rules() {
    // `Take::wins` once took the outcomes before max(S) for a full window: with S = {1}
    // it said every heap is lost, and the judge told a person the wrong side.
    for s in 1..=6 {
        let take = Take::new(vec![s]).unwrap();
        for n in 0..=40 {
            assert_eq!(take.wins(n), wins_by_table(&[s], n), "S = {{{s}}}, heap {n}");
        }
    }
}

#[test]
fn the_right_program_passes_on_a_one_move_set() {
    // The judge trusts the fast path only once it holds against the rules.
    let Some(right) = source("right") else { return };
    run(&right, &[1]).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_blunder_above_a_million_is_refuted_from_the_fast_path() {
    let Some(greedy) = source("greedy") else { return };
    let f = failed(run(&greedy, &[1, 3, 4]));
    assert_eq!(f.verdict, Verdict::WrongAnswer, "{}", f.report.to_text());
    assert_eq!(f.positions.len(), 1, "{}", f.input);
    let start = f.positions[0];
    // greedy.c takes 4 above 10^6; it fails where that throws a win away. The engine's
    // descent stops at a local minimum of its steps (1000011 without more), where each
    // count less 2 to 64 finds the least such start, the model's.
    assert!(
        start > 1_000_000 && wins(start) && wins(start - 4),
        "start {start}"
    );
    assert_eq!(start, least_greedy_failure(), "{}", f.report.to_text());
    let entries = &f.transcript.as_ref().expect("a transcript").entries;
    assert_eq!(entries[1].wrote, (start - 4).to_string());
    assert!(
        entries[1].note.starts_with("throws the win away"),
        "{}",
        f.report.to_text()
    );
    // Beyond the oracle's reach the judge said which defence it used: the fast path's win.
    assert_eq!(
        entries[2].defence,
        Some("fast-path-win"),
        "{}",
        f.report.to_text()
    );
    assert!(!wins(entries[2].wrote.parse().unwrap()));
}

#[test]
fn the_least_failing_game_is_kept_and_its_replay_fails_the_same_way() {
    let Some(greedy) = source("greedy") else { return };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let game = || Take::new(vec![1, 3, 4]).unwrap();
    let f = failed(
        stress(game(), &greedy)
            .cases(40)
            .build_dir(builds())
            .out_dir(&dir)
            .run(),
    );
    // What the judge wrote first is kept as the report shows it.
    let input = std::fs::read_to_string(dir.join("input.txt")).unwrap();
    assert_eq!(input, f.input);
    let transcript = std::fs::read_to_string(dir.join("transcript.txt")).unwrap();
    assert_eq!(transcript, f.transcript.as_ref().unwrap().to_text());
    // The replay plays the same game to the same failure, without shrinking.
    let again = failed(
        stress(game(), &greedy)
            .build_dir(builds())
            .replay(dir.join("replay.json"))
            .run(),
    );
    assert_eq!(
        (again.input.as_str(), again.reason.as_str()),
        (f.input.as_str(), f.reason.as_str())
    );
    assert_eq!(again.shrink_runs, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 42, high 5, as the repro typed it: `printf '3\n1\n2\n20001\n' |
/// subtraction-interactive solve --set 1` answered `Second` at heap 1. Every one-move set
/// up to 4, every heap up to 40 and one far up, against a table of the rules.
#[cfg(feature = "cli")]
#[test]
fn solve_with_a_one_move_set_answers_as_the_rules_say() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let heaps: Vec<u64> = (0..=40).chain([20_001]).collect();
    let input = format!(
        "{}\n{}",
        heaps.len(),
        heaps.iter().map(|n| format!("{n}\n")).collect::<String>()
    );
    for s in 1..=4u64 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_subtraction-interactive"))
            .args(["solve", "--set", &s.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("subtraction-interactive runs");
        child
            .stdin
            .take()
            .expect("its stdin")
            .write_all(input.as_bytes())
            .expect("the input is written");
        let out = child.wait_with_output().expect("it ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "S = {{{s}}}: {stderr}");
        let want: String = heaps
            .iter()
            .map(|&n| {
                if wins_by_table(&[s], n) {
                    "First\n"
                } else {
                    "Second\n"
                }
            })
            .collect();
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "S = {{{s}}}");
    }
}
