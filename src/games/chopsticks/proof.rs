//! The proof that a rule given as a [`RuleSpec`] is right for every state (a, c, b, d)
//! in N^4, with no bound on the counts. `docs/proof.md` states the argument; this file
//! carries it out.
//!
//! 1. Features. Every condition the rule reads, at a position or after any of the four
//!    moves, and the legality of each move and the terminal cases, is a comparison of one
//!    of seven linear forms (a, c, b, d, n, m, n − m) with a constant, or a parity. The
//!    constants cut each form's range into finitely many intervals, its cells.
//! 2. Completeness, checked: every such comparison is constant on every cell, and every
//!    parity is fixed by the parities of a, c, b, d. So the class of a state (the cell of
//!    each form and the four parities) fixes the rule's branch, which moves are legal, and
//!    the rule's branch after each of them.
//! 3. Classes: finitely many combinations of cells and parities; for each, the least
//!    member (least weight 2(a + b) + c + d, then least (a, c, b, d)) or none.
//! 4. At the least member of every class, the terminal cases and Bellman consistency hold.
//!    By 2 they hold at every state, and by induction on the weight, which every move
//!    lowers, the rule is the game's outcome everywhere.

use std::fmt;
use std::time::{Duration, Instant};

use thiserror::Error;

use super::spec::{Atom, Form, RuleSpec};
use super::state::{Attack, State};

/// The forms a class records, with their names and whether they are never negative.
const FEATURES: [(Form, &str, bool); 7] = [
    (Form::A, "a", true),
    (Form::C, "c", true),
    (Form::B, "b", true),
    (Form::D, "d", true),
    (Form::N, "n", true),
    (Form::M, "m", true),
    (Form::N_MINUS_M, "n - m", false),
];
const N: usize = 4;
const M: usize = 5;
const DIFF: usize = 6;

/// A move as an affine map: legal when the counts at `needs` are at least 1; the new
/// player to move then has (b + shift[0], d + shift[1]) and the opponent (a, c).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Move {
    pub(crate) attack: Attack,
    pub(crate) needs: [usize; 2],
    pub(crate) shift: [i64; 2],
}

/// The four attacks, read off the rules: 1 on 1 turns an opposing one into a two, every
/// other attack removes its target. Indices: a = 0, c = 1, b = 2, d = 3.
pub(crate) const MOVES: [Move; 4] = [
    Move {
        attack: Attack::OneOnOne,
        needs: [0, 2],
        shift: [-1, 1],
    },
    Move {
        attack: Attack::OneOnTwo,
        needs: [0, 3],
        shift: [0, -1],
    },
    Move {
        attack: Attack::TwoOnOne,
        needs: [1, 2],
        shift: [-1, 0],
    },
    Move {
        attack: Attack::TwoOnTwo,
        needs: [1, 3],
        shift: [0, -1],
    },
];

fn counts(s: State) -> [u128; 4] {
    [s.a, s.c, s.b, s.d]
}

impl Move {
    fn apply(self, s: State) -> Option<State> {
        let x = counts(s);
        if self.needs.iter().any(|&i| x[i] == 0) {
            return None;
        }
        let add = |v: u128, k: i64| if k < 0 { v - 1 } else { v + k as u128 };
        Some(State {
            a: add(s.b, self.shift[0]),
            c: add(s.d, self.shift[1]),
            b: s.a,
            d: s.c,
        })
    }

    /// Returns (L', δ) with L(after the move) = L'(before) + δ, for every legal state.
    fn substitute(self, f: Form) -> (Form, i64) {
        let [la, lc, lb, ld] = f.0;
        (Form([lb, ld, la, lc]), la * self.shift[0] + lc * self.shift[1])
    }
}

/// An interval of integers; `None` is an infinite end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Interval {
    lo: Option<i128>,
    hi: Option<i128>,
}

impl Interval {
    fn new(lo: Option<i128>, hi: Option<i128>) -> Interval {
        Interval { lo, hi }
    }

    fn is_empty(self) -> bool {
        matches!((self.lo, self.hi), (Some(l), Some(h)) if l > h)
    }

    fn meet(self, o: Interval) -> Interval {
        let lo = match (self.lo, o.lo) {
            (Some(x), Some(y)) => Some(x.max(y)),
            (x, None) | (None, x) => x,
        };
        let hi = match (self.hi, o.hi) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, None) | (None, x) => x,
        };
        Interval { lo, hi }
    }

    /// Whether `self` lies inside `o`.
    fn within(self, o: Interval) -> bool {
        let lo_ok = match (o.lo, self.lo) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(x), Some(y)) => y >= x,
        };
        let hi_ok = match (o.hi, self.hi) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(x), Some(y)) => y <= x,
        };
        lo_ok && hi_ok
    }

    /// {x − δ : x in self}.
    fn minus(self, delta: i64) -> Interval {
        let d = i128::from(delta);
        Interval::new(self.lo.map(|x| x - d), self.hi.map(|x| x - d))
    }

    /// {−x : x in self}.
    fn negated(self) -> Interval {
        Interval::new(self.hi.map(|x| -x), self.lo.map(|x| -x))
    }
}

impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.lo, self.hi) {
            (Some(l), Some(h)) if l == h => write!(f, "{{{l}}}"),
            (Some(l), Some(h)) => write!(f, "[{l}, {h}]"),
            (Some(l), None) => write!(f, "[{l}, inf)"),
            (None, Some(h)) => write!(f, "(-inf, {h}]"),
            (None, None) => f.write_str("(-inf, inf)"),
        }
    }
}

/// Why a proof could not be carried out (as opposed to a rule refuted).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProofError {
    #[error("{origin}: the form {form} is not ± one of a, c, b, d, n, m, n - m")]
    UnsupportedForm { origin: String, form: Form },
    #[error("the feature map is incomplete: {origin}: {detail}")]
    Incomplete { origin: String, detail: String },
    #[error("two members of one class behave differently: {0}")]
    ClassSplit(String),
    #[error("the code under proof says {code} at {state}, the rule as stated says {spec}")]
    CodeMismatch { state: State, code: bool, spec: bool },
    #[error("internal: {0}")]
    Internal(String),
}

/// A comparison that the class of a state must decide: `feature` lies in `truth`.
#[derive(Clone, Debug)]
struct Decision {
    feature: usize,
    truth: Interval,
    origin: String,
}

/// Returns the feature index and sign s with s·feature = f.
fn as_feature(f: Form) -> Option<(usize, bool)> {
    FEATURES.iter().enumerate().find_map(|(i, (g, _, _))| {
        if *g == f {
            Some((i, true))
        } else if -*g == f {
            Some((i, false))
        } else {
            None
        }
    })
}

/// Returns the comparison "f(s) + δ satisfies `atom`" as a decision on a feature, or
/// `None` for a parity (fixed by the parities of a, c, b, d, whatever f and δ are).
fn decision(atom: Atom, f: Form, delta: i64, origin: String) -> Result<Option<Decision>, ProofError> {
    let on_value = match atom {
        Atom::AtLeast(_, k) => Interval::new(Some(k.into()), None),
        Atom::AtMost(_, k) => Interval::new(None, Some(k.into())),
        Atom::Equals(_, k) => Interval::new(Some(k.into()), Some(k.into())),
        Atom::Odd(_) | Atom::Even(_) => return Ok(None),
    };
    let Some((feature, positive)) = as_feature(f) else {
        return Err(ProofError::UnsupportedForm { origin, form: f });
    };
    let truth = on_value.minus(delta);
    let truth = if positive { truth } else { truth.negated() };
    Ok(Some(Decision {
        feature,
        truth,
        origin,
    }))
}

/// Every comparison a class must decide, and the number of parity conditions met.
fn decisions(spec: &RuleSpec) -> Result<(Vec<Decision>, usize), ProofError> {
    let mut out = Vec::new();
    let mut parities = 0;
    for (i, _, atom) in spec.atoms() {
        let name = &spec.branches[i].name;
        let mut push = |d: Option<Decision>| match d {
            Some(d) => out.push(d),
            None => parities += 1,
        };
        push(decision(
            atom,
            atom.form(),
            0,
            format!("{name}: {atom}, at the position"),
        )?);
        for mv in MOVES {
            let (g, delta) = mv.substitute(atom.form());
            let origin = format!("{name}: {atom}, after {:?}", mv.attack);
            push(decision(atom, g, delta, origin)?);
        }
    }
    for (x, (_, name, _)) in FEATURES.iter().enumerate().take(4) {
        out.push(Decision {
            feature: x,
            truth: Interval::new(Some(1), None),
            origin: format!("legality: {name} >= 1"),
        });
    }
    for (x, what) in [(N, "terminal: n = 0"), (M, "terminal: m = 0")] {
        out.push(Decision {
            feature: x,
            truth: Interval::new(Some(0), Some(0)),
            origin: what.into(),
        });
    }
    Ok((out, parities))
}

/// The cells of each of the seven forms: `starts[f]` holds where a cell of form f begins
/// (besides 0 for a form that is never negative, and −∞ for n − m).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureMap {
    starts: [Vec<i128>; 7],
}

impl FeatureMap {
    /// Returns the coarsest map whose cells decide every comparison the proof of `spec`
    /// needs: a cut at each end of each comparison's truth interval.
    ///
    /// # Errors
    /// [`ProofError::UnsupportedForm`] when a condition reads a form other than ± one of
    /// a, c, b, d, n, m, n − m.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{proof::FeatureMap, spec::{Form, RuleSpec}};
    /// let map = FeatureMap::derive(&RuleSpec::fast_rule())?;
    /// assert_eq!(map.cells_text(Form::D), "{0} {1} [2, inf)");
    /// # Ok::<(), gamecheck::chopsticks::proof::ProofError>(())
    /// ```
    pub fn derive(spec: &RuleSpec) -> Result<FeatureMap, ProofError> {
        let (ds, _) = decisions(spec)?;
        let mut starts: [Vec<i128>; 7] = Default::default();
        for d in &ds {
            let nonneg = FEATURES[d.feature].2;
            let cuts = [d.truth.lo, d.truth.hi.map(|h| h + 1)];
            for t in cuts.into_iter().flatten() {
                if !nonneg || t > 0 {
                    starts[d.feature].push(t);
                }
            }
        }
        for s in &mut starts {
            s.sort_unstable();
            s.dedup();
        }
        Ok(FeatureMap { starts })
    }

    /// Returns this map with the cell boundary at `start` of `form` removed, merging two
    /// cells: a coarser map, which the completeness check should reject.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{proof::FeatureMap, spec::{Form, RuleSpec}};
    /// let map = FeatureMap::derive(&RuleSpec::fast_rule())?.coarsened(Form::D, 2);
    /// assert_eq!(map.cells_text(Form::D), "{0} [1, inf)");
    /// # Ok::<(), gamecheck::chopsticks::proof::ProofError>(())
    /// ```
    pub fn coarsened(&self, form: Form, start: i128) -> FeatureMap {
        let mut out = self.clone();
        if let Some((f, _)) = as_feature(form) {
            out.starts[f].retain(|&t| t != start);
        }
        out
    }

    fn cells(&self, f: usize) -> Vec<Interval> {
        let nonneg = FEATURES[f].2;
        let mut bounds: Vec<Option<i128>> = if nonneg { vec![Some(0)] } else { vec![None] };
        bounds.extend(self.starts[f].iter().map(|&t| Some(t)));
        (0..bounds.len())
            .map(|i| {
                Interval::new(
                    bounds[i],
                    bounds.get(i + 1).map(|b| b.map(|t| t - 1)).unwrap_or(None),
                )
            })
            .collect()
    }

    /// Returns the cells of `form` (one of a, c, b, d, n, m, n − m), separated by spaces.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{proof::FeatureMap, spec::{Form, RuleSpec}};
    /// let map = FeatureMap::derive(&RuleSpec::fast_rule())?;
    /// assert_eq!(map.cells_text(Form::N), "{0} [1, inf)");
    /// # Ok::<(), gamecheck::chopsticks::proof::ProofError>(())
    /// ```
    pub fn cells_text(&self, form: Form) -> String {
        as_feature(form).map_or_else(String::new, |(f, _)| {
            self.cells(f)
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    fn cell_of(&self, f: usize, value: i128) -> usize {
        self.starts[f].partition_point(|&t| t <= value)
    }

    /// Returns the class of `s`: the cell of each form and the parities of a, c, b, d.
    fn class_of(&self, s: State) -> Class {
        let mut cells = [0; 7];
        for (f, (form, _, _)) in FEATURES.iter().enumerate() {
            cells[f] = self.cell_of(f, form.at(s));
        }
        Class {
            cells,
            parity: counts(s).map(|x| (x % 2) as u8),
        }
    }

    /// Returns how many comparisons and parity conditions the check covered, or the first
    /// comparison that is not constant on some cell.
    ///
    /// # Errors
    /// [`ProofError::Incomplete`], [`ProofError::UnsupportedForm`].
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{proof::{FeatureMap, ProofError}, spec::{Form, RuleSpec}};
    /// let spec = RuleSpec::fast_rule();
    /// let map = FeatureMap::derive(&spec)?;
    /// assert!(map.check_complete(&spec).is_ok());
    /// let coarse = map.coarsened(Form::D, 2);
    /// assert!(matches!(coarse.check_complete(&spec), Err(ProofError::Incomplete { .. })));
    /// # Ok::<(), ProofError>(())
    /// ```
    pub fn check_complete(&self, spec: &RuleSpec) -> Result<(usize, usize), ProofError> {
        let (ds, parities) = decisions(spec)?;
        for d in &ds {
            for cell in self.cells(d.feature) {
                let inside = cell.meet(d.truth);
                if !(inside.is_empty() || cell.within(d.truth)) {
                    return Err(ProofError::Incomplete {
                        origin: d.origin.clone(),
                        detail: format!(
                            "{} in {} is not constant on the cell {cell}",
                            FEATURES[d.feature].1, d.truth
                        ),
                    });
                }
            }
        }
        Ok((ds.len(), parities))
    }

    /// Every combination of a cell of each form and a parity of each count (a one-point
    /// cell fixes its parity), empty or not.
    fn combinations(&self) -> impl Iterator<Item = Class> + '_ {
        let choices: Vec<Vec<(usize, u8)>> = (0..4)
            .map(|x| {
                let cells = self.cells(x);
                cells
                    .iter()
                    .enumerate()
                    .flat_map(|(i, cell)| match (cell.lo, cell.hi) {
                        (Some(l), Some(h)) if l == h => vec![(i, l.rem_euclid(2) as u8)],
                        _ => vec![(i, 0), (i, 1)],
                    })
                    .collect()
            })
            .collect();
        let sizes = [N, M, DIFF].map(|f| self.cells(f).len());
        let total = choices.iter().map(Vec::len).product::<usize>() * sizes.iter().product::<usize>();
        (0..total).map(move |mut i| {
            let mut cells = [0; 7];
            let mut parity = [0; 4];
            for (x, options) in choices.iter().enumerate() {
                let (cell, p) = options[i % options.len()];
                i /= options.len();
                cells[x] = cell;
                parity[x] = p;
            }
            for (k, f) in [N, M, DIFF].into_iter().enumerate() {
                cells[f] = i % sizes[k];
                i /= sizes[k];
            }
            Class { cells, parity }
        })
    }

    fn describe(&self, c: &Class) -> String {
        let mut parts = Vec::new();
        for (f, (_, name, _)) in FEATURES.iter().enumerate() {
            let cell = self.cells(f)[c.cells[f]];
            let mut text = format!("{name} in {cell}");
            if f < 4 && cell.lo != cell.hi {
                text += if c.parity[f] == 1 { " odd" } else { " even" };
            }
            parts.push(text);
        }
        parts.join(", ")
    }
}

/// A class: the cell of each feature and the parities of a, c, b, d.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Class {
    cells: [usize; 7],
    parity: [u8; 4],
}

/// The values of one count in a cell with a parity: first, first + 2, …, last.
#[derive(Clone, Copy, Debug)]
struct Progression {
    first: i128,
    last: Option<i128>,
}

impl Progression {
    /// Members of `cell` (of a form that is never negative) congruent to `p` mod 2.
    fn new(cell: Interval, p: i128) -> Option<Progression> {
        let lo = cell.lo.unwrap_or(0).max(0);
        let first = lo + (p - lo).rem_euclid(2);
        let last = cell.hi.map(|h| h - (h - p).rem_euclid(2));
        Progression::checked(first, last)
    }

    fn checked(first: i128, last: Option<i128>) -> Option<Progression> {
        match last {
            Some(l) if l < first => None,
            _ => Some(Progression { first, last }),
        }
    }

    /// The least member in `bounds`, if any.
    fn least_in(self, bounds: Interval) -> Option<i128> {
        let lo = bounds.lo.map_or(self.first, |l| l.max(self.first));
        let x = lo + (self.first - lo).rem_euclid(2);
        let hi = Interval::new(None, self.last)
            .meet(Interval::new(None, bounds.hi))
            .hi;
        match hi {
            Some(h) if x > h => None,
            _ => Some(x),
        }
    }
}

/// Sorting key of the order in which counterexamples are least.
fn order_key(s: State) -> (u128, u128, u128, u128, u128) {
    (2 * (s.a + s.b) + s.c + s.d, s.a, s.c, s.b, s.d)
}

/// Returns the least member of class `c` (least weight 2(a + b) + c + d, then least
/// (a, c, b, d)), or `None` when the class is empty.
///
/// For fixed n the least weight takes the least a (weight n + a); for fixed m the least b.
/// Those weights rise with n and m, and lowering both n and m by 2 keeps n − m, so a least
/// member has n or m least in its cell; docs/proof.md, step 3.
fn least_member(map: &FeatureMap, c: &Class) -> Option<State> {
    let coord = |x: usize| Progression::new(map.cells(x)[c.cells[x]], c.parity[x].into());
    let (pa, pc, pb, pd) = (coord(0)?, coord(1)?, coord(2)?, coord(3)?);
    let sum = |p: Progression, q: Progression, f: usize| {
        let last = p.last.zip(q.last).map(|(x, y)| x + y);
        let whole = Progression::checked(p.first + q.first, last)?;
        let cell = map.cells(f)[c.cells[f]];
        let first = whole.least_in(cell)?;
        let last = Interval::new(None, whole.last).meet(cell).hi;
        let last = last.map(|l| l - (l - first).rem_euclid(2));
        Progression::checked(first, last)
    };
    let (ns, ms) = (sum(pa, pc, N)?, sum(pb, pd, M)?);
    let diff = map.cells(DIFF)[c.cells[DIFF]];
    let shift = |iv: Interval, by: i128| Interval::new(iv.lo.map(|x| x + by), iv.hi.map(|x| x + by));
    let mut candidates = Vec::new();
    // n least: m least with n − m in the cell, i.e. m in n − cell.
    if let Some(m) = ms.least_in(shift(diff.negated(), ns.first)) {
        candidates.push((ns.first, m));
    }
    // m least: n least with n − m in the cell, i.e. n in m + cell.
    if let Some(n) = ns.least_in(shift(diff, ms.first)) {
        candidates.push((n, ms.first));
    }
    let split = |total: i128, p: Progression, q: Progression| {
        let low = p.first.max(q.last.map_or(p.first, |l| total - l));
        (low, total - low)
    };
    candidates
        .into_iter()
        .map(|(n, m)| {
            let ((a, cc), (b, d)) = (split(n, pa, pc), split(m, pb, pd));
            State {
                a: a as u128,
                c: cc as u128,
                b: b as u128,
                d: d as u128,
            }
        })
        .min_by_key(|s| order_key(*s))
}

/// What the class of a state must fix: the branch, the terminal cases, and for each move
/// whether it is legal and the branch after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Signature {
    branch: Option<usize>,
    terminal: [bool; 2],
    moves: [Option<Option<usize>>; 4],
}

fn signature(spec: &RuleSpec, s: State) -> Signature {
    Signature {
        branch: spec.decide(s),
        terminal: [s.hands() == 0, s.opponent_hands() == 0],
        moves: MOVES.map(|mv| mv.apply(s).map(|t| spec.decide(t))),
    }
}

fn outcome_name(wins: bool) -> &'static str {
    if wins { "First" } else { "Second" }
}

/// Returns `None` when the terminal cases and Bellman consistency hold at `s`, else why not.
fn bellman_failure(spec: &RuleSpec, s: State) -> Option<String> {
    let wins = spec.wins(s);
    let said = format!("the rule says {} ({})", outcome_name(wins), spec.branch(s).name);
    if s.hands() == 0 {
        return wins.then(|| format!("{said}, but the player to move has no hands and has lost"));
    }
    if s.opponent_hands() == 0 {
        return (!wins).then(|| format!("{said}, but the opponent has no hands: the player to move has won"));
    }
    let after: Vec<(Attack, State)> = MOVES
        .iter()
        .filter_map(|mv| mv.apply(s).map(|t| (mv.attack, t)))
        .collect();
    let losing = after.iter().find(|(_, t)| !spec.wins(*t));
    match (wins, losing) {
        (true, None) => {
            let moves: Vec<String> = after
                .iter()
                .map(|(a, t)| {
                    format!(
                        "{a:?} gives {t}, {} ({})",
                        outcome_name(spec.wins(*t)),
                        spec.branch(*t).name
                    )
                })
                .collect();
            Some(format!(
                "{said}, but no move leaves a position it says the new mover loses: {}",
                if moves.is_empty() {
                    "no legal move".into()
                } else {
                    moves.join("; ")
                }
            ))
        }
        (false, Some((a, t))) => Some(format!(
            "{said}, but {a:?} leaves {t}, which it says the new mover loses ({})",
            spec.branch(*t).name
        )),
        _ => None,
    }
}

/// The least counterexample to a rule.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Refutation {
    /// The least state (least weight 2(a + b) + c + d, then (a, c, b, d)) where the rule
    /// gives the wrong outcome.
    #[serde(serialize_with = "state_array")]
    pub least: State,
    /// The branch of the rule that decides it.
    pub branch: String,
    /// Its class: the cell of each form and the parities.
    pub class: String,
    /// Which of the terminal cases or Bellman consistency fails there, and how.
    pub reason: String,
    /// How many classes fail.
    pub failing_classes: u64,
}

fn state_array<S: serde::Serializer>(s: &State, ser: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&[s.a, s.c, s.b, s.d], ser)
}

/// The result of [`prove_everywhere`]: the rule proved for every state, or refuted with
/// its least counterexample.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProofReport {
    pub rule: String,
    /// The cells of each form, one line per form.
    pub features: Vec<String>,
    /// Comparisons checked constant on every cell (step 2).
    pub decisions: usize,
    /// Parity conditions, fixed by the parities of a, c, b, d (step 2).
    pub parity_decisions: usize,
    /// Combinations of cells and parities (step 3).
    pub combinations: u64,
    /// Nonempty classes, each checked at its least member (step 4).
    pub classes: u64,
    /// States at which the class's behaviour and the code were checked.
    pub members_checked: u64,
    pub refutation: Option<Refutation>,
    #[serde(serialize_with = "crate::check::millis", rename = "time_ms")]
    pub elapsed: Duration,
}

impl ProofReport {
    /// Returns whether the rule was proved for every state.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{proof::prove_everywhere, spec::RuleSpec};
    /// let mut broken = RuleSpec::fast_rule();
    /// broken.branches[0].wins = true; // "no hands" would win
    /// assert!(!prove_everywhere(&broken, &|s| broken.wins(s))?.proved());
    /// # Ok::<(), gamecheck::chopsticks::proof::ProofError>(())
    /// ```
    pub fn proved(&self) -> bool {
        self.refutation.is_none()
    }

    /// Returns the report as text; its last line starts with `proved:` or `REFUTED:`, and
    /// a refutation adds a `repro:` line.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{outcome, proof::prove_everywhere, spec::RuleSpec, Outcome};
    /// let report = prove_everywhere(&RuleSpec::fast_rule(), &|s| outcome(s) == Outcome::Win)?;
    /// assert!(report.text().lines().last().is_some_and(|l| l.starts_with("proved: ")));
    /// # Ok::<(), gamecheck::chopsticks::proof::ProofError>(())
    /// ```
    pub fn text(&self) -> String {
        let mut out = format!("rule: {}\n", self.rule);
        out += "features (cells of each form; a, c, b, d also carry their parity):\n";
        for f in &self.features {
            out += &format!("  {f}\n");
        }
        out += &format!(
            "step 2, completeness: {} comparisons (the rule's conditions at a position and after each of the 4 moves, \
             move legality, the terminal cases) are each constant on every cell; {} parity conditions are fixed by \
             the parities of a, c, b, d\n",
            self.decisions, self.parity_decisions
        );
        out += &format!(
            "step 3, classes: {} combinations of cells and parities, {} nonempty; {} members checked to behave as \
             their class's least member, move for move, and the code to match the rule\n",
            self.combinations, self.classes, self.members_checked
        );
        let secs = self.elapsed.as_secs_f64();
        match &self.refutation {
            None => {
                out += "step 4, Bellman: the terminal cases and Bellman consistency hold at the least member of every \
                        class, so at every state, and by induction on 2(a + b) + c + d the rule is the outcome\n";
                out += &format!(
                    "proved: chopsticks fast rule is right for every state (a, c, b, d) in N^4: {} classes, {} \
                     representatives checked, {secs:.3} s\n",
                    self.classes, self.members_checked
                );
            }
            Some(r) => {
                let s = r.least;
                out += &format!(
                    "step 4, Bellman: fails in {} classes; least counterexample {s} ({}): {}\n  its class: {}\n",
                    r.failing_classes, r.branch, r.reason, r.class
                );
                out += &format!(
                    "REFUTED: the rule is wrong at {s}, the least state (weight 2(a + b) + c + d, then a, c, b, d) \
                     where it is, {secs:.3} s\n"
                );
                out += &format!(
                    "repro: gamecheck repro chopsticks {} {} {} {}\n",
                    s.a, s.c, s.b, s.d
                );
            }
        }
        out
    }
}

/// Members besides the least that are tried in every class: the least member plus each of
/// these directions, times 1 and times 2^40, when the sum stays in the class.
const DIRECTIONS: [[u128; 4]; 8] = [
    [2, 0, 0, 0],
    [0, 2, 0, 0],
    [0, 0, 2, 0],
    [0, 0, 0, 2],
    [2, 0, 2, 0],
    [2, 0, 0, 2],
    [0, 2, 2, 0],
    [0, 2, 0, 2],
];

/// Checks what the proof takes as given at one member `t` of the class whose least member
/// is `s`: the class's behaviour, the move model, the substitution, and the code.
fn check_member(spec: &RuleSpec, code: &dyn Fn(State) -> bool, s: State, t: State) -> Result<(), ProofError> {
    if signature(spec, t) != signature(spec, s) {
        return Err(ProofError::ClassSplit(format!(
            "{s}: {:?}; {t}: {:?}",
            signature(spec, s),
            signature(spec, t)
        )));
    }
    for mv in MOVES {
        let next = mv.apply(t);
        if next != t.after(mv.attack) {
            return Err(ProofError::Internal(format!(
                "move model differs from State::after at {t}, {:?}",
                mv.attack
            )));
        }
        let Some(next) = next else { continue };
        for (_, _, atom) in spec.atoms() {
            let (g, delta) = mv.substitute(atom.form());
            let shifted = g.at(t) + i128::from(delta);
            if shifted != atom.form().at(next) {
                return Err(ProofError::Internal(format!(
                    "substitution fails for {atom} at {t}, {:?}",
                    mv.attack
                )));
            }
        }
    }
    if code(t) != spec.wins(t) {
        return Err(ProofError::CodeMismatch {
            state: t,
            code: code(t),
            spec: spec.wins(t),
        });
    }
    Ok(())
}

/// Returns the proof that `spec` gives the game's outcome at every state (a, c, b, d) in
/// N^4, or its least counterexample; `code` is the implementation the proof is about and
/// must agree with `spec` at every state checked. The argument is in docs/proof.md.
///
/// # Errors
/// [`ProofError::UnsupportedForm`] for a condition on a form other than ± a, c, b, d, n,
/// m, n − m; [`ProofError::CodeMismatch`] when `code` and `spec` differ;
/// [`ProofError::Incomplete`], [`ProofError::ClassSplit`] and [`ProofError::Internal`]
/// if the argument's own checks fail.
///
/// # Complexity
/// O(K^7 · conditions) for K cells per form: a few thousand classes for the fast rule.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{proof::prove_everywhere, spec::{Atom, Form, RuleSpec}, State};
/// let fast = RuleSpec::fast_rule();
/// assert!(prove_everywhere(&fast, &|s| fast.wins(s))?.proved());
/// // "b odd" read as "b even": wrong, first at (1, 0, 0, 2).
/// let mut broken = fast.clone();
/// broken.branches[4].when[3] = Atom::Even(Form::B);
/// let report = prove_everywhere(&broken, &|s| broken.wins(s))?;
/// assert_eq!(report.refutation.map(|r| r.least), Some(State::new(1, 0, 0, 2)));
/// # Ok::<(), gamecheck::chopsticks::proof::ProofError>(())
/// ```
pub fn prove_everywhere(spec: &RuleSpec, code: &dyn Fn(State) -> bool) -> Result<ProofReport, ProofError> {
    let map = FeatureMap::derive(spec)?;
    prove_with(spec, &map, code)
}

/// Returns the proof of [`prove_everywhere`] over a given feature map, which must pass
/// the completeness check.
///
/// # Errors
/// As for [`prove_everywhere`]; [`ProofError::Incomplete`] when `map` is too coarse.
///
/// # Complexity
/// As for [`prove_everywhere`].
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{proof::{prove_with, FeatureMap, ProofError}, spec::{Form, RuleSpec}};
/// let spec = RuleSpec::fast_rule();
/// let coarse = FeatureMap::derive(&spec)?.coarsened(Form::N_MINUS_M, 1);
/// let refused = prove_with(&spec, &coarse, &|s| spec.wins(s));
/// assert!(matches!(refused, Err(ProofError::Incomplete { .. })));
/// # Ok::<(), ProofError>(())
/// ```
pub fn prove_with(
    spec: &RuleSpec,
    map: &FeatureMap,
    code: &dyn Fn(State) -> bool,
) -> Result<ProofReport, ProofError> {
    let start = Instant::now();
    let (decisions, parity_decisions) = map.check_complete(spec)?;
    let mut combinations = 0u64;
    let (mut classes, mut members, mut failing) = (0u64, 0u64, 0u64);
    let mut least_failure: Option<(State, Class)> = None;
    for class in map.combinations() {
        combinations += 1;
        let Some(s) = least_member(map, &class) else {
            continue;
        };
        if map.class_of(s) != class {
            return Err(ProofError::Internal(format!(
                "least member {s} is not in its class {}",
                map.describe(&class)
            )));
        }
        classes += 1;
        members += 1;
        check_member(spec, code, s, s)?;
        for u in DIRECTIONS {
            for scale in [1u128, 1 << 40] {
                let t = State {
                    a: s.a + scale * u[0],
                    c: s.c + scale * u[1],
                    b: s.b + scale * u[2],
                    d: s.d + scale * u[3],
                };
                if map.class_of(t) == class {
                    members += 1;
                    check_member(spec, code, s, t)?;
                }
            }
        }
        if bellman_failure(spec, s).is_some() {
            failing += 1;
            if least_failure.is_none_or(|(f, _)| order_key(s) < order_key(f)) {
                least_failure = Some((s, class));
            }
        }
    }
    let refutation = least_failure.map(|(s, class)| Refutation {
        least: s,
        branch: spec.branch(s).name,
        class: map.describe(&class),
        reason: bellman_failure(spec, s).unwrap_or_default(),
        failing_classes: failing,
    });
    let features = FEATURES
        .iter()
        .enumerate()
        .map(|(f, (_, name, _))| {
            let text: Vec<String> = map.cells(f).iter().map(|c| c.to_string()).collect();
            format!("{name}: {}", text.join(" "))
        })
        .collect();
    Ok(ProofReport {
        rule: spec.to_string(),
        features,
        decisions,
        parity_decisions,
        combinations,
        classes,
        members_checked: members,
        refutation,
        elapsed: start.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::games::chopsticks::spec::Branch;

    /// The least member of each class equals the least state of that class in a box, for
    /// every class whose least state in the box is lighter than the box's side (so that
    /// every lighter state lies in the box too).
    fn least_member_matches_box(spec: &RuleSpec, side: u64) {
        let map = FeatureMap::derive(spec).expect("supported forms");
        let mut least: HashMap<Class, State> = HashMap::new();
        for i in 0..side.pow(4) {
            let s = State::new(i / side.pow(3), i / side.pow(2) % side, i / side % side, i % side);
            let c = map.class_of(s);
            let entry = least.entry(c).or_insert(s);
            if order_key(s) < order_key(*entry) {
                *entry = s;
            }
        }
        let light = |s: State| order_key(s).0 < u128::from(side);
        let mut compared = 0;
        for c in map.combinations() {
            let found = least_member(&map, &c);
            let boxed = least.get(&c).copied().filter(|s| light(*s));
            if let Some(s) = found.filter(|s| light(*s)) {
                assert_eq!(Some(s), boxed, "class {}", map.describe(&c));
                compared += 1;
            } else {
                assert_eq!(boxed, None, "class {} has {boxed:?} in the box", map.describe(&c));
            }
        }
        assert!(compared > 100, "only {compared} classes compared");
    }

    #[test]
    fn least_member_matches_brute_force_fast_rule() {
        least_member_matches_box(&RuleSpec::fast_rule(), 14);
    }

    #[test]
    fn least_member_matches_brute_force_with_far_cuts() {
        let mut spec = RuleSpec::fast_rule();
        spec.branches.insert(
            0,
            Branch::new(
                "Far",
                &[
                    Atom::AtLeast(Form::A, 4),
                    Atom::Equals(Form::N_MINUS_M, -3),
                    Atom::AtMost(Form::C, 2),
                ],
                false,
            ),
        );
        least_member_matches_box(&spec, 20);
    }
}
