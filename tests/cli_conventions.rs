//! The conventions every subcommand keeps: exit code 0 when it agrees or holds, 1 when it
//! disagrees or is refuted, 2 on a usage or input error (README, "Exit codes"); shell
//! completions and man pages generated from the same arguments.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::gamecheck;

use gamecheck::games::{Registered, Visit, problem_names, visit};
use gamecheck::problem::{Flag, FlagKind};

const BIN: &str = env!("CARGO_BIN_EXE_gamecheck");

/// Every subcommand, each way it can end (1 where a right build can be made to fail).
#[test]
fn every_subcommand_keeps_the_exit_codes() {
    let dir = std::env::temp_dir().join(format!("gamecheck-exit-codes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let path = |name: &str| dir.join(name).to_str().expect("utf-8 temp dir").to_owned();
    let (out, man) = (path("stress"), path("man"));
    // A test of `judge`: the input, the answers `First`, `Second` and both.
    let (input, first, second, both) = (path("judge.in"), path("first"), path("second"), path("both"));
    for (file, text) in [
        (&input, "1\n1 1 1 1\n"),
        (&first, "First\n"),
        (&second, "Second\n"),
        (&both, "First\nFirst\n"),
    ] {
        std::fs::write(file, text).expect("a judge file");
    }
    let dir_text = dir.to_str().expect("utf-8 temp dir").to_owned();
    let tests = path("tests");
    let solve = format!("{BIN} solve chopsticks");
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/criterion");
    let cases: &[(&[&str], &str, i32)] = &[
        (&[], "", 2),
        (&["--version"], "", 0),
        (&["no-such-subcommand"], "", 2),
        (&["check", "--cases", "0"], "", 2),
        (&["check", "--no-such-flag"], "", 2),
        (&["claims", "--id", "seed-three-bullets", "--cases", "10"], "", 0),
        (&["claims", "--id", "no-such-claim"], "", 2),
        (
            &["claim", "moore", "xor == 0", "--k", "1", "--cases", "10"],
            "",
            0,
        ),
        (&["claim", "chopsticks", "n > m", "--cases", "10"], "", 1),
        (&["claim", "chopsticks", "n >"], "", 2),
        (&["value", "{1|-1} + ^"], "", 0),
        (&["value", "{2|-1/2}", "--cool", "1"], "", 0),
        (&["value", "{1|"], "", 2),
        (&["value", "1", "--cool=-1"], "", 2),
        (&["repro", "chopsticks", "1", "0", "1", "1"], "", 0),
        (&["repro", "moore", "1", "2"], "", 0),
        (&["repro", "games", "3", "1", "2"], "", 0),
        (&["repro", "games", "3", "100000"], "", 2),
        (&["repro", "chopsticks", "1", "0", "1"], "", 2),
        (&["repro", "no-such-problem", "1"], "", 2),
        (&["repro", "chopsticks", "x", "0", "1", "1"], "", 2),
        (&["prove", "chopsticks", "--max-count", "4"], "", 0),
        (&["prove", "moore", "--max-piles", "3", "--max-size", "2"], "", 0),
        (&["prove", "chopsticks", "--shard", "0/3"], "", 2),
        (&["prove", "merge", "/no/such/shard.json"], "", 2),
        (
            &["prove", "chopsticks-classic", "--cutoff", "--splits", "none"],
            "",
            0,
        ),
        (&["prove", "chopsticks-classic", "--splits", "odd"], "", 2),
        (&["prove", "chopsticks-classic", "--rollover", "--cutoff"], "", 2),
        (
            &["prove", "chopsticks-classic", "--splits", "even", "--suicide"],
            "",
            2,
        ),
        (&["solve", "chopsticks-classic"], "2\n1 1 1 1\n0 0 1 1\n", 0),
        (&["solve", "chopsticks-classic"], "1\n5 1 1 1\n", 2),
        (&["solve", "chopsticks"], "1\n1 0 1 1\n", 0),
        (&["solve", "chopsticks"], "1\n1 0 x 1\n", 2),
        (&["solve", "no-such-problem"], "", 2),
        (
            &["stress", "chopsticks", "--solution", &solve, "--cases", "2"],
            "",
            0,
        ),
        (
            &[
                "stress",
                "chopsticks",
                "--solution",
                "cat",
                "--cases",
                "2",
                "--out-dir",
                &out,
            ],
            "",
            1,
        ),
        (
            &["stress", "chopsticks", "--solution", "/no/such/solution"],
            "",
            2,
        ),
        (&["validate", "chopsticks"], "1\n1 0 1 1\n", 0),
        (&["validate", "chopsticks"], "1\n1 0 1 1 \n", 1),
        (&["validate", "chopsticks"], "1\n1 0 x 1\n", 1),
        (&["validate", "no-such-problem"], "", 2),
        // No built-in game is interactive: `interact` and `validate --interactive`
        // refuse them as a usage error (examples/nim-interactive/tests/interact.rs
        // holds an interactive game's 0/1/2/3 and 42/43).
        (&["validate", "chopsticks", "--interactive"], "1\n1 0 1 1\n", 2),
        (&["interact", "chopsticks", &input, &first], "", 2),
        (&["interact", "chopsticks", "--kattis", &input, &first], "", 2),
        (&["judge", "chopsticks", &input, &first, &first], "", 0),
        (&["judge", "chopsticks", &input, &second, &first], "", 1),
        (&["judge", "chopsticks", &input, &both, &first], "", 2),
        (&["judge", "chopsticks", &input, &first, &second], "", 3),
        (
            &["judge", "chopsticks", "--kattis", &input, &first, &dir_text],
            "First\n",
            42,
        ),
        (
            &["judge", "chopsticks", "--kattis", &input, &first, &dir_text],
            "Second\n",
            43,
        ),
        (&["judge", "chopsticks", &input, &first], "", 2),
        (&["judge", "chopsticks", "/no/such/input", &first, &first], "", 2),
        (
            &["tests", "chopsticks", "--out", &tests, "--max-tests", "3"],
            "",
            0,
        ),
        (
            &["tests", "chopsticks", "--out", &tests, "--wrong", &solve],
            "",
            1,
        ),
        (&["tests", "chopsticks", "--out", "/proc/no-such-dir"], "", 2),
        (
            &[
                "tests",
                "chopsticks",
                "--out",
                &tests,
                "--layout",
                "no-such-layout",
            ],
            "",
            2,
        ),
        // `play` is for games with an interactive format (the example crates test it).
        (&["play", "chopsticks"], "", 2),
        (&["play", "no-such-problem"], "", 2),
        (&["bench-report", "--criterion-dir", fixtures], "", 0),
        (&["bench-report", "--criterion-dir", "/no/such/dir"], "", 2),
        (&["completions", "zsh"], "", 0),
        (&["completions", "no-such-shell"], "", 2),
        (&["man", "--out-dir", &man], "", 0),
        (&["man", "--out-dir", "/proc/no-such-dir"], "", 2),
    ];
    for (args, stdin, code) in cases {
        let out = gamecheck(args, stdin);
        assert_eq!(
            out.status.code(),
            Some(*code),
            "gamecheck {args:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// What a registered problem adds to the command line: its `prove` and `plot` flags, if
/// it has those subcommands, and whether its claims can be typed.
struct Added;

impl Visit for Added {
    type Output = (Option<Vec<Flag>>, Option<Vec<Flag>>, bool);
    fn visit<P: Registered>(self, p: &P) -> Self::Output {
        let prove = p.prove_command().map(|c| c.flags());
        let plot = p.plot_command().map(|c| c.flags());
        (prove, plot, p.claim_vocabulary().is_some())
    }
}

/// `--FLAG 2` for each number flag but k: the smallest domain or picture worth running.
fn small(flags: &[Flag]) -> Vec<String> {
    flags
        .iter()
        .filter(|f| matches!(f.kind, FlagKind::Number { .. }) && f.long != "k")
        .flat_map(|f| [format!("--{}", f.long), "2".to_owned()])
        .collect()
}

/// The subcommands every registered problem brings, each way they can end: a new game
/// is held to the conventions without an edit here.
#[test]
fn every_problem_keeps_the_exit_codes() {
    let dir = std::env::temp_dir().join(format!("gamecheck-problem-codes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let svg = dir.join("p.svg").to_str().expect("utf-8 temp dir").to_owned();
    for name in problem_names() {
        let Ok((prove, plot, typed)) = visit(name, &gamecheck::problem::Flags::default(), Added) else {
            panic!("{name} is registered");
        };
        let mut cases: Vec<(Vec<String>, i32)> = vec![
            (vec!["claim".into(), name.into(), "x ==".into()], 2),
            (vec!["prove".into(), name.into(), "--no-such-flag".into()], 2),
            (vec!["plot".into(), name.into(), "--no-such-flag".into()], 2),
        ];
        if !typed {
            cases.push((vec!["claim".into(), name.into(), "1 == 1".into()], 2));
        }
        if let Some(flags) = prove {
            let mut args = vec!["prove".to_owned(), name.to_owned()];
            args.extend(small(&flags));
            // octal's proof searches until the Guy–Smith theorem proves the period of its
            // default code, Kayles (--max-heap is optional text, left out here): exit 0.
            cases.push((args, 0));
        }
        if let Some(flags) = plot {
            for (out, code) in [(svg.as_str(), 0), ("/no/such/dir/p.svg", 2)] {
                let mut args = vec!["plot".to_owned(), name.to_owned()];
                args.extend(small(&flags));
                args.extend(["--out".to_owned(), out.to_owned()]);
                cases.push((args, code));
            }
        }
        for (args, code) in cases {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = gamecheck(&args, "");
            assert_eq!(
                out.status.code(),
                Some(code),
                "gamecheck {args:?}: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The names of the subcommands, from `gamecheck --help`.
fn subcommands() -> Vec<String> {
    let help = String::from_utf8(gamecheck(&["--help"], "").stdout).expect("utf-8 help");
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn completions_name_every_subcommand_in_every_shell() {
    let names = subcommands();
    assert!(names.len() >= 11, "{names:?}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = gamecheck(&["completions", shell], "");
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).expect("utf-8 script");
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell} completion lacks {name}");
        }
        // Flags of subcommands are completed too, not only their names.
        assert!(script.contains("max-shrink-runs"), "{shell}");
    }
    // bash accepts the script: it defines the completion function and registers it.
    let bash = gamecheck(&["completions", "bash"], "").stdout;
    let status = Command::new("bash")
        .args(["-c", "source /dev/stdin && complete -p gamecheck"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().expect("a piped stdin").write_all(&bash)?;
            child.wait()
        });
    match status {
        Ok(status) => assert!(status.success(), "bash rejects the completion script"),
        Err(e) => eprintln!("skipped the bash check: {e}"),
    }
}

#[test]
fn man_pages_cover_every_subcommand() {
    let page = String::from_utf8(gamecheck(&["man"], "").stdout).expect("utf-8 page");
    assert!(page.contains(".TH gamecheck 1"), "{page}");
    assert!(page.contains("Exit status: 0"), "{page}");
    let dir = std::env::temp_dir().join(format!("gamecheck-man-{}", std::process::id()));
    let out = gamecheck(&["man", "--out-dir", dir.to_str().expect("utf-8 temp dir")], "");
    assert!(out.status.success());
    for name in subcommands() {
        let path = dir.join(format!("gamecheck-{name}.1"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(text.contains(&format!(".TH gamecheck-{name} 1")), "{text}");
    }
    let stress = std::fs::read_to_string(dir.join("gamecheck-stress.1")).expect("the stress page");
    assert!(stress.contains("max\\-shrink\\-runs"), "{stress}");
    let written = std::fs::read_dir(&dir).expect("the man dir").count();
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(said.contains(&format!("wrote {written} man pages")), "{said}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 31, item 11: flags a problem declares in conflict (chopsticks-classic's
/// `--rollover` and `--cutoff`) are refused by every subcommand, as `prove` refused them,
/// not settled silently by one of them winning.
#[test]
fn conflicting_problem_flags_are_refused_everywhere() {
    let pair = ["--rollover", "--cutoff"];
    let runs: [(Vec<&str>, &str); 5] = [
        (vec!["solve", "chopsticks-classic"], "1\n1 1 1 1\n"),
        (vec!["repro", "chopsticks-classic", "1", "1", "1", "1"], ""),
        (vec!["claim", "chopsticks-classic", "a == 1"], ""),
        (
            vec![
                "stress",
                "chopsticks-classic",
                "--solution",
                "cat",
                "--cases",
                "1",
            ],
            "",
        ),
        (vec!["prove", "chopsticks-classic"], ""),
    ];
    for (mut args, stdin) in runs {
        args.extend(pair);
        let out = gamecheck(&args, stdin);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot be used with"), "{args:?}: {err}");
    }
    // The library refuses the pair too.
    let mut flags = gamecheck::problem::Flags::default();
    flags.insert("rollover", gamecheck::problem::FlagValue::Switch(true));
    flags.insert("cutoff", gamecheck::problem::FlagValue::Switch(true));
    assert!(visit("chopsticks-classic", &flags, Added).is_err());
}
