//! Simple chopsticks with hands of 1 to F fingers as a [`Game`] of its moves alone: a
//! position is the counts of hands of each size, the mover's `F` counts then the
//! opponent's (`L = 2F` counts in all). At F = 3, 4, 5 the catalog's claims state the seed
//! rule's natural generalizations and are judged against its rules oracle; F = 2 is
//! `chopsticks`.

use gamecheck_oracles::rules_oracle::Rules;

use super::characterization::candidates;
use super::moves::SimpleRules;
use super::position::Position;
use crate::claims::{ClaimReport, ClaimVerdict, Entry, check_claim};
use crate::game::{Answer, Game, GameProblem, Outcome, Question};
use crate::problem::Claims;

/// Simple chopsticks with hands of 1 to `F` fingers, a position being `L = 2F` counts.
///
/// # Example
/// ```
/// use gamecheck::game::{Answer, GameProblem, Outcome, Question};
/// use gamecheck::games::simple_chopsticks::SimpleChopsticks;
/// use gamecheck::problem::Problem;
/// let p = GameProblem::new(SimpleChopsticks::<2, 4>, Question::default())?;
/// // One one-finger hand each: the mover's only attack makes a two, which the
/// // opponent's one then removes.
/// assert_eq!(p.solve(&[1, 0, 1, 0]), Ok(Answer::Outcome(Outcome::Loss)));
/// # Ok::<(), gamecheck::game::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SimpleChopsticks<const F: usize, const L: usize>;

impl<const F: usize, const L: usize> SimpleChopsticks<F, L> {
    fn position(p: &[u64; L]) -> Option<Position<F>> {
        let mut q = Position {
            mover: [0; F],
            other: [0; F],
        };
        for i in 0..F {
            q.mover[i] = u32::try_from(*p.get(i)?).ok()?;
            q.other[i] = u32::try_from(*p.get(F + i)?).ok()?;
        }
        Some(q)
    }

    fn counts(q: &Position<F>) -> [u64; L] {
        let mut p = [0; L];
        for i in 0..F.min(L / 2) {
            p[i] = u64::from(q.mover[i]);
            p[F + i] = u64::from(q.other[i]);
        }
        p
    }
}

impl<const F: usize, const L: usize> Game for SimpleChopsticks<F, L> {
    type Position = [u64; L];
    const NAME: &'static str = "simple-chopsticks";

    fn moves(&self, p: &[u64; L], out: &mut Vec<[u64; L]>) {
        if let Some(q) = Self::position(p) {
            let mut next = Vec::new();
            SimpleRules::<F>.moves(&q, &mut next);
            out.extend(next.iter().map(Self::counts));
        }
    }

    fn check_position(&self, p: &[u64; L]) -> Result<(), String> {
        if L != 2 * F {
            return Err(format!("{L} counts, not 2F = {}", 2 * F));
        }
        match p.iter().find(|&&c| c > self.max_count()) {
            Some(c) => Err(format!("{c} hands of one size is above {}", self.max_count())),
            None => Ok(()),
        }
    }

    /// The box the oracle covers.
    fn max_count(&self) -> u64 {
        self.oracle_reach()
    }

    fn oracle_reach(&self) -> u64 {
        match F {
            0..=2 => 12,
            3 => 4,
            4 => 2,
            _ => 1,
        }
    }

    fn describe(&self, p: &[u64; L]) -> String {
        Self::position(p).map_or_else(|| format!("{p:?}"), |q| q.to_string())
    }
}

/// Returns the catalog's entries for the seed rule's generalizations to hands of 3, 4
/// and 5 fingers (`gamecheck claims`), which `chopsticks` lists after its own.
pub fn generalizations() -> Vec<Entry> {
    let mut out = Vec::new();
    entries::<3>(&mut out, &["fresh_ripe_full"]);
    entries::<4>(&mut out, &[]);
    entries::<5>(&mut out, &[]);
    out
}

/// The partial laws, which hold at every F (n > m wins, m ≥ n + 2 loses, and the two
/// full-hand cases); the rest hold where `holding` names them.
const LAWS: [&str; 4] = [
    "more_hands_wins",
    "two_behind_loses",
    "tie_against_a_full_hand_wins",
    "one_behind_with_a_full_hand_loses",
];

/// Appends an entry for each of the seed rule's generalizations at `F`.
fn entries<const F: usize>(out: &mut Vec<Entry>, holding: &[&str]) {
    for c in candidates::<F>() {
        let id: &'static str =
            Box::leak(format!("simple-chopsticks-f{F}-{}", c.name.replace('_', "-")).into_boxed_str());
        let text: &'static str = Box::leak(
            format!(
                "simple chopsticks with hands of 1 to {F} fingers: {} (where it speaks)",
                c.statement
            )
            .into_boxed_str(),
        );
        let expected = if LAWS.contains(&c.name) || holding.contains(&c.name) {
            ClaimVerdict::Holds
        } else {
            ClaimVerdict::Refuted
        };
        let check: fn(&Entry, u64, u32) -> ClaimReport = match F {
            3 => check_entry::<3, 6>,
            4 => check_entry::<4, 8>,
            _ => check_entry::<5, 10>,
        };
        out.push(Entry::new(id, "simple-chopsticks", text, expected, check));
    }
}

/// Checks the candidate the entry's id names, over simple chopsticks with `F` fingers:
/// where the candidate does not speak, it says what the reference says.
fn check_entry<const F: usize, const L: usize>(entry: &Entry, seed: u64, cases: u32) -> ClaimReport {
    let problem = match GameProblem::new(SimpleChopsticks::<F, L>, Question::default()) {
        Ok(p) => p,
        Err(e) => unreachable!("the outcome question is always defined: {e}"),
    };
    let name = entry
        .id
        .rsplit_once(&format!("f{F}-"))
        .map_or("", |(_, n)| n)
        .replace('-', "_");
    let candidate = candidates::<F>().into_iter().find(|c| c.name == name);
    let says = |p: &[u64; L]| -> Result<Answer, String> {
        let q = SimpleChopsticks::<F, L>::position(p).ok_or("not a position")?;
        match candidate.as_ref().and_then(|c| (c.claim)(&q)) {
            Some(wins) => Ok(Answer::Outcome(Outcome::of(wins))),
            None => Ok(problem.reference(p).0),
        }
    };
    check_claim(&problem, entry.id, entry.text, &says, seed, cases)
}
