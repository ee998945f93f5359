//! `prove` as a job runner drives it: shards chosen by the environment alone (Kubernetes,
//! Slurm), merged into the unsharded proof; merges that refuse missing, duplicate and
//! inconsistent shards; refusals up front.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const RUNNER_VARS: [&str; 5] = [
    "JOB_COMPLETION_INDEX",
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX",
    "SLURM_ARRAY_TASK_COUNT",
];

/// Runs gamecheck with exactly the job runner variables `env`, whatever the test's own
/// environment holds.
fn gamecheck(args: &[&str], env: &[(&str, String)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamecheck"));
    for var in RUNNER_VARS {
        command.env_remove(var);
    }
    command
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .output()
        .expect("gamecheck runs")
}

fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh directory for one test's shard files.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("prove").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Runs each shard with the environment `env_of(i)` gives, writes its JSON to `dir`, and
/// returns the files.
fn run_shards(
    dir: &Path,
    args: &[&str],
    count: u64,
    env_of: impl Fn(u64) -> Vec<(&'static str, String)>,
) -> Vec<PathBuf> {
    (0..count)
        .map(|i| {
            let out = gamecheck(args, &env_of(i));
            assert_eq!(out.status.code(), Some(0), "shard {i}: {}", stderr(&out));
            let report = json_of(&out);
            assert_eq!(report["shard_index"], i);
            assert_eq!(report["shard_count"], count);
            let file = dir.join(format!("shard-{i}.json"));
            std::fs::write(&file, &out.stdout).expect("shard file written");
            file
        })
        .collect()
}

fn merge_files(files: &[PathBuf]) -> Output {
    let mut args = vec!["prove", "merge", "--json"];
    args.extend(files.iter().map(|f| f.to_str().expect("UTF-8 path")));
    gamecheck(&args, &[])
}

#[test]
fn kubernetes_shards_merge_to_the_unsharded_proof() {
    let whole = gamecheck(&["prove", "chopsticks", "--max-count", "12", "--json"], &[]);
    assert_eq!(whole.status.code(), Some(0), "{}", stderr(&whole));
    let whole = json_of(&whole);
    let dir = scratch("kubernetes");
    let args = [
        "prove",
        "chopsticks",
        "--max-count",
        "12",
        "--shard-count",
        "4",
        "--json",
    ];
    let files = run_shards(&dir, &args, 4, |i| vec![("JOB_COMPLETION_INDEX", i.to_string())]);
    let merged = merge_files(&files);
    assert_eq!(merged.status.code(), Some(0), "{}", stderr(&merged));
    let merged = json_of(&merged);
    assert_eq!(merged["checked"], whole["checked"]);
    assert_eq!(merged["checked"], 12u64.pow(4));
    assert_eq!(merged["mismatch_count"], whole["mismatch_count"]);
    assert_eq!(merged["parameters"], whole["parameters"]);
}

#[test]
fn slurm_shards_merge_to_the_unsharded_proof() {
    let args = [
        "prove",
        "moore",
        "--k",
        "3",
        "--max-piles",
        "5",
        "--max-size",
        "3",
        "--json",
    ];
    let whole = gamecheck(&args, &[]);
    assert_eq!(whole.status.code(), Some(0), "{}", stderr(&whole));
    let whole = json_of(&whole);
    let dir = scratch("slurm");
    // An array --array=10-13: the index is the task id less the minimum.
    let files = run_shards(&dir, &args, 4, |i| {
        vec![
            ("SLURM_ARRAY_TASK_ID", (10 + i).to_string()),
            ("SLURM_ARRAY_TASK_MIN", "10".into()),
            ("SLURM_ARRAY_TASK_MAX", "13".into()),
            ("SLURM_ARRAY_TASK_COUNT", "4".into()),
        ]
    });
    let merged = merge_files(&files);
    assert_eq!(merged.status.code(), Some(0), "{}", stderr(&merged));
    let merged = json_of(&merged);
    assert_eq!(merged["checked"], whole["checked"]);
    assert_eq!(merged["total"], whole["total"]);
    assert_eq!(merged["what"], whole["what"]);
    let mut args = vec!["prove", "merge"];
    args.extend(files.iter().map(|f| f.to_str().expect("UTF-8 path")));
    let line = gamecheck(&args, &[]);
    assert_eq!(line.status.code(), Some(0), "{}", stderr(&line));
    let line = String::from_utf8_lossy(&line.stdout);
    assert!(
        line.starts_with("proved: moore P-test = game search, k = 3"),
        "{line}"
    );
    assert!(line.contains("4 shards merged"), "{line}");
}

/// Four shards of `prove chopsticks --max-count L --shard-index i --shard-count 4`.
fn chopsticks_shards(dir: &Path, limit: u64) -> Vec<PathBuf> {
    let limit = limit.to_string();
    (0..4)
        .map(|i| {
            let index = i.to_string();
            let out = gamecheck(
                &[
                    "prove",
                    "chopsticks",
                    "--max-count",
                    &limit,
                    "--shard-index",
                    &index,
                    "--shard-count",
                    "4",
                    "--json",
                ],
                &[],
            );
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let file = dir.join(format!("L{limit}-{i}.json"));
            std::fs::write(&file, &out.stdout).expect("shard file written");
            file
        })
        .collect()
}

#[test]
fn merge_names_a_missing_shard() {
    let dir = scratch("missing");
    let files = chopsticks_shards(&dir, 8);
    let three = [files[0].clone(), files[1].clone(), files[3].clone()];
    let out = merge_files(&three);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("missing shard 2 of 4"), "{}", stderr(&out));
    // With --json, the error is an object on stdout too.
    assert!(
        json_of(&out)["error"]
            .as_str()
            .is_some_and(|e| e.contains("missing shard 2 of 4"))
    );
}

#[test]
fn merge_refuses_a_duplicate_shard() {
    let dir = scratch("duplicate");
    let mut files = chopsticks_shards(&dir, 8);
    let again = dir.join("again.json");
    std::fs::copy(&files[1], &again).expect("copied");
    files.push(again);
    let out = merge_files(&files);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("duplicate shard 1 of 4"), "{err}");
    assert!(err.contains("again.json"), "{err}");
}

#[test]
fn merge_refuses_shards_of_other_parameters() {
    let dir = scratch("parameters");
    let mut files = chopsticks_shards(&dir, 8);
    let other = chopsticks_shards(&dir, 9);
    files[2] = other[2].clone();
    let out = merge_files(&files);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("parameters"), "{err}");
    assert!(err.contains("L9-2.json"), "{err}");
}

#[test]
fn merge_reports_a_shard_s_mismatches_and_exits_1() {
    let dir = scratch("refuted");
    let files = chopsticks_shards(&dir, 6);
    // A shard that found a mismatch, as a broken rule would write it.
    let mut report: Value = serde_json::from_slice(&std::fs::read(&files[3]).expect("read")).expect("JSON");
    report["mismatch_count"] = 1.into();
    report["mismatches"] = serde_json::json!(["chopsticks (5, 5, 5, 5): fast First, dense table Second"]);
    report["counterexamples"] = serde_json::json!([counterexample(1295)]);
    std::fs::write(&files[3], report.to_string()).expect("written");
    let out = merge_files(&files);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let merged = json_of(&out);
    assert_eq!(merged["mismatch_count"], 1);
    assert_eq!(merged["checked"], 6u64.pow(4));
}

/// A counterexample entry of a shard report, at `index`.
fn counterexample(index: u64) -> Value {
    serde_json::json!({
        "index": index,
        "case": [5, 5, 5, 5],
        "fast": "First",
        "oracle": "Second",
        "repro": "gamecheck repro chopsticks 5 5 5 5",
    })
}

#[test]
fn merge_refuses_shards_whose_mismatches_do_not_add_up() {
    let dir = scratch("inconsistent");
    let files = chopsticks_shards(&dir, 6);
    let original: Value = serde_json::from_slice(&std::fs::read(&files[3]).expect("read")).expect("JSON");
    let range = (
        original["range"]["start"].as_u64(),
        original["range"]["end"].as_u64(),
    );
    assert_eq!(range, (Some(972), Some(1296)));
    let listed = serde_json::json!(["chopsticks (5, 5, 5, 5): fast First, dense table Second"]);
    let cases: [(&str, Value, Value, Value, &str); 4] = [
        // A mismatch listed, but none counted: it would read "proved".
        (
            "listed",
            0.into(),
            listed.clone(),
            serde_json::json!([counterexample(1295)]),
            "mismatches lists 1",
        ),
        // Three counted, none listed: refuted with no counterexample.
        (
            "counted",
            3.into(),
            serde_json::json!([]),
            serde_json::json!([]),
            "keeps 3",
        ),
        // A counterexample of another shard's range.
        (
            "outside",
            1.into(),
            listed.clone(),
            serde_json::json!([counterexample(5)]),
            "outside the shard's range",
        ),
        // More mismatches than cases.
        (
            "more",
            1297.into(),
            listed,
            serde_json::json!([counterexample(1295)]),
            "but it checked 324",
        ),
    ];
    for (name, count, mismatches, counterexamples, says) in cases {
        let mut report = original.clone();
        report["mismatch_count"] = count;
        report["mismatches"] = mismatches;
        report["counterexamples"] = counterexamples;
        let file = dir.join(format!("{name}.json"));
        std::fs::write(&file, report.to_string()).expect("written");
        let shards = [files[0].clone(), files[1].clone(), files[2].clone(), file];
        let out = merge_files(&shards);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{name}: {}", stderr(&out));
        assert!(
            json_of(&out)["error"].as_str().is_some_and(|e| e.contains(says)),
            "{name}"
        );
    }
}

#[test]
fn merge_refuses_times_that_add_up_beyond_u64() {
    let dir = scratch("time");
    let files = chopsticks_shards(&dir, 6);
    for file in &files[..2] {
        let mut report: Value = serde_json::from_slice(&std::fs::read(file).expect("read")).expect("JSON");
        report["time_ms"] = u64::MAX.into();
        std::fs::write(file, report.to_string()).expect("written");
    }
    let out = merge_files(&files);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("time_ms add up to 368934881474191032"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn merge_reads_at_most_a_few_mebibytes_of_a_file() {
    // A stand-in for "fast": reading without a cap takes minutes of CPU time and
    // gigabytes. CPU time, which a loaded machine does not stretch.
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamecheck"));
    for var in RUNNER_VARS {
        command.env_remove(var);
    }
    let (out, _) = crate::common::output_within(
        command.args(["prove", "merge", "/dev/zero"]),
        b"",
        Duration::from_secs(60),
    )
    .unwrap_or_else(|over| panic!("not refused within {over}"));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("/dev/zero is not a gamecheck shard report: it is larger than 4194304 bytes"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn contradictory_runner_environments_exit_2() {
    let args = ["prove", "chopsticks", "--max-count", "4"];
    let job = vec![("JOB_COMPLETION_INDEX", "1".to_owned())];
    let out = gamecheck(&args, &job);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--shard-count"), "{}", stderr(&out));
    // --array=0-6:2: four tasks whose ids are not 0..4.
    let stepped = vec![
        ("SLURM_ARRAY_TASK_ID", "2".to_owned()),
        ("SLURM_ARRAY_TASK_MIN", "0".into()),
        ("SLURM_ARRAY_TASK_MAX", "6".into()),
        ("SLURM_ARRAY_TASK_COUNT", "4".into()),
    ];
    let out = gamecheck(&args, &stepped);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("contiguous"), "{}", stderr(&out));
}

#[test]
fn the_old_json_keys_remain() {
    let out = gamecheck(
        &[
            "prove",
            "chopsticks",
            "--max-count",
            "16",
            "--shard",
            "3/4",
            "--json",
        ],
        &[],
    );
    assert!(out.status.success());
    let report = json_of(&out);
    assert_eq!(report["shard"], "3/4");
    assert_eq!(report["checked"], 16384);
    assert_eq!(report["mismatches"], serde_json::json!([]));
    assert_eq!(report["mismatch_count"], 0);
    assert_eq!(
        report["what"],
        "chopsticks fast rule = dense table, every count below 16"
    );
    assert!(report["time_ms"].is_u64());
    assert_eq!(report["format_version"], 1);
    assert_eq!(
        report["range"],
        serde_json::json!({ "start": 32768, "end": 49152 })
    );
}

#[test]
fn a_moore_shard_beyond_the_game_search_is_refused_up_front() {
    // Issue 9: this shard holds [10; 10], whose 2.4·10^8 successors the game search would
    // list at once. Under a 1 GiB address-space limit it must still end with a refusal
    // (exit 2), not an abort; the timeout only stops a hang.
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamecheck"));
    child
        .args([
            "prove",
            "moore",
            "--max-piles",
            "10",
            "--max-size",
            "10",
            "--shard",
            "1000/1000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for var in RUNNER_VARS {
        child.env_remove(var);
    }
    // SAFETY: setrlimit is async-signal-safe, and nothing else runs between fork and exec.
    unsafe {
        child.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 1 << 30,
                rlim_max: 1 << 30,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let mut child = child.spawn().expect("gamecheck starts");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        // Only a hang meets this, far above what a loaded machine takes.
        if start.elapsed() > Duration::from_secs(600) {
            let _ = child.kill();
            panic!("still running after ten minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = child.wait_with_output().expect("output");
    assert_eq!(status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("refuses this shard"), "{err}");
    assert!(err.contains("[10, 10, 10, 10, 10, 10, 10, 10, 10, 10]"), "{err}");
}

/// A user's registry gives its game its own `prove` through the public API alone, as a
/// built-in registry line's `[own_prove]` does; without it the game gets the generic one.
#[test]
fn a_users_registry_gives_its_game_its_own_prove() {
    use gamecheck::game::{Game, GameProblem};
    use gamecheck::games::{Registered, Registry, RegistryError, UnknownProblem, Visit};
    use gamecheck::problem::{Flag, Flags};
    use gamecheck::prove::{ProofProgress, ProofRun, ProveCommand, ProveError};

    #[derive(Default)]
    struct Take1;
    impl Game for Take1 {
        type Position = u64;
        const NAME: &'static str = "take1";
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend(n.checked_sub(1));
        }
    }
    impl ProveCommand for Take1 {
        fn about(&self) -> &'static str {
            "take1's own proof: a heap is won exactly when it is odd"
        }
        fn flags(&self) -> Vec<Flag> {
            Vec::new()
        }
        fn run(&self, _: &Flags, _: &ProofProgress) -> Result<ProofRun, ProveError> {
            Err(ProveError::NotCarriedOut("a test's".into()))
        }
    }

    struct Mine<const OWN: bool>;
    impl<const OWN: bool> Registry for Mine<OWN> {
        fn problems() -> Vec<(&'static str, &'static [&'static str])> {
            vec![("take1", &[])]
        }
        fn problem_flags(name: &str) -> Result<Vec<Flag>, UnknownProblem> {
            match name {
                "take1" => Ok(<GameProblem<Take1> as gamecheck::games::Build>::flags()),
                _ => Err(Self::unknown(name)),
            }
        }
        fn visit<V: Visit>(name: &str, flags: &Flags, v: V) -> Result<V::Output, RegistryError> {
            match name {
                "take1" if OWN => {
                    gamecheck::games::visit_line(name, flags, |p: GameProblem<Take1>| p.own_prove(), v)
                }
                "take1" => gamecheck::games::visit_built::<GameProblem<Take1>, V>(name, flags, v),
                _ => Err(Self::unknown(name).into()),
            }
        }
    }

    struct About;
    impl Visit for About {
        type Output = Option<&'static str>;
        fn visit<P: Registered>(self, problem: &P) -> Option<&'static str> {
            problem.prove_command().map(|c| c.about())
        }
    }
    let own = Mine::<true>::visit("take1", &Flags::default(), About);
    assert_eq!(
        own,
        Ok(Some("take1's own proof: a heap is won exactly when it is odd"))
    );
    let generic = Mine::<false>::visit("take1", &Flags::default(), About);
    assert!(
        generic
            .as_ref()
            .is_ok_and(|a| a.is_some_and(|a| a.contains("rules oracle"))),
        "{generic:?}"
    );
}
