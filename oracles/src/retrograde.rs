//! Retrograde analysis: the win, loss or draw outcome of every position reachable from a
//! start, for any game given by its moves alone ([`Rules`]), cycles included.
//!
//! The reachable graph is built forward, breadth first, with its reverse edges. Then the
//! outcomes flow backwards from the terminal positions (no move: the mover loses, under
//! normal play): a position with a move to a loss is a win; a position whose every move has
//! been shown to lead to a win is a loss, found when a counter of its unsettled moves drops
//! to zero. Whatever is never settled is a draw: neither player can force a win.
//!
//! Settling in first-in, first-out order also gives each win or loss its remoteness, the
//! number of moves to the end when the winner hurries and the loser delays. It makes a table
//! checkable position by position ([`Retrograde::verify`]): a win or a loss must be justified
//! by moves that are strictly closer to the end, so a consistent table cannot be wrong.

use std::collections::HashMap;
use std::hash::Hash;

use thiserror::Error;

use crate::outcome::Outcome;
use crate::rules_oracle::{Rules, RulesError, Work};

/// The numbers of won, lost and drawn positions, for the player to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    pub win: usize,
    pub loss: usize,
    pub draw: usize,
}

impl Counts {
    /// Returns the number of positions counted.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::retrograde::Counts;
    /// assert_eq!(Counts { win: 3, loss: 2, draw: 1 }.total(), 6);
    /// ```
    pub fn total(&self) -> usize {
        self.win + self.loss + self.draw
    }

    fn add(&mut self, o: Outcome) {
        match o {
            Outcome::Win => self.win += 1,
            Outcome::Loss => self.loss += 1,
            Outcome::Draw => self.draw += 1,
        }
    }
}

/// Why a claimed outcome at a position does not follow from its moves and a table.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CertificateError<P> {
    /// The position, or one of its moves, is not in the table.
    #[error("a position is not in the table")]
    NotInTable {
        /// The missing position.
        position: P,
    },
    /// A win is claimed, but no move leads to a position the opponent loses.
    #[error("a win is claimed, but no move leads to a loss for the opponent")]
    NoMoveToLoss,
    /// A loss is claimed, but this move does not lead to a position the opponent wins.
    #[error("a loss is claimed, but a move leads to a {outcome:?} for the opponent")]
    MoveNotToWin {
        /// The move.
        to: P,
        /// Its outcome for the opponent.
        outcome: Outcome,
    },
    /// A draw is claimed, but this move leads to a position the opponent loses.
    #[error("a draw is claimed, but a move leads to a loss for the opponent")]
    MoveToLoss {
        /// The move.
        to: P,
    },
    /// A draw is claimed, but no move leads to a drawn position.
    #[error("a draw is claimed, but no move leads to a draw")]
    NoMoveToDraw,
    /// The table's remoteness of a win or a loss does not follow from its moves' remoteness.
    #[error("the table gives remoteness {stored}, its moves give {derived}")]
    Remoteness {
        /// The table's remoteness.
        stored: u32,
        /// One more than the least remoteness of a move to a loss (at a win), or than the
        /// greatest of its moves (at a loss; 0 without moves).
        derived: u32,
    },
}

/// The evidence for an outcome at a position, as [`check_certificate`] finds it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Certificate<P> {
    /// This move leads to a position the opponent loses.
    Win { to: P },
    /// Every move (possibly none) leads to a position the opponent wins.
    Loss,
    /// This move leads to a draw, and no move leads to a position the opponent loses.
    Draw { to: P },
}

/// A line of play from a position, each side following [`Retrograde::best_move`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line<P> {
    /// The positions in order, the first one included.
    pub positions: Vec<P>,
    /// Where the line starts repeating: the last position equals `positions[i]`, so
    /// `positions[i..]` is a cycle of draws that neither side can profitably leave
    /// (leaving it hands the opponent a win or another draw).
    pub cycle_from: Option<usize>,
}

/// The outcome and remoteness of every position reachable from some starts.
#[derive(Clone, Debug)]
pub struct Retrograde<P> {
    index: HashMap<P, u32>,
    positions: Vec<P>,
    /// The distinct moves of position `i` are `succ[offsets[i]..offsets[i + 1]]`, in the
    /// order the rules first list them.
    offsets: Vec<usize>,
    succ: Vec<u32>,
    outcome: Vec<Outcome>,
    /// Moves to the end for a win or a loss; 0 for a draw.
    remoteness: Vec<u32>,
}

impl<P: Clone + Eq + Hash> Retrograde<P> {
    /// Returns the outcomes of every position reachable from `start` under `rules`.
    ///
    /// # Errors
    /// [`RulesError::OutOfReach`] when more than `budget` positions are reachable.
    ///
    /// # Complexity
    /// O(V + E) hash operations and memory, V positions and E distinct moves reachable.
    ///
    /// # Example
    /// A token on a cycle 0 → 1 → 2 → 0 with an exit 2 → 3 (3 has no move): 2 wins by moving
    /// to 3, so 1 loses and 0 wins. Add 0 → 4 ⇄ 5: nothing changes for 0, while 4 and 5
    /// draw.
    /// ```
    /// use gamecheck_oracles::outcome::Outcome;
    /// use gamecheck_oracles::retrograde::Retrograde;
    /// use gamecheck_oracles::rules_oracle::Rules;
    /// struct Graph(Vec<Vec<usize>>);
    /// impl Rules for Graph {
    ///     type Position = usize;
    ///     fn moves(&self, &v: &usize, out: &mut Vec<usize>) {
    ///         out.extend(&self.0[v]);
    ///     }
    /// }
    /// let g = Graph(vec![vec![1, 4], vec![2], vec![0, 3], vec![], vec![5], vec![4]]);
    /// let t = Retrograde::solve(&g, 0, 100)?;
    /// let outcomes: Vec<_> = (0..6).map(|v| t.outcome(&v)).collect();
    /// use Outcome::*;
    /// assert_eq!(outcomes, [Some(Win), Some(Loss), Some(Win), Some(Loss), Some(Draw), Some(Draw)]);
    /// assert_eq!(t.remoteness(&0), Some(3));
    /// assert!(Retrograde::solve(&g, 0, 5).is_err());
    /// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
    /// ```
    pub fn solve<R: Rules<Position = P>>(rules: &R, start: P, budget: usize) -> Result<Self, RulesError> {
        Self::solve_from(rules, [start], budget)
    }

    /// Returns the outcomes of every position reachable from any of `starts`: for instance
    /// every position of a game, to count them.
    ///
    /// # Errors
    /// As for [`Retrograde::solve`].
    ///
    /// # Complexity
    /// As for [`Retrograde::solve`].
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::retrograde::{Counts, Retrograde};
    /// use gamecheck_oracles::rules_oracle::Rules;
    /// // Take 1 or 2 stones from a pile: the multiples of 3 lose.
    /// struct Take12;
    /// impl Rules for Take12 {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
    ///         out.extend([1, 2].iter().filter_map(|&t| n.checked_sub(t)));
    ///     }
    /// }
    /// let t = Retrograde::solve_from(&Take12, 0..10, 100)?;
    /// assert_eq!(t.counts(), Counts { win: 6, loss: 4, draw: 0 });
    /// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
    /// ```
    pub fn solve_from<R: Rules<Position = P>>(
        rules: &R,
        starts: impl IntoIterator<Item = P>,
        budget: usize,
    ) -> Result<Self, RulesError> {
        analyze(rules, starts, budget, &mut Work::new(u64::MAX), |_| None)
    }

    /// Returns the number of positions in the table.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::retrograde::Retrograde;
    /// use gamecheck_oracles::rules_oracle::Rules;
    /// struct Countdown;
    /// impl Rules for Countdown {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
    ///         out.extend(n.checked_sub(1));
    ///     }
    /// }
    /// assert_eq!(Retrograde::solve(&Countdown, 4, 10)?.len(), 5);
    /// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Returns whether the table is empty (only when built from no start).
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::retrograde::Retrograde;
    /// use gamecheck_oracles::rules_oracle::Rules;
    /// struct NoMoves;
    /// impl Rules for NoMoves {
    ///     type Position = ();
    ///     fn moves(&self, _: &(), _: &mut Vec<()>) {}
    /// }
    /// assert!(Retrograde::solve_from(&NoMoves, [], 10)?.is_empty());
    /// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Returns the outcome of `p` for the player to move, or `None` when `p` is not in the
    /// table.
    ///
    /// # Example
    /// See [`Retrograde::solve`].
    pub fn outcome(&self, p: &P) -> Option<Outcome> {
        self.index.get(p).map(|&i| self.outcome[i as usize])
    }

    /// Returns the remoteness of `p`: the number of moves to the end when the winner
    /// hurries and the loser delays. `None` for a draw or a position not in the table.
    ///
    /// # Example
    /// See [`Retrograde::solve`].
    pub fn remoteness(&self, p: &P) -> Option<u32> {
        let i = *self.index.get(p)? as usize;
        (self.outcome[i] != Outcome::Draw).then_some(self.remoteness[i])
    }

    /// Returns the numbers of won, lost and drawn positions in the table.
    ///
    /// # Complexity
    /// O(V).
    ///
    /// # Example
    /// See [`Retrograde::solve_from`].
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for &o in &self.outcome {
            c.add(o);
        }
        c
    }

    /// Returns every position of the table with its outcome, in the order they were
    /// reached (breadth first from the starts).
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::outcome::Outcome;
    /// use gamecheck_oracles::retrograde::Retrograde;
    /// use gamecheck_oracles::rules_oracle::Rules;
    /// struct Countdown;
    /// impl Rules for Countdown {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
    ///         out.extend(n.checked_sub(1));
    ///     }
    /// }
    /// let t = Retrograde::solve(&Countdown, 2, 10)?;
    /// let all: Vec<_> = t.iter().map(|(&p, o)| (p, o)).collect();
    /// assert_eq!(all, [(2, Outcome::Loss), (1, Outcome::Win), (0, Outcome::Loss)]);
    /// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&P, Outcome)> + '_ {
        self.positions.iter().zip(self.outcome.iter().copied())
    }

    /// Returns a best move from `p`: at a win, a move to a loss of least remoteness; at a
    /// loss, a move to a win of greatest remoteness; at a draw, a move to a draw. Among
    /// equals, the first the rules list. `None` when `p` has no move or is not in the table.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::retrograde::Retrograde;
    /// use gamecheck_oracles::rules_oracle::Rules;
    /// // Take 1, 2 or 3 stones; a win leaves a multiple of 4.
    /// struct Take123;
    /// impl Rules for Take123 {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
    ///         out.extend([1, 2, 3].iter().filter_map(|&t| n.checked_sub(t)));
    ///     }
    /// }
    /// let t = Retrograde::solve(&Take123, 10, 100)?;
    /// assert_eq!(t.best_move(&10), Some(&8));
    /// assert_eq!(t.best_move(&8), Some(&7)); // 7, 6 and 5 all lose in 3: the first listed
    /// assert_eq!(t.best_move(&0), None);
    /// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
    /// ```
    pub fn best_move(&self, p: &P) -> Option<&P> {
        let i = *self.index.get(p)? as usize;
        self.best(i).map(|j| &self.positions[j])
    }

    /// Returns each distinct move from `p`, in the order the rules first list it, with
    /// the outcome and remoteness of the position it reaches (remoteness 0 for a draw), or
    /// `None` when `p` is not in the table.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::outcome::Outcome;
    /// use gamecheck_oracles::retrograde::Retrograde;
    /// use gamecheck_oracles::rules_oracle::Rules;
    /// struct Take12;
    /// impl Rules for Take12 {
    ///     type Position = u32;
    ///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
    ///         out.extend([1, 2].iter().filter_map(|&t| n.checked_sub(t)));
    ///     }
    /// }
    /// let t = Retrograde::solve(&Take12, 4, 100)?;
    /// let options: Vec<_> = t.options(&4).into_iter().flatten().collect();
    /// // 4 → 3 (lost in 2: 3 → 2 → 0), 4 → 2 (won in 1).
    /// assert_eq!(options, [(&3, Outcome::Loss, 2), (&2, Outcome::Win, 1)]);
    /// assert!(t.options(&7).is_none());
    /// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
    /// ```
    pub fn options(&self, p: &P) -> Option<impl Iterator<Item = (&P, Outcome, u32)> + '_> {
        let i = *self.index.get(p)? as usize;
        Some(self.succ[self.offsets[i]..self.offsets[i + 1]].iter().map(|&j| {
            (
                &self.positions[j as usize],
                self.outcome[j as usize],
                self.remoteness[j as usize],
            )
        }))
    }

    /// Returns the line of play from `p` when both sides follow [`Retrograde::best_move`],
    /// for at most `max_moves` moves. A won or lost line ends at a terminal position (or
    /// after `max_moves`); a drawn line ends at the first repeated position, and says where
    /// its cycle starts. Empty when `p` is not in the table.
    ///
    /// # Complexity
    /// O(max_moves) hash operations.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::retrograde::Retrograde;
    /// use gamecheck_oracles::rules_oracle::Rules;
    /// struct Graph(Vec<Vec<usize>>);
    /// impl Rules for Graph {
    ///     type Position = usize;
    ///     fn moves(&self, &v: &usize, out: &mut Vec<usize>) {
    ///         out.extend(&self.0[v]);
    ///     }
    /// }
    /// // 0 → 1 ⇄ 2, and 1 → 3 → 4: 1 must not go to 3 (3 wins), so 0, 1, 2 draw.
    /// let g = Graph(vec![vec![1], vec![3, 2], vec![1], vec![4], vec![]]);
    /// let t = Retrograde::solve(&g, 0, 100)?;
    /// let line = t.line(&0, 100);
    /// assert_eq!((line.positions, line.cycle_from), (vec![0, 1, 2, 1], Some(1)));
    /// assert_eq!(t.line(&3, 100).positions, [3, 4]);
    /// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
    /// ```
    pub fn line(&self, p: &P, max_moves: usize) -> Line<P> {
        let mut positions = Vec::new();
        let mut cycle_from = None;
        let Some(&start) = self.index.get(p) else {
            return Line {
                positions,
                cycle_from,
            };
        };
        // Where each position first appears in the line, to close a drawn cycle.
        let mut seen: HashMap<usize, usize> = HashMap::new();
        let mut i = start as usize;
        positions.push(self.positions[i].clone());
        seen.insert(i, 0);
        while positions.len() <= max_moves {
            let Some(j) = self.best(i) else { break };
            positions.push(self.positions[j].clone());
            if let Some(&k) = seen.get(&j) {
                cycle_from = Some(k);
                break;
            }
            seen.insert(j, positions.len() - 1);
            i = j;
        }
        Line {
            positions,
            cycle_from,
        }
    }

    /// Returns `Ok` when every position's stored outcome and remoteness follow from its
    /// moves (listed again by `rules`) and their stored values. A table that passes is
    /// right: its wins and losses rest on moves strictly closer to the end, and then its
    /// draws are draws too.
    ///
    /// # Errors
    /// The first unjustified position, in table order, and why.
    ///
    /// # Complexity
    /// O(V + E) hash operations, listing every position's moves once more.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::retrograde::Retrograde;
    /// use gamecheck_oracles::rules_oracle::Rules;
    /// struct Graph(Vec<Vec<usize>>);
    /// impl Rules for Graph {
    ///     type Position = usize;
    ///     fn moves(&self, &v: &usize, out: &mut Vec<usize>) {
    ///         out.extend(&self.0[v]);
    ///     }
    /// }
    /// let g = Graph(vec![vec![1], vec![0, 2], vec![]]);
    /// assert_eq!(Retrograde::solve(&g, 0, 10)?.verify(&g), Ok(()));
    /// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
    /// ```
    pub fn verify<R: Rules<Position = P>>(&self, rules: &R) -> Result<(), (P, CertificateError<P>)> {
        let mut moves = Vec::new();
        for (i, p) in self.positions.iter().enumerate() {
            moves.clear();
            rules.moves(p, &mut moves);
            let claimed = self.outcome[i];
            let fail = |e| (p.clone(), e);
            check_moves(self, &moves, claimed).map_err(fail)?;
            if claimed == Outcome::Draw {
                continue;
            }
            let values = moves.iter().map(|q| {
                let j = self.index[q] as usize;
                (self.outcome[j], self.remoteness[j])
            });
            // `check_moves` has seen a move to a loss at a win, only wins at a loss.
            let nearest = match claimed {
                Outcome::Win => values.filter(|&(o, _)| o == Outcome::Loss).map(|(_, r)| r).min(),
                _ => values.map(|(_, r)| r).max(),
            };
            let derived = nearest.map_or(0, |r| r.saturating_add(1));
            if derived != self.remoteness[i] {
                return Err(fail(CertificateError::Remoteness {
                    stored: self.remoteness[i],
                    derived,
                }));
            }
        }
        Ok(())
    }

    /// The best move of position `i`, as [`Retrograde::best_move`] defines it.
    fn best(&self, i: usize) -> Option<usize> {
        let mut moves = self.succ[self.offsets[i]..self.offsets[i + 1]]
            .iter()
            .map(|&j| j as usize);
        let r = |j: usize| self.remoteness[j];
        match self.outcome[i] {
            Outcome::Win => moves
                .filter(|&j| self.outcome[j] == Outcome::Loss)
                .min_by_key(|&j| r(j)),
            // `max_by_key` keeps the last of equals; the first listed is wanted.
            Outcome::Loss => moves.rev().max_by_key(|&j| r(j)),
            Outcome::Draw => moves.find(|&j| self.outcome[j] == Outcome::Draw),
        }
    }
}

/// Returns the evidence that `claimed` is the outcome of `p`, from `p`'s moves under
/// `rules` and the outcomes `table` gives them: at a win, a move to a loss; at a loss, that
/// every move leads to a win; at a draw, that no move leads to a loss and some move leads to
/// a draw.
///
/// It trusts the table's outcomes of the moves; [`Retrograde::verify`] checks the table.
///
/// # Errors
/// [`CertificateError`] saying which condition fails, or which move the table lacks.
///
/// # Complexity
/// One call to [`Rules::moves`] and a hash lookup per move.
///
/// # Example
/// ```
/// use gamecheck_oracles::outcome::Outcome;
/// use gamecheck_oracles::retrograde::{check_certificate, Certificate, CertificateError, Retrograde};
/// use gamecheck_oracles::rules_oracle::Rules;
/// struct Graph(Vec<Vec<usize>>);
/// impl Rules for Graph {
///     type Position = usize;
///     fn moves(&self, &v: &usize, out: &mut Vec<usize>) {
///         out.extend(&self.0[v]);
///     }
/// }
/// // 0 ⇄ 1, 1 → 2 ⇄ 3: every position draws.
/// let g = Graph(vec![vec![1], vec![0, 2], vec![3], vec![2]]);
/// let t = Retrograde::solve(&g, 0, 10)?;
/// assert_eq!(check_certificate(&g, &t, &1, Outcome::Draw), Ok(Certificate::Draw { to: 0 }));
/// assert_eq!(check_certificate(&g, &t, &1, Outcome::Win), Err(CertificateError::NoMoveToLoss));
/// # Ok::<(), gamecheck_oracles::rules_oracle::RulesError>(())
/// ```
pub fn check_certificate<P: Clone + Eq + Hash, R: Rules<Position = P>>(
    rules: &R,
    table: &Retrograde<P>,
    p: &P,
    claimed: Outcome,
) -> Result<Certificate<P>, CertificateError<P>> {
    let mut moves = Vec::new();
    rules.moves(p, &mut moves);
    check_moves(table, &moves, claimed)
}

/// The certificate of `claimed` at a position whose moves are `moves`.
fn check_moves<P: Clone + Eq + Hash>(
    table: &Retrograde<P>,
    moves: &[P],
    claimed: Outcome,
) -> Result<Certificate<P>, CertificateError<P>> {
    let mut to_draw = None;
    let mut to_loss = None;
    for q in moves {
        let o = table
            .outcome(q)
            .ok_or_else(|| CertificateError::NotInTable { position: q.clone() })?;
        if claimed == Outcome::Loss && o != Outcome::Win {
            return Err(CertificateError::MoveNotToWin {
                to: q.clone(),
                outcome: o,
            });
        }
        match o {
            Outcome::Loss if to_loss.is_none() => to_loss = Some(q),
            Outcome::Draw if to_draw.is_none() => to_draw = Some(q),
            _ => {}
        }
    }
    match (claimed, to_loss, to_draw) {
        (Outcome::Win, Some(q), _) => Ok(Certificate::Win { to: q.clone() }),
        (Outcome::Win, None, _) => Err(CertificateError::NoMoveToLoss),
        (Outcome::Loss, _, _) => Ok(Certificate::Loss),
        (Outcome::Draw, Some(q), _) => Err(CertificateError::MoveToLoss { to: q.clone() }),
        (Outcome::Draw, None, Some(q)) => Ok(Certificate::Draw { to: q.clone() }),
        (Outcome::Draw, None, None) => Err(CertificateError::NoMoveToDraw),
    }
}

/// Builds the graph reachable from `starts` and settles it backwards. A position for which
/// `known` gives an outcome is not expanded: it enters as a settled leaf (its remoteness
/// is then meaningless, so only the rules oracle, which reads outcomes alone, passes one).
/// Every position stored and move listed is spent from `work`: the edges held are bounded
/// by it, where `budget` bounds the positions.
pub(crate) fn analyze<P: Clone + Eq + Hash, R: Rules<Position = P>>(
    rules: &R,
    starts: impl IntoIterator<Item = P>,
    budget: usize,
    work: &mut Work,
    known: impl Fn(&P) -> Option<Outcome>,
) -> Result<Retrograde<P>, RulesError> {
    let graph = explore(rules, starts, budget, work, known)?;
    let (roffsets, pred) = reverse_edges(&graph.offsets, &graph.succ);
    let (outcome, remoteness) = settle(&graph.seeded, &graph.offsets, &roffsets, &pred);
    Ok(Retrograde {
        index: graph.index,
        positions: graph.positions,
        offsets: graph.offsets,
        succ: graph.succ,
        outcome,
        remoteness,
    })
}

/// The graph reachable from the starts, its positions numbered in the order found.
struct Explored<P> {
    index: HashMap<P, u32>,
    positions: Vec<P>,
    /// The outcome `known` gave each position (then it has no moves listed).
    seeded: Vec<Option<Outcome>>,
    /// The moves of position `v` are `succ[offsets[v]..offsets[v + 1]]`.
    offsets: Vec<usize>,
    succ: Vec<u32>,
}

/// Returns the graph reachable from `starts` by the rules' moves, not past the positions
/// `known` settles.
///
/// # Errors
/// [`RulesError::OutOfReach`] when it holds more than `budget` positions, or the error of
/// `work` spent.
fn explore<P: Clone + Eq + Hash, R: Rules<Position = P>>(
    rules: &R,
    starts: impl IntoIterator<Item = P>,
    budget: usize,
    work: &mut Work,
    known: impl Fn(&P) -> Option<Outcome>,
) -> Result<Explored<P>, RulesError> {
    let cap = budget.min(u32::MAX as usize);
    let mut index: HashMap<P, u32> = HashMap::new();
    let mut positions: Vec<P> = Vec::new();
    let intern = |p: P, index: &mut HashMap<P, u32>, positions: &mut Vec<P>| -> Result<u32, RulesError> {
        if let Some(&i) = index.get(&p) {
            return Ok(i);
        }
        if positions.len() >= cap {
            return Err(RulesError::OutOfReach { budget });
        }
        let i = positions.len() as u32;
        index.insert(p.clone(), i);
        positions.push(p);
        Ok(i)
    };
    for s in starts {
        intern(s, &mut index, &mut positions)?;
    }
    let mut seeded: Vec<Option<Outcome>> = Vec::new();
    let mut offsets = vec![0usize];
    let mut succ: Vec<u32> = Vec::new();
    let mut listed = Vec::new();
    let mut i = 0;
    while i < positions.len() {
        let k = known(&positions[i]);
        seeded.push(k);
        if k.is_none() {
            listed.clear();
            rules.moves(&positions[i], &mut listed);
            work.spend(1 + listed.len())?;
            let from = succ.len();
            for q in listed.drain(..) {
                let j = intern(q, &mut index, &mut positions)?;
                // Repeats are few: a linear scan keeps the rules' order.
                if !succ[from..].contains(&j) {
                    succ.push(j);
                }
            }
        }
        offsets.push(succ.len());
        i += 1;
    }
    Ok(Explored {
        index,
        positions,
        seeded,
        offsets,
        succ,
    })
}

/// Returns the reversed edges of the graph `offsets`/`succ` in the same layout: the
/// positions with a move to `v` are `pred[roffsets[v]..roffsets[v + 1]]`.
fn reverse_edges(offsets: &[usize], succ: &[u32]) -> (Vec<usize>, Vec<u32>) {
    let n = offsets.len() - 1;
    let mut roffsets = vec![0usize; n + 1];
    for &j in succ {
        roffsets[j as usize + 1] += 1;
    }
    for v in 0..n {
        roffsets[v + 1] += roffsets[v];
    }
    let mut fill = roffsets.clone();
    let mut pred = vec![0u32; succ.len()];
    for v in 0..n {
        for &j in &succ[offsets[v]..offsets[v + 1]] {
            pred[fill[j as usize]] = v as u32;
            fill[j as usize] += 1;
        }
    }
    (roffsets, pred)
}

/// Returns each position's outcome and remoteness, settled backwards from the `seeded`
/// ones and those without moves; what is never settled is a draw.
fn settle(
    seeded: &[Option<Outcome>],
    offsets: &[usize],
    roffsets: &[usize],
    pred: &[u32],
) -> (Vec<Outcome>, Vec<u32>) {
    let n = seeded.len();
    let mut outcome = vec![Outcome::Draw; n];
    let mut remoteness = vec![0u32; n];
    let mut settled = vec![false; n];
    // Unsettled moves left; a loss is found when this reaches zero.
    let mut left: Vec<usize> = (0..n).map(|v| offsets[v + 1] - offsets[v]).collect();
    let mut queue: Vec<u32> = Vec::new();
    for v in 0..n {
        match seeded[v] {
            Some(o) => {
                outcome[v] = o;
                settled[v] = true;
                if o != Outcome::Draw {
                    queue.push(v as u32);
                }
            }
            None if left[v] == 0 => {
                outcome[v] = Outcome::Loss;
                settled[v] = true;
                queue.push(v as u32);
            }
            None => {}
        }
    }
    let mut head = 0;
    while let Some(&q) = queue.get(head) {
        head += 1;
        let q = q as usize;
        let r = remoteness[q].saturating_add(1);
        for &p in &pred[roffsets[q]..roffsets[q + 1]] {
            let p = p as usize;
            if settled[p] {
                continue;
            }
            let o = if outcome[q] == Outcome::Loss {
                Outcome::Win
            } else {
                left[p] -= 1;
                if left[p] > 0 {
                    continue;
                }
                Outcome::Loss
            };
            outcome[p] = o;
            remoteness[p] = r;
            settled[p] = true;
            queue.push(p as u32);
        }
    }
    (outcome, remoteness)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::{FileFailurePersistence, RngAlgorithm, RngSeed};

    /// A token on a directed graph: a move follows an edge.
    struct Graph(Vec<Vec<usize>>);

    impl Rules for Graph {
        type Position = usize;
        fn moves(&self, &v: &usize, out: &mut Vec<usize>) {
            out.extend(&self.0[v]);
        }
    }

    /// The outcome and remoteness of every vertex by a plain synchronous fixpoint, no
    /// queue and no counters: each round settles a vertex as a win if some edge leads to a
    /// loss settled in an earlier round, as a loss if every edge leads to a win settled in an
    /// earlier round. What no round settles draws. The round that settles a vertex is its
    /// remoteness.
    fn fixpoint(g: &[Vec<usize>]) -> Vec<(Outcome, u32)> {
        let n = g.len();
        let mut value: Vec<Option<(Outcome, u32)>> = vec![None; n];
        let mut round = 0;
        loop {
            let before = value.clone();
            for v in 0..n {
                if before[v].is_some() {
                    continue;
                }
                if g[v]
                    .iter()
                    .any(|&w| matches!(before[w], Some((Outcome::Loss, _))))
                {
                    value[v] = Some((Outcome::Win, round));
                } else if g[v].iter().all(|&w| matches!(before[w], Some((Outcome::Win, _)))) {
                    value[v] = Some((Outcome::Loss, round));
                }
            }
            if value == before {
                break;
            }
            round += 1;
        }
        value
            .into_iter()
            .map(|v| v.unwrap_or((Outcome::Draw, 0)))
            .collect()
    }

    fn solved(g: &Graph, starts: std::ops::Range<usize>) -> Retrograde<usize> {
        match Retrograde::solve_from(g, starts, g.0.len()) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    fn assert_matches_fixpoint(g: Vec<Vec<usize>>) {
        let expected = fixpoint(&g);
        let graph = Graph(g);
        let table = solved(&graph, 0..graph.0.len());
        for (v, &(o, r)) in expected.iter().enumerate() {
            assert_eq!(table.outcome(&v), Some(o), "outcome of {v}");
            assert_eq!(
                table.remoteness(&v),
                (o != Outcome::Draw).then_some(r),
                "remoteness of {v}"
            );
        }
        assert_eq!(table.verify(&graph), Ok(()));
    }

    fn outcomes(g: &[Vec<usize>]) -> Vec<Outcome> {
        fixpoint(g).into_iter().map(|(o, _)| o).collect()
    }

    #[test]
    fn a_pure_cycle_draws() {
        let g = vec![vec![1], vec![2], vec![0]];
        assert_eq!(outcomes(&g), [Outcome::Draw; 3]);
        assert_matches_fixpoint(g);
    }

    #[test]
    fn a_cycle_with_an_exit_is_decided() {
        // 0 → 1 → 2 → 0, 2 → 3: 2 wins, 1 loses, 0 wins.
        let g = vec![vec![1], vec![2], vec![0, 3], vec![]];
        use Outcome::*;
        assert_eq!(outcomes(&g), [Win, Loss, Win, Loss]);
        assert_matches_fixpoint(g);
    }

    #[test]
    fn all_three_outcomes_in_one_graph() {
        // 0 ⇄ 1, 1 → 2 → 3 (3 has no move): 2 wins, so 1 does not leave the cycle and 0, 1
        // draw; 4 → 3 wins at once; 5 → 2 loses.
        let g = vec![vec![1], vec![0, 2], vec![3], vec![], vec![0, 3], vec![2]];
        use Outcome::*;
        assert_eq!(outcomes(&g), [Draw, Draw, Win, Loss, Win, Loss]);
        assert_matches_fixpoint(g);
    }

    #[test]
    fn a_self_loop_draws_unless_a_loss_is_at_hand() {
        let g = vec![vec![0], vec![1, 2], vec![]];
        use Outcome::*;
        assert_eq!(outcomes(&g), [Draw, Win, Loss]);
        assert_matches_fixpoint(g);
    }

    #[test]
    fn the_budget_is_enforced() {
        let g = Graph(vec![vec![1], vec![2], vec![0]]);
        assert_eq!(
            Retrograde::solve(&g, 0, 2).map(|t| t.len()),
            Err(RulesError::OutOfReach { budget: 2 })
        );
        assert_eq!(Retrograde::solve(&g, 0, 3).map(|t| t.len()), Ok(3));
    }

    #[test]
    fn every_wrong_claim_is_refused() {
        let g = Graph(vec![vec![1], vec![0, 2], vec![3], vec![], vec![0, 3], vec![2]]);
        let t = solved(&g, 0..6);
        for v in 0..6 {
            for claimed in [Outcome::Win, Outcome::Loss, Outcome::Draw] {
                let ok = check_certificate(&g, &t, &v, claimed).is_ok();
                assert_eq!(ok, t.outcome(&v) == Some(claimed), "{claimed:?} at {v}");
            }
        }
        assert_eq!(
            check_certificate(&g, &t, &0, Outcome::Loss),
            Err(CertificateError::MoveNotToWin {
                to: 1,
                outcome: Outcome::Draw
            })
        );
        assert_eq!(
            check_certificate(&g, &t, &3, Outcome::Draw),
            Err(CertificateError::NoMoveToDraw)
        );
        assert_eq!(
            check_certificate(&g, &t, &4, Outcome::Draw),
            Err(CertificateError::MoveToLoss { to: 3 })
        );
    }

    #[test]
    fn a_locally_consistent_but_wrong_table_fails_verification() {
        // On a pure 2-cycle, "0 wins, 1 loses" is consistent move by move; only the
        // remoteness shows that it rests on nothing.
        let g = Graph(vec![vec![1], vec![0]]);
        let mut t = solved(&g, 0..2);
        t.outcome = vec![Outcome::Win, Outcome::Loss];
        t.remoteness = vec![1, 0];
        assert_eq!(
            check_certificate(&g, &t, &0, Outcome::Win),
            Ok(Certificate::Win { to: 1 })
        );
        assert_eq!(
            check_certificate(&g, &t, &1, Outcome::Loss),
            Ok(Certificate::Loss)
        );
        assert_eq!(
            t.verify(&g),
            Err((
                1,
                CertificateError::Remoteness {
                    stored: 0,
                    derived: 2
                }
            ))
        );
    }

    const SEED: u64 = 0x6c6f_6f70_795f_6772; // "loopy_gr"

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

    /// A random digraph on 1 to 24 vertices, each with up to 3 out-edges.
    fn digraph() -> impl Strategy<Value = Vec<Vec<usize>>> {
        (1usize..=24).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n, 0..=3), n))
    }

    proptest! {
        #![proptest_config(config(500))]

        #[test]
        fn retrograde_matches_fixpoint_on_random_digraphs(g in digraph()) {
            let n = g.len();
            let expected = fixpoint(&g);
            let graph = Graph(g);
            let fail = |e: RulesError| TestCaseError::fail(e.to_string());
            let all = Retrograde::solve_from(&graph, 0..n, n).map_err(fail)?;
            let from_zero = Retrograde::solve(&graph, 0, n).map_err(fail)?;
            for (v, &(o, r)) in expected.iter().enumerate() {
                prop_assert_eq!(all.outcome(&v), Some(o));
                prop_assert_eq!(all.remoteness(&v), (o != Outcome::Draw).then_some(r));
                // The reachable part alone decides a position.
                if let Some(o0) = from_zero.outcome(&v) {
                    prop_assert_eq!(o0, o);
                }
                for claimed in [Outcome::Win, Outcome::Loss, Outcome::Draw] {
                    prop_assert_eq!(check_certificate(&graph, &all, &v, claimed).is_ok(), claimed == o);
                }
            }
            prop_assert_eq!(all.verify(&graph), Ok(()));
            prop_assert_eq!(from_zero.verify(&graph), Ok(()));
            let line = all.line(&0, n + 1);
            prop_assert_eq!(line.cycle_from.is_some(), expected[0].0 == Outcome::Draw);
        }
    }
}
