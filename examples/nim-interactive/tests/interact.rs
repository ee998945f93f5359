//! `nim-interactive interact`, the judge as an interactor, run as a contest system runs
//! one (Kattis' `interactive`, testlib's `interactor`): the interactor and the C program
//! started side by side, each one's stdout piped to the other's stdin. Which starts the
//! programs lose is decided here by Bouton's rule and the programs' own rules, written
//! in the test. Skipped with a notice when no C compiler is found.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use gamecheck::game::stress;
use gamecheck::game::stress::StressError;
use nim_interactive::Nim;

/// Returns the C program `name` built into the test's directory, or `None` (with a
/// notice) when no C compiler is on the `PATH`.
fn built(name: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nim-interact");
    std::fs::create_dir_all(&dir).ok()?;
    let out = dir.join(name);
    let source = format!("{}/solutions/{name}.c", env!("CARGO_MANIFEST_DIR"));
    match Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&out)
        .arg(&source)
        .status()
    {
        Ok(s) if s.success() => Some(out),
        _ => {
            eprintln!("note: no C compiler (cc) could build {source}; the interact tests are skipped");
            None
        }
    }
}

/// What the interactor said: its exit code and its message (judgemessage.txt, or the
/// OUTPUT file of testlib's convention).
struct Ran {
    code: i32,
    message: String,
}

/// Runs the interactor on the test `input` against `program`, connected through pipes;
/// `kattis` picks the convention, `seed` is `--seed`.
fn interact(program: &Path, input: &str, kattis: bool, seed: Option<u64>) -> Ran {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("nim-interact/run-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the test's directory");
    let test = dir.join("test.in");
    std::fs::write(&test, input).expect("the test written");
    let out = dir.join("out.txt");
    let (to_program, program_in) = std::io::pipe().expect("a pipe");
    let (program_out, to_judge) = std::io::pipe().expect("a pipe");
    // Each Command is dropped once spawned: it holds its pipe ends, and a pipe end
    // left open here would keep the other side from seeing the end of its input.
    let mut judge = {
        let mut c = Command::new(env!("CARGO_BIN_EXE_nim-interactive"));
        c.args(["interact", "nim"]);
        if kattis {
            c.arg("--kattis").arg(&test).arg(&test).arg(&dir);
        } else {
            c.arg(&test).arg(&out);
        }
        if let Some(seed) = seed {
            c.args(["--seed", &seed.to_string()]);
        }
        c.stdin(program_out)
            .stdout(program_in)
            .stderr(Stdio::null())
            .spawn()
            .expect("the interactor started")
    };
    let mut child = {
        let mut c = Command::new(program);
        c.stdin(to_program)
            .stdout(to_judge)
            .spawn()
            .expect("the program started")
    };
    let code = judge
        .wait()
        .expect("the interactor waited for")
        .code()
        .unwrap_or(-1);
    child.wait().expect("the program waited for");
    let message = match kattis {
        true => dir.join("judgemessage.txt"),
        false => out,
    };
    let message = std::fs::read_to_string(message).unwrap_or_default();
    std::fs::remove_dir_all(&dir).ok();
    Ran { code, message }
}

fn xor(p: &[u64]) -> u64 {
    p.iter().fold(0, |a, &x| a ^ x)
}

/// Returns the test input of `starts`, as the judge writes it.
fn test_of(starts: &[Vec<u64>]) -> String {
    let mut s = format!("{}\n", starts.len());
    for p in starts {
        let piles: Vec<String> = p.iter().map(u64::to_string).collect();
        s += &format!("{}\n{}\n", p.len(), piles.join(" "));
    }
    s
}

/// Every start of one to three piles of at most 3 stones (but the empty ones).
fn small_starts() -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for n in 1..=3u32 {
        for code in 0..4u64.pow(n) {
            let p: Vec<u64> = (0..n).map(|i| code / 4u64.pow(i) % 4).collect();
            if p.iter().any(|&x| x > 0) {
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn right_is_accepted_on_every_small_start_under_both_conventions() {
    let Some(right) = built("right") else { return };
    let starts = small_starts();
    assert_eq!(starts.len(), 3 + 15 + 63);
    // T is at most 100: the 81 starts in one test.
    let test = test_of(&starts);
    let kattis = interact(&right, &test, true, None);
    assert_eq!((kattis.code, kattis.message.trim()), (42, "ok"));
    let testlib = interact(&right, &test, false, None);
    assert_eq!((testlib.code, testlib.message.trim()), (0, "ok"));
}

#[test]
fn parity_is_rejected_where_its_side_is_wrong_and_accepted_where_it_is_right() {
    let Some(parity) = built("parity") else { return };
    // parity.c takes First when the total is odd; Bouton: First wins when the XOR is not 0.
    let (agree, disagree): (Vec<Vec<u64>>, Vec<Vec<u64>>) = small_starts()
        .into_iter()
        .partition(|p| (p.iter().sum::<u64>() % 2 == 1) == (xor(p) != 0));
    assert!(!agree.is_empty() && !disagree.is_empty());
    // Where its side is right it plays Bouton's move, or takes one stone from a lost
    // start, which the judge answers: it wins every game it can.
    let kattis = interact(&parity, &test_of(&agree), true, None);
    assert_eq!((kattis.code, kattis.message.trim()), (42, "ok"));
    for p in disagree.iter().take(4) {
        let test = test_of(&[vec![1], p.clone()]);
        let kattis = interact(&parity, &test, true, None);
        assert_eq!(kattis.code, 43, "{p:?}: {}", kattis.message);
        let side = if xor(p) != 0 { "First" } else { "Second" };
        assert!(
            kattis.message.contains("game 2: chose") && kattis.message.contains(&format!("`{side}` wins")),
            "{p:?}: {}",
            kattis.message
        );
        let testlib = interact(&parity, &test, false, None);
        assert_eq!(testlib.code, 1, "{p:?}: {}", testlib.message);
        assert_eq!(testlib.message, kattis.message);
    }
}

#[test]
fn the_inputs_stress_fails_largest_on_fail_it_under_the_same_seed() {
    let Some(largest) = built("largest") else { return };
    let failure = match stress(Nim, &largest.display().to_string())
        .cases(200)
        .seed(5)
        .run()
    {
        Err(StressError::Failed(f)) => f,
        other => panic!("stress did not fail largest.c: {other:?}"),
    };
    // The first failing input as drawn, and its shrunk form, judged by stress with the
    // policies of seed 5, are judged by the interactor with --seed 5 alike.
    for input in [&failure.first_input, &failure.input] {
        let ran = interact(&largest, input, true, Some(5));
        assert_eq!(ran.code, 43, "{input}: {}", ran.message);
        assert!(ran.message.starts_with("wrong answer game "), "{}", ran.message);
    }
    // Where largest.c's move is Bouton's (the largest pile holds the XOR's top bit) it
    // wins: a start of one pile.
    let ran = interact(&largest, &test_of(&[vec![5], vec![0, 7]]), true, Some(5));
    assert_eq!((ran.code, ran.message.trim()), (42, "ok"));
}

#[test]
fn a_test_that_does_not_read_is_an_interactor_failure() {
    let Some(right) = built("right") else { return };
    let testlib = interact(&right, "1\n1\n2 3\n", false, None);
    assert_eq!(testlib.code, 3, "{}", testlib.message);
    assert!(testlib.message.contains("line 3"), "{}", testlib.message);
    assert_eq!(interact(&right, "1\n1\n2 3\n", true, None).code, 1);
}

/// Returns the exit code of `validate nim --interactive` on `input`.
fn validate(input: &str) -> Option<i32> {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
        .args(["validate", "nim", "--interactive"])
        .stdin(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("validate runs");
    child
        .stdin
        .take()
        .expect("its stdin")
        .write_all(input.as_bytes())
        .expect("the input written");
    child.wait().expect("validate waited for").code()
}

#[test]
fn validate_interactive_reads_the_starts_strictly() {
    // The format: T (1..=100), then n (1..=100) and n piles (0..=10^9) per game.
    assert_eq!(validate("2\n2\n1 3\n1\n1000000000\n"), Some(0));
    for bad in [
        "1\n2\n1 3 \n",       // a space at the end of a line
        "1\n2\n1\n",          // fewer piles than n
        "1\n1\n1000000001\n", // a pile above 10^9
        "0\n",                // T below 1
        "1\n2\n1 3\n1\n2\n",  // more games than T
        "1\n2\n1 3",          // no newline at the end
    ] {
        assert_eq!(validate(bad), Some(1), "{bad:?}");
    }
}
