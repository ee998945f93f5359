//! A board of at most 64 cells as a bit set, with its regions and placements.

use std::fmt;

/// A Domineering board: `rows × cols` cells, a set bit for a filled cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    rows: u8,
    cols: u8,
    filled: u64,
}

impl Grid {
    /// Returns the empty `rows × cols` board.
    ///
    /// # Panics
    /// When a side is 0 or the board has more than 64 cells.
    pub fn empty(rows: u8, cols: u8) -> Grid {
        assert!(rows > 0 && cols > 0 && u32::from(rows) * u32::from(cols) <= 64);
        Grid {
            rows,
            cols,
            filled: 0,
        }
    }

    /// Returns the `rows × cols` board with no cell, one side 0 (`1 0`): its value is 0.
    pub(crate) fn with_no_cells(rows: u8, cols: u8) -> Grid {
        debug_assert!(rows == 0 || cols == 0);
        Grid {
            rows,
            cols,
            filled: 0,
        }
    }

    /// Returns the `rows × cols` board whose filled cells are the set bits of `filled`,
    /// cell (r, c) at bit `r * cols + c` (bits past the board ignored).
    ///
    /// # Panics
    /// When a side is 0 or the board has more than 64 cells.
    pub(crate) fn with_filled(rows: u8, cols: u8, filled: u64) -> Grid {
        let g = Grid::empty(rows, cols);
        Grid {
            filled: filled & g.all(),
            ..g
        }
    }

    /// Returns the board whose rows are `rows` (`.` empty, anything else filled).
    ///
    /// # Panics
    /// When the rows are empty, ragged, or hold more than 64 cells.
    pub fn from_rows(rows: &[Vec<u8>]) -> Grid {
        let r = rows.len();
        let c = rows.first().map_or(0, Vec::len);
        assert!(r > 0 && c > 0 && r * c <= 64 && rows.iter().all(|row| row.len() == c));
        let mut filled = 0u64;
        for (i, row) in rows.iter().enumerate() {
            for (j, &b) in row.iter().enumerate() {
                if b != b'.' {
                    filled |= 1 << (i * c + j);
                }
            }
        }
        Grid {
            rows: r as u8,
            cols: c as u8,
            filled,
        }
    }

    /// Returns the number of rows.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Returns the number of columns.
    pub fn cols(&self) -> u8 {
        self.cols
    }

    fn cells(&self) -> usize {
        usize::from(self.rows) * usize::from(self.cols)
    }

    fn all(&self) -> u64 {
        if self.cells() == 64 {
            u64::MAX
        } else {
            (1u64 << self.cells()) - 1
        }
    }

    /// Returns the number of empty cells.
    pub fn empty_cells(&self) -> u32 {
        (self.all() & !self.filled).count_ones()
    }

    fn is_empty_at(&self, r: usize, c: usize) -> bool {
        self.filled >> (r * usize::from(self.cols) + c) & 1 == 0
    }

    /// Returns the board as its grid field's counts: r, c, then each cell row by row, 0
    /// for `.` (empty) and 1 for `#` (filled).
    pub(crate) fn counts(&self) -> Vec<u64> {
        let mut out = vec![u64::from(self.rows), u64::from(self.cols)];
        out.extend((0..self.cells()).map(|i| self.filled >> i & 1));
        out
    }

    /// Returns the rows as text.
    pub fn lines(&self) -> Vec<String> {
        (0..usize::from(self.rows))
            .map(|r| {
                (0..usize::from(self.cols))
                    .map(|c| if self.is_empty_at(r, c) { '.' } else { '#' })
                    .collect()
            })
            .collect()
    }

    /// Appends the boards after every vertical (Left) or horizontal (Right) placement.
    pub(crate) fn place(&self, vertical: bool, out: &mut Vec<Grid>) {
        let cols = usize::from(self.cols);
        let empty = self.all() & !self.filled;
        if empty == 0 {
            return;
        }
        // A pair (i, i + step) of empty cells, the second still on the board and, for a
        // horizontal pair, in the same row.
        let step = if vertical { cols } else { 1 };
        // A shift by 64 (one row of 64 columns) would wrap to a shift by 0: no pair then.
        let mut pairs = empty & empty.checked_shr(step as u32).unwrap_or(0);
        if !vertical {
            let mut last_col = 0u64;
            for r in 0..usize::from(self.rows) {
                last_col |= 1 << (r * cols + cols - 1);
            }
            pairs &= !last_col;
        }
        while pairs != 0 {
            let i = pairs.trailing_zeros() as usize;
            pairs &= pairs - 1;
            out.push(Grid {
                filled: self.filled | 1 << i | 1 << (i + step),
                ..*self
            });
        }
    }

    /// Returns the regions of empty cells, each cropped to its bounding box and turned
    /// to the least of its four mirror images (mirrors keep a Domineering value).
    pub(crate) fn regions(&self) -> Vec<Grid> {
        let cols = usize::from(self.cols);
        let all = self.all();
        if all & !self.filled == 0 {
            // No empty cell (or no cell at all): the board is 0, one empty-free component.
            return vec![Grid {
                rows: 1,
                cols: 1,
                filled: 1,
            }];
        }
        // Cells with a neighbour to their right (left): every column but the last (first).
        let mut not_last = 0u64;
        for r in 0..usize::from(self.rows) {
            not_last |= ((1u64 << (cols - 1)) - 1) << (r * cols);
        }
        let not_first = not_last << 1;
        let mut left = all & !self.filled;
        let mut out = Vec::new();
        while left != 0 {
            // Flood fill by shifts: grow the region by its four neighbours among the
            // empty cells until it stops growing.
            let mut region = left & left.wrapping_neg();
            loop {
                let grown = region
                    | (region & not_last) << 1
                    | (region & not_first) >> 1
                    | region.checked_shl(cols as u32).unwrap_or(0)
                    | region.checked_shr(cols as u32).unwrap_or(0);
                let grown = grown & left;
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            out.push(self.crop(region));
        }
        out.sort_unstable();
        out
    }

    /// Returns the board turned about its diagonal, cropped and turned to its least mirror
    /// as [`Grid::regions`] gives a region: vertical dominoes there are horizontal here, so
    /// its value is the negative.
    pub(crate) fn transposed(&self) -> Grid {
        let (h, w) = (usize::from(self.rows), usize::from(self.cols));
        let mut empty = 0u64;
        let mut bits = self.all() & !self.filled;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            empty |= 1 << ((i % w) * h + i / w);
        }
        if empty == 0 {
            return *self;
        }
        let turned = Grid {
            rows: self.cols,
            cols: self.rows,
            filled: !empty,
        };
        turned.crop(empty)
    }

    /// Returns the board holding only `region`'s cells empty, cropped, least mirror.
    fn crop(&self, region: u64) -> Grid {
        let cols = usize::from(self.cols);
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        let mut bits = region;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (r, c) = (i / cols, i % cols);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        let full = if h * w == 64 {
            u64::MAX
        } else {
            (1u64 << (h * w)) - 1
        };
        // The four mirrors' filled cells, built in one pass over the region.
        let mut filled = [full; 4];
        let mut bits = region;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (r, c) = (i / cols - r0, i % cols - c0);
            let (fr, fc) = (h - 1 - r, w - 1 - c);
            filled[0] &= !(1 << (r * w + c));
            filled[1] &= !(1 << (r * w + fc));
            filled[2] &= !(1 << (fr * w + c));
            filled[3] &= !(1 << (fr * w + fc));
        }
        let (rows, cols) = (h as u8, w as u8);
        filled
            .into_iter()
            .map(|filled| Grid { rows, cols, filled })
            .min()
            .unwrap_or(Grid {
                rows,
                cols,
                filled: full,
            })
    }

    /// Returns every board of at most 4 rows and 4 columns with exactly `n` empty cells,
    /// in order (the boards a least-counterexample search enumerates).
    pub(crate) fn with_empty(n: u64) -> Vec<Grid> {
        let mut out = Vec::new();
        for rows in 1..=4u8 {
            for cols in 1..=4u8 {
                let cells = usize::from(rows) * usize::from(cols);
                if (cells as u64) < n {
                    continue;
                }
                for filled in 0u64..1 << cells {
                    if (cells as u64 - u64::from(filled.count_ones())) == n {
                        out.push(Grid { rows, cols, filled });
                    }
                }
            }
        }
        out
    }

    /// Returns boards one step smaller: an empty cell filled, or a row or column dropped.
    pub(crate) fn smaller(&self) -> Vec<Grid> {
        let mut out = Vec::new();
        for i in 0..self.cells() {
            if self.filled >> i & 1 == 0 {
                out.push(Grid {
                    filled: self.filled | 1 << i,
                    ..*self
                });
            }
        }
        let lines = self.lines();
        let as_rows =
            |rows: Vec<Vec<u8>>| (!rows.is_empty() && !rows[0].is_empty()).then(|| Grid::from_rows(&rows));
        for skip in 0..lines.len() {
            let rows: Vec<Vec<u8>> = lines
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, l)| l.clone().into_bytes())
                .collect();
            out.extend(as_rows(rows));
        }
        for skip in 0..usize::from(self.cols) {
            let rows: Vec<Vec<u8>> = lines
                .iter()
                .map(|l| {
                    l.bytes()
                        .enumerate()
                        .filter(|&(j, _)| j != skip)
                        .map(|(_, b)| b)
                        .collect()
                })
                .collect();
            out.extend(as_rows(rows));
        }
        out
    }
}

/// A board's counts: rows, columns, then each cell row by row (0 empty, 1 filled).
impl crate::game::Position for Grid {
    const ARITY: Option<usize> = None;

    fn counts(&self) -> Vec<u64> {
        Grid::counts(self)
    }

    fn from_counts(c: &[u64]) -> Option<Grid> {
        let (&r, rest) = c.split_first()?;
        let (&cols, cells) = rest.split_first()?;
        let (r, cols) = (u8::try_from(r).ok()?, u8::try_from(cols).ok()?);
        if usize::from(r) * usize::from(cols) != cells.len()
            || cells.len() > 64
            || cells.iter().any(|&v| v > 1)
        {
            return None;
        }
        if cells.is_empty() {
            return Some(Grid::with_no_cells(r, cols));
        }
        let filled = cells.iter().enumerate().fold(0u64, |f, (i, &v)| f | v << i);
        Some(Grid {
            rows: r,
            cols,
            filled,
        })
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.lines().join("/"))
    }
}
