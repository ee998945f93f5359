//! Clobber's own command line (`clobber-game`, by `gamecheck::main!`), run as a user runs
//! it: `solve` against a search of the moves written here and hand-derived values,
//! `check`, and `stress` of the C solutions in `solutions/`.
#![cfg(feature = "cli")]

use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};

use gamecheck::partizan::Value;

/// Returns the exit code, stdout and stderr of `clobber-game args` fed `stdin`.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_clobber-game"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("clobber-game starts");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(stdin.as_bytes())
        .expect("the input is written");
    let out = child.wait_with_output().expect("clobber-game ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Returns whether the player to move (`me`) wins on `cells` of a board `c` wide, by a
/// memoized search of the moves written here (no canonical form).
fn wins(cells: &mut Vec<u8>, c: usize, me: u8, memo: &mut HashMap<(Vec<u8>, u8), bool>) -> bool {
    if let Some(&w) = memo.get(&(cells.clone(), me)) {
        return w;
    }
    let them = if me == b'x' { b'o' } else { b'x' };
    let n = cells.len();
    let mut won = false;
    'search: for i in 0..n {
        if cells[i] != me {
            continue;
        }
        let beside = [
            i.checked_sub(c),
            Some(i + c).filter(|&j| j < n),
            Some(i).filter(|i| i % c > 0).map(|i| i - 1),
            Some(i + 1).filter(|j| j % c > 0 && *j < n),
        ];
        for j in beside.into_iter().flatten() {
            if cells[j] != them {
                continue;
            }
            (cells[i], cells[j]) = (b'.', me);
            let lost = !wins(cells, c, them, memo);
            (cells[i], cells[j]) = (me, them);
            if lost {
                won = true;
                break 'search;
            }
        }
    }
    memo.insert((cells.clone(), me), won);
    won
}

/// Returns the outcome class of a board by the search above.
fn outcome(rows: &[&str]) -> &'static str {
    let c = rows[0].len();
    let mut cells: Vec<u8> = rows.concat().into_bytes();
    let mut memo = HashMap::new();
    let left = wins(&mut cells, c, b'x', &mut memo);
    let right = wins(&mut cells, c, b'o', &mut memo);
    match (left, right) {
        (true, true) => "N",
        (true, false) => "L",
        (false, true) => "R",
        (false, false) => "P",
    }
}

/// Returns every board of `r × c` cells of `.`, `x` and `o`, as rows.
fn boards(r: usize, c: usize) -> Vec<Vec<String>> {
    let n = r * c;
    (0..3usize.pow(n as u32))
        .map(|k| {
            let cells: Vec<u8> = (0..n).map(|i| b".xo"[k / 3usize.pow(i as u32) % 3]).collect();
            cells
                .chunks(c)
                .map(|row| String::from_utf8_lossy(row).into_owned())
                .collect()
        })
        .collect()
}

/// Returns the contest input of `boards`.
fn input(boards: &[Vec<String>]) -> String {
    let mut text = format!("{}\n", boards.len());
    for b in boards {
        text.push_str(&format!("{} {}\n{}\n", b.len(), b[0].len(), b.join("\n")));
    }
    text
}

#[test]
fn solve_value_agrees_with_a_search_of_the_moves_on_every_small_board() {
    // Every board of 1 × 1 to 1 × 7, 2 × 2, 2 × 3 and 3 × 2 cells: the outcome class
    // `solve --outcome` prints and the one of the value `solve --value` prints, each
    // against the search of the moves above.
    let shapes = [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (1, 7),
        (2, 2),
        (2, 3),
        (3, 2),
    ];
    let all: Vec<Vec<String>> = shapes.iter().flat_map(|&(r, c)| boards(r, c)).collect();
    // The format takes at most 1000 boards an input.
    let (mut values, mut outcomes) = (String::new(), String::new());
    for chunk in all.chunks(1000) {
        let text = input(chunk);
        let (code, out, err) = run(&["solve", "clobber", "--value"], &text);
        assert_eq!(code, 0, "{err}");
        values.push_str(&out);
        let (code, out, err) = run(&["solve", "clobber", "--outcome"], &text);
        assert_eq!(code, 0, "{err}");
        outcomes.push_str(&out);
    }
    let (values, outcomes): (Vec<&str>, Vec<&str>) = (values.lines().collect(), outcomes.lines().collect());
    assert_eq!((values.len(), outcomes.len()), (all.len(), all.len()));
    for ((b, v), o) in all.iter().zip(values).zip(outcomes) {
        let rows: Vec<&str> = b.iter().map(String::as_str).collect();
        let truth = outcome(&rows);
        let v: Value = v.parse().unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(
            (v.outcome().to_string().as_str(), o),
            (truth, truth),
            "{rows:?} = {v}"
        );
    }
}

#[test]
fn solve_value_prints_hand_derived_values() {
    // `xo`: each player's only move leaves one stone, so {0|0} = *. `xxo`: Left's move
    // leaves `x.x` (0), Right's leaves `xo.` (*), so {0|*} = ^. `xxxo`: Left's leaves
    // `xx.x` (0), Right's `xxo.` (^): {0|^} = ^^* (Winning Ways, ch. 3: {0|^} = ⇑*).
    // `oxoxox` is 0: the published exception among alternating rows (arXiv:2509.08985).
    let text = "5\n1 2\nxo\n1 3\nxxo\n1 4\nxxxo\n1 6\noxoxox\n2 2\nxo\nox\n";
    let (code, out, err) = run(&["solve", "clobber", "--value"], text);
    assert_eq!(code, 0, "{err}");
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(&got[..4], ["*", "^", "^^*", "0"]);
    // The 2 × 2 checkerboard: every Left move leaves a bent row `xxo` (^), every Right
    // move `oox` (v), so it is {^|v}; Right's answer * to ^ is at most {^|v} (Right moving
    // first in {^|v} + * loses), so ^ reverses through * to 0, as v does: {0|0} = *.
    assert_eq!(got[4], "*");
}

#[test]
fn solve_mean_and_temperature_of_an_infinitesimal_are_0() {
    // Every Clobber value is infinitesimal: its mean is 0, and so is the temperature of
    // an infinitesimal that is not 0 (a tepid game), as * = {0|0} and ^ = {0|*}.
    let text = "2\n1 2\nxo\n1 3\nxxo\n";
    let (code, out, err) = run(&["solve", "clobber", "--mean"], text);
    assert_eq!((code, out.as_str()), (0, "0\n0\n"), "{err}");
    let (code, out, err) = run(&["solve", "clobber", "--temperature"], text);
    assert_eq!((code, out.as_str()), (0, "0\n0\n"), "{err}");
}

#[test]
fn bad_input_names_its_line_and_token() {
    let (code, out, err) = run(&["solve", "clobber", "--value"], "1\n1 2\nxq\n");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("line 3") && err.contains("xq"), "{err}");
}

#[test]
fn check_runs_every_property_and_passes() {
    let (code, out, err) = run(&["check", "clobber", "--cases", "100"], "");
    assert_eq!(code, 0, "{out}{err}");
    for property in [
        "value_matches_definition",
        "outcome_matches_search",
        "sum_matches_joint_search",
    ] {
        assert!(out.contains(property), "{property} missing: {out}");
    }
}

/// Returns a stress run's exit code and JSON report for `solutions/<name>` asked for the
/// outcome class.
fn stress(name: &str) -> (i32, serde_json::Value, String) {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("clobber-stress-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("solutions")
        .join(name);
    let args = [
        "stress",
        "clobber",
        "--outcome",
        "--cases",
        "40",
        "--solution",
        source.to_str().expect("utf-8 path"),
        "--out-dir",
        dir.to_str().expect("utf-8 path"),
        "--json",
    ];
    let (code, out, err) = run(&args, "");
    let report = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    (code, report, err)
}

/// Returns what `solutions/more_stones.c` says of a board: whoever has more stones next to
/// a stone of the other colour wins; with as many, N, or P with none.
fn more_movable_stones_win(rows: &[&str]) -> &'static str {
    let grid: Vec<&[u8]> = rows.iter().map(|r| r.as_bytes()).collect();
    let (mut x, mut o) = (0, 0);
    for (i, row) in grid.iter().enumerate() {
        for (j, &me) in row.iter().enumerate() {
            let them = if me == b'x' { b'o' } else { b'x' };
            let near = [
                (i.wrapping_sub(1), j),
                (i + 1, j),
                (i, j.wrapping_sub(1)),
                (i, j + 1),
            ];
            let movable = near
                .iter()
                .any(|&(y, z)| grid.get(y).and_then(|r| r.get(z)) == Some(&them));
            if me != b'.' && movable {
                *(if me == b'x' { &mut x } else { &mut o }) += 1;
            }
        }
    }
    match (x, o) {
        _ if x > o => "L",
        _ if o > x => "R",
        (0, _) => "P",
        _ => "N",
    }
}

#[test]
fn stress_refutes_more_movable_stones_win_at_the_least_board() {
    // The least board the rule is wrong on, in the order of least counterexamples (cells,
    // then the counts `r, c` and each cell's index in `.xo`), by the search above.
    let key = |b: &Vec<String>| {
        let cells: Vec<Option<usize>> = b
            .concat()
            .bytes()
            .map(|ch| b".xo".iter().position(|&a| a == ch))
            .collect();
        (b.len() * b[0].len(), b.len(), b[0].len(), cells)
    };
    let least = (1..=6)
        .flat_map(|n| (1..=n).filter(move |r| n % r == 0).map(move |r| (r, n / r)))
        .flat_map(|(r, c)| boards(r, c))
        .filter(|b| {
            let rows: Vec<&str> = b.iter().map(String::as_str).collect();
            more_movable_stones_win(&rows) != outcome(&rows)
        })
        .min_by_key(key)
        .expect("a board the rule is wrong on");
    let rows: Vec<&str> = least.iter().map(String::as_str).collect();
    let (code, report, err) = stress("more_stones.c");
    assert_eq!(code, 1, "{report}{err}");
    assert_eq!(
        report["input"].as_str(),
        Some(input(std::slice::from_ref(&least)).as_str()),
        "{report}"
    );
    // Every smaller input was run: the shrink says so.
    assert_eq!(report["shrink"]["standing"], "least", "{report}");
    assert_eq!(
        (report["expected"].as_str(), report["actual"].as_str()),
        (
            Some(format!("{}\n", outcome(&rows)).as_str()),
            Some(format!("{}\n", more_movable_stones_win(&rows)).as_str())
        )
    );
}

#[test]
fn stress_passes_a_search_of_the_moves() {
    let (code, report, err) = stress("minimax.c");
    assert_eq!(code, 0, "{report}{err}");
}
