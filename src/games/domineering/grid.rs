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
        Grid { rows, cols, filled: 0 }
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
        if self.cells() == 64 { u64::MAX } else { (1u64 << self.cells()) - 1 }
    }

    /// Returns the number of empty cells.
    pub fn empty_cells(&self) -> u32 {
        (self.all() & !self.filled).count_ones()
    }

    fn is_empty_at(&self, r: usize, c: usize) -> bool {
        self.filled >> (r * usize::from(self.cols) + c) & 1 == 0
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
        // A pair (i, i + step) of empty cells, the second still on the board and, for a
        // horizontal pair, in the same row.
        let step = if vertical { cols } else { 1 };
        let mut pairs = empty & (empty >> step);
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
        let (rows, cols) = (usize::from(self.rows), usize::from(self.cols));
        let mut left = self.all() & !self.filled;
        let mut out = Vec::new();
        while left != 0 {
            let start = left.trailing_zeros() as usize;
            let mut region = 0u64;
            let mut stack = vec![start];
            region |= 1 << start;
            while let Some(i) = stack.pop() {
                let (r, c) = (i / cols, i % cols);
                let mut next = Vec::with_capacity(4);
                if r > 0 {
                    next.push(i - cols);
                }
                if r + 1 < rows {
                    next.push(i + cols);
                }
                if c > 0 {
                    next.push(i - 1);
                }
                if c + 1 < cols {
                    next.push(i + 1);
                }
                for j in next {
                    if left >> j & 1 == 1 && region >> j & 1 == 0 {
                        region |= 1 << j;
                        stack.push(j);
                    }
                }
            }
            left &= !region;
            out.push(self.crop(region));
        }
        if out.is_empty() {
            // No empty cell: the board is 0, one empty-free component.
            out.push(Grid {
                rows: 1,
                cols: 1,
                filled: 1,
            });
        }
        out.sort_unstable();
        out
    }

    /// Returns the board holding only `region`'s cells empty, cropped, least mirror.
    fn crop(&self, region: u64) -> Grid {
        let cols = usize::from(self.cols);
        let cells: Vec<(usize, usize)> = (0..self.cells())
            .filter(|&i| region >> i & 1 == 1)
            .map(|i| (i / cols, i % cols))
            .collect();
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let r1 = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let c1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        let build = |flip_r: bool, flip_c: bool| {
            let mut filled = if h * w == 64 { u64::MAX } else { (1u64 << (h * w)) - 1 };
            for &(r, c) in &cells {
                let (mut rr, mut cc) = (r - r0, c - c0);
                if flip_r {
                    rr = h - 1 - rr;
                }
                if flip_c {
                    cc = w - 1 - cc;
                }
                filled &= !(1 << (rr * w + cc));
            }
            Grid {
                rows: h as u8,
                cols: w as u8,
                filled,
            }
        };
        [(false, false), (false, true), (true, false), (true, true)]
            .into_iter()
            .map(|(a, b)| build(a, b))
            .min()
            .unwrap_or_else(|| build(false, false))
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
        let as_rows = |rows: Vec<Vec<u8>>| (!rows.is_empty() && !rows[0].is_empty()).then(|| Grid::from_rows(&rows));
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
                .map(|l| l.bytes().enumerate().filter(|&(j, _)| j != skip).map(|(_, b)| b).collect())
                .collect();
            out.extend(as_rows(rows));
        }
        out
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.lines().join("/"))
    }
}
