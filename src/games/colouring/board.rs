//! A Col or Snort board as a grid field's counts, its colourings and its regions.

/// A cell's count: its index in the board's alphabet `.LR`, an empty cell.
pub const EMPTY: u64 = 0;
/// A cell Left has coloured, `L`.
pub const LEFT: u64 = 1;
/// A cell Right has coloured, `R`.
pub const RIGHT: u64 = 2;

/// Returns the cells orthogonally adjacent to cell `i` of an `r × c` board.
pub(crate) fn neighbours(i: usize, r: usize, c: usize) -> impl Iterator<Item = usize> {
    let (y, x) = (i / c, i % c);
    [
        (y > 0).then(|| i - c),
        (y + 1 < r).then(|| i + c),
        (x > 0).then(|| i - 1),
        (x + 1 < c).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// Appends every board after `colour` paints one empty cell with no neighbour of colour
/// `forbidden` (Col: one's own colour; Snort: the other's).
pub(crate) fn colourings(p: &[u64], colour: u64, forbidden: u64, out: &mut Vec<Vec<u64>>) {
    let (r, c) = (p[0] as usize, p[1] as usize);
    let cells = &p[2..];
    for i in 0..cells.len() {
        if cells[i] == EMPTY && neighbours(i, r, c).all(|j| cells[j] != forbidden) {
            let mut next = p.to_vec();
            next[2 + i] = colour;
            out.push(next);
        }
    }
}

/// Returns the regions of orthogonally connected empty cells, each with the coloured
/// cells beside it (the only ones that bear on its moves) on the least board holding
/// them, turned to the least of its eight symmetries (the rules know no direction).
/// A board with no empty cell has none: its value is 0.
pub(crate) fn regions(p: &[u64]) -> Vec<Vec<u64>> {
    let (r, c) = (p[0] as usize, p[1] as usize);
    let cells = &p[2..];
    let mut seen = vec![false; cells.len()];
    let mut out = Vec::new();
    for start in 0..cells.len() {
        if cells[start] != EMPTY || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut region = vec![start];
        let mut k = 0;
        while let Some(&i) = region.get(k) {
            for j in neighbours(i, r, c) {
                if cells[j] == EMPTY && !seen[j] {
                    seen[j] = true;
                    region.push(j);
                }
            }
            k += 1;
        }
        let mut kept = region.clone();
        for &i in &region {
            kept.extend(neighbours(i, r, c).filter(|&j| cells[j] != EMPTY));
        }
        out.push(least_symmetry(&cropped(cells, c, &kept)));
    }
    out
}

/// Returns the least board holding the cells `kept` of an `r × c` board; a cell of the
/// box not kept is coloured Left, which is beside no empty cell and so bears on nothing.
fn cropped(cells: &[u64], c: usize, kept: &[usize]) -> Vec<u64> {
    let rows = || kept.iter().map(|&i| i / c);
    let cols = || kept.iter().map(|&i| i % c);
    let (y0, y1) = (rows().min().unwrap_or(0), rows().max().unwrap_or(0));
    let (x0, x1) = (cols().min().unwrap_or(0), cols().max().unwrap_or(0));
    let mut out = vec![(y1 - y0 + 1) as u64, (x1 - x0 + 1) as u64];
    out.extend(
        (y0..=y1)
            .flat_map(|y| (x0..=x1).map(move |x| y * c + x))
            .map(|i| if kept.contains(&i) { cells[i] } else { LEFT }),
    );
    out
}

/// Returns the least (as counts) of the board's mirror images and transposes.
fn least_symmetry(p: &[u64]) -> Vec<u64> {
    let (r, c) = (p[0] as usize, p[1] as usize);
    let at = |y: usize, x: usize| p[2 + y * c + x];
    let mut best = p.to_vec();
    for k in 1..8 {
        let (flip_y, flip_x, transpose) = (k & 1 == 1, k & 2 == 2, k & 4 == 4);
        let (nr, nc) = if transpose { (c, r) } else { (r, c) };
        let mut q = vec![nr as u64, nc as u64];
        for y in 0..nr {
            for x in 0..nc {
                let (sy, sx) = if transpose { (x, y) } else { (y, x) };
                let sy = if flip_y { r - 1 - sy } else { sy };
                let sx = if flip_x { c - 1 - sx } else { sx };
                q.push(at(sy, sx));
            }
        }
        if q < best {
            best = q;
        }
    }
    best
}
