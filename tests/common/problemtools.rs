//! Kattis problemtools' `verifyproblem`, installed from PyPI into a virtual environment
//! under the target directory (once; later runs reuse it), for the tests of the example
//! crates that export a problem package; included by `#[path]`. The wheel is manylinux,
//! with its own `interactive` runner and default validator built in, and pulls
//! `checktestdata` from PyPI too: nothing is needed from Debian but `python3` with
//! `venv`, and a C compiler for the submissions. Only rendering the statement needs
//! `lualatex` and plasTeX, so the tests check every part but `statement`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Returns the Python of a virtual environment in `target_tmp` that holds problemtools
/// (run `python -m problemtools.verifyproblem`), installed there if it is not yet, or
/// `None` with a notice when Python, its `venv` or PyPI is not to be had.
pub fn problemtools_python(target_tmp: &Path) -> Option<PathBuf> {
    let venv = target_tmp.join("problemtools-venv");
    let python = |dir: &Path| dir.join("bin/python");
    let has = |dir: &Path| {
        Command::new(python(dir))
            .args(["-c", "import problemtools.verifyproblem"])
            .status()
            .is_ok_and(|s| s.success())
    };
    if has(&venv) {
        return Some(python(&venv));
    }
    // Made under another name and renamed whole: two test binaries may install at
    // once. `bin/python` finds the environment next to it, wherever it is.
    let partial = target_tmp.join(format!("problemtools-venv-{}", std::process::id()));
    let ok = |c: &mut Command| c.status().is_ok_and(|s| s.success());
    let installed = ok(Command::new("python3").arg("-m").arg("venv").arg(&partial))
        && ok(Command::new(python(&partial)).args(["-m", "pip", "install", "--quiet", "problemtools"]));
    if installed && (std::fs::rename(&partial, &venv).is_ok() || has(&venv)) {
        std::fs::remove_dir_all(&partial).ok();
        return Some(python(&venv));
    }
    std::fs::remove_dir_all(&partial).ok();
    eprintln!(
        "note: problemtools (pip install problemtools) could not be installed; the package is not verified"
    );
    None
}

/// Returns `verifyproblem`'s exit status and its output (stdout and stderr) on the
/// package `dir`, every part checked but the statement.
pub fn verify(python: &Path, dir: &Path) -> (bool, String) {
    let out = Command::new(python)
        .args(["-m", "problemtools.verifyproblem"])
        .arg(dir)
        .args(["-p", "config", "data", "submissions", "validators"])
        .output()
        .expect("verifyproblem runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}
