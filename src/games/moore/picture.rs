//! Moore's Nim_k pictures: the P-positions of two free piles (x, y), beside any fixed
//! piles, one panel per k, crossed wherever the P-test and the explicit game search of
//! `gamecheck-oracles` disagree.

use gamecheck_oracles::moore_game_search::GameSearch;

use super::{Moore, is_p_position};
use crate::plot::{Axis, Cell, Kind, Mark, Panel, Picture, PlotCommand, PlotError, Rgb};
use crate::problem::{Flag, Flags};

/// The largest pile the free axes may reach.
pub const MAX_PILE: u64 = 255;
/// The game search checks a panel when the product of (pile + 1) over its largest
/// position is at most this: its cost grows with the square of that product.
pub const SEARCH_BUDGET: u64 = 8192;

/// What a Moore picture shows: one panel per k, over piles (x, y) in 0..=max next to the
/// fixed piles `rest`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    ks: Vec<u32>,
    rest: Vec<u64>,
    max: u64,
}

impl Default for View {
    /// Two piles up to 31, k = 1 to 4.
    fn default() -> View {
        View {
            ks: vec![1, 2, 3, 4],
            rest: Vec::new(),
            max: 31,
        }
    }
}

impl View {
    /// Returns the view of piles (x, y, `rest`…) for x, y in 0..=`max`, one panel per k
    /// of `ks`.
    ///
    /// # Constraints
    /// 1 to 16 values of k, each at least 1; at most 8 fixed piles; `max` ≤ [`MAX_PILE`].
    /// Otherwise [`PlotError::Range`].
    ///
    /// # Example
    /// ```
    /// use gamecheck::moore::picture::View;
    /// assert!(View::new(&[1, 2], &[12], 31).is_ok());
    /// assert!(View::new(&[0], &[], 31).is_err());
    /// ```
    pub fn new(ks: &[u32], rest: &[u64], max: u64) -> Result<View, PlotError> {
        if ks.is_empty() || ks.len() > 16 || ks.contains(&0) {
            return Err(PlotError::Range(format!(
                "k = {ks:?}: give between 1 and 16 values of k, each at least 1"
            )));
        }
        if rest.len() > 8 {
            return Err(PlotError::Range(format!("{} fixed piles: at most 8", rest.len())));
        }
        if max > MAX_PILE {
            return Err(PlotError::Range(format!(
                "--max {max} is too large: at most {MAX_PILE}"
            )));
        }
        Ok(View {
            ks: ks.to_vec(),
            rest: rest.to_vec(),
            max,
        })
    }

    fn piles(&self, x: u64, y: u64) -> Vec<u64> {
        [x, y].into_iter().chain(self.rest.iter().copied()).collect()
    }

    /// Whether the game search is cheap enough for this view.
    fn searchable(&self) -> bool {
        let side = self.max + 1;
        self.rest
            .iter()
            .try_fold(side * side, |acc, &r| acc.checked_mul(r.checked_add(1)?))
            .is_some_and(|p| p <= SEARCH_BUDGET)
    }
}

/// Returns the highest bit at which the number of `piles` with it set is not a multiple of
/// k + 1, if any.
fn highest_unbalanced_bit(piles: &[u64], k: u32) -> Option<u32> {
    let m = u64::from(k) + 1;
    (0..64)
        .rev()
        .find(|bit| !(piles.iter().filter(|&&p| (p >> bit) & 1 == 1).count() as u64).is_multiple_of(m))
}

const P_FILL: Rgb = Rgb(0, 0, 0);
const N_LIGHT: Rgb = Rgb(247, 252, 240);
const N_DARK: Rgb = Rgb(67, 162, 202);
const N_BALANCED: Rgb = Rgb(230, 0, 126);

/// Returns the P-positions of piles (x, y, rest…) for each k of `view`, by `p_test`: black
/// where `p_test(piles, k)` says the player to move loses, and elsewhere a shade for the
/// highest bit whose column count is not a multiple of k + 1 (where Moore's winning move
/// starts). Where the game search is cheap enough ([`SEARCH_BUDGET`]), cells where
/// `p_test` and the game search disagree are crossed. The test is a parameter so that a
/// broken one can be drawn.
///
/// # Constraints
/// As for [`View::new`].
///
/// # Complexity
/// One call of `p_test` per cell, plus the game search over every position below the
/// panel's largest one when it runs.
///
/// # Example
/// ```
/// use gamecheck::moore::is_p_position;
/// use gamecheck::moore::picture::{View, p_position_picture};
/// use gamecheck::plot::Mark;
/// let pic = p_position_picture(&View::new(&[1], &[], 7)?, &is_p_position)?;
/// assert_eq!(pic.count_kind(0), 8); // ordinary Nim: x = y
/// assert!(pic.marked(Mark::Cross).is_empty());
/// # Ok::<(), gamecheck::plot::PlotError>(())
/// ```
pub fn p_position_picture(view: &View, p_test: &dyn Fn(&[u64], u32) -> bool) -> Result<Picture, PlotError> {
    let widest = view.rest.iter().fold(view.max, |acc, &r| acc | r);
    let bits = (u64::BITS - widest.leading_zeros()).max(1);
    let balanced_kind = 1 + bits as usize;
    let search = view.searchable();
    let panels = view
        .ks
        .iter()
        .map(|&k| k_panel(view, k, p_test, search, balanced_kind))
        .collect::<Result<Vec<_>, _>>()?;
    let rest: String = view.rest.iter().map(|r| format!(", {r}")).collect();
    let mut notes = vec![
        "A move takes at least one stone from each of 1 to k non-empty piles; who cannot move loses. \
         A bit is unbalanced when the number of piles with it set is not a multiple of k + 1. By Moore's \
         theorem the P-positions are those with no unbalanced bit, and a winning move starts at the \
         highest one."
            .to_owned(),
    ];
    let piles = 2 + view.rest.len();
    if let Some(&k) = view.ks.iter().find(|&&k| k as usize >= piles) {
        notes.push(format!(
            "With {piles} piles and k = {k} or more, a move may empty every pile, so only the empty position is lost."
        ));
    }
    let mut picture = Picture {
        title: format!("Moore's Nim_k: P-positions of the piles (x, y{rest})"),
        panels,
        kinds: bit_kinds(bits),
        marks: Vec::new(),
        notes,
    };
    if picture.count_kind(balanced_kind) == 0 {
        picture.kinds.pop();
    }
    let cells = picture.panels.iter().flat_map(Panel::cells).count();
    if search {
        picture.marks.push((
            Mark::Cross,
            "the P-test differs from the explicit game search oracle".to_owned(),
        ));
        picture.notes.push(format!(
            "Every cell was compared with the explicit game search of gamecheck-oracles (Grundy values from \
             the rules alone): {} of {cells} differ.",
            picture.marked(Mark::Cross).len()
        ));
    } else {
        picture.notes.push(format!(
            "Not compared with the game search: the slice is beyond its budget (product of pile + 1 above {SEARCH_BUDGET})."
        ));
    }
    Ok(picture)
}

/// Returns the panel of `k`: each cell's kind by `p_test` and its highest unbalanced bit
/// (`balanced_kind` where none is), crossed where the game search (when `search`) differs.
fn k_panel(
    view: &View,
    k: u32,
    p_test: &dyn Fn(&[u64], u32) -> bool,
    search: bool,
    balanced_kind: usize,
) -> Result<Panel, PlotError> {
    let mut oracle = search.then(|| GameSearch::new(k));
    let title = if k == 1 {
        "k = 1 (ordinary Nim)".to_owned()
    } else {
        format!("k = {k}")
    };
    Panel::from_fn(
        title,
        Axis::new("x (pile 1)", 0..=view.max),
        Axis::new("y (pile 2)", 0..=view.max),
        |x, y| {
            let piles = view.piles(x, y);
            let p = p_test(&piles, k);
            let cell = Cell::new(match (p, highest_unbalanced_bit(&piles, k)) {
                (true, _) => 0,
                (false, Some(bit)) => 1 + bit as usize,
                (false, None) => balanced_kind,
            });
            let differs = oracle.as_mut().is_some_and(|g| g.is_p(&piles) != p);
            if differs {
                cell.with_mark(Mark::Cross)
            } else {
                cell
            }
        },
    )
}

/// Returns the legend's kinds: P-positions, N-positions by their highest unbalanced bit
/// (of `bits`), then N-positions with every bit balanced.
fn bit_kinds(bits: u32) -> Vec<Kind> {
    let mut kinds = vec![Kind::new("P-position: the player to move loses", P_FILL)];
    for bit in 0..bits {
        let t = if bits == 1 {
            0.5
        } else {
            f64::from(bit) / f64::from(bits - 1)
        };
        kinds.push(Kind::new(
            format!("N-position; highest unbalanced bit 2^{bit} = {}", 1u64 << bit),
            N_LIGHT.towards(N_DARK, t),
        ));
    }
    kinds.push(Kind::new(
        "N-position by the test, yet every bit balanced (contradicts Moore's theorem)",
        N_BALANCED,
    ));
    kinds
}

impl PlotCommand for Moore {
    fn about(&self) -> &'static str {
        "P-positions of Moore's Nim_k over piles (x, y) beside fixed piles, one panel per k, crossed where the P-test and the game search disagree."
    }

    fn flags(&self) -> Vec<Flag> {
        vec![
            Flag::numbers("k", "The values of k, one panel each.", &["1", "2", "3", "4"]).value_name("K,…"),
            Flag::numbers(
                "rest",
                "Fixed piles beside x and y (`--third Z` for three piles).",
                &[],
            )
            .aliases(&["third"]),
            Flag::number("max", "x and y run over 0..=MAX.", "31", 0).value_name("MAX"),
        ]
    }

    fn picture(&self, flags: &Flags) -> Result<Picture, PlotError> {
        let ks = flags
            .numbers("k")?
            .iter()
            .map(|&k| u32::try_from(k).map_err(|_| PlotError::Range(format!("k = {k} is too large"))))
            .collect::<Result<Vec<u32>, PlotError>>()?;
        let view = View::new(&ks, flags.numbers("rest")?, flags.number("max")?)?;
        p_position_picture(&view, &is_p_position)
    }
}
