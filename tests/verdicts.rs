//! Three verdicts: a case is agree, disagree, or unjudged (a side ran out of its budget or
//! reach). Only a disagreement is a counterexample.

use gamecheck::check::{Campaign, run_campaign};
use gamecheck::game::{Game, GameProblem, Question};

/// Codeforces 1194D, "1-2-K Game": a chip on cell n moves 1, 2 or k cells left, if it
/// stays at 0 or above; the player who cannot move loses. Written from its moves alone.
struct OneTwoK;

impl Game for OneTwoK {
    type Position = (u64, u64);
    const NAME: &'static str = "12k";

    fn moves(&self, &(n, k): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend([1, 2, k].into_iter().filter_map(|m| n.checked_sub(m)).map(|n| (n, k)));
    }

    fn check_position(&self, &(_, k): &(u64, u64)) -> Result<(), String> {
        if k >= 3 { Ok(()) } else { Err(format!("k = {k} is below 3")) }
    }

    fn max_count(&self) -> u64 {
        1_000_000_000
    }
}

/// The published answer (the editorial of 1194D): whether the player to move loses.
fn loses((n, k): (u64, u64)) -> bool {
    if k % 3 != 0 {
        n % 3 == 0
    } else {
        let r = n % (k + 1);
        r % 3 == 0 && r != k
    }
}

#[test]
fn published_answer_matches_a_plain_dp() {
    for k in 3..40u64 {
        let mut lost = Vec::new();
        for n in 0..400u64 {
            let l = ![1, 2, k].iter().any(|&m| n >= m && lost[(n - m) as usize]);
            lost.push(l);
            assert_eq!(l, loses((n, k)), "({n}, {k})");
        }
    }
}

#[test]
fn one_two_k_from_its_moves_is_never_called_wrong() {
    let dir = std::env::temp_dir().join(format!("gamecheck-verdicts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let problem = GameProblem::new(OneTwoK, Question::default()).unwrap();
    let problems: [&dyn Campaign; 1] = [&problem];
    let report = run_campaign(&problems, 1, 300, Some(&dir), &|| {});
    print!("{}", report.to_table());
    assert!(report.all_agree(), "{}", report.to_table());
    assert!(!dir.join("proptest-regressions").exists());
}
