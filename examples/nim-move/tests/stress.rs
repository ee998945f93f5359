//! The contest solutions in `solutions/`, compiled and stressed through the crate's own
//! command line, `nim-move stress`; skipped with a notice when no C compiler is found.
#![cfg(feature = "cli")]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

const SOLUTIONS: [&str; 3] = ["first", "last", "largest"];

/// Returns the compiled solution `name` (`solutions/<name>.c`), or `None` when there is
/// no C compiler; each program is compiled once per test run.
fn program(name: &str) -> Option<PathBuf> {
    static COMPILED: OnceLock<Option<PathBuf>> = OnceLock::new();
    let dir = COMPILED.get_or_init(|| {
        let compiler = ["cc", "gcc", "clang"].into_iter().find(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })?;
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nim-move-solutions");
        std::fs::create_dir_all(&dir).ok()?;
        for name in SOLUTIONS {
            let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("solutions/{name}.c"));
            let status = Command::new(compiler)
                .args(["-O2", "-o"])
                .arg(dir.join(name))
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

/// Runs `nim-move stress --solution <program> --json` on 40 inputs; returns the exit
/// code and the report.
fn stress(program: &Path) -> (Option<i32>, serde_json::Value) {
    let name = program.file_name().and_then(|n| n.to_str()).unwrap_or("program");
    let output = Command::new(env!("CARGO_BIN_EXE_nim-move"))
        .args(["stress", "--cases", "40", "--json", "--solution"])
        .arg(program)
        .arg("--out-dir")
        .arg(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nim-move-stress-{name}")))
        .output()
        .expect("nim-move runs");
    let report = serde_json::from_slice(&output.stdout).expect("a JSON report");
    (output.status.code(), report)
}

/// Returns what `program` prints on `input`.
fn run(program: &Path, input: &str) -> String {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the solution runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    String::from_utf8(child.wait_with_output().expect("it ends").stdout).expect("text")
}

#[test]
fn two_different_right_solutions_pass() {
    let (Some(first), Some(last)) = (program("first"), program("last")) else {
        return;
    };
    // They print different winning moves: three piles of one, each a winning move.
    assert_eq!(run(&first, "1\n3\n1 1 1\n"), "1 0\n");
    assert_eq!(run(&last, "1\n3\n1 1 1\n"), "3 0\n");
    for program in [first, last] {
        let (code, report) = stress(&program);
        assert_eq!(
            (code, report["verdict"].as_str()),
            (Some(0), Some("ok")),
            "{report:#}"
        );
    }
}

#[test]
fn an_illegal_move_is_refuted_at_its_least_input() {
    let Some(largest) = program("largest") else { return };
    let (code, report) = stress(&largest);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (Some(1), Some("wrong-answer")),
        "{report:#}"
    );
    assert_eq!(report["input"], "1\n3\n1 2 2\n");
    assert_eq!(report["actual"], "2 3\n");
    assert_eq!(report["shrink"]["standing"], "least");
    assert!(
        report["detail"]
            .as_str()
            .is_some_and(|d| d.contains("`2 3` is not a legal move")),
        "{report:#}"
    );
}
