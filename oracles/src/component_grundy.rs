//! Grundy values of a disjunctive sum, the Sprague–Grundy way: the value of a sum is the
//! XOR of its components' values, and a component's value is the mex of its options'
//! values, each option being a sum again (a move in Kayles may split a row in two).
//!
//! This is a second route to the truth about a sum, beside the joint search of
//! [`RulesOracle`](crate::rules_oracle::RulesOracle): the joint search never splits a
//! position, so where both reach, their agreement checks the Sprague–Grundy step itself.
//! Memoized per component, so a sum of many large components costs only its distinct
//! components; the search keeps an explicit stack, so deep games do not overflow.

use rustc_hash::FxHashMap;
use std::hash::Hash;

use crate::rules_oracle::{DEFAULT_WORK, Rules, RulesError, Work};

/// A game whose positions are disjunctive sums of components.
pub trait Components: Rules {
    /// Returns the components of `p`: positions that are each played alone, whose
    /// disjunctive sum is `p`. A component's own components must be itself.
    fn components(&self, p: &Self::Position) -> Vec<Self::Position>;
}

/// Memoized Grundy values of components.
pub struct ComponentGrundy<R: Components> {
    rules: R,
    budget: usize,
    /// The most moves listed for one component.
    max_moves: usize,
    /// The current question's work (moves listed, components of options held, components
    /// stored), against the work budget.
    work: Work,
    memo: FxHashMap<R::Position, u64>,
}

/// On the search path, value unknown.
const ON_PATH: u64 = u64::MAX;

/// A component being valued, the components of its options, and the place (option,
/// component) before which all are valued: values only get known, so the search for the
/// next one to value resumes there rather than rescanning every option.
type Frame<P> = (P, Vec<Vec<P>>, (usize, usize));

impl<R: Components> ComponentGrundy<R>
where
    R::Position: Eq + Hash + Clone,
{
    /// Returns the search over `rules` holding at most `budget` components.
    pub fn with_budget(rules: R, budget: usize) -> Self {
        ComponentGrundy {
            rules,
            budget,
            max_moves: usize::MAX,
            work: Work::new(DEFAULT_WORK),
            memo: FxHashMap::default(),
        }
    }

    /// Returns the search that answers [`RulesError::TooManyMoves`] for a component with
    /// more than `limit` moves, rather than valuing them all.
    pub fn with_max_moves(self, limit: usize) -> Self {
        ComponentGrundy {
            max_moves: limit,
            ..self
        }
    }

    /// Returns the search that answers [`RulesError::OutOfWork`] for a question that would
    /// list, hold and store more than `limit` moves and components (see
    /// [`RulesOracle::with_work`](crate::rules_oracle::RulesOracle::with_work)): its options
    /// are held on its path, so this bounds its memory where the budget in components
    /// does not.
    pub fn with_work(self, limit: u64) -> Self {
        ComponentGrundy {
            work: Work::new(limit),
            ..self
        }
    }

    /// Returns the rules searched.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Returns the number of components in the memo.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Returns whether the memo is empty.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// Returns the Grundy value of `p`: the XOR of its components' values.
    ///
    /// # Errors
    /// [`RulesError::OutOfReach`] when more than the budget's components would be held;
    /// [`RulesError::TooManyMoves`] for a component with more moves than
    /// [`ComponentGrundy::with_max_moves`] allows; [`RulesError::Cycle`] when a component can recur below itself;
    /// [`RulesError::OutOfWork`] past the work budget. After an error the memo keeps every
    /// component solved so far, and the search stays usable.
    ///
    /// # Complexity
    /// Every move of every distinct component reachable from `p`, once.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::component_grundy::{ComponentGrundy, Components};
    /// use gamecheck_oracles::rules_oracle::Rules;
    /// // Nim: a position is a list of piles, each pile a component.
    /// struct Nim;
    /// impl Rules for Nim {
    ///     type Position = Vec<u64>;
    ///     fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
    ///         for i in 0..p.len() {
    ///             out.extend((0..p[i]).map(|v| { let mut q = p.clone(); q[i] = v; q }));
    ///         }
    ///     }
    /// }
    /// impl Components for Nim {
    ///     fn components(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
    ///         p.iter().map(|&x| vec![x]).collect()
    ///     }
    /// }
    /// let mut g = ComponentGrundy::with_budget(Nim, 1000);
    /// assert_eq!(g.grundy(&vec![3, 5, 6]), Ok(3 ^ 5 ^ 6));
    /// ```
    pub fn grundy(&mut self, p: &R::Position) -> Result<u64, RulesError> {
        self.work.spent = 0;
        let mut value = 0;
        for c in self.rules.components(p) {
            value ^= self.component(&c)?;
        }
        Ok(value)
    }

    /// Returns the Grundy value of the component `root`; after an error, the memo holds
    /// every component solved so far and none marked as on the path, so the search stays
    /// usable and what it solved is kept.
    fn component(&mut self, root: &R::Position) -> Result<u64, RulesError> {
        if let Some(&v) = self.memo.get(root).filter(|&&v| v != ON_PATH) {
            return Ok(v);
        }
        // Each frame: a component and the components of its options still to value.
        let mut stack: Vec<Frame<R::Position>> = Vec::new();
        let result = self.search(root, &mut stack);
        if result.is_err() {
            for (c, _, _) in &stack {
                if self.memo.get(c) == Some(&ON_PATH) {
                    self.memo.remove(c);
                }
            }
        }
        result
    }

    /// The loop of [`ComponentGrundy::component`]. On an error, `stack` holds the path it
    /// left, every component on it marked as on the path.
    fn search(&mut self, root: &R::Position, stack: &mut Vec<Frame<R::Position>>) -> Result<u64, RulesError> {
        let push = |s: &mut Self, stack: &mut Vec<Frame<R::Position>>, c: R::Position| {
            if s.memo.len() >= s.budget {
                return Err(RulesError::OutOfReach { budget: s.budget });
            }
            let mut moves = Vec::new();
            s.rules.moves(&c, &mut moves);
            if moves.len() > s.max_moves {
                return Err(RulesError::TooManyMoves {
                    moves: moves.len(),
                    limit: s.max_moves,
                });
            }
            let options: Vec<Vec<R::Position>> = moves.iter().map(|q| s.rules.components(q)).collect();
            // The component stored, its moves listed and their components held.
            let held: usize = options.iter().map(Vec::len).sum();
            s.work.spend(1 + moves.len() + held)?;
            s.memo.insert(c.clone(), ON_PATH);
            // A move back onto the path is a cycle now, before descending the other moves:
            // a game with an endless chain (n → n + 1) beside its cycle would otherwise be
            // searched to the budget first. Its frame is pushed first, to be unwound.
            let cycle = options.iter().flatten().any(|q| s.memo.get(q) == Some(&ON_PATH));
            stack.push((c, options, (0, 0)));
            if cycle {
                return Err(RulesError::Cycle);
            }
            Ok(())
        };
        push(self, stack, root.clone())?;
        while let Some((_, options, (i, j))) = stack.last_mut() {
            // The first component of an option whose value is unknown, if any.
            let mut pending = None;
            while let Some(option) = options.get(*i) {
                match option.get(*j) {
                    Some(c) if self.memo.get(c).is_some_and(|&v| v != ON_PATH) => *j += 1,
                    Some(c) => {
                        pending = Some(c.clone());
                        break;
                    }
                    None => (*i, *j) = (*i + 1, 0),
                }
            }
            match pending {
                Some(c) if self.memo.get(&c) == Some(&ON_PATH) => return Err(RulesError::Cycle),
                Some(c) => push(self, stack, c)?,
                None => {
                    let Some((c, options, _)) = stack.pop() else { break };
                    let mut seen: Vec<u64> = options
                        .iter()
                        .map(|o| o.iter().fold(0, |acc, q| acc ^ self.memo[q]))
                        .collect();
                    seen.sort_unstable();
                    seen.dedup();
                    let mex = seen
                        .iter()
                        .enumerate()
                        .find(|&(i, &v)| v != i as u64)
                        .map_or(seen.len(), |(i, _)| i);
                    self.memo.insert(c, mex as u64);
                }
            }
        }
        Ok(self.memo[root])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules_oracle::RulesOracle;

    /// Kayles: a row of pins; knock down one pin or two adjacent ones, which may split
    /// the row. A position is a list of rows.
    struct Kayles;
    impl Rules for Kayles {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for (i, &n) in p.iter().enumerate() {
                for take in 1..=2.min(n) {
                    for left in 0..=(n - take) {
                        let right = n - take - left;
                        let mut q: Vec<u64> = p
                            .iter()
                            .enumerate()
                            .filter(|&(j, _)| j != i)
                            .map(|(_, &x)| x)
                            .collect();
                        q.extend([left, right].into_iter().filter(|&x| x > 0));
                        q.sort_unstable();
                        out.push(q);
                    }
                }
            }
        }
    }
    impl Components for Kayles {
        fn components(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
            p.iter().filter(|&&x| x > 0).map(|&x| vec![x]).collect()
        }
    }

    #[test]
    fn kayles_values_match_the_published_sequence() {
        // OEIS A002186, n = 0..=23.
        let published = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
        ];
        let mut g = ComponentGrundy::with_budget(Kayles, 10_000);
        for (n, &v) in published.iter().enumerate() {
            assert_eq!(g.grundy(&vec![n as u64]), Ok(v), "n = {n}");
        }
    }

    #[test]
    fn a_failed_search_leaves_no_component_on_its_path() {
        // OEIS A002186, n = 0..=23.
        let published = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
        ];
        // Kayles of 40 pins costs more than 3,000 units of work: the search descends
        // 40, 39, 38, … and stops midway.
        let mut g = ComponentGrundy::with_budget(Kayles, 10_000).with_work(3_000);
        assert!(matches!(g.grundy(&vec![40]), Err(RulesError::OutOfWork { .. })));
        // A component left marked as on the path would read as a cycle now.
        let mut g = g.with_work(u64::MAX);
        let mut fresh = ComponentGrundy::with_budget(Kayles, 10_000);
        assert_eq!(g.grundy(&vec![40]), fresh.grundy(&vec![40]));
        for (n, &v) in published.iter().enumerate() {
            assert_eq!(g.grundy(&vec![n as u64]), Ok(v), "n = {n}");
        }
        // The same after a search stopped by its budget of components, which keeps what
        // it solved within the budget.
        let mut g = ComponentGrundy::with_budget(Kayles, 8);
        assert_eq!(g.grundy(&vec![30]), Err(RulesError::OutOfReach { budget: 8 }));
        assert!(g.len() <= 8);
        for (n, &v) in published.iter().enumerate().take(7) {
            assert_eq!(g.grundy(&vec![n as u64]), Ok(v), "n = {n}, after the failure");
        }
    }

    #[test]
    fn sum_value_matches_joint_search() {
        let mut g = ComponentGrundy::with_budget(Kayles, 10_000);
        let mut joint = RulesOracle::new(Kayles);
        for a in 0..7u64 {
            for b in a..7 {
                for c in b..7 {
                    let p: Vec<u64> = [a, b, c].into_iter().filter(|&x| x > 0).collect();
                    assert_eq!(g.grundy(&p), joint.grundy(&p), "{p:?}");
                }
            }
        }
    }
}
