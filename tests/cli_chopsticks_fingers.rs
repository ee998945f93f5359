//! `chopsticks --fingers F` as a user runs it: F = 3, 4 answered by `solve` as a
//! search written here from the rules says, the reach refused at once, the values of F
//! outside 2..=5 refused naming the flag, and F = 2 unchanged.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]

use std::collections::HashMap;

use crate::common::gamecheck;

/// A side: how many hands it holds of 1, 2, …, F fingers.
type Side = Vec<u32>;

/// Returns the positions reachable in one move from (me, you), `me` to move, from the
/// rules of simple chopsticks (arXiv 2406.09083): point a hand of i fingers at one of
/// the opponent's j, which becomes i + j fingers, or is removed past F. A player facing
/// no hands hands the turn over; a player with none cannot move.
fn options(f: usize, me: &Side, you: &Side) -> Vec<(Side, Side)> {
    let hands = |s: &Side| s.iter().sum::<u32>();
    if hands(me) == 0 {
        return Vec::new();
    }
    if hands(you) == 0 {
        return vec![(you.clone(), me.clone())];
    }
    let mut out = Vec::new();
    for i in 1..=f {
        for j in 1..=f {
            if me[i - 1] > 0 && you[j - 1] > 0 {
                let mut hit = you.clone();
                hit[j - 1] -= 1;
                if i + j <= f {
                    hit[i + j - 1] += 1;
                }
                out.push((hit, me.clone()));
            }
        }
    }
    out
}

/// The Grundy value of (me, you): the mex of its options'.
fn grundy(f: usize, me: &Side, you: &Side, memo: &mut HashMap<(Side, Side), u32>) -> u32 {
    if let Some(&g) = memo.get(&(me.clone(), you.clone())) {
        return g;
    }
    let seen: Vec<u32> = options(f, me, you)
        .iter()
        .map(|(a, b)| grundy(f, a, b, memo))
        .collect();
    let g = (0..).find(|g| !seen.contains(g)).unwrap_or(0);
    memo.insert((me.clone(), you.clone()), g);
    g
}

/// Whether the player to move wins (me, you) when the player who cannot move wins.
fn misere_wins(f: usize, me: &Side, you: &Side, memo: &mut HashMap<(Side, Side), bool>) -> bool {
    if let Some(&w) = memo.get(&(me.clone(), you.clone())) {
        return w;
    }
    let next = options(f, me, you);
    let w = next.is_empty() || next.iter().any(|(a, b)| !misere_wins(f, a, b, memo));
    memo.insert((me.clone(), you.clone()), w);
    w
}

/// Every position of `f` fingers whose counts are at most `most`, as 2f counts.
fn box_of(f: usize, most: u32) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new()];
    for _ in 0..2 * f {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..=most).map(move |c| {
                    let mut q = p.clone();
                    q.push(c);
                    q
                })
            })
            .collect();
    }
    out
}

/// Returns `solve chopsticks --fingers F` (and `extra`) on `positions`, one answer a line.
fn solved(f: usize, extra: &[&str], positions: &[Vec<u32>]) -> Vec<String> {
    let mut input = format!("{}\n", positions.len());
    for p in positions {
        let line: Vec<String> = p.iter().map(u32::to_string).collect();
        input.push_str(&line.join(" "));
        input.push('\n');
    }
    let fingers = f.to_string();
    let mut args = vec!["solve", "chopsticks", "--fingers", &fingers];
    args.extend(extra);
    let out = gamecheck(&args, &input);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {err}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

fn winner(wins: bool) -> String {
    (if wins { "First" } else { "Second" }).to_owned()
}

#[test]
fn three_fingers_answers_match_a_search_of_the_rules() {
    let f = 3;
    let positions = box_of(f, 2);
    let mut memo = HashMap::new();
    let mut misere = HashMap::new();
    let (mut values, mut normal, mut under_misere) = (Vec::new(), Vec::new(), Vec::new());
    for p in &positions {
        let (me, you) = (p[..f].to_vec(), p[f..].to_vec());
        let g = grundy(f, &me, &you, &mut memo);
        values.push(g.to_string());
        normal.push(winner(g != 0));
        under_misere.push(winner(misere_wins(f, &me, &you, &mut misere)));
    }
    // Both outcomes occur, and Grundy values above 1: the comparison can fail.
    assert!(normal.contains(&winner(false)) && values.iter().any(|g| g.parse::<u32>().unwrap_or(0) > 1));
    assert_eq!(solved(f, &[], &positions), normal);
    assert_eq!(solved(f, &["--grundy"], &positions), values);
    assert_eq!(solved(f, &["--misere"], &positions), under_misere);
}

#[test]
fn four_and_five_fingers_answers_match_a_search_of_the_rules() {
    for (f, most) in [(4, 1), (5, 1)] {
        let positions = box_of(f, most);
        let mut memo = HashMap::new();
        let normal: Vec<String> = positions
            .iter()
            .map(|p| winner(grundy(f, &p[..f].to_vec(), &p[f..].to_vec(), &mut memo) != 0))
            .collect();
        assert!(normal.contains(&winner(false)) && normal.contains(&winner(true)));
        assert_eq!(solved(f, &[], &positions), normal, "F = {f}");
    }
    // A one-finger hand each: the hands grow as the Fibonacci numbers, 2, 3, 5, 8, and
    // the attack past F removes the last hand. At F = 4 the mover's second attack (5)
    // does, at F = 5 the opponent's second (8): by hand, a win, then a loss.
    assert_eq!(solved(4, &[], &[vec![1, 0, 0, 0, 1, 0, 0, 0]]), [winner(true)]);
    assert_eq!(
        solved(5, &[], &[vec![1, 0, 0, 0, 0, 1, 0, 0, 0, 0]]),
        [winner(false)]
    );
}

#[test]
fn counts_beyond_the_reach_are_refused_naming_line_token_and_bound() {
    for (f, input, token, bound) in [
        ("3", "2\n1 0 0 1 0 0\n8 0 0 9 0 0\n", "`9`", "y1 is at most 8"),
        ("4", "1\n0 0 0 4 1 0 0 0\n", "`4`", "x4 is at most 3"),
        ("5", "1\n0 0 0 0 0 0 0 0 0 3\n", "`3`", "y5 is at most 2"),
    ] {
        let out = gamecheck(&["solve", "chopsticks", "--fingers", f], input);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "F = {f}: {err}");
        assert!(out.stdout.is_empty(), "F = {f}: answered before refusing");
        let line = if f == "3" { "line 3:" } else { "line 2:" };
        for needle in [line, token, bound] {
            assert!(err.contains(needle), "F = {f}: no {needle} in {err}");
        }
    }
    // A line of the wrong length names the field it lacks.
    let out = gamecheck(&["solve", "chopsticks", "--fingers", "3"], "1\n1 0 0 1 0\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("line 2:") && err.contains("y3"), "{err}");
}

#[test]
fn fingers_outside_two_to_five_are_refused_naming_the_flag_and_values() {
    for f in ["6", "0", "1", "x"] {
        let out = gamecheck(&["solve", "chopsticks", "--fingers", f], "1\n1 0 1 1\n");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{f}: {err}");
        assert!(
            err.contains("--fingers") && err.contains("2, 3, 4, 5"),
            "{f}: {err}"
        );
    }
}

#[test]
fn two_fingers_is_the_seed_game_unchanged() {
    // The docs' lines (docs/games.md), and positions hand-checked in
    // cli_solve_chopsticks, with the flag given and left out.
    let input = "3\n1 0 1 0\n1 0 1 1\n3 2 1 0\n";
    for args in [
        &["solve", "chopsticks"][..],
        &["solve", "chopsticks", "--fingers", "2"],
    ] {
        let out = gamecheck(args, input);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "Second\nFirst\nFirst\n",
            "{args:?}"
        );
        let mut grundy = args.to_vec();
        grundy.push("--grundy");
        let out = gamecheck(&grundy, "1\n3 2 1 0\n");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n", "{grundy:?}");
    }
    let out = gamecheck(
        &["solve", "simple-chopsticks", "--misere"],
        "1\n100 100 100 100\n",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        "error: invalid chopsticks input on stdin: line 2: token `100` is out of range: a is at most 24"
    );
}

#[test]
fn claims_about_chopsticks_include_its_generalizations() {
    // (0 1 0 0 / 0 1 0 0) at F = 4: the mover's only attack makes the opponent's 2 a 4,
    // which removes the mover's 2 (6 > 4), so the mover loses; the rule says they win.
    let out = gamecheck(
        &[
            "claims",
            "chopsticks",
            "--id",
            "simple-chopsticks-f4-fresh-ripe-full",
            "--cases",
            "10",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("simple-chopsticks-f4-fresh-ripe-full [chopsticks]: refuted at [0,1,0,0,0,1,0,0]"),
        "{text}"
    );
}

/// A stress run kept within the rules' reach says so on its reach line, not as a
/// `--max-count` the user never gave; one given says it was set.
#[test]
fn stress_names_a_count_cap_by_who_set_it() {
    let solution = format!("{} solve chopsticks --fingers 3", env!("CARGO_BIN_EXE_gamecheck"));
    let ranges = |extra: &[&str]| {
        let mut args = vec![
            "stress",
            "chopsticks",
            "--fingers",
            "3",
            "--cases",
            "1",
            "--solution",
            &solution,
        ];
        args.extend(extra);
        let out = gamecheck(&args, "");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{args:?}: {err}");
        err.lines()
            .find(|l| l.starts_with("ranges:"))
            .map(str::to_owned)
            .unwrap_or_default()
    };
    let capped = ranges(&[]);
    assert!(
        capped.contains("counts <= ") && capped.contains("(contest)"),
        "{capped}"
    );
    assert!(!capped.contains("--max-count"), "{capped}");
    let given = ranges(&["--max-count", "2"]);
    assert!(
        given.contains("counts <= 2 (contest, --max-count set)"),
        "{given}"
    );
}
