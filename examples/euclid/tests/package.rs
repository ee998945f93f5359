//! `euclid-game tests euclid --layout kattis`: the exported Kattis problem package of a
//! batch game, checked by Kattis' own `verifyproblem` (installed from PyPI, skipped with
//! a notice where it cannot be): the input validator passes every test, the right C
//! program is accepted and each wrong one rejected through the package's output
//! validator. Skipped with a notice when no C compiler is found.
#![cfg(feature = "cli")]

#[path = "../../../tests/common/problemtools.rs"]
mod problemtools;

use std::path::PathBuf;
use std::process::Command;

#[test]
fn the_exported_package_passes_verifyproblem_right_accepted_wrong_rejected() {
    let has_cc = Command::new("cc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_cc {
        eprintln!("note: no C compiler (cc); the package test is skipped");
        return;
    }
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let out = tmp.join("euclid-package/euclid");
    let _ = std::fs::remove_dir_all(&out);
    // parity.c and quotient.c fall to two-number inputs; float.c only where a/b is
    // within 1e-16 of φ, which takes stress a minute (tests/test_set.rs).
    let run = Command::new(env!("CARGO_BIN_EXE_euclid-game"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tests", "euclid", "--layout", "kattis", "--seed", "3", "--out"])
        .arg(&out)
        .args(["--wrong", "solutions/parity.c", "--wrong", "solutions/quotient.c"])
        .args(["--right", "solutions/right.c"])
        .output()
        .expect("euclid-game runs");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).expect("problem.yaml");
    assert!(yaml.lines().any(|l| l == "validation: custom"), "{yaml}");
    let Some(python) = problemtools::problemtools_python(&tmp) else {
        return;
    };
    let (ok, report) = problemtools::verify(&python, &out);
    assert!(ok, "{report}");
    assert!(report.contains("accepted/right.c (C) OK: AC"), "{report}");
    assert!(report.contains("wrong_answer/parity.c (C) OK: WA"), "{report}");
    assert!(report.contains("wrong_answer/quotient.c (C) OK: WA"), "{report}");
    assert!(report.contains("tested: 0 errors"), "{report}");
}
