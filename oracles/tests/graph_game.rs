//! A user's loopy game, as a user writes it: a token on a directed graph, possibly cyclic;
//! a move follows an edge, and the player who cannot move loses. The rules oracle and
//! retrograde analysis are checked against a second computation written here, a plain
//! iterative fixpoint; then a formula a user might guess for a loopy game is refuted at its
//! least counterexample.

use gamecheck_oracles::outcome::Outcome;
use gamecheck_oracles::retrograde::{Retrograde, check_certificate};
use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, RngAlgorithm, RngSeed};

/// A token on a directed graph: `edges[v]` are the vertices one move from `v`.
struct Digraph {
    edges: Vec<Vec<usize>>,
}

impl Rules for Digraph {
    type Position = usize;

    fn moves(&self, &v: &usize, out: &mut Vec<usize>) {
        out.extend(self.edges.get(v).into_iter().flatten().copied());
    }
}

/// Every vertex's outcome by sweeping until nothing changes: a vertex with an edge to a
/// known loss wins; a vertex whose every edge leads to a known win loses; the rest draw.
fn fixpoint(edges: &[Vec<usize>]) -> Vec<Outcome> {
    let mut known: Vec<Option<Outcome>> = vec![None; edges.len()];
    loop {
        let mut changed = false;
        for v in 0..edges.len() {
            if known[v].is_some() {
                continue;
            }
            let to = |w: &usize| known[*w];
            if edges[v].iter().any(|w| to(w) == Some(Outcome::Loss)) {
                known[v] = Some(Outcome::Win);
                changed = true;
            } else if edges[v].iter().all(|w| to(w) == Some(Outcome::Win)) {
                known[v] = Some(Outcome::Loss);
                changed = true;
            }
        }
        if !changed {
            return known.into_iter().map(|k| k.unwrap_or(Outcome::Draw)).collect();
        }
    }
}

/// Checks the oracle, the retrograde table and its certificates against the fixpoint.
fn check(edges: Vec<Vec<usize>>) -> Vec<Outcome> {
    let expected = fixpoint(&edges);
    let n = edges.len();
    let g = Digraph { edges };
    let mut oracle = RulesOracle::new(Digraph {
        edges: g.edges.clone(),
    });
    let table = Retrograde::solve_from(&g, 0..n, n).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(table.verify(&g), Ok(()));
    for (v, &o) in expected.iter().enumerate() {
        assert_eq!(oracle.outcome(&v), Ok(o), "oracle at {v}");
        assert_eq!(table.outcome(&v), Some(o), "table at {v}");
        for claimed in [Outcome::Win, Outcome::Loss, Outcome::Draw] {
            let certified = check_certificate(&g, &table, &v, claimed).is_ok();
            assert_eq!(certified, claimed == o, "{claimed:?} at {v}");
        }
    }
    expected
}

#[test]
fn three_outcomes_on_small_graphs_match_the_fixpoint() {
    use Outcome::*;
    // A two-cycle: neither player ever has to stop.
    assert_eq!(check(vec![vec![1], vec![0]]), [Draw, Draw]);
    // The two-cycle with an exit from 1 to a dead end: 1 wins by leaving, so 0 loses.
    assert_eq!(check(vec![vec![1], vec![0, 2], vec![]]), [Loss, Win, Loss]);
    // A triangle whose exit leads to a winning vertex: nobody leaves, all draw but the exit.
    assert_eq!(
        check(vec![vec![1], vec![2], vec![0, 3], vec![4], vec![]]),
        [Draw, Draw, Draw, Win, Loss]
    );
    // A self-loop next to a dead end: 0 wins at once, 1 can only loop.
    assert_eq!(check(vec![vec![0, 2], vec![1], vec![]]), [Win, Draw, Loss]);
}

const SEED: u64 = 0x6772_6170_685f_6761; // "graph_ga"

fn config(cases: u32) -> ProptestConfig {
    eprintln!("proptest: ChaCha, seed {SEED}");
    ProptestConfig {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(SEED),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../proptest-regressions/loopy.txt"
        )))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn three_outcomes_on_random_digraphs_match_the_fixpoint(
        edges in (1usize..=30).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n, 0..=3), n)),
    ) {
        check(edges);
    }
}

/// Take one or two stones, or add one to a pile of 1 to `cap` − 1 stones: a loopy pile
/// game (the empty pile still ends it).
struct PutBack {
    cap: u64,
}

impl Rules for PutBack {
    type Position = u64;

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend([1, 2].iter().filter_map(|&t| n.checked_sub(t)));
        if n > 0 && n < self.cap {
            out.push(n + 1);
        }
    }
}

#[test]
fn a_loopy_formula_is_refuted_at_its_least_counterexample() {
    // The guess carried over from the acyclic game (take one or two): multiples of 3 lose.
    let guess = |n: u64| Outcome::of(!n.is_multiple_of(3));
    let cap = 20;
    let edges: Vec<Vec<usize>> = (0..=cap)
        .map(|n| {
            let mut out = Vec::new();
            PutBack { cap }.moves(&n, &mut out);
            out.into_iter().map(|m| m as usize).collect()
        })
        .collect();
    let truth = fixpoint(&edges);
    let mut oracle = RulesOracle::new(PutBack { cap });
    let least = (0..=cap).find(|&n| oracle.outcome(&n) != Ok(guess(n)));
    let expected = (0..=cap).find(|&n| truth[n as usize] != guess(n));
    assert_eq!(least, expected);
    // Adding a stone escapes every loss but the empty pile: 0 loses, 1 and 2 win, and 3,
    // which the guess calls a loss, draws.
    assert_eq!(least, Some(3));
    assert_eq!(oracle.outcome(&3), Ok(Outcome::Draw));
}
