//! Wythoff's game as a picture: the P-positions of two piles, and for every other
//! position which kind of move wins, crossed wherever the P-test and the mex table
//! disagree.

use gamecheck_oracles::wythoff_mex_table::WythoffTable;

use super::rule::winning_move;
use crate::plot::{Axis, Cell, Kind, Mark, Panel, Picture, PlotError, Rgb};

/// The largest pile a picture may show: its axes run over 0..=MAX_PILE, at most
/// [`MAX_SIDE`](crate::plot::MAX_SIDE) values each.
pub const MAX_PILE: u64 = crate::plot::MAX_SIDE - 1;

/// Returns the picture of piles (x, y) for x, y in 0..=`max`: black at the P-positions
/// `p_test` finds, and elsewhere a colour for the winning move (from one pile, or from
/// both). Cells where `p_test` differs from the mex table are crossed. The test is a
/// parameter so that a wrong one can be drawn.
///
/// # Constraints
/// `max` ≤ [`MAX_PILE`], else [`PlotError::Range`].
///
/// # Example
/// ```
/// use gamecheck::plot::Mark;
/// use gamecheck::games::wythoff::picture::p_position_picture;
/// use gamecheck::games::wythoff::is_p_position;
/// let pic = p_position_picture(20, &is_p_position)?;
/// assert_eq!(pic.count_kind(0), 1 + 2 * 8); // (0, 0) and 8 pairs up to 20
/// assert!(pic.marked(Mark::Cross).is_empty());
/// let wrong = p_position_picture(20, &|x, y| x ^ y == 0)?;
/// assert!(!wrong.marked(Mark::Cross).is_empty());
/// # Ok::<(), gamecheck::plot::PlotError>(())
/// ```
pub fn p_position_picture(max: u64, p_test: &dyn Fn(u64, u64) -> bool) -> Result<Picture, PlotError> {
    if max > MAX_PILE {
        return Err(PlotError::Range(format!(
            "--max {max} is too large: at most {MAX_PILE}"
        )));
    }
    let table = WythoffTable::build(max + 1).map_err(|e| PlotError::Range(e.to_string()))?;
    let panel = Panel::from_fn(
        "Wythoff's game",
        Axis::new("x (pile 1)", 0..=max),
        Axis::new("y (pile 2)", 0..=max),
        |x, y| {
            let p = p_test(x, y);
            let kind = match (p, winning_move(x, y)) {
                (true, _) => 0,
                (false, Some((nx, ny))) if nx < x && ny < y => 3,
                (false, Some((nx, _))) if nx < x => 1,
                (false, _) => 2,
            };
            let cell = Cell::new(kind);
            if table.is_p_position(x, y) == Some(p) {
                cell
            } else {
                cell.with_mark(Mark::Cross)
            }
        },
    )?;
    Ok(Picture {
        title: "Wythoff's game: P-positions (⌊jφ⌋, ⌊jφ⌋ + j) and winning moves".to_owned(),
        panels: vec![panel],
        kinds: vec![
            Kind::new("P-position: the player to move loses", Rgb(0, 0, 0)),
            Kind::new("N-position: win by taking from pile 1", Rgb(166, 206, 227)),
            Kind::new("N-position: win by taking from pile 2", Rgb(178, 223, 138)),
            Kind::new("N-position: win by taking the same from both", Rgb(253, 191, 111)),
        ],
        marks: vec![(
            Mark::Cross,
            "the P-test differs from the mex table oracle".to_owned(),
        )],
        notes: vec![
            "A move takes any positive number from one pile, or the same positive number from both; \
             who cannot move loses. The winning move shown is the fast rule's."
                .to_owned(),
        ],
    })
}
