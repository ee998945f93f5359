//! The programs in `solutions/` and `hostile/`, compiled and played through the crate's
//! own command line, `nim-interactive stress`; skipped with a notice when no C compiler
//! is found. The least start and shortest line each wrong program is refuted at are
//! checked against a model of the program written here, searched over every line the
//! judge could play.
#![cfg(feature = "cli")]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

const PROGRAMS: [&str; 9] = [
    "solutions/right",
    "solutions/parity",
    "solutions/largest",
    "solutions/noflush",
    "hostile/stall",
    "hostile/idle",
    "hostile/flood",
    "hostile/crash",
    "hostile/escape",
];

/// Returns the compiled program `name` (`<name>.c`), or `None` when there is no C
/// compiler; each is compiled once per test run.
fn program(name: &str) -> Option<PathBuf> {
    static COMPILED: OnceLock<Option<PathBuf>> = OnceLock::new();
    let dir = COMPILED.get_or_init(|| {
        let compiler = ["cc", "gcc", "clang"].into_iter().find(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })?;
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nim-interactive-programs");
        for name in PROGRAMS {
            let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("{name}.c"));
            let out = dir.join(name);
            std::fs::create_dir_all(out.parent()?).ok()?;
            let status = Command::new(compiler)
                .args(["-O2", "-o"])
                .arg(&out)
                .arg(source)
                .status()
                .ok()?;
            assert!(status.success(), "{compiler} failed on {name}.c");
        }
        Some(dir)
    });
    match dir {
        Some(dir) => Some(dir.join(name)),
        None => {
            eprintln!("note: no C compiler (cc, gcc, clang) found; the stress tests are skipped");
            None
        }
    }
}

/// Runs `nim-interactive stress --json` on `program` with `args`; returns the exit code
/// and the report.
fn stress(program: &Path, args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let output = Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
        .args(["stress", "--json", "--solution"])
        .arg(program)
        .args(args)
        .output()
        .expect("nim-interactive runs");
    let report = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    (output.status.code(), report)
}

/// Returns the start of the least failing game: the piles of what the judge wrote first.
fn least_start(report: &serde_json::Value) -> Vec<u64> {
    let input = report["input"].as_str().expect("an input");
    let lines: Vec<&str> = input.lines().collect();
    assert_eq!(lines[0], "1", "one game: {input}");
    lines[2].split_whitespace().map(|w| w.parse().unwrap()).collect()
}

fn xor(p: &[u64]) -> u64 {
    p.iter().fold(0, |a, &x| a ^ x)
}

/// Every move of Nim from `p`.
fn moves(p: &[u64]) -> Vec<Vec<u64>> {
    (0..p.len())
        .flat_map(|i| (0..p[i]).map(move |y| (i, y)))
        .map(|(i, y)| {
            let mut q = p.to_vec();
            q[i] = y;
            q
        })
        .collect()
}

/// A model of a program that takes its side by `first` and moves by `reply` (`None`:
/// an illegal move): the fewest moves (both players', the illegal one not counted) of
/// a line from `start` on which it fails, over every move the judge could make, or
/// `None` when it wins on every line. The judge stops at once when the side is wrong.
fn least_line(
    start: &[u64],
    first: fn(&[u64]) -> bool,
    reply: fn(&[u64]) -> Option<Vec<u64>>,
) -> Option<usize> {
    fn program_at(
        p: &[u64],
        reply: fn(&[u64]) -> Option<Vec<u64>>,
        memo: &mut HashMap<Vec<u64>, Option<usize>>,
    ) -> Option<usize> {
        if let Some(&known) = memo.get(p) {
            return known;
        }
        let result = match reply(p) {
            None => Some(0),
            Some(q) if q.iter().all(|&x| x == 0) => None,
            Some(q) => judge_at(&q, reply, memo).map(|n| n + 1),
        };
        memo.insert(p.to_vec(), result);
        result
    }
    fn judge_at(
        q: &[u64],
        reply: fn(&[u64]) -> Option<Vec<u64>>,
        memo: &mut HashMap<Vec<u64>, Option<usize>>,
    ) -> Option<usize> {
        let mut best: Option<usize> = None;
        for r in moves(q) {
            // A judge move that takes the last stone wins: the program failed there.
            let line = if r.iter().all(|&x| x == 0) {
                Some(1)
            } else {
                program_at(&r, reply, memo).map(|n| n + 1)
            };
            best = match (best, line) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        best
    }
    let mut memo = HashMap::new();
    let wins_first = xor(start) != 0;
    match (first(start), wins_first) {
        (true, false) | (false, true) => Some(0),
        (true, true) => program_at(start, reply, &mut memo),
        // Second at a lost start: the judge moves, or writes `0 0` when it cannot.
        (false, false) if start.iter().all(|&x| x == 0) => None,
        (false, false) => judge_at(start, reply, &mut memo),
    }
}

/// The XOR move (right.c, and parity.c when it can).
fn xor_move(p: &[u64]) -> Option<Vec<u64>> {
    let s = xor(p);
    let i = p.iter().position(|&x| x ^ s < x)?;
    let mut q = p.to_vec();
    q[i] ^= s;
    Some(q)
}

/// largest.c's move: the largest pile (the first of equals) to x XOR s.
fn largest_move(p: &[u64]) -> Option<Vec<u64>> {
    let s = xor(p);
    let big = (0..p.len()).fold(0, |b, i| if p[i] > p[b] { i } else { b });
    let mut q = p.to_vec();
    q[big] ^= s;
    (q[big] < p[big]).then_some(q)
}

/// Returns the least total of a start (up to 3 piles, totals up to 8) on which the
/// model fails, and the shortest failing line from each start of that total.
fn least_failure(
    first: fn(&[u64]) -> bool,
    reply: fn(&[u64]) -> Option<Vec<u64>>,
) -> (u64, HashMap<Vec<u64>, usize>) {
    for total in 0..=8u64 {
        let mut found = HashMap::new();
        for n in 1..=3usize {
            let mut p = vec![0u64; n];
            loop {
                if p.iter().sum::<u64>() == total
                    && let Some(line) = least_line(&p, first, reply)
                {
                    found.insert(p.clone(), line);
                }
                let Some(i) = (0..n).find(|&i| p[i] < total) else {
                    break;
                };
                p[i] += 1;
                p[..i].iter_mut().for_each(|x| *x = 0);
            }
        }
        if !found.is_empty() {
            return (total, found);
        }
    }
    panic!("the model never fails");
}

/// Checks that `report` refutes the program at a least start of the model, with the
/// model's shortest line from it.
fn refuted_at_least(
    report: &serde_json::Value,
    first: fn(&[u64]) -> bool,
    reply: fn(&[u64]) -> Option<Vec<u64>>,
) {
    let start = least_start(report);
    let (total, lines) = least_failure(first, reply);
    assert_eq!(
        start.iter().sum::<u64>(),
        total,
        "least start {start:?}: {report:#}"
    );
    let moves = report["failure"]["transcript"]["moves"].as_u64().unwrap();
    assert_eq!(
        Some(&(moves as usize)),
        lines.get(&start),
        "line from {start:?}: {report:#}"
    );
}

#[test]
fn the_right_program_passes() {
    let Some(right) = program("solutions/right") else {
        return;
    };
    let (code, report) = stress(&right, &["--cases", "30", "--seed", "1"]);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (Some(0), Some("ok")),
        "{report:#}"
    );
    assert!(report["games"].as_u64().unwrap() >= 100, "{report:#}");
    // Both the oracle's defences and the fast path's were played.
    assert!(report["defences"]["longest"].as_u64().unwrap() > 0, "{report:#}");
    assert!(
        report["defences"]["fast-path-defence"].as_u64().unwrap() > 0,
        "{report:#}"
    );
}

/// 500 games and more, as the issue asks: 579 games, 93,939 moves; 102 s of the test
/// build on a busy machine, 20 s of the release build (the default run plays 119).
#[test]
#[ignore]
fn the_right_program_passes_500_games() {
    let Some(right) = program("solutions/right") else {
        return;
    };
    let (code, report) = stress(&right, &["--cases", "110", "--seed", "1"]);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (Some(0), Some("ok")),
        "{report:#}"
    );
    assert!(report["games"].as_u64().unwrap() >= 500, "{report:#}");
}

#[test]
fn the_side_by_parity_is_refuted_at_the_least_start() {
    let Some(parity) = program("solutions/parity") else {
        return;
    };
    let (code, report) = stress(&parity, &["--cases", "30"]);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (Some(1), Some("wrong-answer")),
        "{report:#}"
    );
    let first = |p: &[u64]| p.iter().sum::<u64>() % 2 == 1;
    refuted_at_least(&report, first, xor_move);
    assert_eq!(least_start(&report), [2]);
}

#[test]
fn the_largest_pile_move_is_refuted_at_the_least_start_and_shortest_line() {
    let Some(largest) = program("solutions/largest") else {
        return;
    };
    let (code, report) = stress(&largest, &["--cases", "60"]);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (Some(1), Some("wrong-answer")),
        "{report:#}"
    );
    refuted_at_least(&report, |p| xor(p) != 0, largest_move);
    let entries = report["failure"]["transcript"]["entries"].as_array().unwrap();
    assert!(
        entries
            .iter()
            .any(|e| e["note"].as_str().unwrap().starts_with("illegal")),
        "{report:#}"
    );
}

#[test]
fn a_program_that_never_flushes_is_idle_at_the_least_start() {
    let Some(noflush) = program("solutions/noflush") else {
        return;
    };
    let (code, report) = stress(&noflush, &["--cases", "5", "--timeout-ms", "200"]);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (Some(1), Some("idleness")),
        "{report:#}"
    );
    assert_eq!(least_start(&report), [0]);
    assert!(
        report["failure"]["detail"]
            .as_str()
            .unwrap()
            .contains("blocked reading"),
        "{report:#}"
    );
}

/// Returns the processes running `program`'s file.
fn running(program: &Path) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let pid = e.file_name().to_str()?.parse::<u32>().ok()?;
            let exe = std::fs::read_link(e.path().join("exe")).ok()?;
            (exe == program).then_some(pid)
        })
        .collect()
}

#[test]
fn hostile_programs_get_their_verdict_and_leave_nothing_behind() {
    for (name, verdict) in [
        ("hostile/stall", "timeout"),
        ("hostile/idle", "idleness"),
        ("hostile/flood", "presentation-error"),
        ("hostile/crash", "runtime-error"),
        ("hostile/escape", "presentation-error"),
    ] {
        let Some(hostile) = program(name) else { return };
        let (code, report) = stress(
            &hostile,
            &["--cases", "3", "--timeout-ms", "200", "--max-shrink-runs", "6"],
        );
        assert_eq!(
            (code, report["verdict"].as_str()),
            (Some(1), Some(verdict)),
            "{name}: {report:#}"
        );
        assert_eq!(
            running(&hostile),
            Vec::<u32>::new(),
            "{name} left processes behind"
        );
    }
}

#[test]
fn stress_on_a_missing_program_is_a_usage_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
        .args(["stress", "--solution", "/nonexistent/program"])
        .output()
        .expect("nim-interactive runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn play_tells_a_person_whether_each_move_kept_the_win() {
    use std::io::Write;
    // [1, 2]: First wins by 2 1 (to [1, 1]); 1 0 then throws the win away.
    let mut child = Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
        .args(["play", "--start", "1 2"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("nim-interactive runs");
    child.stdin.take().unwrap().write_all(b"First\n2 1\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("keeps the win"), "{text}");
    assert_eq!(out.status.code(), Some(1), "the input ended mid-game: {text}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
        .args(["play", "--start", "1 2"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("nim-interactive runs");
    child.stdin.take().unwrap().write_all(b"First\n1 0\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("throws the win away"), "{text}");
    assert_eq!(out.status.code(), Some(1), "{text}");
}
