//! Domineering: Left places a domino vertically on two empty cells, Right horizontally;
//! a board splits into regions played as a sum. Positions are grids of `.` (empty) and
//! `#` (filled).

mod grid;

use crate::game::{FromFlags, GameError, GridField, draw_grid, read_grid_rows};
use crate::input::InputError;
use crate::partizan::Partizan;
use crate::partizan::family::{Family, Tokens};
use crate::problem::{Flag, Flags};

pub use grid::Grid;

/// The most cells a board read may have.
pub const MAX_CELLS: u64 = 64;

/// Returns the board's field: a line `r c`, then r rows of `.` (empty) and `#` (filled),
/// 1 <= r, c and r × c <= [`MAX_CELLS`]; [`Domineering`] reads `r c` with a side 0 too,
/// the empty board, with no row after it.
fn board() -> GridField {
    GridField::new("the board", ".#", 1..=MAX_CELLS, 1..=MAX_CELLS)
}

/// Domineering, with the empty board the flags name.
#[derive(Clone, Copy, Debug)]
pub struct Domineering {
    board: Option<(u8, u8)>,
}

impl Domineering {
    /// Returns Domineering on every board (no board named by the flags).
    // Not `Default`: a `Default` game has no flags (`FromFlags` is given it), and
    // Domineering has `--rows` and `--cols`.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Domineering {
        Domineering { board: None }
    }
}

impl Partizan for Domineering {
    type Position = Grid;
    const NAME: &'static str = "domineering";

    fn left_moves(&self, g: &Grid, out: &mut Vec<Grid>) {
        g.place(true, out);
    }

    fn right_moves(&self, g: &Grid, out: &mut Vec<Grid>) {
        g.place(false, out);
    }

    fn components(&self, g: &Grid) -> Vec<Grid> {
        g.regions()
    }

    /// The board turned about its diagonal: Left's vertical dominoes are Right's there.
    fn negative(&self, g: &Grid) -> Option<Grid> {
        Some(g.transposed())
    }
}

impl FromFlags for Domineering {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::number("rows", "Rows of the empty board claims are about.", "0", 0).at_most(8),
            Flag::number(
                "cols",
                "Columns of the empty board (default: as many as rows).",
                "0",
                0,
            )
            .at_most(8),
        ]
    }

    fn from_flags(flags: &Flags) -> Result<Domineering, GameError> {
        let rows = flags.number("rows").unwrap_or(0);
        let cols = flags.number("cols").unwrap_or(0);
        let cols = if cols == 0 { rows } else { cols };
        if rows == 0 && cols != 0 {
            return Err(GameError::Question("--cols needs --rows".into()));
        }
        let board = (rows > 0).then_some((rows as u8, cols as u8));
        Ok(Domineering { board })
    }
}

impl Family for Domineering {
    fn flagged_position(&self) -> Option<Grid> {
        self.board.map(|(r, c)| Grid::empty(r, c))
    }

    fn read(&self, tokens: &mut Tokens<'_>) -> Result<Grid, InputError> {
        let field = board();
        let side = |tokens: &mut Tokens<'_>, name: &str| {
            tokens.u64_anywhere_at_most(name, MAX_CELLS, &format!("{name} is at most {MAX_CELLS}"))
        };
        let r = side(tokens, "the rows r")?;
        let line = tokens.line();
        let c = side(tokens, "the columns c")?;
        // The empty board (`1 0`, `0 0`): no cell, no row to read, value 0 (cgt-tools' and
        // CGSuite's tests value it so).
        if r == 0 || c == 0 {
            return Ok(Grid::with_no_cells(r as u8, c as u8));
        }
        let counts = read_grid_rows(tokens, &field, (r, c), line, true)?;
        let rows = field.rows_of(&counts).ok_or_else(|| InputError::OutOfRange {
            line,
            token: format!("{counts:?}"),
            why: "the board's counts make no board".into(),
        })?;
        let rows: Vec<Vec<u8>> = rows.into_iter().map(String::into_bytes).collect();
        Ok(Grid::from_rows(&rows))
    }

    fn write(&self, g: &Grid) -> String {
        board().write(&g.counts())
    }

    fn show(&self, g: &Grid) -> String {
        g.lines().join("/")
    }

    fn size(&self, g: &Grid) -> u64 {
        u64::from(g.empty_cells())
    }

    fn max_size(&self) -> u64 {
        MAX_CELLS
    }

    fn of_size(&self, n: u64) -> Vec<Grid> {
        Grid::with_empty(n)
    }

    /// A board drawn by the board's grid field, small first, then cells filled at random
    /// until at most `size` (and at most 10) are empty.
    fn random(&self, rng: &mut rand_chacha::ChaCha8Rng, size: u64) -> Option<Grid> {
        use rand::RngExt;
        let field = board();
        // At most 10 empty cells, as the default draw has: the judge values every board.
        let size = size.clamp(1, 10);
        // Boards up to twice the empty cells asked for, so that some are filled.
        let most = size.saturating_mul(2).clamp(1, MAX_CELLS);
        let rows = draw_grid(rng, &field, most)
            .and_then(|counts| field.rows_of(&counts))
            .unwrap_or_else(|| vec![".".to_owned()]);
        let mut rows: Vec<Vec<u8>> = rows.into_iter().map(String::into_bytes).collect();
        let mut empty: Vec<(usize, usize)> = (0..rows.len())
            .flat_map(|i| (0..rows[i].len()).map(move |j| (i, j)))
            .filter(|&(i, j)| rows[i][j] == b'.')
            .collect();
        while empty.len() as u64 > size {
            let (i, j) = empty.swap_remove(rng.random_range(0..empty.len()));
            rows[i][j] = b'#';
        }
        Some(Grid::from_rows(&rows))
    }

    fn smaller(&self, g: &Grid) -> Vec<Grid> {
        g.smaller()
    }

    fn oracle_size(&self) -> u64 {
        7
    }

    fn enumerated(&self) -> Option<&'static str> {
        Some("boards of at most 4 rows and 4 columns")
    }
}

/// Returns Domineering's entries of the claims catalog: the empty 2 × 2 board's value,
/// right and wrong.
pub(crate) fn catalog() -> Vec<crate::claims::Entry> {
    use crate::claims::{ClaimVerdict, Entry};
    fn check(entry: &Entry, seed: u64, cases: u32) -> crate::claims::ClaimReport {
        let (rows, cols, text) = match entry.id {
            "domineering-2x2" => (2, 2, "value == +-1"),
            _ => (2, 2, "value == 0"),
        };
        let game = Domineering {
            board: Some((rows, cols)),
        };
        let problem = crate::partizan::PartizanProblem::new(game, crate::partizan::Ask::Value);
        match crate::partizan::claim::check(&problem, text, seed, cases) {
            Ok(mut report) => {
                report.id = entry.id.to_owned();
                report.claim = entry.text.to_owned();
                report
            }
            Err(e) => panic!("the catalog's claim does not parse: {e}"),
        }
    }
    vec![
        Entry::new(
            "domineering-2x2",
            "domineering",
            "the empty 2 × 2 board is ±1, a first-player win (Winning Ways, ch. 5)",
            ClaimVerdict::Holds,
            check,
        ),
        Entry::new(
            "domineering-2x2-zero",
            "domineering",
            "the empty 2 × 2 board is 0, a second-player win (false: it is ±1)",
            ClaimVerdict::Refuted,
            check,
        ),
    ]
}
