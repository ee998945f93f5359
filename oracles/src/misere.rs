//! Misère play from the rules alone: the player who cannot move wins.
//!
//! Misère play of a game G is normal play of the game G' that adds, from every position
//! of G without a move, one move to a new position that has none. A player stuck in G
//! makes that move in G' and leaves the opponent stuck, so they win, exactly as misère
//! play says; every other position has the same moves. The generic
//! [`RulesOracle`](crate::rules_oracle::RulesOracle) searches G' unchanged, so misère
//! outcomes need no search of their own.

use crate::rules_oracle::Rules;

/// The rules of misère play of `R`, as normal play: `Some(p)` is `p`, `None` is the
/// position after the extra move from a position without moves.
///
/// # Example
/// ```
/// use gamecheck_oracles::misere::Misere;
/// use gamecheck_oracles::rules_oracle::{Rules, RulesOracle};
/// // Nim on one pile: under misère play the player to move loses only at a pile of 1.
/// struct Pile;
/// impl Rules for Pile {
///     type Position = u64;
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend(0..n);
///     }
/// }
/// let mut o = RulesOracle::new(Misere(Pile));
/// assert_eq!(o.wins(&Some(0)), Ok(true));
/// assert_eq!(o.wins(&Some(1)), Ok(false));
/// assert_eq!(o.wins(&Some(5)), Ok(true));
/// ```
pub struct Misere<R>(pub R);

impl<R: Rules> Rules for Misere<R> {
    type Position = Option<R::Position>;

    fn moves(&self, p: &Option<R::Position>, out: &mut Vec<Option<R::Position>>) {
        let Some(p) = p else { return };
        let mut inner = Vec::new();
        self.0.moves(p, &mut inner);
        if inner.is_empty() {
            out.push(None);
        } else {
            out.extend(inner.into_iter().map(Some));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules_oracle::RulesOracle;

    struct Nim;
    impl Rules for Nim {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..p.len() {
                for v in 0..p[i] {
                    let mut q = p.clone();
                    q[i] = v;
                    q.sort_unstable();
                    out.push(q);
                }
            }
        }
    }

    /// Bouton's misère rule: with every pile at most 1, the player to move wins exactly
    /// when the number of 1-piles is even; otherwise exactly when the XOR is non-zero.
    fn bouton_misere(p: &[u64]) -> bool {
        if p.iter().all(|&x| x <= 1) {
            p.iter().filter(|&&x| x == 1).count() % 2 == 0
        } else {
            p.iter().fold(0, |a, &x| a ^ x) != 0
        }
    }

    #[test]
    fn misere_nim_matches_boutons_rule() {
        let mut o = RulesOracle::new(Misere(Nim));
        for a in 0..6u64 {
            for b in a..6 {
                for c in b..6 {
                    let p = vec![a, b, c];
                    assert_eq!(o.wins(&Some(p.clone())), Ok(bouton_misere(&p)), "{p:?}");
                }
            }
        }
    }
}
