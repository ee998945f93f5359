//! A game's `components` are checked, not trusted: components that repeat a heap would make
//! the XOR of their Grundy values a second, wrong truth (issue 31, item 6).

use gamecheck::game::{Game, check};

/// Nim on one heap, its `components` the heap (honest) or the heap twice: the XOR of a
/// pair is 0, so beyond the joint search's reach every heap would look like a loss.
struct Nim {
    twice: bool,
}

impl Game for Nim {
    type Position = u64;
    const NAME: &'static str = "nim-heap";

    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(0..n);
    }

    fn components(&self, &n: &u64) -> Vec<u64> {
        if self.twice { vec![n, n] } else { vec![n] }
    }
}

/// Right within the joint search's reach (counts up to 24), 0 beyond: wrong at 25.
fn wrong_beyond_reach(&n: &u64) -> u64 {
    if n <= 24 { n } else { 0 }
}

#[test]
fn components_that_repeat_a_heap_do_not_pass_a_wrong_formula() {
    // Honest components: the wrong formula is refuted at 25, the right one holds.
    let err = check::grundy(Nim { twice: false }, wrong_beyond_reach).expect_err("refuted");
    assert_eq!(err.refutation().map(|r| r.position), Some(25), "{err}");
    assert!(check::grundy(Nim { twice: false }, |&n: &u64| n).is_ok());
    // Repeated ones passed the wrong formula and refuted the right one; now neither is
    // accepted: the components' truth is refused, and 25 is unjudged.
    for formula in [wrong_beyond_reach as fn(&u64) -> u64, |&n: &u64| n] {
        let err = check::grundy(Nim { twice: true }, formula).expect_err("not accepted");
        assert!(err.refutation().is_none(), "{err}");
    }
}
