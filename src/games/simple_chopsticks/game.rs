//! Simple chopsticks with hands of 1 to F fingers as a [`Game`] of its moves alone: a
//! position is the counts of hands of each size, the mover's `F` counts then the
//! opponent's (`L = 2F` counts in all). At F = 3, 4, 5 it is `chopsticks --fingers F`,
//! answered by a search of the moves within [`search_reach`], and the catalog's claims
//! state the seed rule's natural generalizations, judged against its rules oracle; F = 2
//! is [`Chopsticks`](crate::chopsticks::Chopsticks).

use crate::game::Settings;
use gamecheck_oracles::rules_oracle::Rules;

use super::characterization::candidates;
use super::moves::SimpleRules;
use super::position::Position;
use crate::claims::{ClaimReport, ClaimVerdict, Entry, check_claim};
use crate::game::{
    Answer, Field, Format, FromFlags, Game, GameError, GameProblem, Outcome, Output, Question,
};
use crate::problem::{Claims, Flag, Flags};

/// Returns the largest count a position of `chopsticks --fingers F` may hold: the search
/// of the moves answers every question (who wins, misère, the Grundy value) on every
/// position within it inside its budget of positions. The worst is every count at the
/// reach, whose Grundy value (and so who wins) needs every position reachable: at F = 3
/// and 8, 3.8 s and 360 MB; at F = 4 and 3, 1.4 s and 120 MB; at F = 5 and 2, 5.5 s and
/// 280 MB (release build; misère play, which stops at a winning move, 0.1 to 0.4 s). One
/// more on each count would multiply the positions by about 2 at F = 3, 7 at F = 4 and 25
/// at F = 5. F = 2 is the seed's game, which its rule answers at any count; as this game, its reach is
/// `chopsticks --misere`'s, 24.
pub const fn search_reach(f: usize) -> u64 {
    match f {
        // The reach of `chopsticks --misere` and `--grundy` at F = 2.
        0..=2 => 24,
        3 => 8,
        4 => 3,
        _ => 2,
    }
}

/// The count field names, hands of 1 to 5 fingers: `x` the mover's, `y` the opponent's.
const MOVER: [&str; 5] = ["x1", "x2", "x3", "x4", "x5"];
const OPPONENT: [&str; 5] = ["y1", "y2", "y3", "y4", "y5"];

/// Simple chopsticks with hands of 1 to `F` fingers, a position being `L = 2F` counts.
///
/// # Example
/// ```
/// use gamecheck::game::{Answer, GameProblem, Outcome, Question};
/// use gamecheck::games::simple_chopsticks::SimpleChopsticks;
/// use gamecheck::problem::Problem;
/// let p = GameProblem::new(SimpleChopsticks::<3, 6>::new(), Question::default())?;
/// // One one-finger hand each: 1 on 1 makes the opponent's hand a two, whose only move
/// // makes the mover's one a three; the mover's three then removes the two.
/// assert_eq!(p.solve(&[1, 0, 0, 1, 0, 0]), Ok(Answer::Outcome(Outcome::Win)));
/// # Ok::<(), gamecheck::game::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SimpleChopsticks<const F: usize, const L: usize> {
    /// The largest count of a position.
    max: u64,
}

impl<const F: usize, const L: usize> SimpleChopsticks<F, L> {
    /// Returns the game of `chopsticks --fingers F`, its counts within [`search_reach`].
    // No `Default`: it would make the game `FromFlags` by the blanket impl, without its
    // `--fingers` flag.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> SimpleChopsticks<F, L> {
        SimpleChopsticks { max: search_reach(F) }
    }

    /// Returns the game the catalog's claims are judged on: its counts within the box
    /// the rules oracle covers in a claim's time.
    pub(crate) const fn in_oracle_box() -> SimpleChopsticks<F, L> {
        SimpleChopsticks { max: oracle_box(F) }
    }

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

/// The largest count of the catalog's positions at `f` fingers.
const fn oracle_box(f: usize) -> u64 {
    match f {
        0..=2 => 12,
        3 => 4,
        4 => 2,
        _ => 1,
    }
}

impl<const F: usize, const L: usize> Game for SimpleChopsticks<F, L> {
    type Position = [u64; L];
    const NAME: &'static str = "chopsticks";

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
        match p.iter().find(|&&c| c > self.max) {
            Some(c) => Err(format!(
                "{c} hands of one size is above {}, the count the search of the moves reaches",
                self.max
            )),
            None => Ok(()),
        }
    }

    /// Both players hold a hand: a game reaches no other position, though the rules
    /// answer them too (the player with no hands has lost; `solve` reads them).
    fn in_play(&self, p: &[u64; L]) -> bool {
        p.iter().take(F).any(|&c| c > 0) && p.iter().skip(F).any(|&c| c > 0)
    }

    fn max_count(&self) -> u64 {
        self.max
    }

    /// The box the catalog's oracle covers; every count of the game served, whose
    /// every position the rules oracle's search reaches too.
    fn oracle_reach(&self) -> u64 {
        self.max.min(search_reach(F))
    }

    /// "The player to move wins exactly when EXPR", as at F = 2.
    fn settings(&self) -> Settings<Self> {
        Settings {
            claim_outcome: Outcome::Win,
            ..Settings::default()
        }
    }

    /// A line `T` (any T, 0 included), then T lines of 2F counts: `x1 … xF`, the mover's
    /// hands of 1 to F fingers, then `y1 … yF`, the opponent's; `First` or `Second`.
    fn format(&self) -> Format<Self> {
        let max = self.max;
        let names = MOVER.iter().take(F).chain(OPPONENT.iter().take(F));
        let mut format = Format::cases(0..=u64::MAX)
            .line(
                names
                    .map(|&name| Field::number(name, 0..=max))
                    .collect::<Vec<_>>(),
            )
            .generated(20, 1000)
            .answer(Output::winner("First", "Second"));
        format.labels = Some(("counts", "counts per position"));
        format
    }

    fn describe(&self, p: &[u64; L]) -> String {
        Self::position(p).map_or_else(|| format!("{p:?}"), |q| q.to_string())
    }
}

/// The flag `--fingers F`, which must be this game's F.
impl<const F: usize, const L: usize> FromFlags for SimpleChopsticks<F, L> {
    fn flags() -> Vec<Flag> {
        vec![crate::games::chopsticks::fingers_flag()]
    }

    fn from_flags(flags: &Flags) -> Result<SimpleChopsticks<F, L>, GameError> {
        // A flag left out is the family's default, F = 2.
        match flags.text("fingers")?.unwrap_or("2") {
            f if f == F.to_string() => Ok(SimpleChopsticks::new()),
            f => Err(crate::games::chopsticks::unserved_by::<F>(f)),
        }
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
        out.push(Entry::new(id, "chopsticks", text, expected, check));
    }
}

/// Checks the candidate the entry's id names, over simple chopsticks with `F` fingers:
/// where the candidate does not speak, it says what the reference says.
fn check_entry<const F: usize, const L: usize>(entry: &Entry, seed: u64, cases: u32) -> ClaimReport {
    let problem = match GameProblem::new(SimpleChopsticks::<F, L>::in_oracle_box(), Question::default()) {
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
