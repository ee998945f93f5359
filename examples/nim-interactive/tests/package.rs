//! `nim-interactive tests nim --layout kattis`: the exported Kattis problem package,
//! checked by Kattis' own `verifyproblem` (installed from PyPI, skipped with a notice
//! where it cannot be): the input validator passes every test, the right program is
//! accepted on every test and each wrong one rejected on some, through the package's
//! interactor. Skipped with a notice when no C compiler is found.
#![cfg(feature = "cli")]

#[path = "../../../tests/common/problemtools.rs"]
mod problemtools;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Writes the package of seed 1 with the given programs into `out`.
fn export(out: &Path) -> std::process::Output {
    let _ = std::fs::remove_dir_all(out);
    Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tests", "nim", "--layout", "kattis", "--seed", "1", "--out"])
        .arg(out)
        .args(["--wrong", "solutions/parity.c", "--wrong", "solutions/largest.c"])
        .args(["--right", "solutions/right.c"])
        .output()
        .expect("nim-interactive runs")
}

/// Every file under `dir` with its bytes, by path.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("a directory").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((
                    p.strip_prefix(dir).expect("inside").to_path_buf(),
                    std::fs::read(&p).expect("read"),
                ));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_exported_package_passes_verifyproblem_right_accepted_parity_rejected() {
    let has_cc = Command::new("cc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_cc {
        eprintln!("note: no C compiler (cc); the package test is skipped");
        return;
    }
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let (a, b) = (tmp.join("nim-package/a/nim"), tmp.join("nim-package/b/nim"));
    let first = export(&a);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    // Every file written again the same, byte for byte.
    assert!(export(&b).status.success());
    let written = files(&a);
    assert_eq!(written, files(&b));
    let names: Vec<String> = written.iter().map(|(p, _)| p.display().to_string()).collect();
    for needed in [
        "problem.yaml",
        "input_validators/nim/build",
        "input_validators/nim/run",
        "output_validators/nim/run",
        "submissions/accepted/right.c",
        "submissions/wrong_answer/parity.c",
        "data/sample/01.in",
        "data/secret/01.in",
    ] {
        assert!(
            names.iter().any(|n| n == needed),
            "{needed} missing from {names:?}"
        );
    }
    let yaml = String::from_utf8_lossy(
        &written
            .iter()
            .find(|(p, _)| p == Path::new("problem.yaml"))
            .expect("problem.yaml")
            .1,
    )
    .into_owned();
    assert!(
        yaml.lines().any(|l| l == "validation: custom interactive"),
        "{yaml}"
    );
    let Some(python) = problemtools::problemtools_python(&tmp) else {
        return;
    };
    let (ok, report) = problemtools::verify(&python, &a);
    assert!(ok, "{report}");
    assert!(report.contains("accepted/right.c (C) OK: AC"), "{report}");
    assert!(report.contains("wrong_answer/parity.c (C) OK: WA"), "{report}");
    assert!(report.contains("wrong_answer/largest.c (C) OK: WA"), "{report}");
    assert!(report.contains("tested: 0 errors"), "{report}");
}
