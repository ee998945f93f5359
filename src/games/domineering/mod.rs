//! Domineering: Left places a domino vertically on two empty cells, Right horizontally;
//! a board splits into regions played as a sum. Positions are grids of `.` (empty) and
//! `#` (filled).

mod grid;

use crate::input::InputError;
use crate::partizan::Partizan;
use crate::partizan::family::{Family, read_row};
use crate::problem::{Flag, Flags};
use crate::tokens::Tokens;

pub use grid::Grid;

/// The most cells a board read may have.
pub const MAX_CELLS: u64 = 64;

/// Domineering, with the empty board the flags name.
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering {
    board: Option<(u8, u8)>,
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
}

impl Family for Domineering {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::number("rows", "Rows of the empty board claims are about.", "0", 0).at_most(8),
            Flag::number("cols", "Columns of the empty board (default: as many as rows).", "0", 0).at_most(8),
        ]
    }

    fn from_flags(flags: &Flags) -> Result<Domineering, String> {
        let rows = flags.number("rows").unwrap_or(0);
        let cols = flags.number("cols").unwrap_or(0);
        let cols = if cols == 0 { rows } else { cols };
        if rows == 0 && cols != 0 {
            return Err("--cols needs --rows".into());
        }
        let board = (rows > 0).then_some((rows as u8, cols as u8));
        Ok(Domineering { board })
    }

    fn flagged_position(&self) -> Option<Grid> {
        self.board.map(|(r, c)| Grid::empty(r, c))
    }

    fn read(&self, tokens: &mut Tokens<'_>) -> Result<Grid, InputError> {
        let r = tokens.u64_anywhere_at_most("the rows r", MAX_CELLS, "a board has at most 64 cells")?;
        let line = tokens.line();
        let c = tokens.u64_anywhere_at_most("the columns c", MAX_CELLS, "a board has at most 64 cells")?;
        if r == 0 || c == 0 || r * c > MAX_CELLS {
            return Err(InputError::OutOfRange {
                line,
                token: format!("{r} {c}"),
                why: format!("a board has 1 <= r, c and r * c <= {MAX_CELLS} cells"),
            });
        }
        let mut rows = Vec::with_capacity(r as usize);
        for _ in 0..r {
            let row = read_row(tokens, "a row of the board", b".#", 0, c as usize)?;
            let row_line = tokens.line();
            if row.len() != c as usize {
                return Err(InputError::OutOfRange {
                    line: row_line,
                    token: String::from_utf8_lossy(&row).into_owned(),
                    why: format!("every row has c = {c} characters, this one {}", row.len()),
                });
            }
            rows.push(row);
        }
        Ok(Grid::from_rows(&rows))
    }

    fn write(&self, g: &Grid) -> String {
        format!("{} {}\n{}", g.rows(), g.cols(), g.lines().join("\n"))
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

    fn smaller(&self, g: &Grid) -> Vec<Grid> {
        g.smaller()
    }

    fn oracle_size(&self) -> u64 {
        7
    }

    fn catalog(&self) -> Vec<crate::claims::Entry> {
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

    fn enumerated(&self) -> Option<&'static str> {
        Some("boards of at most 4 rows and 4 columns")
    }
}
