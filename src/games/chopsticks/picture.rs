//! Chopsticks pictures: the fast rule's cases over slices of positions, crossed wherever
//! the rule and the dense-table oracle disagree, and where a typed claim is wrong.
//!
//! A slice fixes the two-finger counts c and d and runs over the hand totals n = a + c
//! (x axis) and m = b + d (y axis), so cell (n, m) is the position (n − c, c, m − d, d).
//! The rule's cases follow n − m, c = 0, d = 0 and the parities of a and b, so the four
//! slices c, d ∈ {0, 1} show every case.

use gamecheck_oracles::chopsticks_table::Table;

use crate::games::chopsticks::{Case, Outcome, State};
use crate::plot::{Axis, Cell, Kind, Mark, Panel, Picture, PlotError, Rgb};

/// The largest count a slice may reach: the oracle table then stays at L ≤ 64 (2 MiB).
pub const MAX_COUNT: u64 = 63;

/// The slices a Chopsticks picture shows: one panel per (c, d), over n, m in 0..=max.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slices {
    cd: Vec<(u64, u64)>,
    max: u64,
}

impl Default for Slices {
    /// The four slices c, d ∈ {0, 1} with n, m up to 12.
    fn default() -> Slices {
        Slices {
            cd: vec![(0, 0), (0, 1), (1, 0), (1, 1)],
            max: 12,
        }
    }
}

impl Slices {
    /// Returns one slice per pair of `cs` × `ds` (in that order), each over n, m in 0..=`max`.
    ///
    /// # Constraints
    /// `cs` and `ds` are non-empty, at most 16 slices in all, and every count is at most
    /// [`MAX_COUNT`]; otherwise [`PlotError::Range`].
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::picture::Slices;
    /// assert_eq!(Slices::new(&[0, 1], &[1], 12)?.pairs(), [(0, 1), (1, 1)]);
    /// assert!(Slices::new(&[0], &[0], 64).is_err());
    /// # Ok::<(), gamecheck::plot::PlotError>(())
    /// ```
    pub fn new(cs: &[u64], ds: &[u64], max: u64) -> Result<Slices, PlotError> {
        if cs.is_empty() || ds.is_empty() || cs.len() * ds.len() > 16 {
            return Err(PlotError::Range(format!(
                "{} values of c and {} of d: a picture shows between 1 and 16 slices",
                cs.len(),
                ds.len()
            )));
        }
        if let Some(&big) = cs.iter().chain(ds).chain([&max]).find(|&&v| v > MAX_COUNT) {
            return Err(PlotError::Range(format!(
                "count {big} is too large: --c, --d and --max go up to {MAX_COUNT}"
            )));
        }
        let cd = cs.iter().flat_map(|&c| ds.iter().map(move |&d| (c, d))).collect();
        Ok(Slices { cd, max })
    }

    /// Returns the (c, d) of each slice, in panel order.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::picture::Slices;
    /// assert_eq!(Slices::default().pairs().len(), 4);
    /// ```
    pub fn pairs(&self) -> &[(u64, u64)] {
        &self.cd
    }

    /// Returns the position at cell (n, m) of slice (c, d), or `None` when n < c or m < d.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::picture::Slices;
    /// use gamecheck::chopsticks::State;
    /// assert_eq!(Slices::position(1, 2, 0, 1), Some(State::new(1, 0, 1, 1)));
    /// assert_eq!(Slices::position(0, 2, 1, 1), None);
    /// ```
    pub fn position(n: u64, m: u64, c: u64, d: u64) -> Option<State> {
        Some(State::new(n.checked_sub(c)?, c, m.checked_sub(d)?, d))
    }

    fn table(&self) -> Result<Table, PlotError> {
        let largest = self
            .cd
            .iter()
            .map(|&(c, d)| c.max(d))
            .max()
            .unwrap_or(0)
            .max(self.max);
        Table::build(largest + 1).map_err(|e| PlotError::Range(e.to_string()))
    }

    /// One panel per slice, cells from `cell(state or None, c, d)`.
    fn panels(&self, mut cell: impl FnMut(Option<State>) -> Cell) -> Result<Vec<Panel>, PlotError> {
        self.cd
            .iter()
            .map(|&(c, d)| {
                Panel::from_fn(
                    format!("c = {c}, d = {d}"),
                    Axis::new("n = a + c (hands of the player to move)", 0..=self.max),
                    Axis::new("m = b + d (opponent's hands)", 0..=self.max),
                    |n, m| cell(Slices::position(n, m, c, d)),
                )
            })
            .collect()
    }

    fn cells_note(&self) -> String {
        "Cell (n, m) of panel (c, d) is the position (a, c, b, d) = (n − c, c, m − d, d): the player to move \
         has a one-finger and c two-finger hands, the opponent b one-finger and d two-finger hands."
            .to_owned()
    }
}

/// The cases in legend order, with their fills: wins in warm colours, losses in cool ones.
const CASES: [(Case, Rgb); 8] = [
    (Case::NoHands, Rgb(198, 219, 239)),
    (Case::OpponentHasNoHands, Rgb(254, 224, 139)),
    (Case::MoreHands, Rgb(253, 174, 97)),
    (Case::TwoBehind, Rgb(69, 117, 180)),
    (Case::OneBehindCanEqualize, Rgb(215, 25, 28)),
    (Case::OneBehind, Rgb(116, 173, 209)),
    (Case::EqualOddOnes, Rgb(49, 54, 149)),
    (Case::Equal, Rgb(244, 109, 67)),
];

const NOT_A_POSITION: Rgb = Rgb(238, 238, 238);

fn table_wins(table: &Table, s: State) -> Option<bool> {
    let small = |v: u128| u64::try_from(v).ok();
    table.wins(small(s.a)?, small(s.c)?, small(s.b)?, small(s.d)?)
}

/// Returns the outcome map of `rule` over `slices`: each cell coloured by the case `rule`
/// gives, and crossed where that case's outcome differs from the dense table of
/// `gamecheck-oracles`. The rule is a parameter so that a broken one can be drawn.
///
/// # Constraints
/// As for [`Slices::new`].
///
/// # Complexity
/// One call of `rule` per cell, plus building the table for counts up to the slices'
/// largest (at most L = 64, a few milliseconds).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::case;
/// use gamecheck::chopsticks::picture::{Slices, outcome_picture};
/// use gamecheck::plot::Mark;
/// let pic = outcome_picture(&Slices::default(), &case)?;
/// assert!(pic.marked(Mark::Cross).is_empty()); // the fast rule agrees with the table
/// # Ok::<(), gamecheck::plot::PlotError>(())
/// ```
pub fn outcome_picture(slices: &Slices, rule: &dyn Fn(State) -> Case) -> Result<Picture, PlotError> {
    let table = slices.table()?;
    let panels = slices.panels(|s| match s {
        None => Cell::new(CASES.len()),
        Some(s) => {
            let case = rule(s);
            let kind = CASES.iter().position(|&(c, _)| c == case).unwrap_or(0);
            let cell = Cell::new(kind);
            if table_wins(&table, s) == Some(case.outcome() == Outcome::Win) {
                cell
            } else {
                cell.with_mark(Mark::Cross)
            }
        }
    })?;
    let mut kinds: Vec<Kind> = CASES
        .iter()
        .map(|&(case, fill)| {
            let who = match case.outcome() {
                Outcome::Win => "the player to move wins",
                // The seed's game is acyclic: the rule never says Draw.
                Outcome::Loss | Outcome::Draw => "the player to move loses",
            };
            Kind::new(format!("{case:?}: {} — {who}", case.condition()), fill)
        })
        .collect();
    kinds.push(Kind::new("not a position: n < c or m < d", NOT_A_POSITION));
    let mut picture = Picture {
        title: "Chopsticks: the fast rule's case at each position, against the table oracle".to_owned(),
        panels,
        kinds,
        marks: vec![(
            Mark::Cross,
            "the rule's outcome differs from the dense table oracle".to_owned(),
        )],
        notes: Vec::new(),
    };
    let positions = picture.panels.iter().flat_map(Panel::cells).count() - picture.count_kind(CASES.len());
    picture.notes = vec![
        slices.cells_note(),
        format!(
            "Every position shown was compared with the dense outcome table of gamecheck-oracles, filled \
             from the rules alone (L = {}): {} of {positions} differ.",
            table.limit(),
            picture.marked(Mark::Cross).len()
        ),
    ];
    Ok(picture)
}

/// A typed claim "the player to move wins exactly when …", as a picture needs it: what
/// it says at a position, and its least counterexample with where that came from.
pub struct Claim {
    text: String,
    says: Box<dyn Fn(State) -> Result<bool, String>>,
    least: Option<(State, String)>,
}

impl Claim {
    /// Returns the claim `text` deciding each position by `says`, whose least
    /// counterexample is `least` (the position, and a phrase saying who found it).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::picture::Claim;
    /// use gamecheck::chopsticks::State;
    /// let c = Claim::new("n > m", |s| Ok(s.hands() > s.opponent_hands()), None);
    /// assert_eq!(c.says(State::new(2, 0, 1, 0)), Ok(true));
    /// ```
    pub fn new(
        text: impl Into<String>,
        says: impl Fn(State) -> Result<bool, String> + 'static,
        least: Option<(State, String)>,
    ) -> Claim {
        Claim {
            text: text.into(),
            says: Box::new(says),
            least,
        }
    }

    /// Returns the typed claim `text` in today's claim language
    /// ([`crate::games::chopsticks::ChopsticksExpr`]), with the least counterexample found by the
    /// claims engine ([`crate::games::chopsticks::check_chopsticks_expr`] with `seed` and `cases`).
    /// This adapter is the only place the plot touches the claim language.
    ///
    /// # Constraints
    /// `text` compiles; otherwise [`PlotError::Claim`].
    ///
    /// # Complexity
    /// One run of the claims engine: about 123,000 + `cases` evaluations.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::picture::Claim;
    /// use gamecheck::chopsticks::State;
    /// let c = Claim::from_expr("n > m", 1, 100)?;
    /// assert_eq!(c.least().map(|l| l.0), Some(State::new(0, 1, 0, 1)));
    /// assert!(Claim::from_expr("n > > m", 1, 100).is_err());
    /// # Ok::<(), gamecheck::plot::PlotError>(())
    /// ```
    pub fn from_expr(text: &str, seed: u64, cases: u32) -> Result<Claim, PlotError> {
        let expr = crate::games::chopsticks::ChopsticksExpr::compile(text)
            .map_err(|e| PlotError::Claim(e.to_string()))?;
        let report = crate::games::chopsticks::check_chopsticks_expr(text, seed, cases)
            .map_err(|e| PlotError::Claim(e.to_string()))?;
        let count = |i: usize| report.counterexample.get(i).and_then(|v| v.as_u64());
        let least = match (count(0), count(1), count(2), count(3)) {
            (Some(a), Some(c), Some(b), Some(d)) => Some((
                State::new(a, c, b, d),
                format!(
                    "the claims engine (`gamecheck claim chopsticks`, seed {seed}), which reports it as: {}",
                    report
                        .least
                        .as_ref()
                        .map_or("a counterexample".to_owned(), |l| l.to_string())
                ),
            )),
            _ => None,
        };
        Ok(Claim::new(text, move |s| expr.wins(s), least))
    }

    /// Returns what the claim says about `s`: whether the player to move wins, or why it
    /// gives no answer.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::picture::Claim;
    /// use gamecheck::chopsticks::State;
    /// let c = Claim::new("never", |_| Err("no".into()), None);
    /// assert!(c.says(State::new(0, 0, 0, 0)).is_err());
    /// ```
    pub fn says(&self, s: State) -> Result<bool, String> {
        (self.says)(s)
    }

    /// Returns the least counterexample and who found it, if any.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::picture::Claim;
    /// assert!(Claim::new("n > m", |_| Ok(true), None).least().is_none());
    /// ```
    pub fn least(&self) -> Option<&(State, String)> {
        self.least.as_ref()
    }
}

/// Returns where `claim` is wrong over `slices`: cells shaded by the truth (the dense
/// table of `gamecheck-oracles`) and strongly where the claim differs from it or gives no
/// answer, with the least counterexample ringed. That is the claim's own least
/// counterexample when it lies in the slices; otherwise the least wrong position of real
/// play in the slices, in the same order (total hands, then a, c, b, d). The legend says
/// which.
///
/// # Constraints
/// As for [`Slices::new`].
///
/// # Complexity
/// One evaluation of the claim per cell, plus a table of L ≤ 64.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::State;
/// use gamecheck::chopsticks::picture::{Claim, Slices, claim_picture};
/// use gamecheck::plot::Mark;
/// let claim = Claim::new("n > m", |s| Ok(s.hands() > s.opponent_hands()), None);
/// let pic = claim_picture(&Slices::default(), &claim)?;
/// // (0, 1, 0, 1): c = 1, d = 1, n = m = 1; the player to move wins, the claim says not.
/// assert_eq!(pic.marked(Mark::Ring), [(3, 1, 1)]);
/// # Ok::<(), gamecheck::plot::PlotError>(())
/// ```
pub fn claim_picture(slices: &Slices, claim: &Claim) -> Result<Picture, PlotError> {
    let table = slices.table()?;
    let mut wrong: Vec<State> = Vec::new();
    let mut panels = slices.panels(|s| {
        let Some(s) = s else {
            return Cell::new(ClaimKind::Outside as usize);
        };
        let kind = ClaimKind::of(table_wins(&table, s).unwrap_or(false), claim.says(s));
        if kind.is_wrong() {
            wrong.push(s);
        }
        Cell::new(kind as usize)
    })?;
    let (ring, ring_label, ring_note) = ring_choice(slices, claim, &wrong);
    if let Some((i, n, m)) = ring.and_then(|s| where_is(slices, s)) {
        panels[i].set_mark(n, m, Mark::Ring);
    }
    let notes = vec![
        format!("Claim: the player to move wins exactly when {}", claim.text),
        slices.cells_note(),
        format!(
            "Truth: the dense outcome table of gamecheck-oracles, filled from the rules alone (L = {}).",
            table.limit()
        ),
        ring_note,
    ];
    Ok(Picture {
        title: "Chopsticks: where a claim is wrong".to_owned(),
        panels,
        kinds: ClaimKind::legend(),
        marks: ring.map(|_| (Mark::Ring, ring_label)).into_iter().collect(),
        notes,
    })
}

/// Kinds of a claim picture, in legend order.
#[derive(Clone, Copy)]
enum ClaimKind {
    RightWin,
    RightLoss,
    WrongSaysLoss,
    WrongSaysWin,
    NoAnswer,
    Outside,
}

impl ClaimKind {
    /// Returns the kind of a position where the player to move wins when `truth`, and the
    /// claim `says` so or not, or gives no answer.
    fn of(truth: bool, says: Result<bool, String>) -> ClaimKind {
        match says {
            Ok(w) if w == truth && truth => ClaimKind::RightWin,
            Ok(w) if w == truth => ClaimKind::RightLoss,
            Ok(true) => ClaimKind::WrongSaysWin,
            Ok(false) => ClaimKind::WrongSaysLoss,
            Err(_) => ClaimKind::NoAnswer,
        }
    }

    /// Returns whether the claim is wrong at a position of this kind.
    fn is_wrong(self) -> bool {
        matches!(
            self,
            ClaimKind::WrongSaysLoss | ClaimKind::WrongSaysWin | ClaimKind::NoAnswer
        )
    }

    /// Returns the legend's kinds, in the order of the variants.
    fn legend() -> Vec<Kind> {
        vec![
            Kind::new("claim right: the player to move wins", Rgb(253, 219, 199)),
            Kind::new("claim right: the player to move loses", Rgb(209, 229, 240)),
            Kind::new(
                "CLAIM WRONG: it says the player to move loses, but they win",
                Rgb(202, 0, 32),
            ),
            Kind::new(
                "CLAIM WRONG: it says the player to move wins, but they lose",
                Rgb(5, 48, 97),
            ),
            Kind::new(
                "CLAIM WRONG: it gives no answer (an evaluation error)",
                Rgb(77, 77, 77),
            ),
            Kind::new("not a position: n < c or m < d", NOT_A_POSITION),
        ]
    }
}

/// Returns the position to ring among the `wrong` ones of `slices`, with its legend
/// label and its note: the claims engine's least counterexample when it is shown, else
/// the least wrong position of real play in the engine's order, else none.
fn ring_choice(slices: &Slices, claim: &Claim, wrong: &[State]) -> (Option<State>, String, String) {
    let real = |s: &State| s.hands() > 0 && s.opponent_hands() > 0;
    let slice_least = wrong
        .iter()
        .copied()
        .filter(real)
        .min_by_key(|s| (s.hands() + s.opponent_hands(), s.a, s.c, s.b, s.d));
    let engine_in_slices = claim.least().filter(|(s, _)| where_is(slices, *s).is_some());
    let order = "total hands, then a, c, b, d, over positions of real play (both players hold a hand)";
    match (engine_in_slices, claim.least(), slice_least) {
        (Some((s, who)), _, _) => (
            Some(*s),
            format!("least counterexample {s}, from the claims engine"),
            format!("Ringed: {s}, from {who}. The engine's order: {order}."),
        ),
        (None, engine, Some(s)) => (
            Some(s),
            format!("least wrong position in these slices, {s}"),
            format!(
                "Ringed: {s}, the least wrong position in these slices in the claims engine's order ({order}); {}.",
                match engine {
                    Some((e, who)) => format!("{who} gives {e}, which lies outside them"),
                    None => "the claims engine found no counterexample".to_owned(),
                }
            ),
        ),
        (None, _, None) => (
            None,
            String::new(),
            "The claim is right at every position shown.".to_owned(),
        ),
    }
}

/// Returns (panel, n, m) of position `s` in `slices`, if it is shown.
fn where_is(slices: &Slices, s: State) -> Option<(usize, u64, u64)> {
    let small = |v: u128| u64::try_from(v).ok();
    let (c, d) = (small(s.c)?, small(s.d)?);
    let (n, m) = (small(s.hands())?, small(s.opponent_hands())?);
    let panel = slices.cd.iter().position(|&p| p == (c, d))?;
    (n <= slices.max && m <= slices.max).then_some((panel, n, m))
}
