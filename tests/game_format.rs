//! Contest formats described as data ([`Format`]): a header that builds the game, a
//! token over a range of n, a count of winning moves, limits on sums, and the move
//! checker, each judged against a DP or a brute force written here.

use gamecheck::game::{Field, Format, Game, GameProblem, Output, Question};
use gamecheck::problem::{ContestFormat, Range};
use gamecheck::stress::{RunOutcome, Termination, Verdict, generate, judge};

/// A subtraction game whose moves are read from the input's header.
struct Take(Vec<u64>);

impl Default for Take {
    fn default() -> Take {
        Take(vec![1, 2])
    }
}

impl Game for Take {
    type Position = u64;
    const NAME: &'static str = "take";
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(self.0.iter().filter_map(|&s| n.checked_sub(s)));
    }
    fn format(&self) -> Format<Take> {
        Format::cases(1..=50)
            .header(
                vec![vec![Field::len("k", 1..=5)], vec![Field::list("s_i", 1..=9)]],
                self.0.clone(),
                |s| Ok(Take(s.to_vec())),
            )
            .line([Field::number("n", 0..=1000)])
            .answer(Output::winner("Alice", "Bob"))
    }
}

/// Who wins a heap of n under moves `set`, by a DP written here.
fn wins(set: &[u64], n: u64) -> bool {
    let mut win = vec![false; n as usize + 1];
    for i in 0..=n as usize {
        win[i] = set.iter().any(|&s| s as usize <= i && !win[i - s as usize]);
    }
    win[n as usize]
}

fn solve<P: ContestFormat>(problem: &P, input: &str) -> Result<String, String> {
    let mut out = Vec::new();
    problem
        .solve_stream(&mut input.as_bytes(), &mut out, false)
        .map_err(|e| format!("{e:#}"))?;
    Ok(String::from_utf8(out).expect("text"))
}

fn run(stdout: &str) -> RunOutcome {
    RunOutcome {
        termination: Termination::Exited(0),
        stdout: stdout.as_bytes().to_vec(),
        stderr: Vec::new(),
        elapsed: std::time::Duration::ZERO,
        cpu: std::time::Duration::ZERO,
    }
}

#[test]
fn a_header_builds_the_game_that_solve_answers() {
    let problem = GameProblem::new(Take::default(), Question::default()).expect("a problem");
    // S(2, 5): the header, not the flags, says which game is played.
    let input = "2\n2 5\n4\n0\n2\n7\n9\n";
    let want: String = [0, 2, 7, 9]
        .iter()
        .map(|&n| if wins(&[2, 5], n) { "Alice\n" } else { "Bob\n" })
        .collect();
    assert_eq!(solve(&problem, input), Ok(want));
    // The judge's reader runs the game the flags built, and names the other header.
    let e = problem.read_input(input.as_bytes()).expect_err("another game");
    assert!(e.to_string().starts_with("line 1:"), "{e}");
    // Its own header round-trips, written first.
    assert_eq!(problem.write_input(&[3, 4]), "2\n1 2\n2\n3\n4\n");
    assert_eq!(problem.read_input(b"2\n1 2\n2\n3\n4\n"), Ok(vec![3, 4]));
}

/// Take 1 or 2; the answer is one token over 1..=n.
#[derive(Default)]
struct RangeTake;

impl Game for RangeTake {
    type Position = u64;
    const NAME: &'static str = "range-take";
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        Take::default().moves(&n, out);
    }
    fn format(&self) -> Format<RangeTake> {
        Format::single()
            .line([Field::number("n", 1..=200)])
            .answer(Output::Range {
                from: 1,
                win: 'W',
                loss: 'L',
            })
    }
}

#[test]
fn a_token_over_a_range_is_each_position_in_turn() {
    let problem = GameProblem::new(RangeTake, Question::default()).expect("a problem");
    let want: String = (1..=12)
        .map(|n| if wins(&[1, 2], n) { 'W' } else { 'L' })
        .collect();
    assert_eq!(solve(&problem, "12\n"), Ok(format!("{want}\n")));
    let mut wrong = want.clone().into_bytes();
    wrong[5] = b'W';
    let j = judge(&problem, &[12], &run(std::str::from_utf8(&wrong).expect("text"))).expect("judged");
    assert_eq!(j.verdict, Verdict::WrongAnswer);
    assert!(j.detail.contains("first wrong at n = 6"), "{}", j.detail);
    let j = judge(&problem, &[12], &run("WWLWWLWXLWWL\n")).expect("judged");
    assert_eq!(j.verdict, Verdict::PresentationError);
    // One case, no T: every generated input is one line.
    let bounds = problem
        .constraints()
        .expect("judged")
        .bounds("range-take", Range::Contest, &[])
        .expect("bounds");
    for g in generate(&problem, 3, 50, &bounds) {
        assert_eq!((g.cases.len(), g.text.lines().count()), (1, 1), "{}", g.text);
        assert!((1..=200).contains(&g.cases[0]));
    }
}

/// Nim on at most 4 small piles; the answer is the number of winning moves.
#[derive(Default)]
struct CountNim;

impl Game for CountNim {
    type Position = Vec<u64>;
    const NAME: &'static str = "count-nim";
    fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &x) in piles.iter().enumerate() {
            out.extend((0..x).map(|y| [&piles[..i], &[y], &piles[i + 1..]].concat()));
        }
    }
    fn format(&self) -> Format<CountNim> {
        Format::cases(1..=30)
            .line([Field::len("n", 1..=4), Field::list("x_i", 0..=20)])
            .sum("n", 12)
            .answer(Output::WinningMoves)
    }
}

#[test]
fn winning_moves_are_counted_and_sums_are_kept() {
    let problem = GameProblem::new(CountNim, Question::default()).expect("a problem");
    // Brute force: the moves to a zero nim-sum.
    let count = |p: &[u64]| -> usize {
        let s = p.iter().fold(0, |a, &x| a ^ x);
        p.iter().filter(|&&x| x ^ s < x).count()
    };
    let cases: [&[u64]; 3] = [&[1, 2, 3], &[3, 5, 7], &[1, 1, 1]];
    let input = "3\n3 1 2 3\n3 3 5 7\n3 1 1 1\n";
    let want: String = cases.iter().map(|p| format!("{}\n", count(p))).collect();
    assert_eq!(solve(&problem, input), Ok(want));
    // The sum of n over the cases is at most 12: a fifth case passes it.
    let full = "4\n3 1 1 1\n3 1 1 1\n3 1 1 1\n3 1 1 1\n";
    assert_eq!(solve(&problem, full), Ok("3\n".repeat(4)));
    let over = "5\n3 1 1 1\n3 1 1 1\n3 1 1 1\n3 1 1 1\n1 4\n";
    let e = solve(&problem, over).expect_err("over the sum");
    assert!(
        e.contains("line 6") && e.contains("the sum of n over the cases is at most 12"),
        "{e}"
    );
    let bounds = problem
        .constraints()
        .expect("judged")
        .bounds("count-nim", Range::Contest, &[])
        .expect("bounds");
    for g in generate(&problem, 1, 200, &bounds) {
        let sum: usize = g.cases.iter().map(Vec::len).sum();
        assert!(
            sum <= 12 && g.cases.iter().all(|p| (1..=4).contains(&p.len())),
            "{}",
            g.text
        );
    }
}

/// Nim with a winning move printed: the default move search, and the checker.
#[derive(Default)]
struct MoveNim;

impl Game for MoveNim {
    type Position = Vec<u64>;
    const NAME: &'static str = "move-nim";
    fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        CountNim.moves(piles, out);
    }
    fn format(&self) -> Format<MoveNim> {
        Format::cases(1..=30)
            .line([Field::len("n", 1..=4)])
            .line([Field::list("x_i", 0..=20)])
            .answer(Output::Move { lost: "lose" })
    }
}

#[test]
fn every_winning_move_passes_and_nothing_else() {
    let problem = GameProblem::new(MoveNim, Question::default()).expect("a problem");
    let verdict = |cases: &[Vec<u64>], out: &str| judge(&problem, cases, &run(out)).expect("judged");
    let three = vec![vec![1, 1, 1]];
    for right in ["1 0\n", "2 0\n", "3 0\n"] {
        assert_eq!(verdict(&three, right).verdict, Verdict::Ok, "{right}");
    }
    for (out, why) in [
        ("lose\n", "expected a winning move"),
        ("1 1\n", "not a legal move"),
        ("4 0\n", "names count 4 of 3"),
    ] {
        let j = verdict(&three, out);
        assert_eq!(j.verdict, Verdict::WrongAnswer, "{out}");
        assert!(j.detail.contains(why), "{out}: {}", j.detail);
    }
    // A legal move that does not win, and a move where every move loses.
    let j = verdict(&[vec![1, 2, 3, 1]], "2 0\n");
    assert!(
        j.verdict == Verdict::WrongAnswer && j.detail.contains("legal but leaves"),
        "{}",
        j.detail
    );
    let j = verdict(&[vec![1, 2, 3]], "3 2\n");
    assert!(
        j.verdict == Verdict::WrongAnswer && j.detail.contains("expected `lose`"),
        "{}",
        j.detail
    );
    assert_eq!(verdict(&[vec![1, 2, 3]], "lose\n").verdict, Verdict::Ok);
    assert_eq!(verdict(&three, "1 x\n").verdict, Verdict::PresentationError);
    // The expected output is one winning move, in the contest's form.
    assert_eq!(
        solve(&problem, "2\n3\n1 1 1\n3\n1 2 3\n"),
        Ok("1 0\nlose\n".into())
    );
}

#[test]
fn a_users_default_format_reads_no_cases_as_the_built_in_formats_do() {
    use gamecheck::chopsticks::Chopsticks;
    /// A game with the default format: a line T, then one heap a line.
    struct Plain;
    impl Game for Plain {
        type Position = u64;
        const NAME: &'static str = "plain";
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend(n.checked_sub(1));
        }
    }
    type Solve<'a> = &'a dyn Fn(&mut &[u8], &mut Vec<u8>) -> Result<(), String>;
    let solved = |problem: Solve<'_>| {
        let mut out = Vec::new();
        problem(&mut &b"0\n"[..], &mut out).map(|()| out)
    };
    // The built-in Chopsticks reads T = 0 as no case, and prints nothing.
    let chopsticks = Chopsticks::problem(4);
    let built_in = solved(&|i, o| chopsticks.solve_stream(i, o, false).map_err(|e| e.to_string()));
    assert_eq!(built_in, Ok(Vec::new()));
    let plain = GameProblem::new(Plain, Question::default()).unwrap();
    let user = solved(&|i, o| plain.solve_stream(i, o, false).map_err(|e| e.to_string()));
    assert_eq!(user, built_in);
}

/// Cram on a board of `.` (empty) and `#` (filled): a move fills two adjacent empty cells,
/// across or down. A position is the grid field's counts: r, c, then each cell (0 `.`,
/// 1 `#`).
#[derive(Default)]
struct Cram;

impl Game for Cram {
    type Position = Vec<u64>;
    const NAME: &'static str = "cram";
    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let c = p[1] as usize;
        for i in 2..p.len() {
            let right = ((i - 2) % c + 1 < c).then_some(i + 1);
            for j in right.into_iter().chain([i + c]) {
                if j < p.len() && p[i] == 0 && p[j] == 0 {
                    let mut q = p.clone();
                    (q[i], q[j]) = (1, 1);
                    out.push(q);
                }
            }
        }
    }
    fn format(&self) -> Format<Cram> {
        Format::cases(1..=20)
            .line([Field::grid("board", ".#", 1..=4, 1..=12)])
            .answer(Output::winner("First", "Second"))
    }
}

/// Whether the player to move wins Cram on the board `rows` (`.` empty), by a search of
/// the empty cells as a bit set, written here.
fn cram_wins(rows: &[&str]) -> bool {
    fn wins(empty: u32, c: usize, memo: &mut std::collections::HashMap<u32, bool>) -> bool {
        if let Some(&w) = memo.get(&empty) {
            return w;
        }
        let mut w = false;
        for i in 0..32 {
            for j in [i + 1, i + c] {
                let beside = j != i + 1 || i % c + 1 < c;
                if beside && j < 32 && empty >> i & 1 == 1 && empty >> j & 1 == 1 {
                    w |= !wins(empty & !(1 << i) & !(1 << j), c, memo);
                }
            }
        }
        memo.insert(empty, w);
        w
    }
    let c = rows[0].len();
    let empty = rows
        .iter()
        .flat_map(|r| r.bytes())
        .enumerate()
        .fold(0u32, |e, (i, b)| if b == b'.' { e | 1 << i } else { e });
    wins(empty, c, &mut Default::default())
}

#[test]
fn a_users_grid_game_reads_writes_and_generates_through_its_grid_field() {
    let problem = GameProblem::new(Cram, Question::default()).expect("a problem");
    let boards: [&[&str]; 5] = [
        &["..", ".."],
        &["..."],
        &["...", "..."],
        &["..#", "#..", "..."],
        &["."],
    ];
    let mut input = format!("{}\n", boards.len());
    let mut want = String::new();
    for b in boards {
        input.push_str(&format!("{} {}\n{}\n", b.len(), b[0].len(), b.join("\n")));
        want.push_str(if cram_wins(b) { "First\n" } else { "Second\n" });
    }
    assert_eq!(solve(&problem, &input), Ok(want));
    // Read and written back as the same text.
    let cases = problem.read_input(input.as_bytes()).expect("read");
    assert_eq!(cases[3], vec![3, 3, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
    assert_eq!(problem.write_input(&cases), input);
    // Every generated input is read back as the cases it was written from, within the
    // sides and the cells, and small boards come first.
    let bounds = problem
        .constraints()
        .expect("judged")
        .bounds("cram", Range::Contest, &[])
        .expect("bounds");
    let mut cells = Vec::new();
    for g in generate(&problem, 7, 200, &bounds) {
        assert_eq!(
            problem.read_input(g.text.as_bytes()).as_ref(),
            Ok(&g.cases),
            "{}",
            g.text
        );
        for p in &g.cases {
            let (r, c) = (p[0], p[1]);
            assert!(
                (1..=4).contains(&r) && (1..=4).contains(&c) && r * c <= 12,
                "{p:?}"
            );
            assert_eq!(p.len() as u64, 2 + r * c);
            cells.push(r * c);
        }
    }
    assert!(
        cells.iter().any(|&n| n <= 2) && cells.iter().any(|&n| n >= 6),
        "{cells:?}"
    );
}

#[test]
fn a_bad_grid_names_its_line_and_token() {
    let problem = GameProblem::new(Cram, Question::default()).expect("a problem");
    for (input, named) in [
        // Ragged: the second row is short, or long.
        ("1\n2 3\n...\n..\n", ["line 4", "`..`", "c = 3"]),
        ("1\n2 3\n...\n....\n", ["line 4", "`....", "at most 3"]),
        // A character outside the alphabet.
        (
            "1\n2 2\n.x\n..\n",
            ["line 3", "`.x`", "`x` is not one of `.`, `#`"],
        ),
        // Above the size limit: a side, and the cells.
        ("1\n5 1\n", ["line 2", "`5`", "at most 4"]),
        ("1\n4 4\n", ["line 2", "`4 4`", "1 to 12 cells"]),
        // Two rows on one line.
        ("1\n2 1\n. .\n", ["line 3", "`.`", "after a row"]),
    ] {
        let e = problem.read_input(input.as_bytes()).expect_err(input).to_string();
        for n in named {
            assert!(e.contains(n), "{input:?}: {e}");
        }
    }
}
