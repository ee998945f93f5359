//! The `reach:` line says what the rules judge (issue 43): for a game whose positions are
//! lists of counts, the longest list and the counts they judge within their budget, and
//! for a format whose fields admit less than the rules judge, each field's own bound.

use gamecheck::game::{Field, Format, Game, GameProblem, Outcome, Output, Question, Search, Unanswered};
use gamecheck::stress::{Beyond, Config, plan};

/// CSES 2208 Another Game: a move takes one coin from each of a non-empty set of
/// non-empty heaps, so a list of n heaps has up to 2^n − 1 moves; the first player wins
/// exactly when some heap is odd (the fast path).
#[derive(Default)]
struct AnotherGame;

impl Game for AnotherGame {
    type Position = Vec<u64>;
    const NAME: &'static str = "another";

    fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        for mask in 1u64..(1 << live.len().min(20)) {
            let mut next = heaps.clone();
            for (b, &i) in live.iter().enumerate() {
                if mask >> b & 1 == 1 {
                    next[i] -= 1;
                }
            }
            next.sort_unstable();
            out.push(next);
        }
    }

    fn max_count(&self) -> u64 {
        1_000_000_000
    }

    fn move_count(&self, heaps: &Vec<u64>) -> Option<u128> {
        let live = heaps.iter().filter(|&&x| x > 0).count() as u32;
        Some(1u128.checked_shl(live).map_or(u128::MAX, |m| m - 1))
    }

    fn outcome(&self, heaps: &Vec<u64>, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(Outcome::of(heaps.iter().any(|x| x % 2 == 1)))
    }

    fn format(&self) -> Format<Self> {
        Format::cases(1..=1000)
            .line([Field::len("n", 1..=200_000)])
            .line([Field::list("x_i", 1..=1_000_000_000)])
            .sum("n", 200_000)
            .answer(Output::winner("first", "second"))
    }
}

/// Returns the number of positions a search of `heaps` visits and the moves it lists,
/// by a plain memoized search written here: every position below is reached.
fn work_of(heaps: Vec<u64>) -> u64 {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![heaps];
    let mut work = 0;
    while let Some(p) = stack.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        let mut moves = Vec::new();
        AnotherGame.moves(&p, &mut moves);
        work += 1 + moves.len() as u64;
        stack.extend(moves);
    }
    work
}

#[test]
fn a_list_game_whose_long_lists_are_beyond_the_rules_says_which_lists_they_judge() {
    let problem = GameProblem::new(AnotherGame, Question::default()).expect("a problem");
    let config = Config {
        problem_args: "another".into(),
        ..Config::default()
    };
    let (_, reach) = plan(&problem, &config).expect("a plan");
    let reach = reach.expect("a reach");
    assert_eq!(reach.beyond, Beyond::FastPath);
    let (len, counts) = reach.shorter.expect("the lists the rules judge");
    // Lists of `len` ones are within a stated probe's work (65536 moves listed and
    // positions stored), twice as many are not: their root alone lists 2^(2 len) - 1.
    assert!(work_of(vec![1; len as usize]) <= 65_536, "{len}");
    assert!(work_of(vec![1; 2 * len as usize]) > 65_536, "{len}");
    let line = reach.to_string();
    assert!(
        line.starts_with(&format!(
            "reach: the rules judge lists of up to {len} counts, each "
        )),
        "{line}"
    );
    assert!(!line.contains("counts up to 0"), "{line}");
    // The fast path covers the format's own lists, not only the probed ones.
    assert!(
        line.contains("beyond, up to 1000000000 in lists of up to 200000,"),
        "{line}"
    );
    if let Some(c) = counts {
        assert!(work_of(vec![c; len as usize]) <= 65_536, "{len} {c}");
    }
}

/// SPOJ MCOINS: a tower of n coins, a move takes 1, K or L (1 < K < L < 10); K and L are
/// stated by the input and part of the position.
#[derive(Default)]
struct Coins;

impl Game for Coins {
    type Position = (u64, u64, u64);
    const NAME: &'static str = "mcoins";

    fn moves(&self, &(k, l, n): &(u64, u64, u64), out: &mut Vec<(u64, u64, u64)>) {
        out.extend(
            [1, k, l]
                .into_iter()
                .filter_map(|s| n.checked_sub(s))
                .map(|m| (k, l, m)),
        );
    }

    fn check_position(&self, &(k, l, _): &(u64, u64, u64)) -> Result<(), String> {
        if 1 < k && k < l && l < 10 {
            Ok(())
        } else {
            Err("1 < K < L < 10".into())
        }
    }

    fn max_count(&self) -> u64 {
        1_000_000
    }

    fn format(&self) -> Format<Self> {
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
fn the_reach_names_each_field_within_the_formats_own_bound() {
    let problem = GameProblem::new(Coins, Question::default()).expect("a problem");
    let config = Config {
        problem_args: "mcoins".into(),
        ..Config::default()
    };
    let (_, reach) = plan(&problem, &config).expect("a plan");
    let reach = reach.expect("a reach");
    let line = reach.to_string();
    // K and L are bounded by the format far below what the rules judge.
    assert!(
        line.starts_with("reach: the rules judge K <= 8, L <= 9, n_i <= "),
        "{line}"
    );
    // A tower of n is judged in n + 1 positions and at most 3n moves listed: within the
    // probe's work (1,048,576) up to n = 262,143, and half of that is found by doubling.
    let r = reach.rules.expect("short of 10^6");
    assert!((131_072..=262_143).contains(&r), "{line}");
    assert!(
        line.contains(&format!("inputs are kept to n_i <= {r} (of 1000000)")),
        "{line}"
    );
}
