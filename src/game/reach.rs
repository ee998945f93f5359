//! What `stress` asks of a [`GameProblem`] beyond its answers: how far the rules judge an
//! input (probed before the first run, with the per-input budget), whether the game's
//! own fast path answers beyond and holds against the rules there (`check` first), and
//! the positions the fast path's winning moves lead to.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::problem::GameProblem;
use super::{Answer, Game, Question, Unanswered};
use crate::game_trait::position::Position;
use crate::game_trait::search::{SEARCH_BUDGET, SEARCH_WORK, Search};
use crate::problem::{Bounds, ContestFormat, Problem, Properties, Range};
use crate::stress::{Beyond, Reach};

/// The work (moves listed plus positions stored) one case may cost the rules, in the
/// probe, before its count is beyond reach: counted, never timed, so the reach, and the
/// ranges and inputs drawn from it, are the same for a seed on every machine and run. A
/// sixteenth of a question's work budget ([`SEARCH_WORK`]): a case probed within reach
/// is judged with room to spare, and the probe before the first run stays a share of it.
pub(crate) const PROBE_WORK: u64 = SEARCH_WORK / 16;
/// The work one case may cost the rules in the probe whose reach is only stated: where
/// the game's fast path answers every input (checked first), the rules judge none, and
/// their reach is told within a sixteenth of [`PROBE_WORK`], without bisecting, so the
/// work before the first run stays small.
const STATED_WORK: u64 = PROBE_WORK / 16;
/// The positions the fast path may search beyond the rules' reach and still be called a
/// fast path (a formula answers there without searching). Small: a search holds the
/// moves of every position on its path, so its memory grows with the budget times the
/// moves of a position.
const FAST_PROBE_BUDGET: usize = 64;
/// Cases `check` runs on the fast path before `stress` trusts it beyond the rules.
const CHECK_CASES: u32 = 64;
/// Cases, at most, of each property that draws positions up to the game's largest count
/// ([`super::problem::AT_MOVE_REACH`]) in that check: each lists the moves of a
/// contest-size position, which a game may list by trial division (Codeforces 150A:
/// 3·10^6 divisions at 10^13), so 128 of them cost more than the 200 inputs of the run.
/// The properties of small positions, which compare with the rules, keep their share.
const CHECK_CASES_AT_MOVE_REACH: u32 = 16;

/// Reaches already probed in this process, by problem and bounds: the banner and the run
/// ask once each.
static PROBED: Mutex<Option<HashMap<String, Option<Reach>>>> = Mutex::new(None);

impl<G: Game> GameProblem<G> {
    /// Returns the answer to the problem's question by the rules alone (a search of the
    /// moves within `search`'s budget), never by the fast path.
    pub(crate) fn rules_answer(&self, p: &G::Position, search: &mut Search<G>) -> Result<Answer, Unanswered> {
        search.answer(self.question(), p)
    }

    /// Returns the positions probed at count `c` within `bounds`: every count `c` at the
    /// longest list, if that is a position of the game, and a few drawn with counts at
    /// most `c` (seeded by `c`), whose shapes (a small count beside a large one) are
    /// often the hard ones.
    fn probes(&self, bounds: &Bounds, c: u64) -> Vec<G::Position> {
        let len = self
            .probed_list(bounds)
            .unwrap_or_else(|| G::Position::ARITY.unwrap_or(1));
        let mut out: Vec<G::Position> = G::Position::from_counts(&vec![c; len])
            .filter(|p| self.valid(p))
            .into_iter()
            .collect();
        let pairs: Vec<(&'static str, u64)> = bounds
            .pairs()
            .into_iter()
            .map(|(f, m)| match f {
                "count" => (f, c.min(m)),
                // Two cases are taken of each input drawn: no more are drawn (10^5 a
                // contest's input may hold).
                "cases" => (f, m.min(bounds.min("cases").max(2))),
                _ => (f, m),
            })
            .collect();
        if let Ok(b) = self.constraints().and_then(|k| {
            k.bounds(G::NAME, Range::Extended, &pairs)
                .map_err(|e| e.to_string())
        }) {
            // Four draws that give positions, of at most 16: a draw can give none (SPOJ
            // MCOINS draws K < L < 10 by rejection), and a count with no probe is taken
            // as beyond the rules, which stopped its reach at 127 though they judge
            // 10^5.
            let mut rng = ChaCha8Rng::seed_from_u64(c);
            let mut gave = 0;
            for _ in 0..16 {
                let drawn = self.generate(&mut rng, &b);
                gave += usize::from(!drawn.is_empty());
                out.extend(drawn.into_iter().take(2));
                if gave == 4 {
                    break;
                }
            }
        }
        out.dedup();
        out
    }

    /// Returns the length of the longest list probed, for a game whose positions are
    /// lists: the bounds' `n` (else the game's longest list), at most 2^16.
    fn probed_list(&self, bounds: &Bounds) -> Option<usize> {
        G::Position::ARITY.is_none().then(|| {
            bounds
                .max("n")
                .map_or(self.game().max_len(), |n| {
                    usize::try_from(n).unwrap_or(usize::MAX)
                })
                .clamp(1, 1 << 16)
        })
    }

    /// Returns `bounds` with the list's length `n` at most `len`, if the problem has that
    /// dimension and admits it.
    fn with_list(&self, bounds: &Bounds, len: u64) -> Option<Bounds> {
        bounds.max("n")?;
        let pairs: Vec<(&'static str, u64)> = bounds
            .pairs()
            .into_iter()
            .map(|(f, m)| if f == "n" { (f, len.min(m)) } else { (f, m) })
            .collect();
        self.constraints()
            .ok()?
            .bounds(G::NAME, Range::Extended, &pairs)
            .ok()
    }

    /// Returns, where the rules judge no list of the longest length at the least count,
    /// the longest list they judge at it (doubling, then `bisections` steps) and their
    /// reach in counts in lists that long, each probe within `work`; `None` where they do
    /// judge it, or the positions are not lists of a stated length.
    fn shorter_lists(&self, bounds: &Bounds, work: u64, bisections: u32) -> Option<(u64, Option<u64>)> {
        let longest = self.stated_list(bounds)?;
        let least = bounds.min("count").max(1).min(bounds.max("count")?);
        let judged = |len: u64| {
            self.with_list(bounds, len)
                .is_some_and(|b| self.rules_judge(&b, least, work))
        };
        if judged(longest) || !judged(1) {
            return None;
        }
        let (mut ok, mut bad) = (1, longest);
        while ok * 2 < bad && judged(ok * 2) {
            ok *= 2;
        }
        bad = bad.min(ok * 2);
        for _ in 0..bisections {
            if bad - ok <= 1 {
                break;
            }
            let mid = ok + (bad - ok) / 2;
            if judged(mid) {
                ok = mid;
            } else {
                bad = mid;
            }
        }
        let at = self.with_list(bounds, ok)?;
        Some((ok, self.rules_reach(&at, work, bisections)))
    }

    /// Returns the format's fields that hold counts, each with the largest it admits
    /// (at most the game's largest count).
    fn count_fields(&self) -> Vec<(String, u64)> {
        let most = self.game().max_count();
        self.format()
            .fields()
            .filter(|f| f.is_count())
            .map(|f| (f.name().to_owned(), (*f.range().end()).min(most)))
            .collect()
    }

    /// Returns the longest list probed, as the `reach:` line states it: where the format
    /// has a list's length (`n`), not where a case is one count.
    fn stated_list(&self, bounds: &Bounds) -> Option<u64> {
        bounds.max("n").and(self.probed_list(bounds)).map(|n| n as u64)
    }

    /// Whether the rules judge every probe of count `c`, each within the search budget
    /// and `work`.
    fn rules_judge(&self, bounds: &Bounds, c: u64, work: u64) -> bool {
        let probes = self.probes(bounds, c);
        !probes.is_empty()
            && probes.iter().all(|p| {
                // The search lists every move of each component: never more than the
                // checks list (a list of many heaps is searched heap by heap).
                let parts = self.game().components(p);
                if parts
                    .iter()
                    .any(|c| self.game().move_count(c).is_some_and(|m| m > super::MOVES_LISTED))
                {
                    return false;
                }
                let mut search = Search::with_work(Arc::clone(self.game_arc()), SEARCH_BUDGET, work);
                self.rules_answer(p, &mut search).is_ok()
            })
    }

    /// Returns the largest count the rules judge within `bounds`, each probe within
    /// `work`, or `None` when they judge its top: doubling from the least count, then
    /// `bisections` steps of bisection.
    fn rules_reach(&self, bounds: &Bounds, work: u64, bisections: u32) -> Option<u64> {
        let top = bounds.max("count")?;
        let least = bounds.min("count").max(1).min(top);
        if !self.rules_judge(bounds, least, work) {
            return Some(least.saturating_sub(1));
        }
        let (mut ok, mut bad) = (least, None);
        while bad.is_none() && ok < top {
            let next = ok.saturating_mul(2).min(top);
            if self.rules_judge(bounds, next, work) {
                ok = next;
            } else {
                bad = Some(next);
            }
        }
        let mut bad = bad?;
        for _ in 0..bisections {
            if bad - ok <= 1 {
                break;
            }
            let mid = ok + (bad - ok) / 2;
            if self.rules_judge(bounds, mid, work) {
                ok = mid;
            } else {
                bad = mid;
            }
        }
        Some(ok)
    }

    /// Returns the rules' reach where it is only stated ([`STATED_WORK`] a probe): `None`
    /// when they judge the probes at the top of `bounds`, else as [`Self::rules_reach`]
    /// finds it. The top first: where the rules judge every input (a game whose moves are
    /// few but dear to list, as divisors by trial division), one level is probed, not
    /// the 44 doublings to 10^13.
    fn stated_reach(&self, bounds: &Bounds) -> Option<u64> {
        let top = bounds.max("count")?;
        if self.rules_judge(bounds, top, STATED_WORK) {
            return None;
        }
        self.rules_reach(bounds, STATED_WORK, 0)
    }

    /// Whether the fast path answers every probe at the top of `bounds` without a search:
    /// with one that refuses every question, so it lists no move (at 2^64 pins, more
    /// than any memory holds). Such a fast path answers every input itself.
    fn fast_path_answers_everywhere(&self, bounds: &Bounds) -> bool {
        let Some(top) = bounds.max("count") else {
            return false;
        };
        let probes = self.probes(bounds, top);
        !probes.is_empty()
            && probes.iter().all(|p| {
                let mut search = Search::refusing(Arc::clone(self.game_arc()));
                self.fast_with(p, &mut search).is_ok()
            })
    }

    /// Whether the fast path answers where the rules cannot, without searching: at 4
    /// times the rules' reach (at least 64, at most the top of `bounds`). Not at the top
    /// itself: a default fast path searches, and the search lists every move of the
    /// positions on its path, which at 2^64 pins is more than any memory.
    fn fast_path_answers(&self, bounds: &Bounds, rules: u64) -> bool {
        let Some(top) = bounds.max("count") else {
            return false;
        };
        let c = rules.saturating_mul(4).max(64).min(top);
        let probes = self.probes(bounds, c);
        !probes.is_empty()
            && probes.iter().all(|p| {
                let mut search = Search::new(Arc::clone(self.game_arc()), FAST_PROBE_BUDGET);
                self.fast_with(p, &mut search).is_ok()
            })
    }

    /// Returns how far the expected answers reach within `bounds` ([`Reach`]), probed
    /// once per problem and bounds in a process; `check` runs first on a fast path that
    /// answers beyond the rules.
    pub(crate) fn stress_reach(&self, bounds: &Bounds) -> Option<Reach> {
        // A proved fast path answers every count the bounds hold: nothing to probe.
        if self.settings().fast_path_proved
            && self.fast_name() != "rules"
            && self.question() == Question::default()
        {
            return None;
        }
        let key = format!(
            "{}|{}|{:?}|{:?}|{}",
            std::any::type_name::<G>(),
            self.args(),
            self.question(),
            bounds.pairs(),
            self.fast_name()
        );
        if let Some(known) = PROBED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(HashMap::new)
            .get(&key)
        {
            return known.clone();
        }
        let reach = self.probe_reach(bounds);
        PROBED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(HashMap::new)
            .insert(key, reach.clone());
        reach
    }

    fn probe_reach(&self, bounds: &Bounds) -> Option<Reach> {
        let top = bounds.max("count")?;
        let budget = |work: u64| {
            format!(
                "{SEARCH_BUDGET} positions and a work budget of {work} moves listed and positions stored a case"
            )
        };
        if self.mode == super::problem::Mode::Game && self.fast_path_answers_everywhere(bounds) {
            // The expected answers are the fast path's on every input, once check holds
            // it: the rules' reach is only stated, probed within a smaller budget.
            let rules = self.stated_reach(bounds);
            let beyond = match self.check_fast_path() {
                Ok(()) => Beyond::FastPath,
                Err(why) => Beyond::Refuted(why),
            };
            let shorter = rules
                .filter(|&r| r < bounds.min("count").max(1))
                .and_then(|_| self.shorter_lists(bounds, STATED_WORK, 0));
            return Some(Reach {
                rules,
                top,
                beyond,
                budget: budget(STATED_WORK),
                list: self.stated_list(bounds),
                shorter,
                list_top: bounds.max("n"),
                fields: self.count_fields(),
            });
        }
        let budget = budget(PROBE_WORK);
        let rules = self.rules_reach(bounds, PROBE_WORK, 6);
        let beyond = match rules {
            None => Beyond::Rules,
            Some(r) if self.fast_path_answers(bounds, r) => match self.check_fast_path() {
                Ok(()) => Beyond::FastPath,
                Err(why) => Beyond::Refuted(why),
            },
            Some(_) => Beyond::Nothing,
        };
        let shorter = rules
            .filter(|&r| r < bounds.min("count").max(1))
            .and_then(|_| self.shorter_lists(bounds, PROBE_WORK, 6));
        Some(Reach {
            rules,
            top,
            beyond,
            budget,
            list: self.stated_list(bounds),
            shorter,
            list_top: bounds.max("n"),
            fields: self.count_fields(),
        })
    }

    /// Checks the game's fast paths against the rules, as `check` does, on
    /// [`CHECK_CASES`] cases from seed 1.
    fn check_fast_path(&self) -> Result<(), String> {
        if self.mode != super::problem::Mode::Game {
            return Ok(());
        }
        let checked = self.properties().into_iter().try_for_each(|property| {
            let mut cases = property.share.of(CHECK_CASES);
            if super::problem::AT_MOVE_REACH.contains(&property.name) {
                cases = cases.min(CHECK_CASES_AT_MOVE_REACH);
            }
            let config = crate::check::RunConfig {
                seed: 1,
                cases,
                persist_in: None,
                budget: None,
            };
            crate::check::run_property(self, &property, config, &|| {}).result
        });
        self.forget();
        match checked {
            Ok(()) => Ok(()),
            Err(crate::check::PropertyError::Fail(c)) => Err(format!(
                "{} fails at {} ({}): {}",
                c.property,
                self.describe(&c.case),
                c.least,
                c.reason
            )),
            Err(crate::check::PropertyError::Abort(why)) => Err(format!("check was aborted: {why}")),
        }
    }

    /// Returns the position the fast path's winning move from `p` leads to, if it gives
    /// one and it is a position of the game.
    pub(crate) fn lost_after(&self, p: &G::Position) -> Option<G::Position> {
        // The default move search lists every move: not where their number is unknown
        // and the counts are large.
        if self.game().move_count(p).is_none() && p.counts().iter().any(|&c| c > 1 << 16) {
            return None;
        }
        // The thread's own search for near-lost (a default winning move asks the outcome
        // of every move, which a fresh memo searches anew), within a sixteenth of a
        // question's budgets: on Grundy's game (CSES 2207) the whole budgets held 0.85 GB
        // after 4 inputs, in searches that then found no winning move.
        let q = self.fast_move_near(p).ok()?;
        q.filter(|q| self.valid(q))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::*;
    use crate::game::{Field, Format, Outcome, Output};

    thread_local! {
        /// Moves of heaps beyond the rules oracle's reach listed by [`Halving`] on this
        /// thread, and all told: each test counts its own, whatever runs beside it.
        static LISTED_LARGE: AtomicU64 = const { AtomicU64::new(0) };
        static LISTED: AtomicU64 = const { AtomicU64::new(0) };
    }

    /// A heap of n becomes n / 2 (floor); who cannot move (at 0) loses. A game of as many
    /// moves as n has bits: the first player wins exactly when that number is odd.
    struct Halving;

    impl Game for Halving {
        type Position = u64;
        const NAME: &'static str = "halving";

        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            LISTED.with(|c| c.fetch_add(1, Ordering::Relaxed));
            if n > 1 << 20 {
                LISTED_LARGE.with(|c| c.fetch_add(1, Ordering::Relaxed));
            }
            if n > 0 {
                out.push(n / 2);
            }
        }

        fn max_count(&self) -> u64 {
            1_000_000_000_000
        }

        fn outcome(&self, &n: &u64, _: &mut Search<Self>) -> Result<Outcome, Unanswered> {
            Ok(Outcome::of((64 - n.leading_zeros()) % 2 == 1))
        }

        fn format(&self) -> Format<Self> {
            Format::single()
                .line([Field::number("n", 0..=1_000_000_000_000)])
                .answer(Output::winner("First", "Second"))
        }
    }

    fn halving() -> (GameProblem<Halving>, Bounds) {
        let problem = GameProblem::new(Halving, Question::default()).expect("a problem");
        let bounds = problem
            .constraints()
            .and_then(|k| {
                k.bounds("halving", Range::Contest, &[])
                    .map_err(|e| e.to_string())
            })
            .expect("bounds");
        (problem, bounds)
    }

    #[test]
    fn the_stated_reach_lists_the_moves_of_one_level_where_the_rules_judge_the_top() {
        let (problem, bounds) = halving();
        // Every heap up to 10^12 is judged in its 40 moves, far within the budget.
        LISTED.with(|c| c.store(0, Ordering::Relaxed));
        assert_eq!(problem.stated_reach(&bounds), None);
        let listed = LISTED.with(|c| c.load(Ordering::Relaxed));
        // One level of probes (the top and 8 drawn, 41 heaps each), not 40 doublings.
        let probes = problem
            .probes(&bounds, bounds.max("count").expect("a count"))
            .len() as u64;
        assert!(listed <= probes * 41, "{listed} moves listed for {probes} probes");
        // Where the rules stop short of the top, it is the doubling's reach.
        let below = problem
            .constraints()
            .and_then(|k| {
                k.bounds("halving", Range::Contest, &[("count", 1 << 20)])
                    .map_err(|e| e.to_string())
            })
            .expect("bounds");
        assert_eq!(
            problem.stated_reach(&below),
            problem.rules_reach(&below, STATED_WORK, 0)
        );
    }

    #[test]
    fn the_check_before_a_run_lists_few_contest_size_heaps() {
        let (problem, _) = halving();
        LISTED_LARGE.with(|c| c.store(0, Ordering::Relaxed));
        assert_eq!(problem.check_fast_path(), Ok(()));
        let large = LISTED_LARGE.with(|c| c.load(Ordering::Relaxed));
        // Each case of the two properties at the move reach lists at most one heap's
        // moves and its move's, 16 cases each (8 heaps here: most drawn heaps are small);
        // with their shares of 64 cases, 128 each, 92 are listed.
        assert!(large <= 32, "{large}");
        assert!(large > 0, "no contest-size heap was checked");
    }
}
