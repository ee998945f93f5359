//! The low-severity edges of the command line a user meets: `--json` errors on stdout, a
//! solution command split at a space, a Java source with a package line, a full disk
//! while writing the failure's files.

use std::path::PathBuf;
use std::process::{Command, Output};

fn gamecheck_in(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .current_dir(dir)
        .env("GAMECHECK_CACHE_DIR", dir.join("cache"))
        .args(args)
        .output()
        .expect("gamecheck runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecheck-cli-errors-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

#[test]
fn json_errors_are_an_object_with_the_version_on_stdout() {
    let dir = scratch("json");
    for args in [
        // An error of the run (an expression that does not parse)…
        &["claim", "chopsticks", "1 +", "--json"][..],
        // …of a problem's flag, and of clap's parsing.
        &["check", "subtraction", "--set", "0", "--json"][..],
        &["check", "--cases", "0", "--json"][..],
    ] {
        let out = gamecheck_in(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{args:?}: stdout is not JSON ({e}): {:?}",
                String::from_utf8_lossy(&out.stdout)
            )
        });
        assert_eq!(json["format_version"], 1, "{json}");
        let error = json["error"].as_str().unwrap_or_default();
        assert!(!error.is_empty(), "{args:?}: {json}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(error.lines().next().unwrap_or("")));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_solution_command_split_at_a_space_gets_a_hint_when_its_program_is_missing() {
    let dir = scratch("split");
    std::fs::write(dir.join("my sol.sh"), "#!/bin/sh\necho First\n").expect("write");
    let out = gamecheck_in(
        &dir,
        &["stress", "chopsticks", "--solution", "my sol.sh", "--cases", "1"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot start the solution `my sol.sh`"),
        "{stderr}"
    );
    assert!(
        stderr.contains("the program `my` with the argument `sol.sh`")
            && stderr.contains("--solution \"'my sol.sh'\""),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_java_source_with_a_package_line_is_a_setup_error_before_any_run() {
    let dir = scratch("java");
    std::fs::write(
        dir.join("Sol.java"),
        "package contest;\npublic class Sol { public static void main(String[] a) { System.out.println(\"First\"); } }\n",
    )
    .expect("write");
    let out = gamecheck_in(
        &dir,
        &[
            "stress",
            "chopsticks",
            "--solution",
            "Sol.java",
            "--cases",
            "3",
            "--json",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("declares `package contest;`"), "{stderr}");
    assert!(
        !stderr.contains("runtime-error") && !stderr.contains("shrinking"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_full_disk_leaves_no_partial_file_in_the_out_dir() {
    let dir = scratch("full");
    // A wrong solution whose stderr (5,000 bytes) is past a 2 KiB file size limit: the
    // write of stderr.txt fails as on a full disk.
    let sol = dir.join("sol.sh");
    std::fs::write(
        &sol,
        "#!/bin/sh\nhead -c 5000 /dev/zero | tr '\\0' x >&2\nread t; i=0\n\
         while [ $i -lt $t ]; do read a; echo Second; i=$((i+1)); done\n",
    )
    .expect("write");
    Command::new("chmod").arg("+x").arg(&sol).status().expect("chmod");
    let out = Command::new("sh")
        .current_dir(&dir)
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; ulimit -f 2; exec {} stress chopsticks --solution ./sol.sh --cases 3 --out-dir od",
            env!("CARGO_BIN_EXE_gamecheck")
        ))
        .output()
        .expect("sh runs");
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("File too large"), "the report says why: {report}");
    let left: Vec<String> = std::fs::read_dir(dir.join("od"))
        .expect("the directory")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.contains("partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_negative_t_and_a_zero_t_name_the_same_least_value() {
    let dir = scratch("least");
    let run = |input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamecheck"))
            .args(["solve", "wythoff"])
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("gamecheck starts");
        use std::io::Write;
        let _ = child.stdin.take().expect("piped").write_all(input.as_bytes());
        let out = child.wait_with_output().expect("gamecheck exits");
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let zero = run("0\n");
    let negative = run("-1\n");
    assert!(zero.contains("T is at least 1"), "{zero}");
    assert!(
        negative.contains("T is at least 1") && !negative.contains("at least 0"),
        "{negative}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
