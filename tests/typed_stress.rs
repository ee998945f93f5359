//! `gamecheck::game::stress` from a test, as a user's crate calls it: inputs drawn where
//! the answers change (small values first, answer boundaries, the fast path's lost
//! positions), the expected answers' reach stated and kept to, and solutions given as
//! source files.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use gamecheck::game::stress::{AnswerSource, StressError};
use gamecheck::game::{
    Answer, Field, Format, Game, Outcome, Output, Play, Question, Search, Unanswered, stress,
};
use gamecheck::games::subtraction::Subtraction;
use gamecheck::stress::{Beyond, Generator, Standing, Verdict};

/// Returns a fresh directory for this test, under the target's temporary directory.
fn dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("typed-stress-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Writes `text` as `name` in `dir`; returns its path as a solution command.
fn source(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("the solution is written");
    path.to_string_lossy().into_owned()
}

/// The published tutorial error for S = {1, 3, 4}: G(6) = 1 (it is 2), right elsewhere.
const SUBTRACTION_G6: &str = "import sys
d = sys.stdin.read().split()
out = []
for n in map(int, d[1:1 + int(d[0])]):
    out.append(1 if n == 6 else [0, 1, 0, 1, 2, 3, 2][n % 7])
print('\\n'.join(map(str, out)))
";

#[test]
fn subtraction_134_grundy_with_g6_wrong_is_refuted_at_6() {
    let d = dir("subtraction-g6");
    let game = Subtraction::new(vec![1, 3, 4]).expect("a subtraction set");
    let err = stress(game, &source(&d, "sol.py", SUBTRACTION_G6))
        .question(Question {
            play: Play::Normal,
            grundy: true,
        })
        .out_dir(d.join("out"))
        .run()
        .expect_err("G(6) = 2");
    let f = err.failure().unwrap_or_else(|| panic!("{err}"));
    assert_eq!(f.positions, vec![6]);
    // The mex of G(5) = 3, G(3) = 1, G(2) = 0, written out: 2.
    assert_eq!(f.expected, vec![Answer::Grundy(2)]);
    assert_eq!((f.output.as_str(), f.verdict), ("1\n", Verdict::WrongAnswer));
    assert_eq!(
        (f.generator, &f.least),
        (Generator::SmallValues, &Standing::Least)
    );
}

/// Nim defined by its moves alone, piles up to 10^9, as a contest states it.
#[derive(Default)]
struct PlainNim;

impl Game for PlainNim {
    type Position = Vec<u64>;
    const NAME: &'static str = "plain-nim";

    fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &x) in piles.iter().enumerate() {
            out.extend((0..x).map(|y| [&piles[..i], &[y], &piles[i + 1..]].concat()));
        }
    }

    fn components(&self, piles: &Vec<u64>) -> Vec<Vec<u64>> {
        piles.iter().map(|&x| vec![x]).collect()
    }

    fn max_count(&self) -> u64 {
        1_000_000_000
    }

    fn format(&self) -> Format<PlainNim> {
        Format::cases(1..=10)
            .line([Field::len("n", 1..=10)])
            .line([Field::list("x_i", 0..=1_000_000_000)])
            .answer(Output::winner("First", "Second"))
    }
}

const NIM_XOR: &str = "import sys
d = list(map(int, sys.stdin.read().split()))
t, i, out = d[0], 1, []
for _ in range(t):
    n = d[i]; x = 0
    for v in d[i + 1:i + 1 + n]:
        x ^= v
    i += 1 + n
    out.append('First' if x else 'Second')
print('\\n'.join(out))
";

/// Piles up to 10^9 and no fast path: the run says where the rules' reach ends, keeps
/// its inputs there, and finishes.
#[test]
fn moves_only_nim_at_contest_ranges_states_its_reach_and_finishes() {
    let d = dir("plain-nim");
    let passed = stress(PlainNim, &source(&d, "nim.py", NIM_XOR))
        .cases(30)
        .out_dir(d.join("out"))
        .run()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(passed.inputs, 30);
    let reach = passed.reach.expect("the reach is stated");
    // What the banner of `stress` prints (seen with `--nocapture`).
    eprintln!("{reach}");
    assert_eq!(reach.beyond, Beyond::Nothing);
    assert_eq!(reach.top, 1_000_000_000);
    let rules = reach.rules.expect("the rules do not reach 10^9");
    assert!((16..1_000_000_000).contains(&rules), "{reach}");
    // The cap names the field it bounds.
    assert!(
        reach
            .to_string()
            .contains(&format!("inputs are kept to x_i <= {rules} (of 1000000000)")),
        "{reach}"
    );
    assert!(
        passed.ranges.contains(&format!("x_i <= {rules}")),
        "{}",
        passed.ranges
    );
}

/// ⌊kφ⌋, exactly: (k + ⌊√(5k²)⌋) / 2.
fn floor_phi(k: u64) -> u64 {
    let k = u128::from(k);
    u64::try_from((k + (5 * k * k).isqrt()) / 2).unwrap_or(u64::MAX)
}

/// Wythoff's game as a user writes it: its moves, and an exact integer fast path (the
/// P-positions (⌊kφ⌋, ⌊kφ⌋ + k) and the move to one). No generator of its own.
#[derive(Default)]
struct UserWythoff;

impl UserWythoff {
    fn lost(x: u64, y: u64) -> bool {
        let (a, b) = (x.min(y), x.max(y));
        a == floor_phi(b - a)
    }

    fn winning(x: u64, y: u64) -> Option<(u64, u64)> {
        let (a, b) = (x.min(y), x.max(y));
        let k = b - a;
        let ak = floor_phi(k);
        if a == ak {
            return None;
        }
        if a > ak {
            let d = a - ak;
            return Some((x - d, y - d));
        }
        let larger_to = |v: u64| if x <= y { (x, v) } else { (v, y) };
        let near = |num: u128| u64::try_from(u128::from(a) * num / 1_000_000_000_000_000_000).unwrap_or(0);
        let j = near(618_033_988_749_894_848);
        if let Some(j) = (j.saturating_sub(3)..=j + 3).find(|&j| floor_phi(j) == a) {
            return Some(larger_to(a + j));
        }
        let j = near(381_966_011_250_105_152);
        (j.saturating_sub(3)..=j + 3)
            .find(|&j| floor_phi(j) + j == a)
            .map(|j| larger_to(a - j))
    }
}

impl Game for UserWythoff {
    type Position = (u64, u64);
    const NAME: &'static str = "user-wythoff";

    fn moves(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..x).map(|v| (v, y)));
        out.extend((0..y).map(|v| (x, v)));
        out.extend((1..=x.min(y)).map(|d| (x - d, y - d)));
    }

    fn max_count(&self) -> u64 {
        1_000_000_000_000_000_000
    }

    fn move_count(&self, &(x, y): &(u64, u64)) -> Option<u128> {
        Some(u128::from(x) + u128::from(y) + u128::from(x.min(y)))
    }

    fn is_move(&self, &(x, y): &(u64, u64), &(u, v): &(u64, u64)) -> bool {
        (u < x && v == y) || (u == x && v < y) || (u < x && v < y && x - u == y - v)
    }

    fn outcome(&self, &(x, y): &(u64, u64), _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of(!UserWythoff::lost(x, y)))
    }

    fn winning_move(
        &self,
        &(x, y): &(u64, u64),
        play: Play,
        search: &mut Search<Self>,
    ) -> Result<Option<(u64, u64)>, Unanswered> {
        match play {
            Play::Normal => Ok(UserWythoff::winning(x, y)),
            Play::Misere => {
                let mut moves = Vec::new();
                self.moves(&(x, y), &mut moves);
                for q in moves {
                    if search.misere_outcome(&q)? == Outcome::Loss {
                        return Ok(Some(q));
                    }
                }
                Ok(None)
            }
        }
    }
}

/// A contestant's Wythoff: the P-position of difference k is (⌊kφ⌋, ⌊kφ⌋ + k), with kφ
/// in double precision.
const WYTHOFF_FLOAT: &str = r#"#include <math.h>
#include <stdio.h>
int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    const double phi = (1 + sqrt(5.0)) / 2;
    while (t--) {
        unsigned long long x, y;
        if (scanf("%llu %llu", &x, &y) != 2) return 1;
        unsigned long long a = x < y ? x : y, b = x < y ? y : x, k = b - a;
        puts(a == (unsigned long long)floor(k * phi) ? "Second" : "First");
    }
    return 0;
}
"#;

#[test]
fn a_float_wythoff_is_refuted_through_a_users_game_without_a_generator() {
    let d = dir("wythoff-float");
    let err = stress(UserWythoff, &source(&d, "wythoff.c", WYTHOFF_FLOAT))
        .build_dir(d.join("builds"))
        .out_dir(d.join("out"))
        .run()
        .expect_err("kφ in double is wrong for large k");
    eprintln!("{err}");
    let f = err.failure().unwrap_or_else(|| panic!("{err}"));
    assert_eq!(f.generator, Generator::NearLost);
    let [(x, y)] = f.positions[..] else {
        panic!("one case expected: {:?}", f.positions)
    };
    // It really fails: by Zeckendorf's theorem (no φ involved), the printed answer is wrong.
    let printed_lost = f.output.trim() == "Second";
    assert_ne!(printed_lost, lost_by_zeckendorf(x, y), "({x}, {y})");
    assert_eq!(
        f.expected,
        vec![Answer::Outcome(Outcome::of(!lost_by_zeckendorf(x, y)))]
    );
}

#[test]
fn the_zeckendorf_test_matches_a_wythoff_dp_on_small_piles() {
    const N: usize = 60;
    let mut lost = [[false; N]; N];
    for x in 0..N {
        for y in 0..N {
            let to_lost = (0..x).any(|u| lost[u][y])
                || (0..y).any(|v| lost[x][v])
                || (1..=x.min(y)).any(|d| lost[x - d][y - d]);
            lost[x][y] = !to_lost;
            assert_eq!(lost_by_zeckendorf(x as u64, y as u64), lost[x][y], "({x}, {y})");
        }
    }
}

/// Whether (x, y) is a Wythoff P-position, by Zeckendorf representations: with F_2 = 1,
/// F_3 = 2, …, the smaller pile a > 0 must have its least Fibonacci term at an even index
/// and the larger must be a with every term moved one index up.
fn lost_by_zeckendorf(x: u64, y: u64) -> bool {
    let (a, b) = (u128::from(x.min(y)), u128::from(x.max(y)));
    if a == 0 {
        return b == 0;
    }
    let mut fib = vec![1u128, 2]; // F_2, F_3, …
    while fib[fib.len() - 1] <= a {
        let n = fib.len();
        fib.push(fib[n - 1] + fib[n - 2]);
    }
    let (mut rest, mut shifted, mut least) = (a, 0u128, 0);
    for i in (0..fib.len() - 1).rev() {
        if fib[i] <= rest {
            rest -= fib[i];
            shifted += fib[i + 1];
            least = i + 2;
        }
    }
    least % 2 == 0 && shifted == b
}

#[test]
fn a_rules_only_run_of_a_game_with_a_fast_path_stays_in_reach() {
    let d = dir("wythoff-rules");
    // Right by the rules: a Python search would do; the float one is right at small sizes.
    let passed = stress(UserWythoff, &source(&d, "wythoff.c", WYTHOFF_FLOAT))
        .answers_from(AnswerSource::Rules)
        .cases(30)
        .build_dir(d.join("builds"))
        .out_dir(d.join("out"))
        .run()
        .unwrap_or_else(|e| panic!("{e}"));
    let reach = passed.reach.expect("the reach is stated");
    assert_eq!(reach.beyond, Beyond::Nothing, "{reach}");
}

#[test]
fn a_solution_that_does_not_compile_stops_the_run_before_any_input() {
    let d = dir("builds");
    let builds = d.join("cache");
    let bad = source(&d, "bad.c", "int main(void) { return missing; }\n");
    let err = stress(PlainNim, &bad)
        .build_dir(&builds)
        .run()
        .expect_err("no build");
    assert!(
        matches!(err, StressError::Unusable(_)) && err.to_string().contains("failed to compile"),
        "{err}"
    );
}

#[test]
fn a_java_solution_is_compiled_and_run_by_its_class() {
    if std::process::Command::new("javac")
        .arg("-version")
        .output()
        .is_err()
    {
        eprintln!("note: no javac; the Java solution is not tried");
        return;
    }
    let d = dir("java");
    let sol = source(
        &d,
        "Sol.java",
        "import java.util.*;\npublic class Sol { public static void main(String[] a) { \
         Scanner s = new Scanner(System.in); int t = s.nextInt(); \
         for (int i = 0; i < t; i++) { int n = s.nextInt(); long x = 0; \
         for (int j = 0; j < n; j++) x ^= s.nextLong(); \
         System.out.println(x != 0 ? \"First\" : \"Second\"); } } }\n",
    );
    let passed = stress(PlainNim, &sol)
        .cases(8)
        .build_dir(d.join("builds"))
        .out_dir(d.join("out"))
        .timeout(std::time::Duration::from_secs(10))
        .run()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(passed.inputs, 8);
}

/// Take 1 or 2 stones, stated as CSES states its games: T up to 2·10^5, more cases than
/// stress puts in one input. The editorial's rule is its fast path.
#[derive(Default)]
struct ManyCases;

impl Game for ManyCases {
    type Position = u64;
    const NAME: &'static str = "many-cases";

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend([1, 2].into_iter().filter_map(|t| n.checked_sub(t)));
    }

    fn max_count(&self) -> u64 {
        1_000_000_000
    }

    fn outcome(&self, &n: &u64, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of(n % 3 != 0))
    }

    fn format(&self) -> Format<ManyCases> {
        Format::cases(1..=200_000)
            .line([Field::number("n", 0..=1_000_000_000)])
            .answer(Output::winner("First", "Second"))
    }
}

/// The contest's own T above what stress holds is capped and said on the `ranges:` line;
/// only a `--max-cases` the user gives above it is refused.
#[test]
fn a_contests_own_t_is_capped_and_said_and_only_a_given_flag_is_refused() {
    let d = dir("many-cases");
    let log = d.join("inputs.txt");
    let solution = format!(
        "sh -c 'tee -a {} | awk \"NR > 1 {{ print (\\$1 % 3 ? \\\"First\\\" : \\\"Second\\\") }}\"'",
        log.display()
    );
    let passed = stress(ManyCases, &solution)
        .cases(4)
        .jobs(1)
        .out_dir(d.join("out"))
        .run()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(passed.inputs, 4);
    assert!(
        passed
            .ranges
            .contains("T capped at 100000 of the contest's 200000"),
        "{}",
        passed.ranges
    );
    assert!(passed.ranges.starts_with("T <= 100000,"), "{}", passed.ranges);
    // Every input the solution read holds at most 10^5 cases, and one holds more than 100.
    let inputs = std::fs::read_to_string(&log).expect("the solution logged its inputs");
    let mut lines = inputs.lines();
    let mut ts = Vec::new();
    while let Some(t) = lines.next() {
        let t: usize = t.trim().parse().expect("T");
        assert_eq!(lines.by_ref().take(t).count(), t);
        ts.push(t);
    }
    assert_eq!(ts.len(), 4, "{ts:?}");
    assert!(
        ts.iter().all(|&t| t <= 100_000) && ts.iter().any(|&t| t > 100),
        "{ts:?}"
    );
    // A --max-cases given above it is the user's: refused, naming the flag.
    let err = stress(ManyCases, &solution)
        .max("cases", 200_000)
        .out_dir(d.join("out-given"))
        .run()
        .expect_err("--max-cases 200000 is refused");
    assert!(
        matches!(err, StressError::Unusable(_)) && err.to_string().contains("--max-cases 200000"),
        "{err}"
    );
}

/// A heap from which the first move takes 1 or 2 and every later one 1: a position holds
/// whether a move was made, which the input (the heap alone) does not state, as a token's
/// square in Codeforces 1451D or a pile's amounts taken in 768E.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Marked(u64, bool);

impl gamecheck::game::Position for Marked {
    const ARITY: Option<usize> = Some(1);

    fn counts(&self) -> Vec<u64> {
        vec![self.0]
    }

    fn from_counts(c: &[u64]) -> Option<Marked> {
        match *c {
            [n] => Some(Marked(n, false)),
            _ => None,
        }
    }

    /// Marked and unmarked heaps alike: the game's own draw (`drawn_by_game`) gives
    /// positions the input cannot state, as near-lost's moves do.
    fn strategy(max: u64, _: usize) -> proptest::strategy::BoxedStrategy<Marked> {
        use proptest::prelude::*;
        (0..=max, any::<bool>()).prop_map(|(n, m)| Marked(n, m)).boxed()
    }
}

struct FirstMoveTwo;

impl Game for FirstMoveTwo {
    type Position = Marked;
    const NAME: &'static str = "first-move-two";

    fn moves(&self, p: &Marked, out: &mut Vec<Marked>) {
        let most = if p.1 { 1 } else { 2 };
        out.extend((1..=most.min(p.0)).map(|k| Marked(p.0 - k, true)));
    }

    fn max_count(&self) -> u64 {
        200
    }

    fn format(&self) -> Format<Self> {
        Format::cases(1..=20)
            .line([Field::number("n", 0..=200)])
            .answer(Output::winner("First", "Second"))
            .drawn_by_game()
    }
}

/// From a fresh heap of n >= 1 the first player moves to an even heap of single steps.
const FIRST_MOVE_TWO: &str = "import sys
d = list(map(int, sys.stdin.read().split()))
print('\\n'.join('First' if n >= 1 else 'Second' for n in d[1:1 + d[0]]))
";

#[test]
fn every_input_is_judged_as_its_text_states_it() {
    use gamecheck::game::GameProblem;
    use gamecheck::problem::{ContestFormat, Range};
    use gamecheck::stress::Inputs;
    let p = GameProblem::new(FirstMoveTwo, Question::default()).expect("a problem");
    let bounds = p
        .constraints()
        .and_then(|k| {
            k.bounds("first-move-two", Range::Contest, &[])
                .map_err(|e| e.to_string())
        })
        .expect("bounds");
    let mut inputs: Vec<_> = Inputs::for_run(&p, 1, &bounds, 200).take(200).collect();
    inputs.extend(Inputs::maximal(&p, 1, &bounds).take(4));
    // Near-lost inputs are positions after a winning move, every one of them marked; half
    // the random and maximal inputs' cases are the game's own draw, marked or not.
    for drawn_by in [Generator::NearLost, Generator::Random, Generator::Maximal] {
        assert!(
            inputs.iter().any(|g| g.generator == drawn_by),
            "no {drawn_by:?} input"
        );
    }
    for g in &inputs {
        let read = p.read_input(g.text.as_bytes()).expect("an input it wrote reads");
        assert_eq!(g.cases, read, "{:?} input {:?}", g.generator, g.text);
    }
    // And a right program passes, where the marked positions' answers failed it.
    let d = dir("first-move-two");
    let passed = stress(FirstMoveTwo, &source(&d, "sol.py", FIRST_MOVE_TWO))
        .out_dir(d.join("out"))
        .run()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(passed.inputs, 200);
}

/// [`FirstMoveTwo`] whose winning moves are counted: the searches near-lost spends.
#[derive(Default)]
struct CountedFirstMoveTwo {
    searched: Arc<AtomicU64>,
}

impl Game for CountedFirstMoveTwo {
    type Position = Marked;
    const NAME: &'static str = "counted-first-move-two";

    fn moves(&self, p: &Marked, out: &mut Vec<Marked>) {
        FirstMoveTwo.moves(p, out);
    }

    fn max_count(&self) -> u64 {
        200
    }

    fn winning_move(
        &self,
        p: &Marked,
        _: Play,
        search: &mut Search<Self>,
    ) -> Result<Option<Marked>, Unanswered> {
        self.searched.fetch_add(1, Ordering::Relaxed);
        let mut moves = Vec::new();
        self.moves(p, &mut moves);
        for q in moves {
            if search.outcome(&q)? == Outcome::Loss {
                return Ok(Some(q));
            }
        }
        Ok(None)
    }

    fn format(&self) -> Format<Self> {
        Format::cases(1..=20)
            .line([Field::number("n", 0..=200)])
            .answer(Output::winner("First", "Second"))
    }
}

#[test]
fn near_lost_stops_searching_once_an_input_does_not_read_back_as_itself() {
    use gamecheck::game::GameProblem;
    use gamecheck::problem::{ContestFormat, Range};
    use gamecheck::stress::Inputs;
    let searched = Arc::new(AtomicU64::new(0));
    let game = CountedFirstMoveTwo {
        searched: Arc::clone(&searched),
    };
    let p = GameProblem::new(game, Question::default()).expect("a problem");
    let bounds = p
        .constraints()
        .and_then(|k| {
            k.bounds("counted-first-move-two", Range::Contest, &[])
                .map_err(|e| e.to_string())
        })
        .expect("bounds");
    let mut inputs = Inputs::for_run(&p, 1, &bounds, 200);
    // Every position after a move is marked, so the first near-lost input is read back as
    // other positions (unmarked heaps).
    let mut taken = 0;
    let at_first = loop {
        let g = inputs.next().expect("an input");
        taken += 1;
        if g.generator == Generator::NearLost {
            break searched.load(Ordering::Relaxed);
        }
        assert!(taken < 200, "no near-lost input in 200");
    };
    assert!(at_first > 0, "near-lost searched for no winning move");
    let rest: Vec<_> = inputs.take(200 - taken).collect();
    assert_eq!(
        searched.load(Ordering::Relaxed),
        at_first,
        "winning moves searched after an input read back as other positions"
    );
    assert!(rest.iter().all(|g| g.generator != Generator::NearLost));
    // Its turns went to random inputs: the run is as long.
    assert_eq!(rest.len() + taken, 200);
}
