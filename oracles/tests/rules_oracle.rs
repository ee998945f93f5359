//! The generic rules oracle against independent evidence: the hand-written Chopsticks
//! minimax and dense table, the Moore's Nim_k game search, and hand DPs of subtraction games;
//! plus its errors (cycles, budget) and a search far deeper than the thread's stack.

use std::collections::BTreeSet;

use gamecheck_oracles::chopsticks_minimax::{self, Minimax};
use gamecheck_oracles::chopsticks_table::Table;
use gamecheck_oracles::moore_game_search::GameSearch;
use gamecheck_oracles::outcome::Outcome;
use gamecheck_oracles::rules_oracle::{Rules, RulesError, RulesOracle};
use itertools::Itertools;
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, RngAlgorithm, RngSeed};

/// Chopsticks, written from the rules: (a, c, b, d) are the mover's one- and two-finger hands
/// and the opponent's. An attack points one of your hands at an opposing hand: one finger on
/// one finger turns the target into a two-finger hand, every other attack removes it. Then
/// the sides swap. A player with no hands has lost.
struct Chopsticks;

impl Rules for Chopsticks {
    type Position = (u64, u64, u64, u64);

    fn moves(&self, &(a, c, b, d): &Self::Position, out: &mut Vec<Self::Position>) {
        if a + c == 0 {
            return;
        }
        if b + d == 0 {
            // The opponent has already lost; hand them the turn they cannot play.
            out.push((0, 0, a, c));
            return;
        }
        for (attacker, have) in [(1, a), (2, c)] {
            for (target, there) in [(1, b), (2, d)] {
                if have == 0 || there == 0 {
                    continue;
                }
                let (b2, d2) = match (attacker, target) {
                    (1, 1) => match d.checked_add(1) {
                        Some(d1) => (b - 1, d1),
                        None => continue,
                    },
                    (_, 1) => (b - 1, d),
                    _ => (b, d - 1),
                };
                out.push((b2, d2, a, c));
            }
        }
    }
}

const CHOPSTICKS_LIMIT: u64 = 10;

fn chopsticks_box() -> impl Iterator<Item = (u64, u64, u64, u64)> {
    (0..4)
        .map(|_| 0..CHOPSTICKS_LIMIT)
        .multi_cartesian_product()
        .map(|v| (v[0], v[1], v[2], v[3]))
}

#[test]
fn rules_oracle_matches_chopsticks_minimax() {
    let mut oracle = RulesOracle::new(Chopsticks);
    let mut minimax = Minimax::new();
    let mut checked = 0;
    for p in chopsticks_box() {
        assert_eq!(oracle.wins(&p), Ok(minimax.wins(p)), "at {p:?}");
        checked += 1;
    }
    assert_eq!(checked, CHOPSTICKS_LIMIT.pow(4));
}

#[test]
fn rules_oracle_matches_chopsticks_table() {
    let table = match Table::build(CHOPSTICKS_LIMIT) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    let mut oracle = RulesOracle::new(Chopsticks);
    let mut wins = 0;
    for (a, c, b, d) in chopsticks_box() {
        let w = oracle.wins(&(a, c, b, d));
        assert_eq!(w.clone().ok(), table.wins(a, c, b, d), "at {:?}", (a, c, b, d));
        wins += u64::from(w == Ok(true));
    }
    assert_eq!(wins, table.count_wins());
}

#[test]
fn chopsticks_rules_match_minimax_successors() {
    let mut out = Vec::new();
    for p in chopsticks_box() {
        let (a, c, b, d) = p;
        if a + c == 0 || b + d == 0 {
            // The minimax decides these before listing moves.
            continue;
        }
        out.clear();
        Chopsticks.moves(&p, &mut out);
        let mine: BTreeSet<_> = out.iter().copied().collect();
        let theirs: BTreeSet<_> = chopsticks_minimax::successors(p).into_iter().collect();
        assert_eq!(mine, theirs, "at {p:?}");
    }
}

#[test]
fn chopsticks_winning_moves_lead_to_minimax_losses() {
    let mut oracle = RulesOracle::new(Chopsticks);
    let mut minimax = Minimax::new();
    for p in chopsticks_box() {
        let winning = match oracle.winning_moves(&p) {
            Ok(w) => w,
            Err(e) => panic!("at {p:?}: {e}"),
        };
        assert_eq!(!winning.is_empty(), minimax.wins(p), "at {p:?}");
        for q in winning {
            assert!(!minimax.wins(q), "{p:?} -> {q:?} is not to a lost position");
        }
    }
}

/// Moore's Nim_k, written from the rules: a move takes at least one stone from each of
/// between 1 and k non-empty piles. Positions are the sorted non-empty piles.
struct MooreNim {
    k: usize,
}

fn normalized(piles: impl IntoIterator<Item = u64>) -> Vec<u64> {
    let mut v: Vec<u64> = piles.into_iter().filter(|&p| p > 0).collect();
    v.sort_unstable();
    v
}

impl Rules for MooreNim {
    type Position = Vec<u64>;

    fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for next in piles.iter().map(|&p| 0..=p).multi_cartesian_product() {
            let changed = next.iter().zip(piles).filter(|(n, p)| n != p).count();
            if (1..=self.k).contains(&changed) {
                out.push(normalized(next));
            }
        }
    }
}

/// Every multiset of up to `max_piles` piles of at most `max_size` stones.
fn moore_positions(max_piles: usize, max_size: u64) -> Vec<Vec<u64>> {
    (0..=max_piles)
        .flat_map(|n| (0..=max_size).combinations_with_replacement(n))
        .map(normalized)
        .unique()
        .collect()
}

#[test]
fn rules_oracle_matches_moore_game_search() {
    // Nim_k positions with at most k piles are lost only when empty: take more than k.
    let positions = moore_positions(5, 5);
    assert_eq!(positions.len(), 252); // C(5 + 5, 5) multisets of sizes 1..=5, up to 5 piles
    for k in 1..=4u32 {
        let mut search = GameSearch::new(k);
        // One oracle asked win/loss first, then Grundy values (re-searching known wins);
        // one asked Grundy values only.
        let mut mixed = RulesOracle::new(MooreNim { k: k as usize });
        let mut grundy_only = RulesOracle::new(MooreNim { k: k as usize });
        let mut losses = 0;
        for p in &positions {
            let expected = u64::from(search.grundy(p));
            assert_eq!(mixed.wins(p), Ok(!search.is_p(p)), "k = {k}, {p:?}");
            assert_eq!(mixed.grundy(p), Ok(expected), "k = {k}, {p:?}");
            assert_eq!(grundy_only.grundy(p), Ok(expected), "k = {k}, {p:?}");
            losses += usize::from(expected == 0);
        }
        assert!(losses > 1, "k = {k}: the comparison should see several losses");
    }
}

#[test]
fn rules_oracle_gives_nim_the_xor() {
    // Bouton: Nim_1 Grundy values are the xor of the piles.
    let mut nim = RulesOracle::new(MooreNim { k: 1 });
    for p in moore_positions(4, 7) {
        let xor = p.iter().fold(0, |x, &s| x ^ s);
        assert_eq!(nim.grundy(&p), Ok(xor), "{p:?}");
    }
}

/// The subtraction game S: take s ∈ S stones from one pile.
struct Subtraction(Vec<u64>);

impl Rules for Subtraction {
    type Position = u64;

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(self.0.iter().filter_map(|&s| n.checked_sub(s)));
    }
}

/// Grundy values of the subtraction game `set` for 0..=max, bottom up.
fn subtraction_dp(set: &[u64], max: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(max as usize + 1);
    for n in 0..=max {
        let mut seen = [false; 64];
        for &s in set {
            if s <= n {
                seen[g[(n - s) as usize] as usize] = true;
            }
        }
        g.push(seen.iter().position(|&x| !x).unwrap_or(64) as u64);
    }
    g
}

#[test]
fn rules_oracle_matches_subtraction_dp() {
    let set = [1, 3, 4];
    let dp = subtraction_dp(&set, 2000);
    let mut wins = RulesOracle::new(Subtraction(set.to_vec()));
    let mut grundy = RulesOracle::new(Subtraction(set.to_vec()));
    for n in 0..=2000 {
        let g = dp[n as usize];
        assert_eq!(wins.wins(&n), Ok(g != 0), "n = {n}");
        assert_eq!(grundy.grundy(&n), Ok(g), "n = {n}");
        // The rule the module's doctest states.
        assert_eq!(g == 0, n % 7 == 0 || n % 7 == 2, "n = {n}");
    }
}

#[test]
fn deep_subtraction_search_does_not_overflow_the_stack() {
    // A million positions deep: a recursive search would overflow the test thread's stack.
    let n = 1_000_000;
    let set = [1, 3, 4];
    let dp = subtraction_dp(&set, n);
    let mut wins = RulesOracle::new(Subtraction(set.to_vec()));
    assert_eq!(wins.wins(&n), Ok(dp[n as usize] != 0));
    assert_eq!(wins.visited(), n as usize + 1);
    assert_eq!(wins.grundy(&n), Ok(dp[n as usize]));
    drop(wins);
    let mut grundy = RulesOracle::new(Subtraction(set.to_vec()));
    assert_eq!(grundy.grundy(&n), Ok(dp[n as usize]));
}

/// A game given by an explicit move list per position.
struct Graph(Vec<Vec<usize>>);

impl Rules for Graph {
    type Position = usize;

    fn moves(&self, &p: &usize, out: &mut Vec<usize>) {
        out.extend(self.0.get(p).into_iter().flatten().copied());
    }
}

#[test]
fn cycles_are_errors() {
    let mut triangle = RulesOracle::new(Graph(vec![vec![1], vec![2], vec![0]]));
    assert_eq!(triangle.wins(&0), Err(RulesError::Cycle));
    assert_eq!(triangle.grundy(&1), Err(RulesError::Cycle));
    assert_eq!(triangle.winning_moves(&2), Err(RulesError::Cycle));
    assert_eq!(
        triangle.visited(),
        0,
        "a failed search leaves nothing on its path"
    );

    let mut self_loop = RulesOracle::new(Graph(vec![vec![0]]));
    assert_eq!(self_loop.wins(&0), Err(RulesError::Cycle));
}

#[test]
fn a_cycle_off_the_win_search_only_stops_the_grundy_search() {
    // 0 has no move; 1 -> 0 or 2; 2 -> 1. Moving to 0 wins 1, so win/loss never meets the
    // cycle 1 -> 2 -> 1, but the Grundy value of 1 needs the value of 2.
    let mut o = RulesOracle::new(Graph(vec![vec![], vec![0, 2], vec![1]]));
    assert_eq!(o.wins(&1), Ok(true));
    assert_eq!(o.grundy(&1), Err(RulesError::Cycle));
    // The failed Grundy search restored what the win/loss search had found.
    assert_eq!(o.visited(), 2);
    assert_eq!(o.wins(&1), Ok(true));
    assert_eq!(o.visited(), 2);
    assert_eq!(o.grundy(&0), Ok(0));
}

/// Win, loss or draw of every vertex of a graph game by iterating to a fixpoint, in place:
/// a vertex with an edge to a known loss wins, one whose every edge leads to a known win
/// loses, until nothing changes; the rest draw.
fn fixpoint(g: &[Vec<usize>]) -> Vec<Outcome> {
    let mut known: Vec<Option<bool>> = vec![None; g.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for v in 0..g.len() {
            if known[v].is_none() {
                if g[v].iter().any(|&w| known[w] == Some(false)) {
                    known[v] = Some(true);
                    changed = true;
                } else if g[v].iter().all(|&w| known[w] == Some(true)) {
                    known[v] = Some(false);
                    changed = true;
                }
            }
        }
    }
    known
        .into_iter()
        .map(|k| k.map_or(Outcome::Draw, Outcome::of))
        .collect()
}

#[test]
fn outcome_gives_draws_where_the_search_meets_a_cycle() {
    let mut triangle = RulesOracle::new(Graph(vec![vec![1], vec![2], vec![0]]));
    assert_eq!(triangle.outcome(&0), Ok(Outcome::Draw));
    assert_eq!(triangle.visited(), 3);
    assert_eq!(triangle.wins(&1), Err(RulesError::Cycle));
    assert_eq!(triangle.grundy(&1), Err(RulesError::Cycle));
    assert_eq!(triangle.outcome(&2), Ok(Outcome::Draw));

    let mut self_loop = RulesOracle::new(Graph(vec![vec![0]]));
    assert_eq!(self_loop.outcome(&0), Ok(Outcome::Draw));

    // 0 -> 1 -> 2 -> 0 and 2 -> 3 (no move): 2 wins, 1 loses, 0 wins, all through the cycle.
    let g = vec![vec![1], vec![2], vec![0, 3], vec![]];
    let expected = fixpoint(&g);
    let mut o = RulesOracle::new(Graph(g));
    assert_eq!(o.wins(&1), Err(RulesError::Cycle));
    for (v, &e) in expected.iter().enumerate() {
        assert_eq!(o.outcome(&v), Ok(e), "at {v}");
    }
    assert_eq!(
        expected,
        [Outcome::Win, Outcome::Loss, Outcome::Win, Outcome::Loss]
    );
}

#[test]
fn outcome_of_an_acyclic_game_is_its_win_loss() {
    let dp = subtraction_dp(&[1, 3, 4], 300);
    let mut o = RulesOracle::new(Subtraction(vec![1, 3, 4]));
    for n in (0..300).rev() {
        assert_eq!(o.outcome(&n), Ok(Outcome::of(dp[n as usize] != 0)));
    }
}

#[test]
fn outcome_of_a_loopy_game_keeps_the_budget() {
    // A ring of 100 vertices: every one draws. The retrograde analysis holds the 100;
    // the search before it, the 100 on its path and the move that closes the cycle.
    let ring = || Graph((0..100).map(|v| vec![(v + 1) % 100]).collect());
    let mut small = RulesOracle::with_budget(ring(), 100);
    assert_eq!(small.outcome(&0), Err(RulesError::OutOfReach { budget: 100 }));
    assert_eq!(small.visited(), 0);
    let mut enough = RulesOracle::with_budget(ring(), 101);
    assert_eq!(enough.outcome(&0), Ok(Outcome::Draw));
}

/// Take one stone: n -> n - 1.
/// Take one stone: n -> n - 1.
struct Countdown;

impl Rules for Countdown {
    type Position = u64;

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(n.checked_sub(1));
    }
}

#[test]
fn budget_is_exact_on_a_countdown() {
    // Solving n holds n + 1 memoized positions, at most one pending move at a time, and the
    // last pending move (at 1) is held while n positions are memoized.
    for n in 0..20 {
        let budget = n as usize + 1;
        let mut fits = RulesOracle::with_budget(Countdown, budget);
        assert_eq!(fits.wins(&n), Ok(n % 2 == 1), "n = {n}");
        let mut short = RulesOracle::with_budget(Countdown, budget - 1);
        assert_eq!(
            short.wins(&n),
            Err(RulesError::OutOfReach { budget: budget - 1 }),
            "n = {n}"
        );
        assert_eq!(short.visited(), 0, "n = {n}");
    }
}

#[test]
fn out_of_reach_leaves_the_oracle_usable() {
    let mut o = RulesOracle::with_budget(Subtraction(vec![1, 3, 4]), 40);
    assert_eq!(o.wins(&1000), Err(RulesError::OutOfReach { budget: 40 }));
    assert_eq!(o.grundy(&1000), Err(RulesError::OutOfReach { budget: 40 }));
    assert!(o.visited() <= 40);
    let dp = subtraction_dp(&[1, 3, 4], 20);
    for n in 0..=20 {
        assert_eq!(o.grundy(&n), Ok(dp[n as usize]), "n = {n}");
    }
}

#[test]
fn winning_moves_count_their_list_against_the_budget() {
    // Pile: any positive number of stones.
    struct Pile;
    impl Rules for Pile {
        type Position = u64;
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend(0..n);
        }
    }
    let mut o = RulesOracle::with_budget(Pile, 150);
    // Win/loss of 100 stops at its first move, to 0, holding about 100 positions; listing
    // the winning moves also holds the 100 moves of 100 while it solves 99 (99 moves more).
    assert_eq!(o.wins(&100), Ok(true));
    assert_eq!(o.winning_moves(&100), Err(RulesError::OutOfReach { budget: 150 }));
    assert_eq!(o.winning_moves(&200), Err(RulesError::OutOfReach { budget: 150 }));
    assert_eq!(o.winning_moves(&40), Ok(vec![0]));
}

const SEED: u64 = 0x7275_6c65_735f_6f72; // "rules_or"

fn config(cases: u32) -> ProptestConfig {
    eprintln!("proptest: ChaCha, seed {SEED}");
    ProptestConfig {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(SEED),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/rules_oracle.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn rules_oracle_matches_dp_on_random_subtraction_sets(
        set in prop::collection::btree_set(1u64..=12, 1..=5),
        n in 0u64..400,
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let dp = subtraction_dp(&set, n);
        let mut o = RulesOracle::new(Subtraction(set.clone()));
        let expected: Vec<u64> = set
            .iter()
            .filter_map(|&s| n.checked_sub(s))
            .filter(|&m| dp[m as usize] == 0)
            .collect();
        prop_assert_eq!(o.winning_moves(&n), Ok(expected));
        prop_assert_eq!(o.wins(&n), Ok(dp[n as usize] != 0));
        prop_assert_eq!(o.grundy(&n), Ok(dp[n as usize]));
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn outcome_matches_fixpoint_on_random_digraphs(
        g in (1usize..=20).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n, 0..=3), n)),
        order in prop::collection::vec(0usize..20, 1..=30),
        wins_first in any::<bool>(),
    ) {
        let n = g.len();
        let expected = fixpoint(&g);
        let mut o = RulesOracle::new(Graph(g));
        for &v in &order {
            let v = v % n;
            // A win/loss search first leaves solved positions for the retrograde fallback
            // to stop at.
            if wins_first {
                let w = o.wins(&v);
                prop_assert!(w == Err(RulesError::Cycle) || w == Ok(expected[v] == Outcome::Win));
            }
            prop_assert_eq!(o.outcome(&v), Ok(expected[v]), "at {}", v);
        }
    }
}
