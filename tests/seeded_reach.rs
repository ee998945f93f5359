//! A seed fixes a stress run's inputs (issue 48): the rules' reach, probed before the
//! first run, is counted in work (moves listed and positions stored), never timed, so two
//! runs of the same command find the same reach, draw within the same ranges and write
//! the same inputs, byte for byte, even where the probe is cut by its budget.
#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use gamecheck::game::{Field, Format, Game, Output, stress};
use gamecheck::stress::Beyond;

/// Codeforces 1194D, the 1-2-K game, from its moves alone: a chip on cell n moves 1, 2
/// or k cells left; who cannot move loses. No fast path, so the rules judge every input
/// and the ranges are cut to their reach, which the probe's budget bounds far below 10^9.
struct OneTwoK;

impl Game for OneTwoK {
    type Position = (u64, u64);
    const NAME: &'static str = "12k";

    fn moves(&self, &(n, k): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend(
            [1, 2, k]
                .into_iter()
                .filter_map(|s| n.checked_sub(s))
                .map(|m| (m, k)),
        );
    }

    fn check_position(&self, &(_, k): &(u64, u64)) -> Result<(), String> {
        if k < 3 { Err("k >= 3".into()) } else { Ok(()) }
    }

    fn max_count(&self) -> u64 {
        1_000_000_000
    }

    fn format(&self) -> Format<Self> {
        Format::cases(1..=100)
            .line([
                Field::number("n", 0..=1_000_000_000),
                Field::number("k", 3..=1_000_000_000),
            ])
            .answer(Output::winner("Alice", "Bob"))
    }
}

/// Writes a solution that appends its input to `log` and answers by the editorial's rule
/// (if 3 does not divide k, Bob wins exactly when 3 divides n; else with m = n mod (k+1),
/// exactly when 3 divides m and m is not k); returns its path.
fn logging_solution(dir: &Path, log: &Path) -> PathBuf {
    let script = dir.join("right.sh");
    let body = format!(
        "#!/bin/sh\ntee -a '{}' | awk 'NR > 1 {{ n = $1; k = $2; if (k % 3) a = n % 3 != 0; \
         else {{ m = n % (k + 1); a = m % 3 != 0 || m == k }} print (a ? \"Alice\" : \"Bob\") }}'\n",
        log.display()
    );
    std::fs::write(&script, body).expect("the script is written");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("made executable");
    script
}

#[test]
fn two_runs_of_one_seed_find_the_same_reach_ranges_and_inputs() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("seeded-reach-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the test's directory");
    let mut seen = Vec::new();
    for run in 0..2 {
        let log = dir.join(format!("inputs-{run}.txt"));
        let solution = logging_solution(&dir, &log);
        let passed = stress(OneTwoK, &solution.to_string_lossy())
            .seed(1)
            .cases(4)
            .max("cases", 3)
            .jobs(1)
            .out_dir(dir.join(format!("out-{run}")))
            .run()
            .unwrap_or_else(|e| panic!("{e}"));
        let reach = passed.reach.expect("a reach is probed");
        let inputs = std::fs::read_to_string(&log).expect("the solution logged its inputs");
        seen.push((reach.to_string(), passed.ranges, inputs, reach));
    }
    let (first, second) = (&seen[0], &seen[1]);
    assert_eq!(first.0, second.0, "the reach lines");
    assert_eq!(first.1, second.1, "the ranges");
    assert!(first.2 == second.2, "the inputs differ");
    // The probe was cut by its budget (far below 10^9), and the run kept to its reach.
    let reach = &first.3;
    let cut = reach.rules.expect("the rules do not judge every input");
    assert!(cut < 10_000_000, "{}", first.0);
    assert_eq!(reach.beyond, Beyond::Nothing, "{}", first.0);
    assert!(first.0.contains("work budget"), "{}", first.0);
    // Every n and k written is within the reach: the lines after each T.
    let mut lines = first.2.lines();
    let mut count = 0;
    while let Some(t) = lines.next() {
        let t: usize = t.trim().parse().expect("T");
        for line in lines.by_ref().take(t) {
            for v in line.split_whitespace() {
                let v: u64 = v.parse().expect("a number");
                assert!(v <= cut, "{v} beyond the reach {cut}: {line}");
            }
            count += 1;
        }
    }
    assert!(count >= 4, "{count} cases logged");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `gamecheck stress subtraction --set 1,3,4` with a solution that prints nothing, so
/// the first input fails and is kept; returns the banner's `ranges:` and `reach:` lines
/// and the input kept.
fn banner_and_first_input(dir: &Path) -> (Vec<String>, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args([
            "stress",
            "subtraction",
            "--set",
            "1,3,4",
            "--solution",
            "true",
            "--seed",
            "1",
        ])
        .args(["--cases", "1", "--max-shrink-runs", "0", "--out-dir"])
        .arg(dir)
        .env("GAMECHECK_CACHE_DIR", "")
        .output()
        .expect("gamecheck starts");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines = stderr
        .lines()
        .filter(|l| l.starts_with("ranges:") || l.starts_with("reach:"))
        .map(str::to_owned)
        .collect();
    let input = std::fs::read_to_string(dir.join("input.txt")).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    (lines, input)
}

#[test]
fn two_processes_of_one_seed_print_the_same_reach_and_write_the_same_input() {
    // Two processes: nothing probed in one is known to the other. The rules' reach is cut
    // by the probe's budget there (the fast path answers beyond).
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("seeded-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let first = banner_and_first_input(&base.join("a"));
    let second = banner_and_first_input(&base.join("b"));
    assert_eq!(first, second);
    let reach = first
        .0
        .iter()
        .find(|l| l.starts_with("reach:"))
        .expect("a reach line");
    assert!(
        reach.contains("work budget") && !reach.contains("every input"),
        "{reach}"
    );
    let _ = std::fs::remove_dir_all(&base);
}
