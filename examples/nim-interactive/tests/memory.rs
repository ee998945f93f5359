//! An interactive program that runs out of memory under `--memory-limit-mb` gets the
//! verdict a batch run gives it, `memory-limit`, not a runtime error (issue 42): through
//! the command line, as a contestant meets it.
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Writes `body` as `name.c` in this test's own directory and returns its path, or `None`
/// (with a notice) when no C compiler is on the `PATH`.
fn source(name: &str, body: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path).any(|dir| ["cc", "gcc"].iter().any(|c| dir.join(c).is_file()));
    if !found {
        eprintln!("note: no C compiler (cc, gcc) found; the test is skipped");
        return None;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nim-interactive-memory");
    std::fs::create_dir_all(&dir).expect("the test's directory");
    let file = dir.join(format!("{name}.c"));
    std::fs::write(&file, body).expect("the source is written");
    Some(file)
}

/// Reads the first game, then asks for 512 MiB and writes to all of it, as a program
/// that builds a table too large for the limit does; says why when it gets none.
const HOG: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    int t, n;
    if (scanf("%d %d", &t, &n) != 2) return 0;
    size_t size = (size_t)512 << 20;
    char *table = malloc(size);
    if (!table) { perror("malloc"); return 1; }
    memset(table, 1, size);
    printf("%d\n", table[size - 1]);
    return 0;
}
"#;

/// Runs `nim-interactive stress` on `program` (named for its test) with `extra` flags;
/// returns its exit code and stdout and stderr together.
fn stress(program: &Path, extra: &[&str]) -> (Option<i32>, String) {
    // Each test its own directory: the tests run at once.
    let tag = program
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("nim-memory-out-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out_dir);
    let output = Command::new(env!("CARGO_BIN_EXE_nim-interactive"))
        .args(["stress", "--solution"])
        .arg(program)
        .args(["--cases", "1", "--max-shrink-runs", "0", "--out-dir"])
        .arg(&out_dir)
        .args(extra)
        .output()
        .expect("nim-interactive starts");
    let _ = std::fs::remove_dir_all(&out_dir);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code(), text)
}

#[test]
fn an_interactive_program_out_of_memory_under_the_limit_is_memory_limit() {
    let Some(hog) = source("hog_limited", HOG) else {
        return;
    };
    let (code, text) = stress(&hog, &["--memory-limit-mb", "64"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("memory-limit"), "{text}");
    assert!(!text.contains("runtime-error"), "{text}");
}

#[test]
fn the_same_program_without_a_limit_is_not_memory_limit() {
    // Without the limit the allocation succeeds: the program then writes no side, and
    // what it is judged for is that, not memory (the verdict comes from the limit).
    let Some(hog) = source("hog_unlimited", HOG) else {
        return;
    };
    let (code, text) = stress(&hog, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(!text.contains("memory-limit"), "{text}");
}
