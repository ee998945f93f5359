//! Real statements' input layouts stated in [`Format`] through the public API, each
//! read from the statement's own sample and written back byte for byte, its sample
//! answer checked: SPOJ MCOINS (`K L m` on one line, the m towers on the next, one
//! answer string over all of them), CADDi 2018 D "Harlequin" (a list with one value per
//! line), CSES 1729 "Stick Game" (`n k`, then the move set), Codeforces 150A "Win or
//! Freeze" (misère play stated by the game, an answer of one or two lines). The Stick
//! Game's set is part of the input: `stress` generates a set per input and shrinks it
//! with the rest.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use gamecheck::game::{
    Answer, Field, Format, Game, GameProblem, Outcome, Output, Question, Search, Unanswered,
};
use gamecheck::problem::{ContestFormat, Problem, Range};
use gamecheck::stress::{
    Config, Limits, RunOutcome, ShrinkLimits, Solution, Termination, Verdict, generate, judge,
};

fn solve<P: ContestFormat>(problem: &P, input: &str) -> Result<String, String> {
    let mut out = Vec::new();
    problem
        .solve_stream(&mut input.as_bytes(), &mut out, false)
        .map_err(|e| e.to_string())?;
    Ok(String::from_utf8(out).expect("text"))
}

fn ran(stdout: &str) -> RunOutcome {
    RunOutcome {
        termination: Termination::Exited(0),
        stdout: stdout.as_bytes().to_vec(),
        stderr: Vec::new(),
        elapsed: Duration::ZERO,
        cpu: Duration::ZERO,
    }
}

/// Returns whether the player to move wins a heap of `n` under `moves`, by a DP written
/// here.
fn wins(moves: &[u64], n: u64) -> bool {
    let mut win = vec![false; n as usize + 1];
    for i in 1..=n as usize {
        win[i] = moves.iter().any(|&m| m as usize <= i && !win[i - m as usize]);
    }
    win[n as usize]
}

/// SPOJ MCOINS: take 1, K or L coins from a tower; who takes the last coin wins. A
/// position is `[K, L, n]`: K and L are stated once, on the line that also holds m.
#[derive(Default)]
struct Coins;

impl Game for Coins {
    type Position = [u64; 3];
    const NAME: &'static str = "mcoins";
    fn moves(&self, &[k, l, n]: &[u64; 3], out: &mut Vec<[u64; 3]>) {
        out.extend(
            [1, k, l]
                .into_iter()
                .filter_map(|m| Some([k, l, n.checked_sub(m)?])),
        );
    }
    fn check_position(&self, &[k, l, _]: &[u64; 3]) -> Result<(), String> {
        (1 < k && k < l && l < 10)
            .then_some(())
            .ok_or_else(|| "1 < K < L < 10".into())
    }
    fn max_count(&self) -> u64 {
        1_000_000
    }
    fn format(&self) -> Format<Coins> {
        // "The first line contains K, L, m (1 < K < L < 10, 3 < m < 50). The next line
        // contains m integers n_1 … n_m (1 <= n_i <= 1 000 000)." Output: one string,
        // A where the first player wins the tower, B where they lose.
        Format::cases(4..=49)
            .common([
                Field::number("K", 2..=8),
                Field::number("L", 3..=9),
                Field::cases("m"),
            ])
            .line([Field::number("n_i", 1..=1_000_000)])
            .cases_on_one_line()
            .answer(Output::winner("A", "B"))
            .answers_on_one_line("")
    }
}

#[test]
fn mcoins_reads_and_writes_its_sample_and_answers_it() {
    let problem = GameProblem::new(Coins, Question::default()).expect("a problem");
    let sample = "2 3 5\n3 12 113 25714 88888\n";
    let cases = problem.read_input(sample.as_bytes()).expect("the sample reads");
    assert_eq!(cases[..2], [[2, 3, 3], [2, 3, 12]]);
    assert_eq!(problem.write_input(&cases), sample);
    // The statement's sample output, and the DP's.
    let want: String = [3, 12, 113, 25714, 88888]
        .iter()
        .map(|&n| if wins(&[1, 2, 3], n) { 'A' } else { 'B' })
        .collect();
    assert_eq!(want, "ABAAB");
    assert_eq!(solve(&problem, sample), Ok("ABAAB\n".to_owned()));
    // The judge reads one token over all towers.
    assert_eq!(
        judge(&problem, &cases, &ran("ABAAB\n")).expect("judged").verdict,
        Verdict::Ok
    );
    let wrong = judge(&problem, &cases, &ran("ABABB\n")).expect("judged");
    assert_eq!(wrong.verdict, Verdict::WrongAnswer);
    assert!(wrong.detail.contains("(case 25714)"), "{}", wrong.detail);
    let short = judge(&problem, &cases, &ran("ABAA\n")).expect("judged");
    assert_eq!(short.verdict, Verdict::PresentationError, "{}", short.detail);
    // A statement's limits: K < L, and m towers exactly.
    assert!(problem.read_input(b"3 2 4\n1 2 3 4\n").is_err());
    assert!(problem.read_input(b"2 3 5\n3 12 113 25714\n").is_err());
    // Generated inputs keep the layout: K L m on a line, m towers on the next; K and L
    // vary from input to input.
    let bounds = problem
        .constraints()
        .expect("judged")
        .bounds("mcoins", Range::Contest, &[("count", 50)])
        .expect("bounds");
    let mut kl = std::collections::HashSet::new();
    for g in generate(&problem, 5, 60, &bounds) {
        let lines: Vec<&str> = g.text.lines().collect();
        let head: Vec<u64> = lines[0]
            .split(' ')
            .map(|w| w.parse().expect("a number"))
            .collect();
        assert_eq!(
            (lines.len(), head[2] as usize, g.cases.len()),
            (2, g.cases.len(), lines[1].split(' ').count())
        );
        assert!(
            g.cases
                .iter()
                .all(|c| c[..2] == head[..2] && 1 < c[0] && c[0] < c[1])
        );
        assert_eq!(problem.read_input(g.text.as_bytes()).as_ref(), Ok(&g.cases));
        kl.insert((head[0], head[1]));
    }
    assert!(kl.len() > 5, "{kl:?}");
}

/// MCOINS states 1 < K < L < 10, 3 < m < 50 and 1 <= n_i <= 10^6: stress's ranges line
/// gives each count its own bound, as the statement does (one bound for all three said
/// K <= 10^6), and the inputs drawn within those bounds reach them.
#[test]
fn mcoins_ranges_give_each_count_its_own_bound() {
    let problem = GameProblem::new(Coins, Question::default()).expect("a problem");
    let at = |overrides: Vec<(&'static str, u64)>| {
        let config = Config {
            overrides,
            ..Config::default()
        };
        gamecheck::stress::bounds(&problem, &config).expect("bounds")
    };
    // The towers are kept within what the rules judge (a reach of their own, said on
    // the line); K and L keep the statement's bounds whatever the towers' cap.
    let full = at(vec![]);
    assert!(
        full.sizes().starts_with("T <= 49, K <= 8, L <= 9, n_i <= "),
        "{full}"
    );
    // --max-count caps the towers and leaves K and L theirs; at 5 it caps all three.
    let fifty = at(vec![("count", 50)]);
    assert_eq!(fifty.sizes(), "T <= 49, K <= 8, L <= 9, n_i <= 50");
    // At 5 (or the rules' reach below it) the cap is below K's and L's tops: one bound.
    let five = at(vec![("count", 5)]);
    let m = five.max("count").filter(|&m| (3..=5).contains(&m));
    let m = m.unwrap_or_else(|| panic!("the towers' cap: {five}"));
    assert_eq!(five.sizes(), format!("T <= 49, K, L, n_i <= {m}"));
    // What the line states is what the inputs hold, and the tops are drawn.
    let inputs = generate(&problem, 1, 400, &fifty);
    let top = |i: usize| {
        inputs
            .iter()
            .flat_map(|g| g.cases.iter().map(move |c| c[i]))
            .max()
    };
    assert_eq!((top(0), top(1), top(2)), (Some(8), Some(9), Some(50)));
}

/// CADDi 2018 D "Harlequin": N colours, a_i apples of colour i; a move eats one apple
/// of each of some (at least one) colours; who eats the last apple wins.
#[derive(Default)]
struct Apples;

impl Game for Apples {
    type Position = Vec<u64>;
    const NAME: &'static str = "harlequin";
    fn moves(&self, a: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let left: Vec<usize> = (0..a.len()).filter(|&i| a[i] > 0).collect();
        for mask in 1..1u64 << left.len() {
            let mut next = a.clone();
            for (bit, &i) in left.iter().enumerate() {
                next[i] -= mask >> bit & 1;
            }
            out.push(next);
        }
    }
    fn max_count(&self) -> u64 {
        1_000_000_000
    }
    fn max_len(&self) -> usize {
        4
    }
    /// The editorial's rule, judged against the moves on small positions.
    fn outcome(
        &self,
        a: &Vec<u64>,
        _: &mut Search<Apples>,
    ) -> Result<gamecheck::game::Outcome, gamecheck::game::Unanswered> {
        Ok(gamecheck::game::Outcome::of(a.iter().any(|x| x % 2 == 1)))
    }
    fn format(&self) -> Format<Apples> {
        // "N \n a_1 \n a_2 \n : \n a_N" (1 <= N <= 10^5, 1 <= a_i <= 10^9); `first` or
        // `second`.
        Format::single()
            .line([Field::len("N", 1..=100_000)])
            .line([Field::column("a_i", 1..=1_000_000_000)])
            .answer(Output::winner("first", "second"))
    }
}

#[test]
fn harlequin_reads_one_value_per_line() {
    let problem = GameProblem::new(Apples, Question::default()).expect("a problem");
    for (sample, answer) in [
        ("2\n1\n2\n", "first\n"),
        ("3\n100000\n30000\n20000\n", "second\n"),
    ] {
        let cases = problem.read_input(sample.as_bytes()).expect("the sample reads");
        assert_eq!(problem.write_input(&cases), sample);
        assert_eq!(solve(&problem, sample), Ok(answer.to_owned()));
    }
    // Two values on one line are not this layout, nor a missing one.
    for bad in ["2\n1 2\n", "3\n1\n2\n", "2 1\n2\n3\n"] {
        let e = problem.read_input(bad.as_bytes()).expect_err(bad);
        assert!(e.to_string().starts_with("line "), "{e}");
    }
}

/// CSES 1729 "Stick Game": a heap of n sticks, a move takes p_i of them for one of the
/// k allowed p_i. A position is `[n, p_1, …, p_k]`, the set stated by the input.
#[derive(Default)]
struct Sticks;

impl Game for Sticks {
    type Position = Vec<u64>;
    const NAME: &'static str = "stick-game";
    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if let Some((&n, set)) = p.split_first() {
            out.extend(
                set.iter()
                    .filter_map(|&m| Some([&[n.checked_sub(m)?][..], set].concat())),
            );
        }
    }
    fn check_position(&self, p: &Vec<u64>) -> Result<(), String> {
        let (&n, set) = p.split_first().ok_or("n, then the moves")?;
        let mut sorted = set.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if set.is_empty() || sorted.len() != set.len() || sorted[0] != 1 || sorted[sorted.len() - 1] > n {
            return Err("the p_i are distinct, one of them is 1, each at most n".into());
        }
        Ok(())
    }
    fn max_count(&self) -> u64 {
        1_000_000
    }
    fn describe(&self, p: &Vec<u64>) -> String {
        format!("n = {}, moves {:?}", p[0], &p[1..])
    }
    fn format(&self) -> Format<Sticks> {
        // "n k" (1 <= n <= 10^6, 1 <= k <= 100), then p_1 … p_k (1 <= p_i <= n); print a
        // string of n characters, W or L, for 1 … n sticks.
        Format::single()
            .line([Field::number("n", 1..=1_000_000), Field::len("k", 1..=100)])
            .line([Field::list("p_i", 1..=1_000_000)])
            .answer(Output::Range {
                from: 1,
                win: 'W',
                loss: 'L',
            })
    }
}

#[test]
fn stick_game_reads_n_k_then_the_set() {
    let problem = GameProblem::new(Sticks, Question::default()).expect("a problem");
    let sample = "10 3\n1 3 4\n";
    let cases = problem.read_input(sample.as_bytes()).expect("the sample reads");
    assert_eq!(cases, [vec![10, 1, 3, 4]]);
    assert_eq!(problem.write_input(&cases), sample);
    let want: String = (1..=10)
        .map(|n| if wins(&[1, 3, 4], n) { 'W' } else { 'L' })
        .collect();
    assert_eq!(want, "WLWWWWLWLW");
    assert_eq!(solve(&problem, sample), Ok(format!("{want}\n")));
    // The domain is the statement's: the set holds 1, each move at most n.
    let e = problem.read_input(b"3 2\n2 4\n").expect_err("no 1, 4 > 3");
    assert!(e.to_string().contains("one of them is 1"), "{e}");
}

/// The right solution and one that stops at the first move larger than i, as if the set
/// came sorted (the statement does not say it does).
const STICKS_C: &str = r#"
#include <stdio.h>
static int p[128];
static char w[1000002];
int main(void) {
    int n, k;
    if (scanf("%d %d", &n, &k) != 2) return 1;
    for (int j = 0; j < k; j++) if (scanf("%d", &p[j]) != 1) return 1;
    w[0] = 'L';
    for (int i = 1; i <= n; i++) {
        w[i] = 'L';
        for (int j = 0; j < k; j++) {
            if (p[j] > i) { SORTED_BREAK continue; }
            if (w[i - p[j]] == 'L') { w[i] = 'W'; break; }
        }
    }
    fwrite(w + 1, 1, n, stdout);
    putchar('\n');
    return 0;
}
"#;

fn compile_sticks(name: &str, sorted_break: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contest-layouts");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let source = dir.join(format!("{name}.c"));
    std::fs::write(&source, STICKS_C.replace("SORTED_BREAK", sorted_break)).expect("write C");
    let exe = dir.join(name);
    let status = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(&source)
        .status()
        .expect("this test needs a C compiler `cc` on PATH");
    assert!(status.success(), "cc failed on {name}.c");
    exe
}

fn stress_sticks(exe: &std::path::Path, seed: u64, cases: usize) -> gamecheck::stress::Report {
    let problem = GameProblem::new(Sticks, Question::default()).expect("a problem");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "contest-layouts-out-{}-{seed}",
        exe.file_name().and_then(|n| n.to_str()).unwrap_or("sol")
    ));
    let config = Config {
        problem_args: "stick-game".into(),
        solution: Solution::parse(&exe.to_string_lossy()).expect("a command"),
        seed,
        cases,
        maximal: 0,
        max_time: Duration::from_secs(120),
        jobs: 2,
        limits: Limits {
            timeout: Duration::from_secs(10),
            max_output_bytes: 1 << 22,
            memory: None,
        },
        move_time: None,
        shrink: ShrinkLimits::default(),
        range: Range::Contest,
        // n up to 300 and sets of at most 6 moves: the oracle judges every input.
        overrides: vec![("count", 300), ("n", 6)],
        out_dir: Some(dir),
        replay: None,
        reap: false,
        build_dir: None,
    };
    gamecheck::stress::stress(&problem, &config).expect("a stress run")
}

#[test]
fn a_set_stated_by_the_input_is_stressed_over_generated_sets() {
    let problem = GameProblem::new(Sticks, Question::default()).expect("a problem");
    let bounds = problem
        .constraints()
        .expect("judged")
        .bounds("stick-game", Range::Contest, &[("count", 300), ("n", 6)])
        .expect("bounds");
    // Sets vary from input to input, within the statement's constraints.
    let inputs = generate(&problem, 9, 80, &bounds);
    let sets: std::collections::HashSet<Vec<u64>> = inputs.iter().map(|g| g.cases[0][1..].to_vec()).collect();
    assert!(sets.len() > 20 && sets.iter().any(|s| s.len() >= 3), "{sets:?}");
    for g in &inputs {
        assert_eq!(
            problem.read_input(g.text.as_bytes()).as_ref(),
            Ok(&g.cases),
            "{}",
            g.text
        );
    }
    let right = stress_sticks(&compile_sticks("sticks-right", ""), 3, 120);
    assert_eq!((right.verdict, right.cases), (Verdict::Ok, 120));
    let sorted = stress_sticks(&compile_sticks("sticks-sorted", "break;"), 3, 120);
    assert_eq!(sorted.verdict, Verdict::WrongAnswer);
    // Shrunk with the set: the least input has 2 sticks and the moves 2, 1 in that
    // order (1 stick: only the move 1, which the solution does try).
    let failure = sorted.failure.expect("a failure");
    assert_eq!(failure.input, "2 2\n2 1\n", "{}", failure.judgement.detail);
}

/// Codeforces 150A "Win or Freeze": write a non-trivial divisor of the number; the first
/// player who cannot move wins (misère play, stated by the format, not by a flag).
#[derive(Default)]
struct Freeze;

impl Game for Freeze {
    type Position = u64;
    const NAME: &'static str = "win-or-freeze";
    fn moves(&self, &q: &u64, out: &mut Vec<u64>) {
        let mut d = 2;
        while d * d <= q {
            if q % d == 0 {
                out.push(d);
                if d * d != q {
                    out.push(q / d);
                }
            }
            d += 1;
        }
    }
    fn max_count(&self) -> u64 {
        10_000_000_000_000
    }
    fn format(&self) -> Format<Freeze> {
        // "q (1 <= q <= 10^13)"; print 1 or 2, the winner; if 1, a second line with a
        // winning first move (0 when the first player cannot move).
        Format::single()
            .line([Field::number("q", 1..=10_000_000_000_000)])
            .misere()
            .answer(Output::WinnerThenMove {
                win: "1",
                loss: "2",
                none: "0",
            })
    }
}

/// `wins[q]`: the player to move from `q` wins Win or Freeze (misère: no move wins).
fn freeze_wins_by_dp(n: usize) -> Vec<bool> {
    let mut wins = vec![false; n + 1];
    for q in 1..=n {
        let divisors: Vec<usize> = (2..q).filter(|d| q % d == 0).collect();
        wins[q] = divisors.is_empty() || divisors.iter().any(|&d| !wins[d]);
    }
    wins
}

#[test]
fn win_or_freeze_is_misere_with_a_second_answer_line() {
    // No `--misere`: the format says how the game ends.
    let problem = GameProblem::new(Freeze, Question::default()).expect("a problem");
    for (sample, answer) in [("6\n", "2\n"), ("30\n", "1\n6\n"), ("1\n", "1\n0\n")] {
        let cases = problem.read_input(sample.as_bytes()).expect("the sample reads");
        assert_eq!(problem.write_input(&cases), sample);
        // The statement's output is right; so is what solve prints.
        let j = judge(&problem, &cases, &ran(answer)).expect("judged");
        assert_eq!(j.verdict, Verdict::Ok, "{sample}: {}", j.detail);
    }
    // What solve prints, against a misère DP over divisors written here: the mover
    // wins with no move, or with a move to a position where the opponent loses.
    let wins = freeze_wins_by_dp(600);
    for q in 1..=600u64 {
        let solved = solve(&problem, &format!("{q}\n")).expect("solved");
        let lines: Vec<&str> = solved.lines().collect();
        if wins[q as usize] {
            let [first, mv] = lines[..] else {
                panic!("{q}: {solved:?}")
            };
            assert_eq!(first, "1", "{q}");
            let d: u64 = mv.parse().expect("a number");
            // 0 when there is no move at all; otherwise a non-trivial divisor the
            // opponent loses from.
            let no_move = (2..q).all(|e| q % e != 0);
            assert!(
                (no_move && d == 0) || (d > 1 && d < q && q % d == 0 && !wins[d as usize]),
                "{q}: moved to {d}"
            );
        } else {
            assert_eq!(lines, ["2"], "{q}");
        }
    }
    // 30 = 2·3·5: 6, 10 and 15 leave two primes' product, where every move hands the
    // opponent a prime, and they cannot move; 2, 3 and 5 hand it at once.
    for (out, verdict) in [
        ("1\n10\n", Verdict::Ok),
        ("1\n15\n", Verdict::Ok),
        ("1\n5\n", Verdict::WrongAnswer),
        ("1\n7\n", Verdict::WrongAnswer),
        ("2\n", Verdict::WrongAnswer),
        ("1\n0\n", Verdict::WrongAnswer),
        ("1\n", Verdict::PresentationError),
        ("1\n6\n2\n", Verdict::PresentationError),
    ] {
        let j = judge(&problem, &[30], &ran(out)).expect("judged");
        assert_eq!(j.verdict, verdict, "{out:?}: {}", j.detail);
    }
    // A prime: the first player cannot move, and wins.
    assert_eq!(solve(&problem, "13\n"), Ok("1\n0\n".to_owned()));
}

/// Win or Freeze with the editorial's rule as its fast path: the player to move loses
/// exactly when q is the product of two primes (every move hands over a prime, from which
/// the opponent cannot move, and wins).
#[derive(Default)]
struct FreezeByFactors;

impl Game for FreezeByFactors {
    type Position = u64;
    const NAME: &'static str = "win-or-freeze-by-factors";
    fn moves(&self, q: &u64, out: &mut Vec<u64>) {
        Freeze.moves(q, out);
    }
    fn max_count(&self) -> u64 {
        Freeze.max_count()
    }
    fn misere_outcome(&self, &q: &u64, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        let (mut rest, mut factors, mut p) = (q, 0, 2);
        while p * p <= rest {
            while rest % p == 0 {
                rest /= p;
                factors += 1;
            }
            p += 1;
        }
        factors += u32::from(rest > 1);
        Ok(Outcome::of(factors != 2))
    }
    fn format(&self) -> Format<FreezeByFactors> {
        Format::single()
            .line([Field::number("q", 1..=10_000_000_000_000)])
            .misere()
            .answer(Output::WinnerThenMove {
                win: "1",
                loss: "2",
                none: "0",
            })
    }
}

#[test]
fn check_holds_a_right_misere_rule_where_the_mover_wins_without_a_move() {
    let problem = GameProblem::new(FreezeByFactors, Question::default()).expect("a problem");
    // The rule against the DP over divisors.
    let wins = freeze_wins_by_dp(300);
    for q in 1..=300u64 {
        let won = Problem::solve(&problem, &q).expect("the rule answers");
        assert_eq!(won == Answer::Outcome(Outcome::Win), wins[q as usize], "{q}");
    }
    // 1 and every prime are won with no move at all: its certificate is that there is
    // none, not a refutation (`stress` refused to run on this rule).
    match gamecheck::check::check_problem(&problem, 1, 64, None) {
        Ok(_) => {}
        Err(gamecheck::check::PropertyError::Fail(c)) => {
            panic!("{} fails at {}: {}", c.property, c.case, c.reason)
        }
        Err(gamecheck::check::PropertyError::Abort(why)) => panic!("aborted: {why}"),
        Err(_) => panic!("check did not hold"),
    }
}

/// A game whose format is given as a value, to try mistakes in it.
struct Mistaken(fn() -> Format<Mistaken>);

impl Default for Mistaken {
    fn default() -> Mistaken {
        Mistaken(|| Format::cases(1..=10).line([Field::number("n", 0..=100)]))
    }
}

impl Game for Mistaken {
    type Position = u64;
    const NAME: &'static str = "mistaken";
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(n.checked_sub(1));
    }
    fn max_count(&self) -> u64 {
        1000
    }
    fn format(&self) -> Format<Mistaken> {
        (self.0)()
    }
}

/// A game whose own format sums a field it does not have.
#[derive(Default)]
struct Unsummable;

impl Game for Unsummable {
    type Position = u64;
    const NAME: &'static str = "unsummable";
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(n.checked_sub(1));
    }
    fn max_count(&self) -> u64 {
        1000
    }
    fn format(&self) -> Format<Unsummable> {
        Format::cases(1..=10)
            .line([Field::number("n", 0..=100)])
            .sum("m", 50)
    }
}

#[test]
fn mistakes_in_a_format_are_refused_naming_the_game_and_the_field() {
    let refused =
        |format: fn() -> Format<Mistaken>| match GameProblem::new(Mistaken(format), Question::default()) {
            Err(gamecheck::game::GameError::Format(why)) => why,
            Err(other) => panic!("refused for another reason: {other}"),
            Ok(_) => panic!("accepted"),
        };
    assert!(GameProblem::new(Mistaken::default(), Question::default()).is_ok());
    let why = refused(|| {
        Format::cases(1..=10)
            .line([Field::number("n", 0..=100)])
            .sum("m", 50)
    });
    assert!(
        why.starts_with("the format of mistaken:")
            && why.contains("`.sum(\"m\", …)`")
            && why.contains("its fields: n"),
        "{why}"
    );
    // A range the game's max_count would cut short without a word.
    let why = refused(|| Format::cases(1..=10).line([Field::number("n", 0..=10_000)]));
    assert!(
        why.contains("mistaken")
            && why.contains("field `n` goes up to 10000")
            && why.contains("max_count 1000"),
        "{why}"
    );
    // Two counts for a position of one.
    let why = refused(|| Format::cases(1..=10).line([Field::number("n", 0..=9), Field::number("k", 0..=9)]));
    assert!(
        why.contains("mistaken") && why.contains("has 1 counts") && why.contains("(n, k)"),
        "{why}"
    );
    // Layouts that cannot be written back as read.
    let why = refused(|| Format::single().line([Field::column("a", 0..=9), Field::number("n", 0..=9)]));
    assert!(why.contains("column `a`"), "{why}");
    let why = refused(|| {
        Format::single()
            .common([Field::cases("T")])
            .line([Field::number("n", 0..=9)])
    });
    assert!(why.contains("T stands"), "{why}");
    let why = refused(|| {
        Format::cases(1..=9)
            .line([Field::number("n", 0..=9)])
            .answers_on_one_line("")
    });
    assert!(why.contains("one character each"), "{why}");
    // What `main!` runs before any command, for a game built from its default flags.
    assert_eq!(gamecheck::game::format_mistake::<Mistaken>(), None);
    assert!(gamecheck::game::format_mistake::<Coins>().is_none());
    let why = gamecheck::game::format_mistake::<Unsummable>().expect("refused before any command");
    assert!(
        why.contains("unsummable") && why.contains("`.sum(\"m\", …)`"),
        "{why}"
    );
    // Two games under one name fail to compile in `main!`; the test it makes:
    assert_eq!(
        gamecheck::game::named_twice(&[Coins::NAME, Sticks::NAME, "mcoins"]),
        Some("mcoins")
    );
}

#[test]
fn a_refutation_prints_the_position_as_the_game_describes_it() {
    // The formula forgets the moves: n = 2 with moves {1, 2} is a win, not a loss.
    let e =
        gamecheck::game::check::outcome(Sticks, |p: &Vec<u64>| gamecheck::game::Outcome::of(p[0] % 2 == 1))
            .expect_err("refuted");
    let text = e.to_string();
    assert!(
        text.starts_with("the formula is wrong at n = 2, moves [1, 2] ("),
        "{text}"
    );
}

/// Take 1 or 2; its fast path stops, as a spent budget does, at heap 13.
struct Stopping;

impl Game for Stopping {
    type Position = u64;
    const NAME: &'static str = "stopping";

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend([1, 2].into_iter().filter_map(|t| n.checked_sub(t)));
    }

    fn max_count(&self) -> u64 {
        20
    }

    fn outcome(
        &self,
        &n: &u64,
        _: &mut Search<Self>,
    ) -> Result<gamecheck::game::Outcome, gamecheck::game::Unanswered> {
        if n == 13 {
            return Err(gamecheck::game::Unanswered::Budget {
                budget: gamecheck::problem::Budget::Time { seconds: 1 },
                detail: "the time budget of 1 CPU second ran out".into(),
            });
        }
        Ok(gamecheck::game::Outcome::of(n % 3 != 0))
    }
}

#[test]
fn an_input_the_reference_cannot_judge_is_named_and_kept() {
    let problem = GameProblem::new(Stopping, Question::default()).expect("a problem");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("unjudged-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = Config {
        problem_args: "stopping".into(),
        solution: Solution::parse("cat").expect("a command"),
        seed: 1,
        cases: 200,
        maximal: 0,
        max_time: Duration::from_secs(120),
        jobs: 1,
        limits: Limits {
            timeout: Duration::from_secs(10),
            max_output_bytes: 1 << 22,
            memory: None,
        },
        move_time: None,
        shrink: ShrinkLimits::default(),
        range: Range::Contest,
        overrides: Vec::new(),
        out_dir: Some(dir.clone()),
        replay: None,
        reap: false,
        build_dir: None,
    };
    let why = gamecheck::stress::stress(&problem, &config)
        .map(|r| format!("{r:?}"))
        .expect_err("heap 13 stops the reference");
    let why = why.to_string();
    let kept = dir.join("unjudged-input.txt");
    assert!(why.contains("(stopping 13)") && why.contains("seed 1"), "{why}");
    assert!(why.contains(&kept.display().to_string()), "{why}");
    // The input kept holds the case the reference could not judge.
    let input = std::fs::read_to_string(&kept).expect("the input is kept");
    assert!(input.lines().skip(1).any(|l| l.trim() == "13"), "{input}");
    let _ = std::fs::remove_dir_all(&dir);
}
