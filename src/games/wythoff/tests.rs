//! Wythoff's game: the exact P-test against the generic rules oracle and the mex table,
//! through the same properties `gamecheck check` runs, plus exhaustive boxes, and what
//! the subcommands reach through the registry.

use std::collections::BTreeSet;
use std::path::Path;

use gamecheck_oracles::wythoff_mex_table::WythoffTable;

use super::{Piles, Wythoff, floor_phi, is_p_position, picture, winning_move};
use crate::game::{Answer, Game, GameProblem, Outcome, Play, Question};
use crate::games::{Registered, Visit, visit};
use crate::plot::Mark;
use crate::problem::{FlagValue, Flags, Problem, disagreements};
use crate::prove::{ProofProgress, ProofRun, ProveCommand, Shard};

/// The registered problem: who wins, normal play.
fn wythoff() -> GameProblem<Wythoff> {
    GameProblem::new(Wythoff, Question::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs the property as `gamecheck check` and the integration tests do.
#[track_caller]
fn holds(name: &str, cases: u32) {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    crate::check::assert_holds(&wythoff(), name, cases, Some(here));
}

#[test]
fn p_test_matches_rules_oracle() {
    holds("outcome_matches_rules_oracle", 500);
}

#[test]
fn grundy_and_misere_searches_match_rules_oracle() {
    holds("grundy_matches_rules_oracle", 200);
    holds("misere_matches_rules_oracle", 200);
}

#[test]
fn p_test_matches_mex_table() {
    holds("p_test_matches_mex_table", 5000);
}

#[test]
fn winning_move_is_certified() {
    holds("winning_move_is_certified", 20_000);
}

#[test]
fn fast_path_is_bellman_consistent() {
    holds("fast_path_is_bellman_consistent", 2000);
}

#[test]
fn p_test_matches_mex_table_exhaustively_below_2000() {
    let table = WythoffTable::build(2000).unwrap_or_else(|e| panic!("{e}"));
    for x in 0..2000 {
        for y in 0..2000 {
            assert_eq!(Some(is_p_position(x, y)), table.is_p_position(x, y), "({x}, {y})");
        }
    }
}

#[test]
fn p_test_matches_mex_table_on_every_diagonal_below_2_to_20() {
    // Along each diagonal j = y - x the table has one P-position: the P-test must find
    // exactly it, also far beyond the exhaustive box.
    let limit = 1u64 << 20;
    let table = WythoffTable::build(limit).unwrap_or_else(|e| panic!("{e}"));
    let mut j = 0;
    while let Ok(a) = u64::try_from(floor_phi(j)) {
        if a + j >= limit {
            break;
        }
        for x in [a.saturating_sub(1), a, a + 1] {
            if x + j < limit {
                assert_eq!(
                    Some(is_p_position(x, x + j)),
                    table.is_p_position(x, x + j),
                    "j = {j}, x = {x}"
                );
            }
        }
        j += 1;
    }
}

#[test]
fn floor_phi_and_the_p_test_agree_near_the_largest_diagonals() {
    // Two independent exact methods: ⌊jφ⌋ (a square root of 5j², or a search on squares)
    // and the P-test's sign test of k² + kj − j². The P-position of each diagonal must be
    // exactly (⌊jφ⌋, ⌊jφ⌋ + j), and its neighbours on the diagonal must not be.
    let mut fib = vec![1u64, 2];
    while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        fib.push(next);
    }
    let js = ((1u64 << 62) - 1000..(1u64 << 62))
        .chain(fib)
        .chain([u64::MAX / 3]);
    // And a third, the Zeckendorf test, for the P-position found on each diagonal.
    let fib_digits = fibonacci();
    for j in js {
        let Some(a) = u64::try_from(floor_phi(j))
            .ok()
            .filter(|a| a.checked_add(j).is_some())
        else {
            continue;
        };
        assert!(is_p_position(a, a + j), "j = {j}");
        assert!(zeckendorf_p(&fib_digits, a, a + j), "j = {j}");
        assert!(!is_p_position(a - 1, a - 1 + j) || a == 0, "j = {j}");
        if let Some(y) = (a + 1).checked_add(j) {
            assert!(!is_p_position(a + 1, y), "j = {j}");
        }
    }
}

/// The Fibonacci numbers 1, 2, 3, 5, … up to the first above 2^66, as `u128`.
fn fibonacci() -> Vec<u128> {
    let mut fib = vec![1u128, 2];
    while fib[fib.len() - 1] < 1 << 66 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    fib
}

/// The Zeckendorf digits of n > 0 (indices into [`fibonacci`]), greedily from the largest.
fn zeckendorf(fib: &[u128], mut n: u128) -> Vec<usize> {
    let mut digits = Vec::new();
    for i in (0..fib.len()).rev() {
        if fib[i] <= n {
            digits.push(i);
            n -= fib[i];
        }
    }
    digits
}

/// Whether (x, y) is a P-position, with no √5 and none of the P-test's code: besides (0, 0),
/// the P-positions are the pairs whose smaller pile has a Zeckendorf representation ending
/// in an even number of zeros and whose larger pile is that representation shifted left
/// by one place (the lower and upper Wythoff numbers; Silber 1976). Exact in `u128` for
/// every `u64` pair.
fn zeckendorf_p(fib: &[u128], x: u64, y: u64) -> bool {
    let (lo, hi) = (x.min(y), x.max(y));
    if lo == 0 {
        return hi == 0;
    }
    let digits = zeckendorf(fib, u128::from(lo));
    let trailing_zeros = digits.last().copied().unwrap_or(0);
    trailing_zeros % 2 == 0 && digits.iter().map(|&i| fib[i + 1]).sum::<u128>() == u128::from(hi)
}

/// Whether (x, y) → (nx, ny) is a move: from one pile, or the same from both.
fn is_move(x: u64, y: u64, nx: u64, ny: u64) -> bool {
    match (x.checked_sub(nx), y.checked_sub(ny)) {
        (Some(0), Some(d)) | (Some(d), Some(0)) => d > 0,
        (Some(a), Some(b)) => a == b && a > 0,
        _ => false,
    }
}

#[test]
fn zeckendorf_test_matches_an_inline_mex_construction() {
    // The P-positions below 200000 by the mex rule, inline: the j-th has the least pile a
    // not yet used, and b = a + j.
    let limit = 200_000usize;
    let fib = fibonacci();
    let mut used = vec![false; 3 * limit];
    let mut partner = vec![None; limit];
    let (mut a, mut j) = (0usize, 0usize);
    loop {
        while a < limit && used[a] {
            a += 1;
        }
        if a == limit {
            break;
        }
        used[a] = true;
        used[a + j] = true;
        partner[a] = Some(a + j);
        j += 1;
    }
    // Every pair in a box, then each lower pile's partner and its neighbours further out.
    for x in 0..600u64 {
        for y in 0..600u64 {
            let lo = x.min(y) as usize;
            let want = partner[lo] == Some(x.max(y) as usize);
            assert_eq!(zeckendorf_p(&fib, x, y), want, "({x}, {y})");
        }
    }
    let mut lower = 0;
    for (x, b) in partner.iter().enumerate() {
        let x = x as u64;
        match *b {
            Some(b) => {
                let b = b as u64;
                lower += 1;
                assert!(zeckendorf_p(&fib, x, b) && zeckendorf_p(&fib, b, x), "({x}, {b})");
                assert!(!zeckendorf_p(&fib, x, b + 1), "({x}, {})", b + 1);
                assert!(x == 0 || !zeckendorf_p(&fib, x, b - 1), "({x}, {})", b - 1);
            }
            // An upper pile: its partner is smaller, so nothing at or above it.
            None => assert!(!zeckendorf_p(&fib, x, x) && !zeckendorf_p(&fib, x, x + 1)),
        }
    }
    assert!(lower > 100_000, "{lower} lower piles");
}

#[test]
fn p_test_matches_zeckendorf_at_the_top_of_u64() {
    // The P-positions whose piles reach u64::MAX, built from Zeckendorf digits (no √5):
    // a lower Wythoff number x near u64::MAX / φ and its partner near u64::MAX.
    let fib = fibonacci();
    let top_lower = 11_400_714_819_323_198_485u64; // ⌊u64::MAX / φ⌋
    let mut found = 0;
    for x in (top_lower - 3000..=top_lower + 3).chain([top_lower / 2, 1 << 62, (1 << 63) - 1]) {
        let digits = zeckendorf(&fib, u128::from(x));
        if digits.last().is_some_and(|&t| t % 2 == 1) {
            continue;
        }
        let Ok(y) = u64::try_from(digits.iter().map(|&i| fib[i + 1]).sum::<u128>()) else {
            continue;
        };
        found += 1;
        assert!(is_p_position(x, y) && is_p_position(y, x), "({x}, {y})");
        for (nx, ny) in [(x, y - 1), (x + 1, y), (x - 1, y), (x + 1, y - 1)] {
            assert!(!is_p_position(nx, ny), "({nx}, {ny})");
        }
        if y < u64::MAX {
            assert!(!is_p_position(x, y + 1), "({x}, {})", y + 1);
        }
    }
    assert!(found > 1000, "only {found} P-positions near the top");
    // Random piles near the top and anywhere: the two tests agree.
    use rand::{RngExt, SeedableRng};
    let seed = 20_260_613;
    println!("seed {seed}");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..20_000 {
        let (x, y) = match rng.random_range(0..3) {
            0 => (
                u64::MAX - rng.random_range(0..1 << 20),
                u64::MAX - rng.random_range(0..1 << 20),
            ),
            1 => (
                top_lower + rng.random_range(0..1 << 10),
                u64::MAX - rng.random_range(0..1 << 10),
            ),
            _ => (rng.random(), rng.random()),
        };
        assert_eq!(is_p_position(x, y), zeckendorf_p(&fib, x, y), "({x}, {y})");
    }
}

#[test]
fn winning_moves_are_certified_at_the_largest_piles() {
    let fib = fibonacci();
    let problem = wythoff();
    for (x, y) in [
        (u64::MAX, u64::MAX),
        (u64::MAX, 0),
        (u64::MAX - 1, u64::MAX),
        (1 << 63, u64::MAX),
        (11_400_714_819_323_198_485, u64::MAX),
        (u64::MAX / 2, u64::MAX / 3),
    ] {
        let p = Piles { x, y };
        // A change detector: the certificate row calls the P-test itself.
        let rows = problem.evaluate(&p);
        assert!(!disagreements(&rows).contains(&true), "{rows:?}");
        // The evidence: the Zeckendorf test, which shares no code with the P-test.
        match winning_move(x, y) {
            Some((nx, ny)) => {
                assert!(!zeckendorf_p(&fib, x, y), "({x}, {y}) is a P-position");
                assert!(is_move(x, y, nx, ny), "({x}, {y}) -> ({nx}, {ny})");
                assert!(
                    Wythoff.is_move(&p, &Piles { x: nx, y: ny }),
                    "({x}, {y}) -> ({nx}, {ny})"
                );
                assert!(zeckendorf_p(&fib, nx, ny), "({x}, {y}) -> ({nx}, {ny})");
            }
            None => assert!(zeckendorf_p(&fib, x, y), "no move from ({x}, {y})"),
        }
    }
}

/// Runs `prove wythoff --max-pile L` on `shard`; returns (checked, total, mismatches)
/// and the number of cases announced.
fn prove_shard(l: u64, shard: Shard) -> Result<(u64, u64, u64, u64), String> {
    let started = std::sync::atomic::AtomicU64::new(0);
    let progress = ProofProgress {
        shard: &|| Ok(shard),
        start: &|n| started.store(n, std::sync::atomic::Ordering::Relaxed),
        advance: &|_| {},
    };
    let flags = Flags::from_iter([("max-pile", FlagValue::Number(l))]);
    match Wythoff.run(&flags, &progress).map_err(|e| e.to_string())? {
        ProofRun::Bounded(s) => Ok((
            s.checked,
            s.total,
            s.mismatch_count,
            started.load(std::sync::atomic::Ordering::Relaxed),
        )),
        other => Err(format!("{other:?}")),
    }
}

#[test]
fn prove_covers_every_position_below_the_bound_and_shards_partition_it() {
    assert_eq!(prove_shard(500, Shard::WHOLE), Ok((250_000, 250_000, 0, 250_000)));
    let parts: u64 = (1..=3)
        .map(|index| prove_shard(500, Shard { index, count: 3 }).map_or(0, |(checked, ..)| checked))
        .sum();
    assert_eq!(parts, 250_000);
    assert_eq!(prove_shard(8, Shard { index: 2, count: 2 }), Ok((32, 64, 0, 32)));
    // Outside the mex table's limits, refused before any case.
    for l in [0, (1 << 26) + 1] {
        let err = prove_shard(l, Shard::WHOLE).expect_err("out of range");
        assert!(err.contains("the mex table covers 1 to 67108864 piles"), "{err}");
    }
    assert!(
        Wythoff
            .run(
                &Flags::default(),
                &ProofProgress {
                    shard: &|| Ok(Shard::WHOLE),
                    start: &|_| {},
                    advance: &|_| {},
                }
            )
            .is_err()
    );
}

#[test]
fn the_registry_builds_wythoff_with_its_commands() {
    struct Has;
    impl Visit for Has {
        type Output = (bool, bool, bool);
        fn visit<P: Registered>(self, p: &P) -> Self::Output {
            let typed = p.typed_claim("x == y", 1, 10).is_some();
            let prove = p.prove_command().is_some_and(|c| c.about().contains("mex table"));
            let plot = p
                .plot_command()
                .is_some_and(|c| c.about().contains("P-positions"));
            (prove, plot, typed)
        }
    }
    assert_eq!(visit("wythoff", &Flags::default(), Has), Ok((true, true, true)));
    let entries = crate::games::catalog()
        .into_iter()
        .filter(|e| e.game == "wythoff")
        .count();
    assert_eq!(entries, 3);
}

#[test]
fn committed_picture_is_what_plot_wythoff_draws() {
    use crate::plot::PlotCommand;
    let flags = Flags::from_iter([("max", FlagValue::Number(40))]);
    let svg = Wythoff
        .picture(&flags)
        .and_then(|p| p.to_svg())
        .unwrap_or_else(|e| panic!("{e}"));
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/img/wythoff-p-positions.svg");
    let expected = std::fs::read_to_string(committed).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        svg == expected,
        "regenerate it with `gamecheck plot wythoff --out docs/img/wythoff-p-positions.svg`"
    );
}

#[test]
fn crosses_mark_exactly_where_a_broken_p_test_differs_from_the_table() {
    let table = WythoffTable::build(41).unwrap_or_else(|e| panic!("{e}"));
    let xor = |x: u64, y: u64| x ^ y == 0;
    let picture = picture::p_position_picture(40, &xor).unwrap_or_else(|e| panic!("{e}"));
    let expected: BTreeSet<(u64, u64)> = (0..=40u64)
        .flat_map(|x| (0..=40u64).map(move |y| (x, y)))
        .filter(|&(x, y)| table.is_p_position(x, y) != Some(xor(x, y)))
        .collect();
    assert!(!expected.is_empty());
    let crossed: BTreeSet<(u64, u64)> = picture
        .marked(Mark::Cross)
        .into_iter()
        .map(|(_, x, y)| (x, y))
        .collect();
    assert_eq!(crossed, expected);
}

#[test]
fn repro_agrees_at_a_p_position_and_its_neighbour_and_shows_the_mex_table() {
    let problem = wythoff();
    for (x, y) in [(3, 5), (3, 4), (0, 0)] {
        let r = crate::check::repro(&problem, Piles { x, y });
        assert!(r.agree(), "{}", r.to_text("repro"));
        assert!(r.to_text("repro").contains("mex table"), "{}", r.to_text("repro"));
    }
}

#[test]
fn descent_from_a_far_float_failure_reaches_the_least_one() {
    // The failure stress found first in the README's run, near 2·10^15: halving alone
    // never lands on another failure, the Fibonacci diagonals (`Game::descent`) do. The
    // least is the P-position of diagonal F_40, where the f64 product first rounds up.
    use super::catalog_claims::float_formula;
    let fails = |p: &Piles| float_formula(p.x, p.y) != is_p_position(p.x, p.y);
    let start = Piles {
        x: 1_915_180_698_010_486,
        y: 3_098_827_463_978_715,
    };
    assert!(fails(&start));
    let (least, _) = crate::problem::least(&wythoff(), &fails, start, 1 << 16);
    assert_eq!((least.x, least.y), (165_580_140, 267_914_295));
    // The evidence that it is a P-position: the Zeckendorf test, apart from the P-test.
    assert!(zeckendorf_p(&fibonacci(), least.x, least.y));
}

#[test]
fn plot_refuses_exactly_the_sizes_it_cannot_draw_and_says_so() {
    use super::picture::{MAX_PILE, p_position_picture};
    // Every --max the message allows draws; the next one is refused with a message that
    // names the true limit.
    assert!(p_position_picture(MAX_PILE, &is_p_position).is_ok());
    for max in [MAX_PILE + 1, 1023, 1024] {
        let err = p_position_picture(max, &is_p_position)
            .expect_err("too large")
            .to_string();
        assert!(err.contains(&format!("at most {MAX_PILE}")), "{max}: {err}");
    }
    assert_eq!(MAX_PILE, 255);
}

/// Wythoff's Grundy values for piles below `n`, by the mex over every move, written here
/// apart from the game's moves.
fn inline_grundy(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n]; n];
    for x in 0..n {
        for y in 0..n {
            let mut seen = vec![false; 3 * n + 1];
            let options = (0..x)
                .map(|v| g[v][y])
                .chain((0..y).map(|v| g[x][v]))
                .chain((1..=x.min(y)).map(|t| g[x - t][y - t]));
            for v in options {
                seen[v as usize] = true;
            }
            g[x][y] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
        }
    }
    g
}

#[test]
fn default_grundy_of_the_wythoff_game_matches_an_inline_mex_table() {
    let question = Question {
        play: Play::Normal,
        grundy: true,
    };
    let problem = GameProblem::new(Wythoff, question).unwrap_or_else(|e| panic!("{e}"));
    let table = inline_grundy(24);
    for (x, row) in table.iter().enumerate() {
        for (y, &g) in row.iter().enumerate() {
            let p = Piles {
                x: x as u64,
                y: y as u64,
            };
            assert_eq!(problem.solve(&p), Ok(Answer::Grundy(g)), "{p}");
        }
    }
    // The P-positions are the zeros of the table, as the P-test says.
    assert!((0..24).all(|x| (0..24).all(|y| (table[x][y] == 0) == is_p_position(x as u64, y as u64))));
}

#[test]
fn misere_p_positions_are_the_normal_ones_with_the_start_moved_to_0_1_and_2_2() {
    // Misère Wythoff (Wythoff's own remark, see Berlekamp, Conway and Guy, Winning Ways,
    // ch. 13): the P-positions are (0, 1), (1, 0), (2, 2) and the normal P-positions from
    // (3, 5) on. The rules oracle of misère play judges the claim.
    use crate::game::check;
    let rule = |p: &Piles| {
        let lost = match (p.x.min(p.y), p.x.max(p.y)) {
            (0, 1) | (2, 2) => true,
            (0, 0) | (1, 2) => false,
            (x, y) => is_p_position(x, y),
        };
        Outcome::of_loss(lost)
    };
    assert_eq!(check::misere(Wythoff, rule).map(|c| c.unjudged.cases), Ok(0));
    // And ordinary Wythoff's P-positions are refuted under misère play at the least
    // position, the empty one, which the player to move now wins.
    let normal = |p: &Piles| Outcome::of_loss(is_p_position(p.x, p.y));
    let least = check::misere(Wythoff, normal)
        .expect_err("normal play's rule is wrong under misère play")
        .refutation()
        .map(|r| r.position);
    assert_eq!(least, Some(Piles { x: 0, y: 0 }));
}

#[test]
fn explain_names_a_winning_move_to_a_table_p_position() {
    let table = WythoffTable::build(64).unwrap_or_else(|e| panic!("{e}"));
    for (x, y) in [(3, 6), (3, 5), (10, 20), (0, 0)] {
        let p = table.is_p_position(x, y) == Some(true);
        let answer = Answer::Outcome(Outcome::of_loss(p));
        let why = Wythoff.explain(&Piles { x, y }, &answer).unwrap_or_default();
        match winning_move(x, y) {
            Some((nx, ny)) => {
                assert!(
                    !p && table.is_p_position(nx, ny) == Some(true),
                    "({x}, {y}): {why}"
                );
                assert!(why.starts_with(&format!("play to ({nx}, {ny})")), "{why}");
            }
            None => assert!(p && why.contains("is a P-position"), "({x}, {y}): {why}"),
        }
    }
}
