//! Every JSON report matches docs/json.md: each subcommand's `--json` output, on small
//! inputs, starts with `"format_version": 1`, and each object in it has exactly the fields
//! the document's table lists (less those marked `absent`), of the listed types. The
//! document is read, not copied, so it cannot drift from the output.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_gamecheck");

/// A type of docs/json.md's tables.
#[derive(Clone, Debug, PartialEq)]
enum Type {
    Integer,
    Number,
    String,
    Boolean,
    Null,
    Absent,
    Array(Option<Box<Type>>),
    MapOfInteger,
    Object(String),
}

fn parse_atom(text: &str) -> Result<Type, String> {
    let text = text.trim();
    if let Some(element) = text.strip_prefix("array of ") {
        return Ok(Type::Array(Some(Box::new(parse_atom(element)?))));
    }
    if let Some(name) = text.strip_prefix('`').and_then(|t| t.strip_suffix('`')) {
        return Ok(Type::Object(name.to_owned()));
    }
    Ok(match text {
        "integer" => Type::Integer,
        "number" => Type::Number,
        "string" => Type::String,
        "boolean" => Type::Boolean,
        "null" => Type::Null,
        "absent" => Type::Absent,
        "array" => Type::Array(None),
        "map of integer" => Type::MapOfInteger,
        other => return Err(format!("unknown type `{other}`")),
    })
}

/// docs/json.md's tables: each `### \`name\`` heading, then its rows of field and types.
fn schemas() -> BTreeMap<String, Vec<(String, Vec<Type>)>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/json.md");
    let text = std::fs::read_to_string(&path).expect("docs/json.md is readable");
    let mut schemas = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("### ") {
            current = heading
                .strip_prefix('`')
                .and_then(|h| h.strip_suffix('`'))
                .map(str::to_owned);
            if let Some(name) = &current {
                assert!(schemas.insert(name.clone(), Vec::new()).is_none(), "{name} twice");
            }
            continue;
        }
        let Some(name) = &current else { continue };
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| `field` | type | meaning |`: the header and the separator have no backticks.
        let [_, field, types, _meaning, _] = cells[..] else {
            continue;
        };
        let Some(field) = field.strip_prefix('`').and_then(|f| f.strip_suffix('`')) else {
            continue;
        };
        let types = types
            .split(" or ")
            .map(parse_atom)
            .collect::<Result<Vec<_>, _>>()
            .unwrap_or_else(|e| panic!("docs/json.md, {name}.{field}: {e}"));
        if let Some(fields) = schemas.get_mut(name) {
            fields.push((field.to_owned(), types));
        }
    }
    schemas
}

struct Checker {
    schemas: BTreeMap<String, Vec<(String, Vec<Type>)>>,
    /// The schemas some object was checked against.
    seen: Mutex<BTreeSet<String>>,
}

impl Checker {
    fn matches(&self, value: &Value, ty: &Type, at: &str) -> Result<bool, String> {
        Ok(match (ty, value) {
            (Type::Integer, Value::Number(n)) => n.is_u64() || n.is_i64(),
            (Type::Number, Value::Number(_)) => true,
            (Type::String, Value::String(_))
            | (Type::Boolean, Value::Bool(_))
            | (Type::Null, Value::Null)
            | (Type::Array(None), Value::Array(_)) => true,
            (Type::Array(Some(element)), Value::Array(items)) => {
                for (i, item) in items.iter().enumerate() {
                    if !self.matches(item, element, &format!("{at}[{i}]"))? {
                        return Err(format!("{at}[{i}] is not {element:?}: {item}"));
                    }
                }
                true
            }
            (Type::MapOfInteger, Value::Object(map)) => map.values().all(|v| v.is_u64()),
            // An object of a named table: a mismatch inside it is an error, not another
            // alternative (no two tables share a field set).
            (Type::Object(name), Value::Object(_)) if self.fits(value, name) => {
                self.object(value, name, at)?;
                true
            }
            _ => false,
        })
    }

    /// Whether `value`'s fields are all among `name`'s, to pick between alternatives.
    fn fits(&self, value: &Value, name: &str) -> bool {
        let fields = &self.schemas[name];
        value
            .as_object()
            .is_some_and(|map| map.keys().all(|k| fields.iter().any(|(f, _)| f == k)))
    }

    fn object(&self, value: &Value, name: &str, at: &str) -> Result<(), String> {
        let fields = self
            .schemas
            .get(name)
            .ok_or_else(|| format!("{at}: docs/json.md has no table `{name}`"))?;
        let map = value
            .as_object()
            .ok_or_else(|| format!("{at} is not an object: {value}"))?;
        self.seen.lock().expect("not poisoned").insert(name.to_owned());
        for key in map.keys() {
            if !fields.iter().any(|(f, _)| f == key) {
                return Err(format!("{at}: field `{key}` is not in docs/json.md's `{name}`"));
            }
        }
        for (field, types) in fields {
            let at = format!("{at}.{field}");
            match map.get(field) {
                None if types.contains(&Type::Absent) => {}
                None => return Err(format!("{at} is missing ({name})")),
                Some(v) => {
                    let mut ok = false;
                    for ty in types {
                        if self.matches(v, ty, &at)? {
                            ok = true;
                            break;
                        }
                    }
                    if !ok {
                        return Err(format!("{at} = {v} is none of {types:?}"));
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks a whole report: `format_version` 1 first, the rest against `name`.
    fn report(&self, text: &str, name: &str) {
        let value: Value = serde_json::from_str(text)
            .unwrap_or_else(|e| panic!("{name}: stdout is not one JSON object ({e}): {text}"));
        let mut map = value.as_object().cloned().unwrap_or_default();
        assert_eq!(
            map.keys().next().map(String::as_str),
            Some("format_version"),
            "{name}: {text}"
        );
        assert_eq!(map.shift_remove("format_version"), Some(Value::from(1)), "{name}");
        if let Err(e) = self.object(&Value::Object(map), name, name) {
            panic!("{e}\n{text}");
        }
    }
}

/// Runs `gamecheck args`; returns stdout after checking the exit code.
fn run(args: &[&str], code: i32) -> String {
    let out = Command::new(BIN).args(args).output().expect("gamecheck runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn every_json_report_matches_docs_json() {
    let checker = Checker {
        schemas: schemas(),
        seen: Mutex::new(BTreeSet::new()),
    };
    assert!(checker.schemas.len() >= 15, "{:?}", checker.schemas.keys());
    let dir = std::env::temp_dir().join(format!("gamecheck-json-schema-{}", std::process::id()));
    let out_dir = dir.join("out");
    let shard_dir = dir.join("shards");
    std::fs::create_dir_all(&shard_dir).expect("a temp dir");
    let out = out_dir.to_str().expect("utf-8 temp dir");
    let solve = format!("{BIN} solve chopsticks");
    let replay = out_dir.join("input.txt");
    let claims = [
        "claims",
        "--json",
        "--cases",
        "50",
        "--id",
        "seed-three-bullets",
        "--id",
        "corrected-rule",
        "--id",
        "xor-nim",
    ];
    std::thread::scope(|s| {
        let checker = &checker;
        s.spawn(|| checker.report(&run(&["check", "--cases", "1", "--json"], 0), "check"));
        s.spawn(|| checker.report(&run(&claims, 0), "claims"));
        s.spawn(|| {
            let tests_dir = dir.join("tests");
            let tests = [
                "tests",
                "chopsticks",
                "--out",
                tests_dir.to_str().expect("utf-8 temp dir"),
                "--max-tests",
                "2",
                "--wrong",
                "cat",
                "--json",
            ];
            checker.report(&run(&tests, 0), "tests");
        });
        s.spawn(|| {
            let shards: Vec<String> = (1..=3)
                .map(|i| {
                    let shard = format!("{i}/3");
                    let prove = [
                        "prove",
                        "chopsticks",
                        "--max-count",
                        "4",
                        "--shard",
                        &shard,
                        "--json",
                    ];
                    let text = run(&prove, 0);
                    checker.report(&text, "prove");
                    let file = shard_dir.join(format!("shard-{i}.json"));
                    std::fs::write(&file, text).expect("a shard file");
                    file.to_str().expect("utf-8 temp dir").to_owned()
                })
                .collect();
            let mut merge = vec!["prove", "merge", "--json"];
            merge.extend(shards.iter().map(String::as_str));
            checker.report(&run(&merge, 0), "prove-merge");
            let moore = ["prove", "moore", "--max-piles", "3", "--max-size", "2", "--json"];
            checker.report(&run(&moore, 0), "prove");
            // Every other problem's proof writes the same report.
            for name in gamecheck::games::problem_names() {
                // octal's proof is the Guy–Smith period search, chopsticks-classic's a
                // solved table: their own reports, below.
                if ["chopsticks", "moore", "octal", "chopsticks-classic"].contains(&name) {
                    continue;
                }
                let Ok(Some(flags)) = gamecheck::games::visit(name, &Default::default(), ProveFlags) else {
                    continue;
                };
                let mut args = vec!["prove".to_owned(), name.to_owned(), "--json".to_owned()];
                for f in flags.iter().filter(|f| {
                    matches!(f.kind, gamecheck::problem::FlagKind::Number { .. }) && f.long != "k"
                }) {
                    args.extend([format!("--{}", f.long), "2".to_owned()]);
                }
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                checker.report(&run(&args, 0), "prove");
            }
            for rules in [&["--splits", "none", "--cutoff"][..], &["--suicide"]] {
                let mut args = vec!["prove", "chopsticks-classic", "--json"];
                args.extend(rules);
                checker.report(&run(&args, 0), "prove-chopsticks-classic");
            }
            let kayles = ["prove", "octal", "--code", "0.77", "--json"];
            checker.report(&run(&kayles, 0), "prove-octal");
            let last = [
                "prove",
                "octal",
                "--code",
                "0.77",
                "--preperiod",
                "70",
                "--period",
                "12",
                "--json",
            ];
            checker.report(&run(&last, 1), "prove-octal");
            let far = [
                "prove",
                "octal",
                "--code",
                "0.77",
                "--preperiod",
                "71",
                "--period",
                "12",
                "--max-heap",
                "100",
                "--json",
            ];
            checker.report(&run(&far, 1), "prove-octal");
            let all = ["prove", "chopsticks", "--all", "--json"];
            checker.report(&run(&all, 0), "prove-all");
        });
        s.spawn(|| {
            // Typed claims: refuted at a Chopsticks state and a Moore position; Bouton's
            // theorem, which holds for Nim (k = 1).
            let refuted = run(&["claim", "chopsticks", "n > m", "--cases", "10", "--json"], 1);
            checker.report(&refuted, "claim");
            let moore = run(&["claim", "moore", "xor == 0", "--cases", "10", "--json"], 1);
            checker.report(&moore, "claim");
            let nim = [
                "claim", "moore", "xor == 0", "--k", "1", "--cases", "10", "--json",
            ];
            checker.report(&run(&nim, 0), "claim");
            let stress_ok = [
                "stress",
                "chopsticks",
                "--solution",
                &solve,
                "--cases",
                "3",
                "--json",
            ];
            checker.report(&run(&stress_ok, 0), "stress");
            let failing = [
                "stress",
                "chopsticks",
                "--solution",
                "cat",
                "--out-dir",
                out,
                "--json",
            ];
            checker.report(&run(&failing, 1), "stress");
            let replay = [
                "stress",
                "chopsticks",
                "--solution",
                "cat",
                "--replay",
                replay.to_str().expect("utf-8 temp dir"),
                "--json",
            ];
            checker.report(&run(&replay, 1), "stress");
        });
    });
    std::fs::remove_dir_all(&dir).ok();

    // What the binary cannot be made to write on a right build: a check failure with a
    // search cut short, and a refuted rule. Both go through the same envelope.
    use gamecheck::check::{Agreement, Answer, CampaignReport, Failure, Row};
    use gamecheck::chopsticks::{proof::prove_everywhere, spec::RuleSpec};
    use gamecheck::moore::{CountCase, Moore, MooreCount};
    use gamecheck::problem::{Least, Problem};
    let count = MooreCount::new(6, 1_000_000_007);
    let failure = Failure {
        counterexample: count.to_json(&CountCase {
            k: 6,
            len: 3,
            values: vec![1, 2],
            modulus: 1_000_000_007,
        }),
        least: Least::LocalMinimum {
            checked_below: 5,
            measure: "values",
        },
        shrunk: gamecheck::game::GameProblem::new(
            Moore::new(6).unwrap(),
            gamecheck::game::Question::default(),
        )
        .expect("a game")
        .to_json(&vec![1, 1]),
        answers: vec![Answer {
            implementation: "fast".into(),
            answer: "3".into(),
        }],
        message: "the counts differ".into(),
        repro: count.repro_command(&CountCase {
            k: 6,
            len: 3,
            values: vec![1, 2],
            modulus: 1_000_000_007,
        }),
    };
    let report = CampaignReport {
        seed: 1,
        rows: vec![Row {
            game: "moore-count",
            property: "count_matches_dp",
            cases: 1,
            elapsed: Duration::from_millis(3),
            verdict: Agreement::Disagree,
            failure: Some(failure),
            unjudged: {
                let mut u = gamecheck::check::Unjudged::default();
                u.add(
                    gamecheck::problem::Budget::Positions { limit: 4_000_000 },
                    "out of reach",
                );
                u.add(gamecheck::problem::Budget::Cycle, "a cycle");
                u
            },
            stale: vec![gamecheck::check::StaleEntry {
                case: serde_json::json!([1, 25]),
                now: "agree".into(),
            }],
        }],
    };
    checker.report(&json(&report), "check");
    let game = gamecheck::chopsticks::Chopsticks::with_table_limit(2);
    let table = gamecheck::game::Game::oracles(&game).remove(1);
    let problem = gamecheck::game::GameProblem::new(game, gamecheck::game::Question::default())
        .expect("the outcome question");
    let mut summary = gamecheck::prove::prove(
        &gamecheck::game::OracleProof::new(problem, table),
        &gamecheck::game::GameDomain { max_count: 2 },
        gamecheck::prove::Shard::WHOLE,
        &|_| {},
    )
    .expect("the proof runs");
    summary.counterexamples.push(gamecheck::prove::Counterexample {
        index: 3,
        case: serde_json::json!([0, 0, 1, 1]),
        fast: "First".into(),
        oracle: "Second".into(),
        repro: "gamecheck repro chopsticks 0 0 1 1".into(),
    });
    checker.report(&json(&summary), "prove");
    let mut broken = RuleSpec::fast_rule();
    broken.branches[0].wins = true;
    let refuted = prove_everywhere(&broken, &|s| broken.wins(s)).expect("the proof runs");
    assert!(!refuted.proved());
    checker.report(&json(&refuted), "prove-all");

    // The stress report of an interactive game: a failure with its transcript.
    #[cfg(target_os = "linux")]
    {
        use gamecheck::game::{Field, Format, Game};
        use gamecheck::interactive::{Interactive, Notation};
        struct Take12;
        impl Game for Take12 {
            type Position = u64;
            const NAME: &'static str = "take12";
            fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
                out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
            }
            fn interactive(&self) -> Option<Interactive<Take12>> {
                let start = Format::cases(1..=3).line([Field::number("n", 0..=9)]);
                Some(
                    Interactive::new(start)
                        .notation(Notation::Position)
                        .ends("0", "-1"),
                )
            }
        }
        // `cat` echoes T where a side is asked: a presentation error, with its transcript.
        let failed = gamecheck::game::stress(Take12, "cat")
            .cases(2)
            .shrink_runs(5)
            .run()
            .expect_err("cat fails");
        let failure = failed.failure().expect("a failure");
        checker.report(&failure.report.to_json(), "stress");
        for f in &failure.report.failure.as_ref().expect("files").files {
            if let Some(dir) = f.parent() {
                std::fs::remove_dir_all(dir).ok();
                break;
            }
        }
    }

    // An error under --json: the object on stdout, of a run and of the argument parser.
    checker.report(&run(&["claim", "chopsticks", "1 +", "--json"], 2), "error");
    checker.report(&run(&["check", "--cases", "0", "--json"], 2), "error");

    let seen = checker.seen.into_inner().expect("not poisoned");
    let unchecked: Vec<&String> = checker.schemas.keys().filter(|k| !seen.contains(*k)).collect();
    assert!(unchecked.is_empty(), "no output exercised {unchecked:?}");
}

/// `report` in the library's JSON envelope, as the binary writes it.
fn json<T: serde::Serialize>(report: &T) -> String {
    let value = gamecheck::json::versioned(report).expect("a report is an object");
    serde_json::to_string(&value).expect("a value serializes")
}

#[test]
fn versioned_puts_the_version_first_once() {
    let twice = gamecheck::json::versioned(
        &gamecheck::json::versioned(&serde_json::json!({ "b": 1, "a": 2 })).expect("an object"),
    )
    .expect("an object");
    let keys: Vec<&String> = twice.as_object().expect("an object").keys().collect();
    assert_eq!(keys, ["format_version", "b", "a"]);
    assert!(gamecheck::json::versioned(&3).is_err());
}

/// The flags of a problem's `prove`, if it has one.
struct ProveFlags;

impl gamecheck::games::Visit for ProveFlags {
    type Output = Option<Vec<gamecheck::problem::Flag>>;
    fn visit<P: gamecheck::games::Registered>(self, p: &P) -> Self::Output {
        p.prove_command().map(|c| c.flags())
    }
}
