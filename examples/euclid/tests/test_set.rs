//! `euclid-game tests`: a test set that kills the three wrong contest programs
//! (double-precision φ, a parity rule, an off-by-one in the quotient), in at most 20
//! tests, each valid for `validate`, passed by the right program as `judge` says, and
//! written byte for byte the same by a second run.
#![cfg(feature = "cli")]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_euclid-game");

fn solution(name: &str) -> String {
    format!("{}/solutions/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Returns the files of `dir`, sorted, with their bytes.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("the test directory")
        .map(|e| {
            let path = e.expect("an entry").path();
            let bytes = std::fs::read(&path).expect("a test file");
            (path, bytes)
        })
        .collect();
    out.sort();
    out
}

fn write_tests(out: &Path) -> std::process::Output {
    let mut args = vec!["tests".to_owned(), "euclid".into(), "--seed".into(), "3".into()];
    args.extend(["--out".into(), out.to_str().expect("utf-8 dir").to_owned()]);
    for wrong in ["float.c", "parity.c", "quotient.c"] {
        args.extend(["--wrong".into(), solution(wrong)]);
    }
    Command::new(BIN)
        .args(&args)
        .output()
        .expect("euclid-game tests runs")
}

// Two whole runs of stress and shrink on three programs: about a minute of CPU.
#[test]
#[ignore = "a minute of CPU: cargo test -p euclid-game --test test_set -- --ignored"]
fn tests_kill_every_wrong_program_and_the_right_one_passes_them() {
    let root = std::env::temp_dir().join(format!("euclid-test-set-{}", std::process::id()));
    let (first, second) = (root.join("first"), root.join("second"));
    let out = write_tests(&first);
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for wrong in ["float.c", "parity.c", "quotient.c"] {
        let line = report
            .lines()
            .find(|l| l.contains(wrong) && l.contains("wrong-answer"));
        assert!(line.is_some(), "{wrong} is not killed:\n{report}");
    }
    let written = files(&first);
    let inputs: Vec<&(PathBuf, Vec<u8>)> = written
        .iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "in"))
        .collect();
    assert!(
        !inputs.is_empty() && inputs.len() <= 20,
        "{} tests:\n{report}",
        inputs.len()
    );
    assert_eq!(written.len(), 2 * inputs.len());
    // The right program, built here, on every test: `judge` accepts its output, and
    // each test is valid input for `validate`.
    let right = root.join("right");
    let cc = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&right)
        .arg(solution("right.c"))
        .status()
        .expect("cc runs");
    assert!(cc.success());
    for (path, bytes) in inputs {
        let valid = Command::new(BIN)
            .args(["validate", "euclid"])
            .stdin(Stdio::from(std::fs::File::open(path).expect("the input")))
            .output()
            .expect("validate runs");
        assert!(
            valid.status.success(),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&valid.stderr)
        );
        let ran = Command::new(&right)
            .stdin(Stdio::from(std::fs::File::open(path).expect("the input")))
            .output()
            .expect("the right program runs");
        let output = root.join("right.out");
        std::fs::write(&output, &ran.stdout).expect("the output written");
        let judged = Command::new(BIN)
            .args(["judge", "euclid"])
            .arg(path)
            .arg(&output)
            .arg(path.with_extension("ans"))
            .output()
            .expect("judge runs");
        assert_eq!(
            judged.status.code(),
            Some(0),
            "{} ({} bytes): {}",
            path.display(),
            bytes.len(),
            String::from_utf8_lossy(&judged.stderr)
        );
    }
    // A second run writes the same files, byte for byte.
    let again = write_tests(&second);
    assert_eq!(again.status.code(), Some(0));
    let strip = |v: Vec<(PathBuf, Vec<u8>)>, dir: &Path| -> Vec<(PathBuf, Vec<u8>)> {
        v.into_iter()
            .map(|(p, b)| (p.strip_prefix(dir).expect("inside").to_path_buf(), b))
            .collect()
    };
    assert!(
        strip(written, &first) == strip(files(&second), &second),
        "the second run differs"
    );
    assert_eq!(again.stdout, out.stdout);
    std::fs::remove_dir_all(&root).ok();
}
