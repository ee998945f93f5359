//! The generic grid picture: panels of coloured cells over two integer axes, marks over
//! single cells, a legend that counts each kind, and notes; drawn with plotters' SVG backend.

use std::ops::RangeInclusive;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::PlotError;

/// The most cells along one axis of a panel.
pub const MAX_SIDE: u64 = 256;
/// Outer margin, in pixels.
const MARGIN: i32 = 16;
/// Room left of a plot for tick labels and the axis name.
const GUTTER_LEFT: i32 = 52;
/// Room above a plot for the panel's title.
const GUTTER_TOP: i32 = 26;
/// Room below a plot for tick labels and the axis name.
const GUTTER_BOTTOM: i32 = 42;
/// Room right of a plot, between panels.
const GUTTER_RIGHT: i32 = 18;
const TITLE_HEIGHT: i32 = 34;
const LEGEND_ROW: i32 = 21;
const NOTE_ROW: i32 = 17;
/// Roughly the width of a character, as a fraction of the font size (sans-serif).
const CHAR_WIDTH: f64 = 0.56;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Returns the colour `t` of the way from `self` to `other` (`t` in 0..=1), rounded.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::Rgb;
    /// assert_eq!(Rgb(0, 100, 200).towards(Rgb(100, 100, 0), 0.5), Rgb(50, 100, 100));
    /// ```
    pub fn towards(self, other: Rgb, t: f64) -> Rgb {
        let mix =
            |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t.clamp(0.0, 1.0)).round() as u8;
        Rgb(mix(self.0, other.0), mix(self.1, other.1), mix(self.2, other.2))
    }

    fn color(self) -> RGBColor {
        RGBColor(self.0, self.1, self.2)
    }
}

/// One entry of a legend: what a cell of this kind means, and its fill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    pub label: String,
    pub fill: Rgb,
}

impl Kind {
    /// Returns the kind labelled `label`, filled with `fill`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::{Kind, Rgb};
    /// assert_eq!(Kind::new("P-position", Rgb(0, 0, 0)).label, "P-position");
    /// ```
    pub fn new(label: impl Into<String>, fill: Rgb) -> Kind {
        Kind {
            label: label.into(),
            fill,
        }
    }
}

/// A symbol drawn over one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// A cross: the solution and an oracle disagree here.
    Cross,
    /// A ring: a cell singled out, such as a least counterexample.
    Ring,
}

/// What one cell shows: its kind (an index into [`Picture::kinds`]) and an optional mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    pub kind: usize,
    pub mark: Option<Mark>,
}

impl Cell {
    /// Returns an unmarked cell of kind `kind`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::Cell;
    /// assert_eq!(Cell::new(2).mark, None);
    /// ```
    pub fn new(kind: usize) -> Cell {
        Cell { kind, mark: None }
    }

    /// Returns this cell with `mark` drawn over it.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::{Cell, Mark};
    /// assert_eq!(Cell::new(0).with_mark(Mark::Cross).mark, Some(Mark::Cross));
    /// ```
    pub fn with_mark(self, mark: Mark) -> Cell {
        Cell {
            mark: Some(mark),
            ..self
        }
    }
}

/// One axis of a panel: its name and the integer values it runs over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Axis {
    pub label: String,
    pub range: RangeInclusive<u64>,
}

impl Axis {
    /// Returns the axis named `label` over `range`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::Axis;
    /// assert_eq!(Axis::new("x", 0..=9).range.count(), 10);
    /// ```
    pub fn new(label: impl Into<String>, range: RangeInclusive<u64>) -> Axis {
        Axis {
            label: label.into(),
            range,
        }
    }

    fn len(&self) -> u64 {
        if self.range.is_empty() {
            0
        } else {
            self.range.end() - self.range.start() + 1
        }
    }
}

/// One grid of cells: every (x, y) of its axes, evaluated once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel {
    pub title: String,
    pub x: Axis,
    pub y: Axis,
    /// Row-major from the least y, then the least x.
    cells: Vec<Cell>,
}

impl Panel {
    /// Returns the panel whose cell at (x, y) is `cell(x, y)`, for every x and y of the axes.
    ///
    /// # Constraints
    /// Each axis is non-empty and has at most 256 values; otherwise [`PlotError::Range`].
    ///
    /// # Complexity
    /// One call of `cell` per cell.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::{Axis, Cell, Panel};
    /// // Wythoff-style plug-in: kind 1 on the diagonal.
    /// let p = Panel::from_fn("x = y", Axis::new("x", 0..=3), Axis::new("y", 0..=3), |x, y| {
    ///     Cell::new(usize::from(x == y))
    /// })?;
    /// assert_eq!(p.cell(2, 2), Some(Cell::new(1)));
    /// assert_eq!(p.cell(4, 0), None);
    /// # Ok::<(), gamecheck::plot::PlotError>(())
    /// ```
    pub fn from_fn(
        title: impl Into<String>,
        x: Axis,
        y: Axis,
        mut cell: impl FnMut(u64, u64) -> Cell,
    ) -> Result<Panel, PlotError> {
        for axis in [&x, &y] {
            if axis.len() == 0 || axis.len() > MAX_SIDE {
                return Err(PlotError::Range(format!(
                    "axis {} runs over {} values; it must have between 1 and {MAX_SIDE}",
                    axis.label,
                    axis.len()
                )));
            }
        }
        let mut cells = Vec::with_capacity((x.len() * y.len()) as usize);
        for yv in y.range.clone() {
            for xv in x.range.clone() {
                cells.push(cell(xv, yv));
            }
        }
        Ok(Panel {
            title: title.into(),
            x,
            y,
            cells,
        })
    }

    /// Returns the cell at (x, y), or `None` outside the axes.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::{Axis, Cell, Panel};
    /// let p = Panel::from_fn("", Axis::new("x", 1..=2), Axis::new("y", 5..=5), |x, _| Cell::new(x as usize))?;
    /// assert_eq!(p.cell(2, 5), Some(Cell::new(2)));
    /// assert_eq!(p.cell(0, 5), None);
    /// # Ok::<(), gamecheck::plot::PlotError>(())
    /// ```
    pub fn cell(&self, x: u64, y: u64) -> Option<Cell> {
        if !self.x.range.contains(&x) || !self.y.range.contains(&y) {
            return None;
        }
        let (i, j) = (x - self.x.range.start(), y - self.y.range.start());
        self.cells.get((j * self.x.len() + i) as usize).copied()
    }

    /// Puts `mark` on the cell at (x, y); returns `false` (and changes nothing) outside
    /// the axes.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::{Axis, Cell, Mark, Panel};
    /// let mut p = Panel::from_fn("", Axis::new("x", 0..=1), Axis::new("y", 0..=1), |_, _| Cell::new(0))?;
    /// assert!(p.set_mark(1, 0, Mark::Ring));
    /// assert_eq!(p.cell(1, 0).and_then(|c| c.mark), Some(Mark::Ring));
    /// assert!(!p.set_mark(2, 0, Mark::Ring));
    /// # Ok::<(), gamecheck::plot::PlotError>(())
    /// ```
    pub fn set_mark(&mut self, x: u64, y: u64, mark: Mark) -> bool {
        if !self.x.range.contains(&x) || !self.y.range.contains(&y) {
            return false;
        }
        let i = ((y - self.y.range.start()) * self.x.len() + (x - self.x.range.start())) as usize;
        match self.cells.get_mut(i) {
            Some(c) => {
                c.mark = Some(mark);
                true
            }
            None => false,
        }
    }

    /// Returns every cell with its coordinates, by rows from the least y.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::{Axis, Cell, Panel};
    /// let p = Panel::from_fn("", Axis::new("x", 0..=1), Axis::new("y", 0..=1), |x, y| Cell::new((x + y) as usize))?;
    /// assert_eq!(p.cells().filter(|&(_, _, c)| c.kind == 1).count(), 2);
    /// # Ok::<(), gamecheck::plot::PlotError>(())
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = (u64, u64, Cell)> + '_ {
        let (x0, y0, w) = (*self.x.range.start(), *self.y.range.start(), self.x.len());
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, &c)| (x0 + i as u64 % w, y0 + i as u64 / w, c))
    }
}

/// A whole picture: a title, panels, the legend of kinds and marks, and notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub title: String,
    pub panels: Vec<Panel>,
    pub kinds: Vec<Kind>,
    /// What each mark means, in legend order; a mark without an entry is still drawn.
    pub marks: Vec<(Mark, String)>,
    /// Lines of text under the legend.
    pub notes: Vec<String>,
}

fn font(px: f64) -> FontDesc<'static> {
    // plotters writes font-size as size / 1.24.
    ("sans-serif", px * 1.24).into_font()
}

fn draw_err<E: std::fmt::Display>(e: E) -> PlotError {
    PlotError::Draw(e.to_string())
}

fn text_width(text: &str, px: f64) -> i32 {
    (text.chars().count() as f64 * px * CHAR_WIDTH).ceil() as i32
}

/// Splits `text` into lines of at most `width` pixels at `px`, at spaces.
fn wrap(text: &str, px: f64, width: i32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&candidate, px) > width {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        } else {
            line = candidate;
        }
    }
    lines.push(line);
    lines
}

/// The least step among 1, 2, 5 times powers of ten (and powers of two) that leaves at
/// most `most` labels over `len` values.
fn tick_step(len: u64, most: u64) -> u64 {
    let most = most.max(1);
    let mut scale = 1u64;
    loop {
        for m in [1, 2, 4, 5, 8] {
            let step = m * scale;
            if len.div_ceil(step) <= most {
                return step;
            }
        }
        scale *= 10;
    }
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

fn stroke(color: Rgb, width: u32) -> ShapeStyle {
    ShapeStyle {
        color: color.color().to_rgba(),
        filled: false,
        stroke_width: width,
    }
}

const INK: Rgb = Rgb(0, 0, 0);
const PAPER: Rgb = Rgb(255, 255, 255);

/// Draws `mark` over the square at (left, top) of side `side`.
fn draw_mark(area: &Area, mark: Mark, left: i32, top: i32, side: i32) -> Result<(), PlotError> {
    match mark {
        Mark::Cross => {
            let inset = (side / 5).max(1);
            let (l, t, r, b) = (left + inset, top + inset, left + side - inset, top + side - inset);
            // A white halo keeps the cross visible on dark fills.
            for (color, width) in [(PAPER, 4), (INK, 2)] {
                area.draw(&PathElement::new(vec![(l, t), (r, b)], stroke(color, width)))
                    .map_err(draw_err)?;
                area.draw(&PathElement::new(vec![(l, b), (r, t)], stroke(color, width)))
                    .map_err(draw_err)?;
            }
        }
        Mark::Ring => {
            let centre = (left + side / 2, top + side / 2);
            let radius = (side / 2 + 3).max(7) as u32;
            for (color, width) in [(PAPER, 6), (INK, 3)] {
                area.draw(&Circle::new(centre, radius, stroke(color, width)))
                    .map_err(draw_err)?;
            }
        }
    }
    Ok(())
}

impl Picture {
    /// Returns how many cells of all panels are of kind `kind`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::{Axis, Cell, Panel, Picture};
    /// let p = Panel::from_fn("", Axis::new("x", 0..=2), Axis::new("y", 0..=2), |x, y| Cell::new(usize::from(x == y)))?;
    /// let pic = Picture { title: String::new(), panels: vec![p], kinds: Vec::new(), marks: Vec::new(), notes: Vec::new() };
    /// assert_eq!(pic.count_kind(1), 3);
    /// # Ok::<(), gamecheck::plot::PlotError>(())
    /// ```
    pub fn count_kind(&self, kind: usize) -> usize {
        self.panels
            .iter()
            .flat_map(Panel::cells)
            .filter(|&(_, _, c)| c.kind == kind)
            .count()
    }

    /// Returns (panel index, x, y) of every cell carrying `mark`, panel by panel, by rows.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::{Axis, Cell, Mark, Panel, Picture};
    /// let p = Panel::from_fn("", Axis::new("x", 0..=2), Axis::new("y", 0..=2), |x, y| {
    ///     if (x, y) == (1, 2) { Cell::new(0).with_mark(Mark::Ring) } else { Cell::new(0) }
    /// })?;
    /// let pic = Picture { title: String::new(), panels: vec![p], kinds: Vec::new(), marks: Vec::new(), notes: Vec::new() };
    /// assert_eq!(pic.marked(Mark::Ring), [(0, 1, 2)]);
    /// # Ok::<(), gamecheck::plot::PlotError>(())
    /// ```
    pub fn marked(&self, mark: Mark) -> Vec<(usize, u64, u64)> {
        self.panels
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                p.cells()
                    .filter(move |&(_, _, c)| c.mark == Some(mark))
                    .map(move |(x, y, _)| (i, x, y))
            })
            .collect()
    }

    /// Returns the picture as an SVG document: the title, the panels in a near-square
    /// grid (y growing upwards), then the legend with a count of cells per entry, then
    /// the notes. The same picture always gives the same bytes.
    ///
    /// # Constraints
    /// Every cell's kind indexes [`Picture::kinds`]; otherwise [`PlotError::Range`].
    ///
    /// # Complexity
    /// O(cells), with runs of equal cells along a row drawn as one rectangle.
    ///
    /// # Example
    /// ```
    /// use gamecheck::plot::{Axis, Cell, Kind, Panel, Picture, Rgb};
    /// let p = Panel::from_fn("k = 1", Axis::new("x", 0..=7), Axis::new("y", 0..=7), |x, y| Cell::new(usize::from(x == y)))?;
    /// let pic = Picture {
    ///     title: "Nim: P-positions".into(),
    ///     panels: vec![p],
    ///     kinds: vec![Kind::new("N", Rgb(255, 255, 255)), Kind::new("P", Rgb(0, 0, 0))],
    ///     marks: Vec::new(),
    ///     notes: Vec::new(),
    /// };
    /// let svg = pic.to_svg()?;
    /// assert!(svg.starts_with("<svg") && svg.contains("Nim: P-positions"));
    /// assert_eq!(svg, pic.to_svg()?);
    /// # Ok::<(), gamecheck::plot::PlotError>(())
    /// ```
    pub fn to_svg(&self) -> Result<String, PlotError> {
        if let Some(bad) = self
            .panels
            .iter()
            .flat_map(Panel::cells)
            .find(|&(_, _, c)| c.kind >= self.kinds.len())
        {
            return Err(PlotError::Range(format!(
                "cell ({}, {}) has kind {} but the legend has {} kinds",
                bad.0,
                bad.1,
                bad.2.kind,
                self.kinds.len()
            )));
        }
        let layout = self.layout();
        let mut svg = String::new();
        {
            let size = (layout.width as u32, layout.height as u32);
            let area = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            area.fill(&WHITE).map_err(draw_err)?;
            let title_style = font(18.0)
                .style(FontStyle::Bold)
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Top));
            area.draw(&Text::new(self.title.clone(), (MARGIN, MARGIN), title_style))
                .map_err(draw_err)?;
            let (panel_w, panel_h) = layout.panel;
            for (i, panel) in self.panels.iter().enumerate() {
                let left = MARGIN + (i % layout.cols) as i32 * panel_w;
                let top = MARGIN + TITLE_HEIGHT + (i / layout.cols) as i32 * panel_h;
                self.draw_panel(&area, panel, (left, top), layout.cell)?;
            }
            self.draw_legend(&area, &layout.legend, layout.legend_top)?;
            for (row, line) in layout.notes.iter().enumerate() {
                let style = font(12.0)
                    .color(&RGBColor(60, 60, 60))
                    .pos(Pos::new(HPos::Left, VPos::Top));
                let at = (MARGIN, layout.notes_top + row as i32 * NOTE_ROW);
                area.draw(&Text::new(line.clone(), at, style)).map_err(draw_err)?;
            }
            area.present().map_err(draw_err)?;
        }
        Ok(svg)
    }

    /// Returns where the picture's parts go: panels in a near-square grid of cells of one
    /// size, the legend and the wrapped notes below them.
    fn layout(&self) -> Layout {
        let side = self
            .panels
            .iter()
            .map(|p| p.x.len().max(p.y.len()))
            .max()
            .unwrap_or(1);
        let cell = (300 / side as i32).clamp(4, 26);
        let plot_w = self.panels.iter().map(|p| p.x.len()).max().unwrap_or(1) as i32 * cell;
        let plot_h = self.panels.iter().map(|p| p.y.len()).max().unwrap_or(1) as i32 * cell;
        let panel_w = GUTTER_LEFT + plot_w + GUTTER_RIGHT;
        let panel_h = GUTTER_TOP + plot_h + GUTTER_BOTTOM;
        let count = self.panels.len().max(1);
        let cols = (1..=count).find(|c| c * c >= count).unwrap_or(1);
        let rows = count.div_ceil(cols);
        let legend = self.legend_entries();
        let legend_w = legend
            .iter()
            .map(|(_, text)| 30 + text_width(text, 13.0))
            .max()
            .unwrap_or(0);
        let width = (cols as i32 * panel_w)
            .max(legend_w)
            .max(text_width(&self.title, 18.0))
            .max(420)
            + 2 * MARGIN;
        let notes: Vec<String> = self
            .notes
            .iter()
            .flat_map(|n| wrap(n, 12.0, width - 2 * MARGIN))
            .collect();
        let legend_top = MARGIN + TITLE_HEIGHT + rows as i32 * panel_h + 6;
        let notes_top = legend_top + legend.len() as i32 * LEGEND_ROW + 8;
        let height = notes_top + notes.len() as i32 * NOTE_ROW + MARGIN;
        Layout {
            cell,
            panel: (panel_w, panel_h),
            cols,
            width,
            height,
            legend,
            legend_top,
            notes,
            notes_top,
        }
    }

    /// Draws the legend's rows from `top` down: a swatch of each kind or mark and its text.
    fn draw_legend(&self, area: &Area, legend: &[(Entry, String)], top: i32) -> Result<(), PlotError> {
        for (row, (entry, text)) in legend.iter().enumerate() {
            let top = top + row as i32 * LEGEND_ROW;
            let swatch = 15;
            match entry {
                Entry::Kind(k) => {
                    area.draw(&Rectangle::new(
                        [(MARGIN, top), (MARGIN + swatch, top + swatch)],
                        self.kinds[*k].fill.color().filled(),
                    ))
                    .map_err(draw_err)?;
                }
                Entry::Mark(m) => draw_mark(area, *m, MARGIN, top, swatch)?,
            }
            area.draw(&Rectangle::new(
                [(MARGIN, top), (MARGIN + swatch, top + swatch)],
                stroke(Rgb(120, 120, 120), 1),
            ))
            .map_err(draw_err)?;
            let style = font(13.0).color(&BLACK).pos(Pos::new(HPos::Left, VPos::Center));
            area.draw(&Text::new(
                text.clone(),
                (MARGIN + swatch + 10, top + swatch / 2),
                style,
            ))
            .map_err(draw_err)?;
        }
        Ok(())
    }

    /// The legend's rows: every kind, then every mark, each with its count of cells.
    fn legend_entries(&self) -> Vec<(Entry, String)> {
        let cells = |n: usize| {
            if n == 1 {
                "1 cell".to_owned()
            } else {
                format!("{n} cells")
            }
        };
        let mut out: Vec<(Entry, String)> = self
            .kinds
            .iter()
            .enumerate()
            .map(|(i, k)| {
                (
                    Entry::Kind(i),
                    format!("{} ({})", k.label, cells(self.count_kind(i))),
                )
            })
            .collect();
        for (mark, label) in &self.marks {
            out.push((
                Entry::Mark(*mark),
                format!("{label} ({})", cells(self.marked(*mark).len())),
            ));
        }
        out
    }

    fn draw_panel(
        &self,
        area: &Area,
        panel: &Panel,
        (left, top): (i32, i32),
        cell: i32,
    ) -> Result<(), PlotError> {
        let title_style = font(14.0)
            .style(FontStyle::Bold)
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Top));
        let at = Placed {
            px: left + GUTTER_LEFT,
            py: top + GUTTER_TOP,
            nx: panel.x.len() as i32,
            ny: panel.y.len() as i32,
            cell,
            x0: *panel.x.range.start(),
            y0: *panel.y.range.start(),
        };
        let (px, py, nx, ny) = (at.px, at.py, at.nx, at.ny);
        area.draw(&Text::new(
            panel.title.clone(),
            (px + nx * cell / 2, top + 4),
            title_style,
        ))
        .map_err(draw_err)?;
        self.draw_cells(area, panel, &at)?;
        area.draw(&Rectangle::new(
            [(px, py), (px + nx * cell, py + ny * cell)],
            stroke(Rgb(90, 90, 90), 1),
        ))
        .map_err(draw_err)?;
        for (x, y, c) in panel.cells() {
            if let Some(mark) = c.mark {
                draw_mark(area, mark, at.left_of(x), at.top_of(y), cell)?;
            }
        }
        draw_ticks(area, panel, &at)?;
        let axis = font(12.5).color(&BLACK);
        area.draw(&Text::new(
            panel.x.label.clone(),
            (px + nx * cell / 2, py + ny * cell + 22),
            axis.pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(draw_err)?;
        area.draw(&Text::new(
            panel.y.label.clone(),
            (left + 12, py + ny * cell / 2),
            axis.transform(FontTransform::Rotate270)
                .pos(Pos::new(HPos::Center, VPos::Center)),
        ))
        .map_err(draw_err)?;
        Ok(())
    }

    /// Draws the panel's cells, a run of equal cells along a row as one rectangle, with
    /// thin white rules between cells when they are large enough.
    fn draw_cells(&self, area: &Area, panel: &Panel, at: &Placed) -> Result<(), PlotError> {
        let cell = at.cell;
        for y in panel.y.range.clone() {
            let mut x = at.x0;
            while panel.x.range.contains(&x) {
                let kind = panel.cell(x, y).map_or(0, |c| c.kind);
                let mut end = x;
                while panel.cell(end + 1, y).is_some_and(|c| c.kind == kind) {
                    end += 1;
                }
                let fill = self.kinds[kind].fill.color().filled();
                area.draw(&Rectangle::new(
                    [
                        (at.left_of(x), at.top_of(y)),
                        (at.left_of(end) + cell, at.top_of(y) + cell),
                    ],
                    fill,
                ))
                .map_err(draw_err)?;
                x = end + 1;
            }
        }
        if cell >= 10 {
            // Thin white rules keep single cells apart where runs merged them.
            let (px, py, nx, ny) = (at.px, at.py, at.nx, at.ny);
            let rule = stroke(PAPER, 1);
            for i in 1..nx {
                area.draw(&PathElement::new(
                    vec![(px + i * cell, py), (px + i * cell, py + ny * cell)],
                    rule,
                ))
                .map_err(draw_err)?;
            }
            for j in 1..ny {
                area.draw(&PathElement::new(
                    vec![(px, py + j * cell), (px + nx * cell, py + j * cell)],
                    rule,
                ))
                .map_err(draw_err)?;
            }
        }
        Ok(())
    }
}

/// Where a panel's plot stands: its top-left pixel, its size in cells, the side of a
/// cell, and the least x and y.
struct Placed {
    px: i32,
    py: i32,
    nx: i32,
    ny: i32,
    cell: i32,
    x0: u64,
    y0: u64,
}

impl Placed {
    /// Returns the left pixel of column `x`.
    fn left_of(&self, x: u64) -> i32 {
        self.px + (x - self.x0) as i32 * self.cell
    }

    /// Returns the top pixel of row `y`; y grows upwards: the least y is the bottom row.
    fn top_of(&self, y: u64) -> i32 {
        self.py + (self.ny - 1 - (y - self.y0) as i32) * self.cell
    }
}

/// Draws the tick labels of the panel's axes, spaced so that they do not overlap.
fn draw_ticks(area: &Area, panel: &Panel, at: &Placed) -> Result<(), PlotError> {
    let (px, py, nx, ny, cell) = (at.px, at.py, at.nx, at.ny, at.cell);
    let tick = font(11.0).color(&RGBColor(40, 40, 40));
    let x_step = tick_step(panel.x.len(), (nx * cell / 26) as u64);
    for x in panel.x.range.clone().filter(|x| x % x_step == 0) {
        area.draw(&Text::new(
            x.to_string(),
            (at.left_of(x) + cell / 2, py + ny * cell + 4),
            tick.pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(draw_err)?;
    }
    let y_step = tick_step(panel.y.len(), (ny * cell / 18) as u64);
    for y in panel.y.range.clone().filter(|y| y % y_step == 0) {
        area.draw(&Text::new(
            y.to_string(),
            (px - 5, at.top_of(y) + cell / 2),
            tick.pos(Pos::new(HPos::Right, VPos::Center)),
        ))
        .map_err(draw_err)?;
    }
    Ok(())
}

/// Where [`Picture::to_svg`] puts the picture's parts, in pixels.
struct Layout {
    /// The side of a cell.
    cell: i32,
    /// The width and height of a panel with its gutters.
    panel: (i32, i32),
    /// Panels per row.
    cols: usize,
    width: i32,
    height: i32,
    legend: Vec<(Entry, String)>,
    legend_top: i32,
    /// The notes, wrapped to the picture's width.
    notes: Vec<String>,
    notes_top: i32,
}

enum Entry {
    Kind(usize),
    Mark(Mark),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_step_keeps_labels_within_the_limit() {
        for len in 1..300u64 {
            for most in 1..40u64 {
                let step = tick_step(len, most);
                assert!(len.div_ceil(step) <= most, "len {len}, most {most}, step {step}");
                if step > 1 {
                    // No smaller step of the sequence would have fitted.
                    let smaller = [1, 2, 4, 5, 8, 10, 20, 40, 50, 80, 100]
                        .into_iter()
                        .filter(|&s| s < step);
                    assert!(smaller.into_iter().all(|s| len.div_ceil(s) > most));
                }
            }
        }
    }

    #[test]
    fn wrap_keeps_every_word_and_the_width() {
        let text = "a fairly long note that has to be wrapped over several lines of the legend";
        let lines = wrap(text, 12.0, 120);
        assert_eq!(lines.join(" "), text);
        assert!(
            lines
                .iter()
                .all(|l| text_width(l, 12.0) <= 120 || !l.contains(' '))
        );
        assert!(lines.len() > 1);
    }
}
