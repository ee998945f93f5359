//! The programs in `solutions/` and `hostile/`, given as C sources and stressed through
//! `gamecheck::game::stress` (which builds them, plays them against the judge and
//! returns the failure typed); skipped with a notice when no C compiler is found. The
//! least start and shortest line each wrong program is refuted at are checked against a
//! model of the program written here, searched over every line the judge could play.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use gamecheck::game::stress;
use gamecheck::game::stress::{Failure, Passed, StressError};
use gamecheck::stress::Verdict;
use nim_interactive::Nim;

/// Returns the source `name.c`, or `None` (with a notice) when no C compiler is on the
/// `PATH`.
fn source(name: &str) -> Option<String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path).any(|dir| ["cc", "gcc"].iter().any(|c| dir.join(c).is_file()));
    if !found {
        eprintln!("note: no C compiler (cc, gcc) found; the stress tests are skipped");
        return None;
    }
    Some(format!("{}/{name}.c", env!("CARGO_MANIFEST_DIR")))
}

/// Stresses the C source `program` on interactive Nim with `cases` runs from seed 1,
/// built into the test's own directory.
fn run(program: &str, cases: usize, timeout: Option<Duration>) -> Result<Passed, StressError<Vec<u64>>> {
    let mut s = stress(Nim, program)
        .cases(cases)
        .build_dir(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nim-interactive-builds"));
    if let Some(t) = timeout {
        s = s.timeout(t);
    }
    s.run()
}

/// Returns the failure of a run that must fail.
fn failed(result: Result<Passed, StressError<Vec<u64>>>) -> Box<Failure<Vec<u64>>> {
    match result {
        Err(StressError::Failed(f)) => f,
        Err(e) => panic!("the run could not be carried out: {e}"),
        Ok(passed) => panic!("passed: {}", passed.report.to_text()),
    }
}

/// Returns the start of the least failing game: one game's piles.
fn least_start(f: &Failure<Vec<u64>>) -> Vec<u64> {
    assert_eq!(f.positions.len(), 1, "one game: {}", f.input);
    f.positions[0].clone()
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

/// Checks that `f` refutes the program at a least start of the model, with the
/// model's shortest line from it.
fn refuted_at_least(f: &Failure<Vec<u64>>, first: fn(&[u64]) -> bool, reply: fn(&[u64]) -> Option<Vec<u64>>) {
    let start = least_start(f);
    let (total, lines) = least_failure(first, reply);
    assert_eq!(
        start.iter().sum::<u64>(),
        total,
        "least start {start:?}: {}",
        f.report.to_text()
    );
    let moves = f.transcript.as_ref().expect("a transcript").moves;
    assert_eq!(
        Some(&moves),
        lines.get(&start),
        "line from {start:?}: {}",
        f.report.to_text()
    );
}

#[test]
fn the_right_program_passes_as_a_c_source() {
    let Some(right) = source("solutions/right") else {
        return;
    };
    let passed = run(&right, 30, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(passed.inputs, 30);
}

#[test]
fn the_side_by_parity_is_refuted_at_the_least_start() {
    let Some(parity) = source("solutions/parity") else {
        return;
    };
    let f = failed(run(&parity, 30, None));
    assert_eq!(f.verdict, Verdict::WrongAnswer, "{}", f.report.to_text());
    let first = |p: &[u64]| p.iter().sum::<u64>() % 2 == 1;
    refuted_at_least(&f, first, xor_move);
    assert_eq!(least_start(&f), [2]);
}

#[test]
fn the_largest_pile_move_is_refuted_at_the_least_start_and_shortest_line() {
    let Some(largest) = source("solutions/largest") else {
        return;
    };
    let f = failed(run(&largest, 60, None));
    assert_eq!(f.verdict, Verdict::WrongAnswer, "{}", f.report.to_text());
    refuted_at_least(&f, |p| xor(p) != 0, largest_move);
    // The least failing start in the order of least counterexamples (fewer stones, then
    // fewer piles, then the piles in order). The interactive copy of the shrinker stopped
    // at [2, 1, 2], a local minimum of its steps; the engine's search goes below it.
    assert_eq!(least_start(&f), [1, 2, 2]);
    let transcript = f.transcript.as_ref().expect("a transcript");
    assert!(
        transcript.entries.iter().any(|e| e.note.starts_with("illegal")),
        "{}",
        transcript.to_text()
    );
}

#[test]
fn a_program_that_never_flushes_is_idle_at_the_least_start() {
    let Some(noflush) = source("solutions/noflush") else {
        return;
    };
    let f = failed(run(&noflush, 5, Some(Duration::from_millis(200))));
    assert_eq!(f.verdict, Verdict::Idleness, "{}", f.report.to_text());
    assert_eq!(least_start(&f), [0]);
    assert!(f.reason.contains("blocked reading"), "{}", f.reason);
}

/// Returns the processes running a program built into `dir`.
fn running_from(dir: &Path) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let pid = e.file_name().to_str()?.parse::<u32>().ok()?;
            let exe = std::fs::read_link(e.path().join("exe")).ok()?;
            exe.starts_with(dir).then_some(pid)
        })
        .collect()
}

#[test]
fn hostile_programs_get_their_verdict_and_leave_nothing_behind() {
    for (name, verdict) in [
        ("hostile/stall", Verdict::Timeout),
        ("hostile/idle", Verdict::Idleness),
        ("hostile/flood", Verdict::PresentationError),
        ("hostile/crash", Verdict::RuntimeError),
        // hostile/escape's setsid() child leaves the group: only the command line's
        // subreaper (tests/signals.rs) reaps it; a library run does not make the test
        // process a subreaper.
    ] {
        let Some(hostile) = source(name) else { return };
        // Each built into its own directory, to find what it left running.
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nim-{}", name.replace('/', "-")));
        let f = failed(
            stress(Nim, &hostile)
                .cases(3)
                .timeout(Duration::from_millis(200))
                .shrink_runs(6)
                .build_dir(&dir)
                .run(),
        );
        assert_eq!(f.verdict, verdict, "{name}: {}", f.report.to_text());
        assert_eq!(
            running_from(&dir),
            Vec::<u32>::new(),
            "{name} left processes behind"
        );
    }
}

#[test]
fn stress_on_a_missing_program_cannot_be_carried_out() {
    let err = stress(Nim, "/nonexistent/program").cases(1).run().unwrap_err();
    assert!(matches!(err, StressError::Unusable(_)), "{err}");
}

#[test]
fn play_tells_a_person_whether_each_move_kept_the_win() {
    use gamecheck::interactive::{PlayOptions, play};
    use std::sync::Arc;
    // [1, 2]: First wins by 2 1 (to [1, 1]); 1 0 then throws the win away.
    let options = PlayOptions {
        seed: 1,
        games: 1,
        start: Some(vec![1, 2]),
        random_defence: false,
    };
    for (moves, said) in [
        ("First\n2 1\n", "keeps the win"),
        ("First\n1 0\n", "throws the win away"),
    ] {
        let mut out = Vec::new();
        let played = play(Arc::new(Nim), &options, &mut moves.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8_lossy(&out);
        assert!(text.contains(said), "{text}");
        // The input ended mid-game, or the win was thrown away.
        assert_ne!(played.verdict, Verdict::Ok, "{text}");
    }
}
