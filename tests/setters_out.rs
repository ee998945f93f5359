//! `tests --out DIR` writes nothing through a symbolic link: a link in place of a test
//! file is replaced by the file (its target untouched), and a link in place of one of
//! the layout's directories is refused.
#![cfg(feature = "cli")]

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gamecheck");

fn tests_into(out: &std::path::Path, layout: &str) -> std::process::Output {
    Command::new(BIN)
        .args([
            "tests",
            "chopsticks",
            "--max-tests",
            "2",
            "--layout",
            layout,
            "--out",
        ])
        .arg(out)
        .output()
        .expect("gamecheck runs")
}

#[test]
fn tests_out_writes_no_file_through_a_symbolic_link() {
    let dir = std::env::temp_dir().join(format!("gamecheck-tests-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (out, victim) = (dir.join("out"), dir.join("victim.txt"));
    std::fs::create_dir_all(&out).expect("a temp dir");
    std::fs::write(&victim, "keep me\n").expect("the victim");
    std::os::unix::fs::symlink(&victim, out.join("01.in")).expect("a link");
    std::os::unix::fs::symlink(&victim, out.join("01.ans")).expect("a link");
    let run = tests_into(&out, "plain");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(std::fs::read_to_string(&victim).expect("the victim"), "keep me\n");
    for name in ["01.in", "01.ans"] {
        let meta = std::fs::symlink_metadata(out.join(name)).expect("written");
        assert!(meta.is_file(), "{name} is still a link");
    }
    // A directory of the Kattis layout that is a link elsewhere: refused, nothing
    // written there.
    let (kattis, elsewhere) = (dir.join("kattis"), dir.join("elsewhere"));
    std::fs::create_dir_all(&kattis).expect("a temp dir");
    std::fs::create_dir_all(&elsewhere).expect("a temp dir");
    std::os::unix::fs::symlink(&elsewhere, kattis.join("data")).expect("a link");
    let run = tests_into(&kattis, "kattis");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("symbolic link"), "{stderr}");
    assert_eq!(std::fs::read_dir(&elsewhere).expect("elsewhere").count(), 0);
    std::fs::remove_dir_all(&dir).ok();
}
