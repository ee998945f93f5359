//! Chopsticks as a [`Game`]: a position is (a, c, b, d), the moves are the four attacks,
//! the fast path is the seed's O(1) rule, and the memoized minimax and the dense table of
//! `gamecheck-oracles` are its named second methods. `chopsticks` and its alias
//! `simple-chopsticks` (hands of 1 to F fingers, arXiv 2406.09083) are this game at F = 2,
//! the default of `--fingers F`.

use std::sync::{Arc, Mutex, OnceLock, RwLock};

use gamecheck_oracles::chopsticks_minimax::Minimax;
use gamecheck_oracles::chopsticks_table::{MAX_LIMIT, Table};

use super::crosscheck;
use super::rule::{outcome, winning_move};
use super::state::{Attack, State, real_play_with_total};
use crate::game::{
    Answer, ClaimDomains, Field, Format, FromFlags, Game, GameError, Oracle, Outcome, Output, Play, Question,
    Search, Settings, Unanswered,
};
use crate::problem::{Domain, Flag, Flags, Least, Sample};
use proptest::strategy::{BoxedStrategy, Strategy};

/// Positions of real play are checked exhaustively against claims up to this many hands
/// in all.
pub const EXHAUSTIVE_TOTAL: u64 = 40;

/// The largest count the minimax is asked about: 25^4 positions at most.
pub const MINIMAX_REACH: u64 = 24;

/// The largest count a position may hold when the question is one the rule does not
/// answer (misère play, the Grundy value): the search of the moves then holds about a
/// million positions (0.6 s and 50 MB at (24, 24, 24, 24); at 100 it would need 1.2 GB).
pub const SEARCH_REACH: u64 = 24;

/// The dense table's default limit: counts below 128 (about 2.5 s to build, on first use).
const TABLE_LIMIT: u64 = 128;

/// Chopsticks with hands of one or two fingers: does the player to move win (a, c, b, d)?
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{Chopsticks, State};
/// use gamecheck::game::{Answer, GameProblem, Outcome, Question};
/// use gamecheck::problem::Problem;
/// let p = GameProblem::new(Chopsticks::new(), Question::default())?;
/// // One one-finger hand against a one and a two: remove the two, leave a lost tie.
/// assert_eq!(p.solve(&State::new(1, 0, 1, 1)), Ok(Answer::Outcome(Outcome::Win)));
/// # Ok::<(), gamecheck::game::GameError>(())
/// ```
pub struct Chopsticks {
    table_limit: u64,
    /// The table built so far: it grows, by powers of two up to `table_limit`, to the
    /// counts asked about, so a small case never pays for the whole table.
    table: RwLock<Option<Arc<Table>>>,
    /// The largest count, when the answer is a search of the moves.
    search_reach: Option<u64>,
}

impl Chopsticks {
    /// Returns the game whose table covers counts below 128.
    // No `Default`: it would make the game `FromFlags` by the blanket impl, without its
    // `--fingers` flag.
    #[allow(clippy::new_without_default)]
    pub fn new() -> Chopsticks {
        Chopsticks::with_table_limit(TABLE_LIMIT)
    }

    /// Returns the game whose dense-table oracle covers counts below `limit` (clamped to
    /// 1..=256; built on first use, about 2.5 s at 128).
    pub fn with_table_limit(limit: u64) -> Chopsticks {
        Chopsticks {
            table_limit: limit.clamp(1, MAX_LIMIT),
            table: RwLock::new(None),
            search_reach: None,
        }
    }

    /// Returns the limit of counts the table covers.
    pub fn table_limit(&self) -> u64 {
        self.table_limit
    }

    /// Returns a table covering counts below `need` (at most `table_limit`), building a
    /// larger one when the one built so far is too small.
    fn table_for(&self, need: u64) -> Option<Arc<Table>> {
        let need = need.clamp(1, self.table_limit);
        if let Some(t) = self.table.read().unwrap_or_else(|p| p.into_inner()).as_ref()
            && t.limit() >= need
        {
            return Some(Arc::clone(t));
        }
        let mut slot = self.table.write().unwrap_or_else(|p| p.into_inner());
        if let Some(t) = slot.as_ref().filter(|t| t.limit() >= need) {
            return Some(Arc::clone(t));
        }
        let limit = need.next_power_of_two().max(8).min(self.table_limit).max(need);
        let table = Arc::new(Table::build(limit).ok()?);
        *slot = Some(Arc::clone(&table));
        Some(table)
    }

    /// Returns whether the player to move wins `s` by the dense table, if every count is
    /// below its limit.
    pub fn table_wins(&self, s: State) -> Option<bool> {
        let counts = [s.a, s.c, s.b, s.d];
        if counts.iter().any(|&v| v >= u128::from(self.table_limit)) {
            return None;
        }
        let largest = counts.into_iter().max().unwrap_or(0) as u64;
        self.table_for(largest + 1)?
            .wins(s.a as u64, s.c as u64, s.b as u64, s.d as u64)
    }

    /// Returns whether the player to move wins `s` by the minimax, if every count is at
    /// most [`MINIMAX_REACH`].
    pub fn minimax_wins(&self, s: State) -> Option<bool> {
        static MINIMAX: OnceLock<Mutex<Minimax>> = OnceLock::new();
        let counts = [s.a, s.c, s.b, s.d];
        if counts.iter().any(|&v| v > u128::from(MINIMAX_REACH)) {
            return None;
        }
        let mut m = MINIMAX
            .get_or_init(|| Mutex::new(Minimax::new()))
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        Some(m.wins((s.a as u64, s.c as u64, s.b as u64, s.d as u64)))
    }
}

/// Whether every count of `s` is a `u64`, as every position read or generated is.
fn fits(s: &State) -> bool {
    [s.a, s.c, s.b, s.d].iter().all(|&v| v <= u128::from(u64::MAX))
}

/// The opponent, who has no hands, to move: the pass that ends a won game, so that the
/// moves alone give the rule's "the opponent has no hands: the mover has won".
fn handed_over(s: &State) -> State {
    State {
        a: s.b,
        c: s.d,
        b: s.a,
        d: s.c,
    }
}

impl Game for Chopsticks {
    type Position = State;
    const NAME: &'static str = "chopsticks";

    fn moves(&self, s: &State, out: &mut Vec<State>) {
        if s.hands() == 0 {
            return;
        }
        if s.opponent_hands() == 0 {
            out.push(handed_over(s));
            return;
        }
        // Removals first: they are the likely winners, and the searches try moves in order.
        for attack in [
            Attack::TwoOnTwo,
            Attack::TwoOnOne,
            Attack::OneOnTwo,
            Attack::OneOnOne,
        ] {
            // A conversion from d = 2^64 − 1 leaves the counts of a position.
            out.extend(s.after(attack).filter(fits));
        }
    }

    /// Claims about who wins, drawn from real play, with the rule proved.
    fn settings(&self) -> Settings<Self> {
        Settings {
            strategy: Some(Self::strategy),
            claim_domains: Some(Self::claim_domains),
            least_budget: self.least_budget(),
            fast_path_proved: self.fast_path_proved(),
            claim_outcome: self.claim_outcome(),
            ..Settings::default()
        }
    }

    /// Both players hold a hand: a game reaches no other position, though the rule
    /// answers them too (the player with no hands has lost; `solve` reads them).
    fn in_play(&self, s: &State) -> bool {
        s.hands() > 0 && s.opponent_hands() > 0
    }

    fn check_position(&self, s: &State) -> Result<(), String> {
        match self.search_reach {
            Some(reach) if [s.a, s.c, s.b, s.d].iter().any(|&v| v > u128::from(reach)) => Err(format!(
                "a count above {reach}: with --misere or --grundy the answer is a search of the moves, which reaches counts up to {reach}"
            )),
            _ => Ok(()),
        }
    }

    /// Any `u64` count: the rule reads them all; with --misere or --grundy, the search's
    /// reach.
    fn max_count(&self) -> u64 {
        self.search_reach.unwrap_or(u64::MAX)
    }

    fn oracle_reach(&self) -> u64 {
        12
    }

    fn outcome(&self, s: &State, _search: &mut Search<Self>) -> Result<Outcome, Unanswered> {
        Ok(outcome(*s))
    }

    /// Under normal play the rule's move (the pass where the opponent has no hands);
    /// under misère play the first move to a position the search calls lost.
    fn winning_move(
        &self,
        s: &State,
        play: Play,
        search: &mut Search<Self>,
    ) -> Result<Option<State>, Unanswered> {
        if play == Play::Normal {
            if s.hands() > 0 && s.opponent_hands() == 0 {
                return Ok(Some(handed_over(s)));
            }
            return Ok(winning_move(*s).and_then(|m| s.after(m)).filter(fits));
        }
        let mut moves = Vec::new();
        self.moves(s, &mut moves);
        for q in moves {
            if search.misere_outcome(&q)? == Outcome::Loss {
                return Ok(Some(q));
            }
        }
        Ok(None)
    }

    /// A line `T` (any T, 0 included), then T lines `a c b d`; `First` or `Second`.
    fn format(&self) -> Format<Chopsticks> {
        let max = self.max_count();
        let mut format = Format::cases(0..=u64::MAX)
            .line(["a", "c", "b", "d"].map(|name| Field::number(name, 0..=max)))
            .generated(20, 1000)
            .answer(Output::winner("First", "Second"));
        format.labels = Some(("counts", "counts per position"));
        format
    }

    fn oracles(&self) -> Vec<Oracle<Chopsticks>> {
        vec![
            Oracle::new(
                "rule_matches_minimax",
                "minimax",
                |g: &Chopsticks, s: &State, q| {
                    let wins = g.minimax_wins(*s).filter(|_| q == Question::default())?;
                    Some(Ok(Answer::Outcome(Outcome::of(wins))))
                },
            )
            .within(MINIMAX_REACH),
            Oracle::new("rule_matches_table", "table", |g: &Chopsticks, s: &State, q| {
                let wins = g.table_wins(*s).filter(|_| q == Question::default())?;
                Some(Ok(Answer::Outcome(Outcome::of(wins))))
            })
            .within(self.table_limit - 1),
            Oracle::check(
                "minimax_matches_table",
                "minimax against the table",
                |g: &Chopsticks, s: &State| match (g.minimax_wins(*s), g.table_wins(*s)) {
                    (Some(minimax), Some(table)) if minimax != table => Err(format!(
                        "the minimax says {}, the table {}",
                        Outcome::of(minimax),
                        Outcome::of(table)
                    )),
                    _ => Ok(()),
                },
            ),
            Oracle::check(
                "moves_match_oracle",
                "moves against the oracle crate's",
                |_: &Chopsticks, s: &State| crosscheck::moves_match_oracle(*s).map_err(|d| d.detail),
            ),
        ]
    }

    /// Lowering a count on each side keeps n − m, where the rule changes its mind;
    /// turning one-finger hands into two-finger ones keeps every total and lowers a (or
    /// b), which the order compares first.
    fn descent(&self, s: &State) -> Vec<State> {
        let counts = [s.a, s.c, s.b, s.d];
        let with = |i: usize, v: u128, j: usize, w: u128| {
            let mut c = counts;
            c[i] = v;
            c[j] = w;
            State {
                a: c[0],
                c: c[1],
                b: c[2],
                d: c[3],
            }
        };
        let mut out = Vec::new();
        for (i, j) in [(0, 2), (0, 3), (1, 2), (1, 3)] {
            let step = counts[i].min(counts[j]);
            if step > 0 {
                for cut in [step, step / 2, 1] {
                    out.push(with(i, counts[i] - cut, j, counts[j] - cut));
                }
            }
        }
        for (one, two) in [(0, 1), (2, 3)] {
            let step = counts[one].min(u128::from(u64::MAX) - counts[two].min(u128::from(u64::MAX)));
            if step > 0 {
                for cut in [step, step / 2, 1] {
                    out.push(with(one, counts[one] - cut, two, counts[two] + cut));
                }
            }
        }
        out
    }

    fn explain(&self, s: &State, _answer: &Answer) -> Option<String> {
        Some(super::explain_line(*s))
    }

    fn describe(&self, s: &State) -> String {
        s.to_string()
    }
}

/// What the engines read from the game's settings ([`Game::settings`]).
impl Chopsticks {
    /// Counts near 0–3, near `max` and 10^18, and half of them with n − m in −2..=2,
    /// where the rule changes its mind.
    fn strategy(&self, max: u64, _max_len: usize) -> BoxedStrategy<State> {
        super::strategy::states_within(max).boxed()
    }

    /// Every position of real play with at most [`EXHAUSTIVE_TOTAL`] hands, by total,
    /// then (a, c, b, d) (the start of the order, so a failure there is least), then
    /// random positions of real play over the whole `u64` range.
    fn claim_domains(&self) -> ClaimDomains<State> {
        let max = self.max_count();
        let exhaustive = Domain {
            cases: Box::new(
                (2..=EXHAUSTIVE_TOTAL)
                    .flat_map(real_play_with_total)
                    .filter(move |s| [s.a, s.c, s.b, s.d].iter().all(|&v| v <= u128::from(max))),
            ),
            description: format!("positions of real play with a + c + b + d <= {EXHAUSTIVE_TOTAL}"),
            separator: ", ",
            standing: Least::Proven,
            refine: false,
        };
        let random = Sample {
            cases: super::strategy::states_within(max)
                .prop_filter("a player has no hands", |s| {
                    s.hands() > 0 && s.opponent_hands() > 0
                })
                .boxed(),
            description: if max == u64::MAX {
                "positions of real play over the full u64 range".into()
            } else {
                format!("positions of real play with counts up to {max}")
            },
            separator: ", ",
        };
        (exhaustive, random)
    }

    /// Every position of real play with at most about 80 hands.
    fn least_budget(&self) -> u64 {
        820_000
    }

    /// The rule, proved for every state by `prove chopsticks --all`.
    fn fast_path_proved(&self) -> bool {
        true
    }

    /// "The player to move wins exactly when EXPR", as the seed states its rule.
    fn claim_outcome(&self) -> Outcome {
        Outcome::Win
    }
}

/// The flag `--fingers F`, which must be 2 here (the registry's `chopsticks` builds
/// [`SimpleChopsticks`](crate::games::simple_chopsticks::SimpleChopsticks) for 3, 4, 5);
/// the misère and Grundy questions are searched within [`SEARCH_REACH`].
impl FromFlags for Chopsticks {
    fn flags() -> Vec<Flag> {
        vec![super::fingers::fingers_flag()]
    }

    fn from_flags(flags: &Flags) -> Result<Chopsticks, GameError> {
        match flags.text("fingers")? {
            None | Some("2") => {}
            Some(f) => return Err(super::fingers::unserved_by::<2>(f)),
        }
        let searched = flags.switch("misere").unwrap_or(false) || flags.switch("grundy").unwrap_or(false);
        Ok(Chopsticks {
            search_reach: searched.then_some(SEARCH_REACH),
            ..Chopsticks::new()
        })
    }
}

impl Chopsticks {
    /// Returns who wins, as a problem every engine runs, the game's table covering counts
    /// below `table_limit`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{Chopsticks, State};
    /// use gamecheck::problem::Problem;
    /// assert_eq!(Chopsticks::problem(1).solve(&State::new(1, 0, 1, 0)).map(|a| a.to_string()), Ok("Second".into()));
    /// ```
    pub fn problem(table_limit: u64) -> crate::game::GameProblem<Chopsticks> {
        match crate::game::GameProblem::new(Chopsticks::with_table_limit(table_limit), Question::default()) {
            Ok(p) => p,
            Err(e) => unreachable!("the outcome question is always defined: {e}"),
        }
    }

    /// Returns the problem claims are checked against, who wins: its table covers counts
    /// below 64 and is built once per process.
    pub fn for_claims() -> &'static crate::game::GameProblem<Chopsticks> {
        static PROBLEM: OnceLock<crate::game::GameProblem<Chopsticks>> = OnceLock::new();
        PROBLEM.get_or_init(|| Chopsticks::problem(64))
    }
}

/// Returns [`Chopsticks::for_claims`].
pub(crate) fn for_claims() -> &'static crate::game::GameProblem<Chopsticks> {
    Chopsticks::for_claims()
}
