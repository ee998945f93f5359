//! Questions far below a search's reach are answered at once, and a question beyond it
//! is refused naming the budget (`--max-heap`, `--time-budget`, `--memory-budget`) that
//! stopped the search, never blaming the input.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `gamecheck ARGS` on `stdin` with the period cache off; returns its exit code,
/// stdout, stderr and the CPU time it used (wait4's, itself and its children).
// The child is reaped by wait4, for its rusage, not by `Child::wait`.
#[allow(clippy::zombie_processes)]
fn run_timed(args: &[&str], stdin: &str) -> (Option<i32>, String, String, Duration) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(args)
        .env("GAMECHECK_CACHE_DIR", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamecheck starts");
    let _ = child.stdin.take().expect("piped").write_all(stdin.as_bytes());
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    let mut stdout = String::new();
    let _ = std::io::Read::read_to_string(&mut out, &mut stdout);
    let stderr = reader.join().unwrap_or_default();
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: wait4 writes only the status and the usage we own; `pid` is our child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(rc, pid, "gamecheck is waited for");
    let time =
        |t: libc::timeval| Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
    let cpu = time(usage.ru_utime) + time(usage.ru_stime);
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    (code, stdout, stderr, cpu)
}

#[test]
fn solve_octal_answers_heap_5_without_computing_to_max_heap() {
    // Treblecross (0.007) has no period the theorem proves: the table of 10^7 heaps took
    // 9 CPU s before heap 5 was answered.
    let (code, stdout, stderr, cpu) = run_timed(
        &["solve", "octal", "--code", "0.007", "--max-heap", "10000000"],
        "1\n5\n",
    );
    assert_eq!(code, Some(0), "{stderr}");
    // Heap 5 of Treblecross: any move in a heap of at most 5 lets the opponent complete
    // three in a row, except... G(5) = 1 by the plain mex (crosscheck below).
    let plain =
        gamecheck::octal::crosscheck::plain_mex(&"0.007".parse().expect("a code"), 6).expect("the oracle");
    let expected = if plain[5] == 0 { "Second" } else { "First" };
    assert_eq!(stdout.trim(), expected);
    assert!(cpu < Duration::from_secs(2), "{cpu:?} of CPU for heap 5");
}

#[test]
fn a_heap_beyond_max_heap_is_refused_naming_max_heap_not_the_input() {
    let (code, _, stderr, _) = run_timed(
        &["solve", "octal", "--code", "0.007", "--max-heap", "1000"],
        "1\n5000\n",
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("heap 5000 is beyond reach") && stderr.contains("--max-heap"),
        "{stderr}"
    );
    assert!(!stderr.contains("is at most"), "{stderr}");
}

#[test]
fn a_heap_beyond_the_time_budget_is_refused_naming_it() {
    let (code, _, stderr, cpu) = run_timed(
        &[
            "solve",
            "octal",
            "--code",
            "0.007",
            "--max-heap",
            "4000000000",
            "--time-budget",
            "1",
        ],
        "1\n3999999999\n",
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("heap 3999999999 is beyond reach") && stderr.contains("--time-budget"),
        "{stderr}"
    );
    assert!(!stderr.contains("is at most"), "{stderr}");
    assert!(
        cpu < Duration::from_secs(4),
        "{cpu:?} of CPU under --time-budget 1"
    );
}

#[test]
fn prove_octal_claiming_a_preperiod_beyond_reach_says_nothing_was_compared() {
    let (_, stdout, stderr, _) = run_timed(
        &[
            "prove",
            "octal",
            "--code",
            "0.77",
            "--preperiod",
            "4294967295",
            "--period",
            "1",
            "--time-budget",
            "1",
        ],
        "",
    );
    let text = format!("{stdout}{stderr}");
    assert!(!text.contains("holds for 4,294,967,295"), "{text}");
    assert!(
        text.contains("is not checked at any n") && text.contains("--time-budget"),
        "{text}"
    );
}

/// The set 1, …, `m` as `--set` takes it.
fn one_to(m: u64) -> String {
    (1..=m).map(|s| s.to_string()).collect::<Vec<_>>().join(",")
}

#[test]
fn subtraction_with_ten_thousand_moves_answers_heap_5_at_once() {
    // G(n) = n mod (m + 1) for the set 1..m: heap 5 is a first-player win, as is 10^12
    // (10^12 mod 10001 = 1 is not 0).
    let set = one_to(10_000);
    let (code, stdout, stderr, cpu) =
        run_timed(&["solve", "subtraction", "--set", &set], "2\n5\n1000000000000\n");
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.split_whitespace().collect::<Vec<_>>(), ["First", "First"]);
    assert!(
        cpu < Duration::from_secs(5),
        "{cpu:?} of CPU (51 s when the mex was cubic)"
    );
}

#[test]
fn subtraction_answers_a_heap_computed_before_the_budget_ran_out() {
    // 1..15000 and 10^6: the period search needs over 10^6 values of 15,000 moves each,
    // past --time-budget 1; G(5) is among the first values computed, G(10^8) is not.
    let set = format!("{},1000000", one_to(15_000));
    let (code, stdout, stderr, cpu) = run_timed(
        &["solve", "subtraction", "--set", &set, "--time-budget", "1"],
        "1\n5\n",
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.trim(), "First");
    assert!(
        cpu < Duration::from_secs(4),
        "{cpu:?} of CPU under --time-budget 1"
    );
    let (code, _, stderr, _) = run_timed(
        &["solve", "subtraction", "--set", &set, "--time-budget", "1"],
        "1\n100000000\n",
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--time-budget"), "{stderr}");
}
