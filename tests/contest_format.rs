//! The contest formats of every registered problem: parsers fuzzed (never a panic, every
//! error's line within the input), inputs round-tripped, generated inputs distinct and
//! growing, answers read strictly.

use gamecheck::game::InputError;
use gamecheck::games::{Registered, Visit, problem_names, visit};
use gamecheck::problem::{Range, SolveError};
use gamecheck::stress::{RunOutcome, Termination, Verdict, generate, judge};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseResult, TestError, TestRunner};

fn line_of(e: &InputError) -> usize {
    e.line()
}

/// Inputs built from the tokens parsers meet: numbers small and huge, signs, zeros,
/// separators, form feeds, NULs, ESC and letters.
fn input() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        (0u64..5).prop_map(|n| n.to_string().into_bytes()),
        any::<u64>().prop_map(|n| n.to_string().into_bytes()),
        Just(b"18446744073709551616".to_vec()),
        Just(b"-1".to_vec()),
        Just(b"+7".to_vec()),
        Just(b"-0".to_vec()),
        Just(b"007".to_vec()),
        Just(b" ".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\t".to_vec()),
        Just(b"\x0c".to_vec()),
        Just(b"\0".to_vec()),
        Just(b"\x1b[2J".to_vec()),
        Just(b"x".to_vec()),
        Just(vec![b'9'; 70]),
    ];
    prop::collection::vec(token, 0..40).prop_map(|parts| parts.concat())
}

/// 600 cases a problem (ten problems, two fuzzed properties: 2000 took a minute of the
/// suite on 2 cores), failures kept in this test's regressions file.
fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: 600,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/contest_format.txt",
        ))),
        ..Config::default()
    })
}

/// proptest's runner compiled once per value type, not once per registered problem.
fn run_each<T: std::fmt::Debug>(
    runner: &mut TestRunner,
    cases: &BoxedStrategy<T>,
    test: &dyn Fn(T) -> TestCaseResult,
) -> Result<(), TestError<T>> {
    runner.run(cases, test)
}

struct Fuzz;

impl Visit for Fuzz {
    type Output = ();
    fn visit<P: Registered>(self, problem: &P) {
        let mut runner = runner();
        let result = run_each(&mut runner, &input().boxed(), &|bytes| {
            let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
            // The replay parser.
            if let Err(e) = problem.read_input(&bytes) {
                prop_assert!(line_of(&e) >= 1 && line_of(&e) <= lines, "{e} in {lines} lines");
            }
            // solve, through the problem's stream (chopsticks' parallel fast path).
            let mut out = Vec::new();
            match problem.solve_stream(&mut &bytes[..], &mut out, false) {
                Err(SolveError::Input(e)) => {
                    prop_assert!(line_of(&e) >= 1 && line_of(&e) <= lines, "{e} in {lines} lines")
                }
                Err(e) => prop_assert!(false, "solve failed outside the input: {e}"),
                Ok(()) => {
                    // Accepted input: the replay parser agrees, answer for answer.
                    let cases = problem.read_input(&bytes);
                    prop_assert!(cases.is_ok(), "solve accepted what read_input refuses: {cases:?}");
                }
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("{}: {e}", problem.name());
        }
    }
}

#[test]
fn parsers_never_panic_and_errors_name_a_line_of_the_input() {
    for name in problem_names() {
        visit(name, &gamecheck::problem::Flags::default(), Fuzz).expect("a registered problem");
    }
}

struct RoundTrip;

impl Visit for RoundTrip {
    type Output = ();
    fn visit<P: Registered>(self, problem: &P) {
        let constraints = problem.constraints().expect("k = 6 is judged");
        let bounds = constraints
            .bounds(problem.name(), Range::Contest, &[])
            .expect("contest bounds");
        // Sizes reach the bounds at input 150; 400 inputs check the bounds' stretch too
        // (2000 took most of the suite's time on 2 cores).
        const COUNT: usize = 400;
        let inputs = generate(problem, 5, COUNT, &bounds);
        assert_eq!(inputs.len(), COUNT, "{}", problem.name());
        let distinct: std::collections::HashSet<&String> = inputs.iter().map(|g| &g.text).collect();
        assert_eq!(distinct.len(), COUNT, "{}: repeated inputs", problem.name());
        for (i, g) in inputs.iter().enumerate() {
            assert_eq!(
                problem.read_input(g.text.as_bytes()).as_ref(),
                Ok(&g.cases),
                "{}",
                g.text
            );
            let extent = problem.extent(&g.cases);
            assert!(
                g.size.admits(&extent),
                "input {i} {extent:?} beyond its size {}",
                g.size
            );
            assert!(bounds.admits(&extent), "input {i} {extent:?} beyond the bounds");
            let mut out = Vec::new();
            problem
                .solve_stream(&mut g.text.as_bytes(), &mut out, false)
                .expect("generated input solves");
            assert_eq!(String::from_utf8_lossy(&out).lines().count(), g.cases.len());
        }
        // Sizes start tiny and reach the bounds.
        assert!(
            inputs[0].cases.len() == 1,
            "{}: {}",
            problem.name(),
            inputs[0].text
        );
        assert!(
            inputs[0]
                .size
                .pairs()
                .iter()
                .all(|&(flag, max)| max <= 3 || flag == "never")
        );
        assert_eq!(inputs[150].size, bounds, "{}", problem.name());
    }
}

#[test]
fn generated_inputs_round_trip_are_distinct_and_grow_within_the_bounds() {
    for name in problem_names() {
        visit(name, &gamecheck::problem::Flags::default(), RoundTrip).expect("a registered problem");
    }
}

#[test]
fn counts_are_read_only_in_canonical_form() {
    use gamecheck::moore::{CountCase, MooreCount};
    let p = MooreCount::with_k(6);
    // A single 1 seven times: exactly one losing sequence.
    let case = CountCase {
        k: 6,
        len: 7,
        values: vec![1],
        modulus: 998_244_353,
    };
    let run = |stdout: &str| RunOutcome {
        termination: Termination::Exited(0),
        stdout: stdout.as_bytes().to_vec(),
        stderr: Vec::new(),
        elapsed: std::time::Duration::ZERO,
        cpu: std::time::Duration::ZERO,
    };
    let verdict = |stdout| judge(&p, std::slice::from_ref(&case), &run(stdout)).expect("judged");
    assert_eq!(verdict(" 1 \n\n").verdict, Verdict::Ok);
    assert_eq!(verdict("2\n").verdict, Verdict::WrongAnswer);
    for token in ["+1", "01", "1.0", "998244354", "-1"] {
        let j = verdict(token);
        assert_eq!(j.verdict, Verdict::PresentationError, "{token}: {}", j.detail);
    }
    assert!(verdict("01").detail.contains("leading zeros"));
}

/// What a solve printed, or its error as text (`SolveError` holds `io::Error`s).
fn solved(
    run: impl FnOnce(&mut dyn std::io::Write) -> Result<(), SolveError>,
) -> (Vec<u8>, Result<(), String>) {
    let mut out = Vec::new();
    let r = run(&mut out).map_err(|e| format!("{e:?}"));
    (out, r)
}

struct SameAsGeneric;

impl Visit for SameAsGeneric {
    type Output = ();
    fn visit<P: Registered>(self, problem: &P) {
        let mut runner = runner();
        let result = run_each(&mut runner, &(input(), any::<bool>()).boxed(), &|(
            bytes,
            explain,
        )| {
            let fast = solved(|out| problem.solve_stream(&mut &bytes[..], out, explain));
            let generic =
                solved(|out| gamecheck::problem::solve_cases(problem, &mut &bytes[..], out, explain));
            prop_assert_eq!(fast, generic);
            Ok(())
        });
        if let Err(e) = result {
            panic!("{}: {e}", problem.name());
        }
    }
}

#[test]
fn solve_stream_matches_solve_cases() {
    // Every problem's own fast `solve` prints what the generic one does, byte for byte,
    // and fails with the same error on the same line and token.
    for name in gamecheck::games::problem_names() {
        visit(name, &gamecheck::problem::Flags::default(), SameAsGeneric).expect("a registered problem");
    }
}

/// A valid input of `problem` with several cases, as its generator writes it.
fn valid_input<P: Registered>(problem: &P, seed: u64) -> String {
    use rand::SeedableRng;
    let bounds = problem
        .constraints()
        .expect("k = 6 is judged")
        .bounds(problem.name(), Range::Contest, &[])
        .expect("contest bounds");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    problem.write_input(&problem.generate(&mut rng, &bounds))
}

/// What `solve` printed, by the problem's own stream and by the generic reader.
fn both_solves<P: Registered>(problem: &P, input: &[u8]) -> [(Vec<u8>, Result<(), String>); 2] {
    [
        solved(|out| problem.solve_stream(&mut &input[..], out, false)),
        solved(|out| gamecheck::problem::solve_cases(problem, &mut &input[..], out, false)),
    ]
}

struct HugeRuns;

impl Visit for HugeRuns {
    type Output = ();
    fn visit<P: Registered>(self, problem: &P) {
        const NINE_MIB: usize = 9 << 20;
        let text = valid_input(problem, 7);
        let [want, _] = both_solves(problem, text.as_bytes());
        assert!(want.1.is_ok(), "{}: {text}", problem.name());
        let first_space = text.find(' ').map_or(text.len(), |i| i);
        // Longer than the 8 MiB block each, and all valid.
        let valid = [
            format!("{}{text}", "\n".repeat(NINE_MIB)),
            format!("{}{text}", " ".repeat(NINE_MIB)),
            format!("{}{}", &text[..first_space], " ".repeat(NINE_MIB)) + &text[first_space..],
            format!("{text}{}", "\n \x0c".repeat(NINE_MIB / 3)),
        ];
        for (i, input) in valid.iter().enumerate() {
            let [fast, generic] = both_solves(problem, input.as_bytes());
            assert_eq!(fast, generic, "{}: input {i}", problem.name());
            assert_eq!(fast, want, "{}: input {i}", problem.name());
        }
        // 9 MiB of zeros before the first number: a leading zero, refused on line 1.
        let zeros = format!("{}{text}", "0".repeat(NINE_MIB));
        let [fast, generic] = both_solves(problem, zeros.as_bytes());
        assert_eq!(fast, generic, "{}: zeros", problem.name());
        assert!(
            fast.1
                .as_ref()
                .is_err_and(|e| e.contains("NotPlain") && e.contains("line: 1")),
            "{fast:?}"
        );
    }
}

#[test]
fn blank_runs_and_lines_longer_than_a_block_read_as_the_generic_reader_does() {
    for name in problem_names() {
        visit(name, &gamecheck::problem::Flags::default(), HugeRuns).expect("a registered problem");
    }
}

struct IsspaceAndPlainNumbers;

impl Visit for IsspaceAndPlainNumbers {
    type Output = ();
    fn visit<P: Registered>(self, problem: &P) {
        for seed in 0..20 {
            let text = valid_input(problem, seed);
            let [want, _] = both_solves(problem, text.as_bytes());
            // Every separator C's isspace knows: what scanf skips, `solve` skips.
            let mut spaced = String::new();
            for (i, c) in text.chars().enumerate() {
                match c {
                    ' ' => spaced.push_str(["\x0b", "\x0c", " \t", "\r\x0b "][i % 4]),
                    '\n' => spaced.push_str(["\x0c\n", "\r\n", "\x0b\r\n"][i % 3]),
                    c => spaced.push(c),
                }
            }
            for bytes in [&spaced, &format!("\x0b\x0c\n{spaced}\x0c")] {
                let [fast, generic] = both_solves(problem, bytes.as_bytes());
                assert_eq!(fast, generic, "{}: {bytes:?}", problem.name());
                assert_eq!(fast, want, "{}: {bytes:?}", problem.name());
            }
            // A sign or a leading zero on a number of line 2 (or line 1 when it is
            // the only one): refused there, naming the token.
            let line = if text.lines().count() > 1 { 2 } else { 1 };
            let start: usize = text.lines().take(line - 1).map(|l| l.len() + 1).sum();
            // A line that starts with a word (a Hackenbush string, a Toads and Frogs row)
            // has no number to sign; its readers name a bad character instead.
            let numeric = text[start..].starts_with(|c: char| c.is_ascii_digit());
            for prefix in ["+", "0", "-0"].into_iter().filter(|_| numeric) {
                let mut bad = text.clone();
                bad.insert_str(start, prefix);
                let token = bad[start..]
                    .split_whitespace()
                    .next()
                    .expect("a token")
                    .to_owned();
                let [fast, generic] = both_solves(problem, bad.as_bytes());
                assert_eq!(fast, generic, "{}: {bad:?}", problem.name());
                let err = problem.read_input(bad.as_bytes()).expect_err(&bad);
                assert!(
                    matches!(err, InputError::NotPlain { .. }),
                    "{}: {bad:?}: {err}",
                    problem.name()
                );
                assert_eq!(err.line(), line, "{err}");
                assert!(err.to_string().contains(&format!("`{token}`")), "{err}");
            }
        }
    }
}

#[test]
fn whitespace_is_isspace_and_numbers_are_plain_in_every_reader() {
    for name in problem_names() {
        visit(
            name,
            &gamecheck::problem::Flags::default(),
            IsspaceAndPlainNumbers,
        )
        .expect("a registered problem");
    }
}

/// The position after "play to X" in an explanation, with X as `open`…`close` numbers.
fn played_to(explanation: &str, open: char, close: char) -> Option<Vec<u64>> {
    let rest = explanation.strip_prefix("play to ")?;
    let inner = rest.strip_prefix(open)?.split(close).next()?;
    inner.split(", ").map(|n| n.parse().ok()).collect()
}

#[test]
fn explain_gives_a_winning_move_the_oracles_confirm_for_wythoff_and_moore() {
    use gamecheck::game::{Answer, GameProblem, Outcome, Question};
    use gamecheck::games::wythoff::{Piles, Wythoff};
    use gamecheck::moore::winning_move;
    use gamecheck::problem::ContestFormat;
    use gamecheck_oracles::moore_game_search::GameSearch;
    use gamecheck_oracles::wythoff_mex_table::WythoffTable;
    use itertools::Itertools;
    let table = WythoffTable::build(64).expect("the mex table builds");
    let wythoff = GameProblem::new(Wythoff, Question::default()).expect("wythoff's format");
    for (x, y) in (0..40).flat_map(|x| (0..40).map(move |y| (x, y))) {
        let p = table.is_p_position(x, y).expect("within the table");
        let answer = Answer::Outcome(if p { Outcome::Loss } else { Outcome::Win });
        let why = wythoff.explain(&Piles { x, y }, &answer);
        match played_to(&why, '(', ')').as_deref() {
            // A legal move (from one pile, or the same from both) to a P-position.
            Some(&[nx, ny]) => {
                assert!(!p, "({x}, {y}) is a P-position: {why}");
                let taken = (x.checked_sub(nx), y.checked_sub(ny));
                let legal = matches!(taken, (Some(0), Some(1..)) | (Some(1..), Some(0)))
                    || matches!(taken, (Some(a), Some(b)) if a == b && a > 0);
                assert!(
                    legal && table.is_p_position(nx, ny) == Some(true),
                    "({x}, {y}): {why}"
                );
            }
            _ => assert!(p && why.contains("is a P-position"), "({x}, {y}): {why}"),
        }
    }
    for k in [1, 2, 6] {
        let mut search = GameSearch::new(k);
        for piles in (0..=6u64).combinations_with_replacement(3) {
            let p = search.is_p(&piles);
            let why = match winning_move(&piles, k) {
                Some(next) => format!("play to {next:?}"),
                None => "every move leaves the opponent a win".to_owned(),
            };
            match played_to(&why, '[', ']') {
                // Takes from 1 to k piles, and leaves a P-position.
                Some(next) => {
                    assert!(!p, "{piles:?} is a P-position: {why}");
                    let lowered = piles.iter().zip(&next).filter(|(a, b)| b < a).count();
                    let raised = piles.iter().zip(&next).any(|(a, b)| b > a);
                    assert!(
                        (1..=k as usize).contains(&lowered) && !raised,
                        "{piles:?}, k = {k}: {why}"
                    );
                    assert!(search.is_p(&next), "{piles:?}, k = {k}: {why}");
                }
                None => assert!(
                    p && why.contains("every move leaves"),
                    "{piles:?}, k = {k}: {why}"
                ),
            }
        }
    }
}

/// The position `why` says the winning move goes to: the text between `the move to ` and
/// ` leaves`, as a game describes it.
fn moved_to_text(why: &str) -> Option<&str> {
    let rest = why.split_once("the move to ")?.1;
    Some(rest.split_once(" leaves")?.0)
}

#[test]
fn explain_gives_a_winning_move_the_rules_confirm_for_a_users_game_and_octal() {
    use gamecheck::game::{Answer, GameProblem, Outcome, Question};
    use gamecheck::games::subtraction::Subtraction;
    use gamecheck::octal::Octal;
    use gamecheck::problem::ContestFormat;
    // Take 1, 3 or 4 by an inline DP.
    let mut lost = [false; 64];
    for n in 0..lost.len() {
        lost[n] = [1, 3, 4].iter().all(|&s| n < s || !lost[n - s]);
    }
    let take = GameProblem::new(Subtraction::new(vec![1, 3, 4]).unwrap(), Question::default()).unwrap();
    for n in 0..64u64 {
        let answer = Answer::Outcome(if lost[n as usize] {
            Outcome::Loss
        } else {
            Outcome::Win
        });
        let why = take.explain(&n, &answer);
        match moved_to_text(&why) {
            Some(text) => {
                let k: u64 = text
                    .strip_prefix("heap ")
                    .and_then(|k| k.parse().ok())
                    .expect(&why);
                assert!(
                    !lost[n as usize] && k < n && [1, 3, 4].contains(&(n - k)),
                    "{n}: {why}"
                );
                assert!(lost[k as usize], "{n}: {why}");
            }
            None => assert!(
                lost[n as usize] && (why.contains("every move leaves") || why.contains("no move")),
                "{n}: {why}"
            ),
        }
    }
    // Kayles by an inline mex: a move takes 1 or 2 adjacent pins, leaving rows a and b.
    let mut g = vec![0u64; 48];
    for n in 1..g.len() {
        let mut seen = Vec::new();
        for r in 1..=2.min(n) {
            for a in 0..=n - r {
                seen.push(g[a] ^ g[n - r - a]);
            }
        }
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    let kayles = GameProblem::new(Octal::new("0.77".parse().unwrap(), 1000), Question::default()).unwrap();
    for n in 0..48u64 {
        let answer = Answer::Outcome(if g[n as usize] == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        });
        let why = kayles.explain(&vec![n], &answer);
        match moved_to_text(&why) {
            Some(text) => {
                let rows: Vec<u64> = if text == "no heap" {
                    Vec::new()
                } else if let Some(k) = text.strip_prefix("heap ") {
                    vec![k.parse().expect(&why)]
                } else {
                    let list = text
                        .strip_prefix("heaps [")
                        .and_then(|t| t.strip_suffix(']'))
                        .expect(&why);
                    list.split(", ").map(|k| k.parse().expect(&why)).collect()
                };
                let left: u64 = rows.iter().sum();
                assert!(rows.len() <= 2 && (1..=2).contains(&(n - left)), "{n}: {why}");
                assert_eq!(rows.iter().fold(0, |x, &r| x ^ g[r as usize]), 0, "{n}: {why}");
                assert_ne!(g[n as usize], 0, "{n}: {why}");
            }
            None => assert!(
                g[n as usize] == 0 && why.contains("every move leaves") || n == 0,
                "{n}: {why}"
            ),
        }
    }
}

#[test]
fn a_failure_that_is_already_least_is_labelled_least() {
    use gamecheck::game::{GameProblem, Question};
    use gamecheck::octal::Octal;
    use gamecheck::problem::{ContestFormat, Range};
    use gamecheck::stress::{RunOutcome, ShrinkLimits, Standing, Termination, judge, shrink};
    use std::time::Duration;
    let kayles = GameProblem::new(Octal::new("0.77".parse().unwrap(), 1000), Question::default()).unwrap();
    // A solution that answers First everywhere fails on heap 0, which no move leaves the
    // player to move: one case, the least heap; only "no heap" is smaller, and the format
    // has no way to write it.
    let check = |cases: &[Vec<u64>]| {
        let run = RunOutcome {
            termination: Termination::Exited(0),
            stdout: "First\n".repeat(cases.len()).into_bytes(),
            stderr: Vec::new(),
            elapsed: Duration::ZERO,
            cpu: Duration::ZERO,
        };
        Ok((judge(&kayles, cases, &run)?, run))
    };
    let failing = vec![vec![0]];
    let (judgement, run) = check(&failing).unwrap();
    let bounds = kayles
        .constraints()
        .unwrap()
        .bounds("octal", Range::Contest, &[])
        .unwrap();
    let shrunk = shrink(
        &kayles,
        &bounds,
        failing,
        judgement,
        run,
        &check,
        &|_, _, _| {},
        ShrinkLimits::default(),
    )
    .unwrap();
    assert_eq!((shrunk.cases, shrunk.standing), (vec![vec![0]], Standing::Least));
}
