//! A user's loopy game through gamecheck's public API only: a token on a directed graph
//! with cycles, moved along an edge each turn; the player who cannot move loses. Its
//! wins, losses and draws are checked against an iterative fixpoint written here.

use gamecheck::game::{Answer, Game, GameProblem, Outcome, Question, check};
use gamecheck::problem::Problem;

/// Vertices 0..20; v → 3v + 1 (mod 20) and v → v² + 2 (mod 23) when below 20; vertices
/// 6 and 13 (v ≡ 6 mod 7) have no edge. 10 and 14 have loops.
const N: u64 = 20;

struct Token;

impl Game for Token {
    type Position = u64;
    const NAME: &'static str = "token";

    fn moves(&self, &v: &u64, out: &mut Vec<u64>) {
        if v % 7 != 6 {
            out.extend([(3 * v + 1) % N, (v * v + 2) % 23].into_iter().filter(|&w| w < N));
        }
    }

    fn check_position(&self, &v: &u64) -> Result<(), String> {
        if v < N {
            Ok(())
        } else {
            Err(format!("vertex {v} is not below {N}"))
        }
    }

    fn max_count(&self) -> u64 {
        N - 1
    }
}

/// Outcomes by sweeping "a move to a known loss wins; only moves to known wins lose" until
/// nothing changes; what is never decided is a draw.
fn fixpoint() -> Vec<Outcome> {
    let moves: Vec<Vec<u64>> = (0..N)
        .map(|v| {
            let mut out = Vec::new();
            Token.moves(&v, &mut out);
            out
        })
        .collect();
    let mut known: Vec<Option<Outcome>> = vec![None; N as usize];
    loop {
        let mut changed = false;
        for v in 0..N as usize {
            if known[v].is_some() {
                continue;
            }
            let at = |w: &u64| known[*w as usize];
            if moves[v].iter().any(|w| at(w) == Some(Outcome::Loss)) {
                known[v] = Some(Outcome::Win);
                changed = true;
            } else if moves[v].iter().all(|w| at(w) == Some(Outcome::Win)) {
                known[v] = Some(Outcome::Loss);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    known.into_iter().map(|o| o.unwrap_or(Outcome::Draw)).collect()
}

#[test]
fn outcomes_match_fixpoint_with_all_three_outcomes() {
    let truth = fixpoint();
    for o in [Outcome::Win, Outcome::Loss, Outcome::Draw] {
        assert!(truth.contains(&o), "the graph has a {o:?}");
    }
    // The formula that is the fixpoint holds against the rules oracle's retrograde analysis.
    let table = truth.clone();
    assert_eq!(
        check::outcome(Token, move |&v: &u64| table[v as usize]).map(|c| c.unjudged.cases),
        Ok(0)
    );
    // The game's default outcome (no override, loopiness not declared) finds the draws too.
    let problem = GameProblem::new(Token, Question::default()).expect("a question");
    for v in 0..N {
        assert_eq!(
            problem.solve(&v),
            Ok(Answer::Outcome(truth[v as usize])),
            "at {v}"
        );
    }
}

#[test]
fn a_formula_without_draws_is_refuted_at_the_least_draw() {
    let truth = fixpoint();
    // Acyclic thinking: whatever is not a win is a loss.
    let table = truth.clone();
    let error = check::outcome(Token, move |&v: &u64| {
        Outcome::of(table[v as usize] == Outcome::Win)
    })
    .expect_err("draws are not losses");
    eprintln!("{error}");
    let r = error.refutation().cloned().expect("refuted");
    let least = (0..N)
        .find(|&v| truth[v as usize] == Outcome::Draw)
        .expect("a draw");
    assert_eq!(r.position, least);
    assert_eq!(r.says, Ok(Answer::Outcome(Outcome::Loss)));
    assert_eq!(r.truth, Answer::Outcome(Outcome::Draw));
}

#[test]
fn a_draw_claimed_at_a_loss_is_refuted_there() {
    let truth = fixpoint();
    // Vertex 18's moves both lead to wins for the opponent: a loss, not a draw.
    let table = truth.clone();
    let formula = move |&v: &u64| if v == 18 { Outcome::Draw } else { table[v as usize] };
    let r = check::outcome(Token, formula)
        .unwrap_err()
        .refutation()
        .cloned()
        .expect("refuted");
    assert_eq!((r.position, r.truth), (18, Answer::Outcome(truth[18])));
    assert_eq!(truth[18], Outcome::Loss);
}
