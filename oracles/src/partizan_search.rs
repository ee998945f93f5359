//! Partizan games judged from the moves alone, never building a value: who wins when
//! Left starts and when Right starts by a memoized search, and `G >= H` by the
//! recursive definition on the game trees, which never simplifies.

use std::collections::HashMap;
use std::hash::Hash;

/// The rules of a partizan game: Left's moves and Right's moves.
pub trait PartizanRules {
    type Position: Clone + Eq + Hash;
    /// Returns the positions Left reaches in one move from `p`.
    fn left(&self, p: &Self::Position) -> Vec<Self::Position>;
    /// Returns the positions Right reaches in one move from `p`.
    fn right(&self, p: &Self::Position) -> Vec<Self::Position>;
}

/// The disjunctive sum of positions of `R`: a move is a move in one component.
pub struct SumOf<'a, R>(pub &'a R);

impl<R: PartizanRules> PartizanRules for SumOf<'_, R> {
    type Position = Vec<R::Position>;

    fn left(&self, p: &Vec<R::Position>) -> Vec<Vec<R::Position>> {
        moves_in_one(p, |c| self.0.left(c))
    }

    fn right(&self, p: &Vec<R::Position>) -> Vec<Vec<R::Position>> {
        moves_in_one(p, |c| self.0.right(c))
    }
}

fn moves_in_one<P: Clone>(p: &[P], moves: impl Fn(&P) -> Vec<P>) -> Vec<Vec<P>> {
    let mut out = Vec::new();
    for (i, c) in p.iter().enumerate() {
        for q in moves(c) {
            let mut next = p.to_vec();
            next[i] = q;
            out.push(next);
        }
    }
    out
}

/// Who wins each position with each player to move, by a memoized search of the moves
/// (normal play: the player who cannot move loses).
pub struct OutcomeSearch<'a, R: PartizanRules> {
    rules: &'a R,
    memo: HashMap<(R::Position, bool), bool>,
    budget: usize,
}

impl<'a, R: PartizanRules> OutcomeSearch<'a, R> {
    /// Returns a search of `rules` that remembers at most `budget` positions.
    pub fn new(rules: &'a R, budget: usize) -> OutcomeSearch<'a, R> {
        OutcomeSearch {
            rules,
            memo: HashMap::new(),
            budget,
        }
    }

    /// Returns whether the player to move (Left when `left`) wins `p`.
    ///
    /// # Errors
    /// More positions than the budget.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::partizan_search::{OutcomeSearch, PartizanRules};
    /// /// A heap only Left can take from, one at a time.
    /// struct LeftHeap;
    /// impl PartizanRules for LeftHeap {
    ///     type Position = u32;
    ///     fn left(&self, &n: &u32) -> Vec<u32> { if n > 0 { vec![n - 1] } else { vec![] } }
    ///     fn right(&self, _: &u32) -> Vec<u32> { vec![] }
    /// }
    /// let mut s = OutcomeSearch::new(&LeftHeap, 100);
    /// assert_eq!((s.wins(&1, true), s.wins(&1, false)), (Ok(true), Ok(false)));
    /// assert_eq!((s.wins(&0, true), s.wins(&0, false)), (Ok(false), Ok(false)));
    /// ```
    pub fn wins(&mut self, p: &R::Position, left: bool) -> Result<bool, String> {
        if let Some(&w) = self.memo.get(&(p.clone(), left)) {
            return Ok(w);
        }
        if self.memo.len() >= self.budget {
            return Err(format!(
                "more than {} positions: the outcome search's budget",
                self.budget
            ));
        }
        let moves = if left {
            self.rules.left(p)
        } else {
            self.rules.right(p)
        };
        let mut w = false;
        for q in &moves {
            if !self.wins(q, !left)? {
                w = true;
                break;
            }
        }
        self.memo.insert((p.clone(), left), w);
        Ok(w)
    }
}

/// Game trees without simplification, with `<=` by the definition.
///
/// A node is a game form: its Left and Right options as node ids. Forms reached twice
/// from the rules share a node (the tree is a DAG), but nothing is ever simplified.
#[derive(Default)]
pub struct Forest {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    leq: HashMap<(usize, usize), bool>,
}

impl Forest {
    /// Returns an empty forest.
    pub fn new() -> Forest {
        Forest::default()
    }

    /// Returns how many forms the forest holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Returns whether the forest is empty.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Returns the id of a new form `{left | right}`.
    pub fn node(&mut self, left: Vec<usize>, right: Vec<usize>) -> usize {
        self.nodes.push((left, right));
        self.nodes.len() - 1
    }

    /// Returns the id of the tree of `p` under `rules`, every position reachable from it
    /// added once.
    ///
    /// # Errors
    /// More than `budget` forms in the forest.
    pub fn from_rules<R: PartizanRules>(
        &mut self,
        rules: &R,
        p: &R::Position,
        budget: usize,
    ) -> Result<usize, String> {
        let mut seen = HashMap::new();
        self.grow(rules, p, budget, &mut seen)
    }

    fn grow<R: PartizanRules>(
        &mut self,
        rules: &R,
        p: &R::Position,
        budget: usize,
        seen: &mut HashMap<R::Position, usize>,
    ) -> Result<usize, String> {
        if let Some(&id) = seen.get(p) {
            return Ok(id);
        }
        if self.nodes.len() >= budget {
            return Err(format!("more than {budget} forms: the game tree's budget"));
        }
        let left = rules
            .left(p)
            .iter()
            .map(|q| self.grow(rules, q, budget, seen))
            .collect::<Result<_, _>>()?;
        let right = rules
            .right(p)
            .iter()
            .map(|q| self.grow(rules, q, budget, seen))
            .collect::<Result<_, _>>()?;
        let id = self.node(left, right);
        seen.insert(p.clone(), id);
        Ok(id)
    }

    /// Returns whether `x <= y`: no Left option of `x` is `>= y` and no Right option of
    /// `y` is `<= x`.
    ///
    /// # Example
    /// ```
    /// use gamecheck_oracles::partizan_search::Forest;
    /// let mut f = Forest::new();
    /// let zero = f.node(vec![], vec![]);
    /// let star = f.node(vec![zero], vec![zero]);
    /// let up = f.node(vec![zero], vec![star]);
    /// assert!(f.leq(zero, up) && !f.leq(up, zero));
    /// assert!(!f.leq(zero, star) && !f.leq(star, zero));
    /// ```
    pub fn leq(&mut self, x: usize, y: usize) -> bool {
        if let Some(&known) = self.leq.get(&(x, y)) {
            return known;
        }
        let mut holds = true;
        for i in 0..self.nodes[x].0.len() {
            let xl = self.nodes[x].0[i];
            if self.leq(y, xl) {
                holds = false;
                break;
            }
        }
        if holds {
            for i in 0..self.nodes[y].1.len() {
                let yr = self.nodes[y].1[i];
                if self.leq(yr, x) {
                    holds = false;
                    break;
                }
            }
        }
        self.leq.insert((x, y), holds);
        holds
    }

    /// Returns whether `x` and `y` are equal games: each at most the other.
    pub fn equal(&mut self, x: usize, y: usize) -> bool {
        self.leq(x, y) && self.leq(y, x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Domineering written inline: a board of `rows` lines; Left places vertically.
    struct Domineering;
    type Board = Vec<Vec<bool>>;
    fn place(b: &Board, vertical: bool) -> Vec<Board> {
        let mut out = Vec::new();
        for r in 0..b.len() {
            for c in 0..b[r].len() {
                let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
                if r2 < b.len() && c2 < b[r].len() && !b[r][c] && !b[r2][c2] {
                    let mut n = b.clone();
                    n[r][c] = true;
                    n[r2][c2] = true;
                    out.push(n);
                }
            }
        }
        out
    }
    impl PartizanRules for Domineering {
        type Position = Board;
        fn left(&self, p: &Board) -> Vec<Board> {
            place(p, true)
        }
        fn right(&self, p: &Board) -> Vec<Board> {
            place(p, false)
        }
    }

    #[test]
    fn two_by_two_domineering_is_plus_minus_one() {
        let board = vec![vec![false; 2]; 2];
        let mut s = OutcomeSearch::new(&Domineering, 1000);
        assert_eq!(
            (s.wins(&board, true), s.wins(&board, false)),
            (Ok(true), Ok(true))
        );
        let mut f = Forest::new();
        let g = f.from_rules(&Domineering, &board, 1000).unwrap();
        let zero = f.node(vec![], vec![]);
        let one = f.node(vec![zero], vec![]);
        let minus_one = f.node(vec![], vec![zero]);
        let pm1 = f.node(vec![one], vec![minus_one]);
        assert!(f.equal(g, pm1));
        assert!(!f.equal(g, zero));
        // 2x1 (vertical room only) is 1, 1x2 is -1.
        let tall = f.from_rules(&Domineering, &vec![vec![false]; 2], 1000).unwrap();
        let wide = f.from_rules(&Domineering, &vec![vec![false; 2]], 1000).unwrap();
        assert!(f.equal(tall, one) && f.equal(wide, minus_one));
        // The sum 2x2 + 2x2 is 0: the joint search says the second player wins.
        let mut joint = OutcomeSearch::new(&SumOf(&Domineering), 100_000);
        let sum = vec![board.clone(), board];
        assert_eq!(
            (joint.wins(&sum, true), joint.wins(&sum, false)),
            (Ok(false), Ok(false))
        );
    }

    #[test]
    fn budgets_are_reported() {
        let board = vec![vec![false; 3]; 3];
        assert!(OutcomeSearch::new(&Domineering, 3).wins(&board, true).is_err());
        assert!(Forest::new().from_rules(&Domineering, &board, 3).is_err());
    }
}
