//! `gamecheck bench-report`: criterion's results as a Markdown table (each implementation
//! against the fast solution) and an SVG chart of time against input size on log scales.
//!
//! It reads every `**/new/benchmark.json` (group, function and parameter of a bench) and
//! the `estimates.json` beside it under criterion's directory. Bench ids follow the
//! convention of `benches/`: `group/function/NAME=size`, where a function named `fast…`
//! is the fast solution, `plain…` the plain baseline and anything else an oracle.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::Deserialize;
use thiserror::Error;

/// Why criterion's results cannot be reported.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BenchReportError {
    #[error("reading {path}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("parsing {path}")]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("no criterion results (`*/new/benchmark.json`) under {0}; run `cargo bench` first")]
    Empty(PathBuf),
    /// Results, but none a line can be drawn through.
    #[error(
        "nothing to chart in {results} results: no bench group has an implementation measured at two \
         numeric sizes (ids `group/function/NAME=number`); the Markdown table lists them all"
    )]
    NothingToChart { results: usize },
    #[error("{path}: the median {median_ns} ns is not a positive time")]
    Median { path: PathBuf, median_ns: f64 },
    #[error("two results have the bench id `{id}`: {} and {}", first.display(), second.display())]
    Duplicate {
        id: String,
        first: PathBuf,
        second: PathBuf,
    },
    #[error("drawing the chart failed: {0}")]
    Draw(String),
}

/// What an implementation is to the problem it solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// The fast solution; the others are compared with it.
    Fast,
    /// The plain baseline.
    Baseline,
    /// A slow reference oracle.
    Oracle,
}

impl Role {
    /// Returns the role of a bench function named `function`: `fast…` is the fast
    /// solution, `plain…` the baseline, anything else an oracle.
    ///
    /// # Example
    /// ```
    /// use gamecheck::bench_report::Role;
    /// assert_eq!(Role::of("fast_rule"), Role::Fast);
    /// assert_eq!(Role::of("plain"), Role::Baseline);
    /// assert_eq!(Role::of("minimax_cold"), Role::Oracle);
    /// ```
    pub fn of(function: &str) -> Role {
        if function.starts_with("fast") {
            Role::Fast
        } else if function.starts_with("plain") {
            Role::Baseline
        } else {
            Role::Oracle
        }
    }

    fn name(self) -> &'static str {
        match self {
            Role::Fast => "fast",
            Role::Baseline => "baseline",
            Role::Oracle => "oracle",
        }
    }
}

/// One criterion result.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// The bench group: the problem.
    pub group: String,
    /// The implementation: criterion's function id, or the group when it has none.
    pub function: String,
    /// The parameter as criterion wrote it, if any (`M=7`, `32`).
    pub parameter: Option<String>,
    /// What the size measures (`M` of `M=7`), if named.
    pub size_name: Option<String>,
    /// The input size, when the parameter is a number or `NAME=number`.
    pub size: Option<u64>,
    /// Criterion's median time per iteration, in nanoseconds.
    pub median_ns: f64,
}

#[derive(Deserialize)]
struct BenchmarkJson {
    group_id: String,
    function_id: Option<String>,
    value_str: Option<String>,
}

#[derive(Deserialize)]
struct Estimate {
    point_estimate: f64,
}

#[derive(Deserialize)]
struct EstimatesJson {
    median: Estimate,
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, BenchReportError> {
    let text = std::fs::read_to_string(path).map_err(|source| BenchReportError::Io {
        path: path.to_owned(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| BenchReportError::Json {
        path: path.to_owned(),
        source,
    })
}

/// Every `new/benchmark.json` below `dir`. A directory reached twice (through a symbolic
/// link, or a link loop) is read once.
fn benchmark_files(
    dir: &Path,
    seen: &mut std::collections::HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
) -> Result<(), BenchReportError> {
    let io = |source| BenchReportError::Io {
        path: dir.to_owned(),
        source,
    };
    if !seen.insert(std::fs::canonicalize(dir).map_err(io)?) {
        return Ok(());
    }
    let mut entries = std::fs::read_dir(dir)
        .map_err(io)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(io)?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            benchmark_files(&path, seen, out)?;
        } else if path.ends_with("new/benchmark.json") {
            out.push(path);
        }
    }
    Ok(())
}

/// Returns (size name, size) of a parameter `NAME=number` or `number`.
fn parse_size(parameter: &str) -> (Option<String>, Option<u64>) {
    match parameter.split_once('=') {
        Some((name, value)) => (Some(name.to_owned()), value.trim().parse().ok()),
        None => (None, parameter.trim().parse().ok()),
    }
}

/// Report order: group, role, function, size, parameter.
fn order(a: &Measurement, b: &Measurement) -> std::cmp::Ordering {
    let key = |m: &Measurement| {
        (
            m.group.clone(),
            Role::of(&m.function),
            m.function.clone(),
            m.size,
            m.parameter.clone(),
        )
    };
    key(a).cmp(&key(b))
}

/// Returns every result under criterion's directory `dir`, sorted by group, role,
/// function and size.
///
/// # Constraints
/// `dir` holds at least one `new/benchmark.json` with an `estimates.json` beside it;
/// otherwise [`BenchReportError::Empty`], or `Io`/`Json` naming the file.
///
/// # Complexity
/// One read per result file.
///
/// # Example
/// ```
/// use gamecheck::bench_report::read_criterion;
/// // A copy of criterion's files from one run of both benches.
/// let results = read_criterion(std::path::Path::new("tests/fixtures/criterion"))?;
/// let dp = results.iter().find(|m| m.group == "moore_dp_k6_B3" && m.function == "dp" && m.size == Some(200));
/// assert_eq!(dp.and_then(|m| m.size_name.as_deref()), Some("K"));
/// # Ok::<(), gamecheck::bench_report::BenchReportError>(())
/// ```
pub fn read_criterion(dir: &Path) -> Result<Vec<Measurement>, BenchReportError> {
    let mut files = Vec::new();
    benchmark_files(dir, &mut std::collections::HashSet::new(), &mut files)?;
    let mut out = Vec::new();
    let mut ids: std::collections::HashMap<String, PathBuf> = std::collections::HashMap::new();
    for file in files {
        let bench: BenchmarkJson = read_json(&file)?;
        let estimates_file = file.with_file_name("estimates.json");
        let estimates: EstimatesJson = read_json(&estimates_file)?;
        let median_ns = estimates.median.point_estimate;
        if !(median_ns.is_finite() && median_ns > 0.0) {
            return Err(BenchReportError::Median {
                path: estimates_file,
                median_ns,
            });
        }
        // `bench_function("fast/7")` keeps the size in the function id.
        let (function, parameter) = match (bench.function_id, bench.value_str) {
            (Some(f), None) if f.contains('/') => match f.rsplit_once('/') {
                Some((f, p)) => (f.to_owned(), Some(p.to_owned())),
                None => (f, None),
            },
            (f, p) => (f.unwrap_or_else(|| bench.group_id.clone()), p),
        };
        let id = format!(
            "{}/{function}/{}",
            bench.group_id,
            parameter.as_deref().unwrap_or("")
        );
        if let Some(first) = ids.insert(id.clone(), file.clone()) {
            return Err(BenchReportError::Duplicate {
                id,
                first,
                second: file,
            });
        }
        let (size_name, size) = parameter.as_deref().map_or((None, None), parse_size);
        out.push(Measurement {
            function,
            group: bench.group_id,
            parameter,
            size_name,
            size,
            median_ns,
        });
    }
    if out.is_empty() {
        return Err(BenchReportError::Empty(dir.to_owned()));
    }
    out.sort_by(order);
    Ok(out)
}

/// `v` with three significant digits (no exponent), for v ≥ 0.
fn significant(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// Returns a time in nanoseconds in the largest unit that keeps it at least 1.
///
/// # Example
/// ```
/// use gamecheck::bench_report::format_time;
/// assert_eq!(format_time(231.4), "231 ns");
/// assert_eq!(format_time(2_850_000.0), "2.85 ms");
/// assert_eq!(format_time(4.97e9), "4.97 s");
/// ```
pub fn format_time(ns: f64) -> String {
    let (v, unit) = if ns >= 1e9 {
        (ns / 1e9, "s")
    } else if ns >= 1e6 {
        (ns / 1e6, "ms")
    } else if ns >= 1e3 {
        (ns / 1e3, "µs")
    } else {
        (ns, "ns")
    };
    format!("{} {unit}", significant(v))
}

/// Returns the least-squares slope of log(time) against log(size) over `points`, the
/// exponent e of "time grows as size^e"; `None` with fewer than two distinct sizes.
///
/// # Example
/// ```
/// use gamecheck::bench_report::growth_exponent;
/// let e = growth_exponent(&[(10.0, 5.0), (100.0, 500.0), (1000.0, 50_000.0)]).unwrap();
/// assert!((e - 2.0).abs() < 1e-9);
/// assert_eq!(growth_exponent(&[(10.0, 5.0)]), None);
/// ```
pub fn growth_exponent(points: &[(f64, f64)]) -> Option<f64> {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .filter(|&&(x, y)| x > 0.0 && y > 0.0)
        .map(|&(x, y)| (x.ln(), y.ln()))
        .collect();
    let n = logs.len() as f64;
    let mx = logs.iter().map(|p| p.0).sum::<f64>() / n;
    let my = logs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = logs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    (logs.len() >= 2 && sxx > 1e-12).then(|| sxy / sxx)
}

/// The results of one group, arranged by implementation and size.
struct Group<'a> {
    name: &'a str,
    /// What the sizes measure: the name of the group's first sized result (`K` of
    /// `K=10`). Results sized by another name are tabled under their parameter, and
    /// neither charted nor fitted on this axis.
    axis: Option<&'a str>,
    /// Whether `axis` was taken from a sized result.
    sized: bool,
    size_name: String,
    /// Implementations in role, then name, order.
    functions: Vec<&'a str>,
    /// Distinct parameters, in size order.
    rows: Vec<(Option<u64>, Option<&'a str>)>,
    results: Vec<&'a Measurement>,
}

impl<'a> Group<'a> {
    fn time(&self, function: &str, row: &(Option<u64>, Option<&str>)) -> Option<f64> {
        self.results
            .iter()
            .find(|m| m.function == function && (m.size, m.parameter.as_deref()) == *row)
            .map(|m| m.median_ns)
    }

    fn points(&self, function: &str) -> Vec<(f64, f64)> {
        self.results
            .iter()
            .filter(|m| m.function == function && m.size_name.as_deref() == self.axis)
            .filter_map(|m| Some((m.size? as f64, m.median_ns)))
            .collect()
    }

    /// The label of a row: its size, when it is sized on the group's axis; else its
    /// parameter as written.
    fn label(&self, row: &(Option<u64>, Option<&str>)) -> String {
        match *row {
            (Some(size), Some(p)) if parse_size(p).0.as_deref() == self.axis => size.to_string(),
            (_, Some(p)) => p.to_owned(),
            (Some(size), None) => size.to_string(),
            (None, None) => "—".to_owned(),
        }
    }

    fn fast(&self) -> Option<&'a str> {
        self.functions.iter().copied().find(|f| Role::of(f) == Role::Fast)
    }
}

fn groups(results: &[Measurement]) -> Vec<Group<'_>> {
    let mut sorted: Vec<&Measurement> = results.iter().collect();
    sorted.sort_by(|a, b| order(a, b));
    let mut out: Vec<Group> = Vec::new();
    for m in sorted {
        if out.last().is_none_or(|g| g.name != m.group) {
            out.push(Group {
                name: &m.group,
                axis: None,
                sized: false,
                size_name: String::new(),
                functions: Vec::new(),
                rows: Vec::new(),
                results: Vec::new(),
            });
        }
        let Some(g) = out.last_mut() else { continue };
        if !g.functions.contains(&m.function.as_str()) {
            g.functions.push(&m.function);
        }
        let row = (m.size, m.parameter.as_deref());
        if !g.rows.contains(&row) {
            g.rows.push(row);
        }
        if !g.sized && m.size.is_some() {
            g.sized = true;
            g.size_name = m.size_name.clone().unwrap_or_default();
            g.axis = m.size_name.as_deref();
        }
        g.results.push(m);
    }
    for g in &mut out {
        // Sized rows first, by size; the rest by parameter.
        g.rows
            .sort_by_key(|&(size, parameter)| (size.is_none(), size, parameter));
        if g.size_name.is_empty() {
            g.size_name = "size".to_owned();
        }
    }
    out
}

fn ratio(t: f64, fast: f64) -> String {
    let r = t / fast;
    if r >= 100.0 {
        let digits = format!("{r:.0}");
        let mut grouped = String::new();
        for (i, ch) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                grouped.push(',');
            }
            grouped.push(ch);
        }
        format!("{grouped}×")
    } else if r >= 10.0 {
        format!("{r:.1}×")
    } else {
        format!("{r:.2}×")
    }
}

/// Returns the Markdown report: one table per group (problem), one row per size, the
/// fast solution's time first, then each other implementation's time with its ratio to
/// the fast one, and under each table the growth exponent of every implementation.
///
/// # Complexity
/// O(results²) at worst, for a few dozen results.
///
/// # Example
/// ```
/// use gamecheck::bench_report::{markdown, Measurement};
/// let m = |function: &str, size: u64, ns: f64| Measurement {
///     group: "g".into(), function: function.into(), parameter: Some(format!("K={size}")),
///     size_name: Some("K".into()), size: Some(size), median_ns: ns,
/// };
/// let md = markdown(&[m("fast", 10, 100.0), m("dp", 10, 2500.0)]);
/// assert!(md.contains("| 10 | 100 ns | 2.50 µs (25.0×) |"));
/// ```
pub fn markdown(results: &[Measurement]) -> String {
    let mut out = String::from(
        "# Benchmarks\n\nCriterion's median time per iteration (`median.point_estimate` of each \
         `estimates.json`), tabled by `gamecheck bench-report`. Each table is one bench group: a \
         problem at growing input sizes. The fast solution comes first; every other implementation \
         (the plain baseline, then the oracles) shows its ratio to the fast solution at the same size. \
         The growth exponent e is the least-squares slope of log time against log size: time grows \
         about as size^e.\n",
    );
    for g in groups(results) {
        let _ = write!(out, "\n## `{}`\n\n| {} |", g.name, g.size_name);
        for f in &g.functions {
            let _ = write!(out, " `{f}` ({}) |", Role::of(f).name());
        }
        out.push_str("\n|---:|");
        out.push_str(&"---:|".repeat(g.functions.len()));
        out.push('\n');
        let fast = g.fast();
        for row in &g.rows {
            let _ = write!(out, "| {} |", g.label(row));
            let fast_time = fast.and_then(|f| g.time(f, row));
            for f in &g.functions {
                let cell = match (g.time(f, row), fast_time) {
                    (None, _) => "—".to_owned(),
                    (Some(t), Some(ft)) if Some(*f) != fast => {
                        format!("{} ({})", format_time(t), ratio(t, ft))
                    }
                    (Some(t), _) => format_time(t),
                };
                let _ = write!(out, " {cell} |");
            }
            out.push('\n');
        }
        let exponents: Vec<String> = g
            .functions
            .iter()
            .filter_map(|f| growth_exponent(&g.points(f)).map(|e| format!("`{f}` {e:.2}")))
            .collect();
        if !exponents.is_empty() {
            let _ = writeln!(
                out,
                "\nGrowth exponent in {}: {}.",
                g.size_name,
                exponents.join(", ")
            );
        }
    }
    out
}

/// The measured sizes, each once, ascending: the x ticks.
fn sizes(points: &[(f64, f64)]) -> Vec<f64> {
    let mut xs: Vec<f64> = points.iter().map(|p| p.0).collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    xs
}

/// Powers of ten in lo..=hi, with 2 and 5 times them when fewer than three fit: the y ticks.
fn round_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let decades = (lo.log10().floor() as i32)..=(hi.log10().ceil() as i32);
    let within = |mults: &[f64]| -> Vec<f64> {
        decades
            .clone()
            .flat_map(|e| mults.iter().map(move |m| m * 10f64.powi(e)))
            .filter(|v| (lo..=hi).contains(v))
            .collect()
    };
    let ones = within(&[1.0]);
    if ones.len() >= 3 {
        ones
    } else {
        within(&[1.0, 2.0, 5.0])
    }
}

/// A time in nanoseconds for an axis: like [`format_time`] without trailing zeros.
fn short_time(ns: f64) -> String {
    let full = format_time(ns);
    match full.split_once(' ') {
        Some((v, unit)) if v.contains('.') => {
            format!("{} {unit}", v.trim_end_matches('0').trim_end_matches('.'))
        }
        _ => full,
    }
}

fn role_color(role: Role, nth_oracle: usize) -> RGBColor {
    const ORACLES: [RGBColor; 4] = [
        RGBColor(44, 123, 182),
        RGBColor(26, 150, 65),
        RGBColor(123, 50, 148),
        RGBColor(90, 90, 90),
    ];
    match role {
        Role::Fast => RGBColor(215, 25, 28),
        Role::Baseline => RGBColor(241, 140, 40),
        Role::Oracle => ORACLES[nth_oracle % ORACLES.len()],
    }
}

fn draw_err<E: std::fmt::Display>(e: E) -> BenchReportError {
    BenchReportError::Draw(e.to_string())
}

fn font(px: f64) -> FontDesc<'static> {
    // plotters writes font-size as size / 1.24.
    ("sans-serif", px * 1.24).into_font()
}

/// Returns the SVG chart: one log-log panel per group with at least one implementation
/// measured at two or more sizes, one line per implementation (the fast solution red, the
/// baseline orange, oracles in cool colours), labelled with its growth exponent. The same
/// results always give the same bytes.
///
/// # Constraints
/// At least one group has an implementation at two sizes; otherwise
/// [`BenchReportError::NothingToChart`].
///
/// # Complexity
/// O(results).
///
/// # Example
/// ```
/// use gamecheck::bench_report::{chart_svg, Measurement};
/// let m = |function: &str, size: u64, ns: f64| Measurement {
///     group: "g".into(), function: function.into(), parameter: Some(format!("K={size}")),
///     size_name: Some("K".into()), size: Some(size), median_ns: ns,
/// };
/// let svg = chart_svg(&[m("fast", 10, 100.0), m("fast", 100, 150.0), m("dp", 10, 2e3), m("dp", 100, 2e5)])?;
/// assert!(svg.contains("dp (oracle): time grows about as K^2.00"));
/// # Ok::<(), gamecheck::bench_report::BenchReportError>(())
/// ```
pub fn chart_svg(results: &[Measurement]) -> Result<String, BenchReportError> {
    let groups: Vec<Group> = groups(results)
        .into_iter()
        .filter(|g| g.functions.iter().any(|f| g.points(f).len() >= 2))
        .collect();
    if groups.is_empty() {
        return Err(BenchReportError::NothingToChart {
            results: results.len(),
        });
    }
    let cols = if groups.len() == 1 { 1 } else { 2 };
    let rows = groups.len().div_ceil(cols);
    let (panel_w, panel_h, title_h) = (560u32, 430u32, 44u32);
    let mut svg = String::new();
    {
        let root =
            SVGBackend::with_string(&mut svg, (cols as u32 * panel_w, title_h + rows as u32 * panel_h))
                .into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let root = root
            .titled(
                "Time per iteration against input size (criterion medians, log-log)",
                font(18.0).style(FontStyle::Bold),
            )
            .map_err(draw_err)?;
        let areas = root.split_evenly((rows, cols));
        for (g, area) in groups.iter().zip(areas.iter()) {
            draw_group(g, area)?;
        }
        root.present().map_err(draw_err)?;
    }
    Ok(svg)
}

/// Returns the least and greatest x, then the least and greatest y, of `points`.
fn extent(points: &[(f64, f64)]) -> ((f64, f64), (f64, f64)) {
    points.iter().fold(
        ((f64::MAX, f64::MIN), (f64::MAX, f64::MIN)),
        |((x_lo, x_hi), (y_lo, y_hi)), p| ((x_lo.min(p.0), x_hi.max(p.0)), (y_lo.min(p.1), y_hi.max(p.1))),
    )
}

/// Returns the legend's line of function `f` of group `g`: its name, its role and, when
/// its `points` show one, how its time grows with the size.
fn legend_label(g: &Group, f: &str, role: Role, points: &[(f64, f64)]) -> String {
    match growth_exponent(points) {
        Some(e) => format!(
            "{f} ({}): time grows about as {}^{e:.2}",
            role.name(),
            g.size_name
        ),
        None => format!("{f} ({})", role.name()),
    }
}

/// Draws one group's chart (time against size, a line per function) and its legend in
/// `area`.
fn draw_group(
    g: &Group,
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
) -> Result<(), BenchReportError> {
    let all: Vec<(f64, f64)> = g.functions.iter().flat_map(|f| g.points(f)).collect();
    let ((x_lo, x_hi), (y_lo, y_hi)) = extent(&all);
    // The legend goes in a strip under the chart, where it cannot hide a line.
    let legend_rows = g.functions.iter().filter(|f| !g.points(f).is_empty()).count() as i32;
    let (chart_area, legend_area) =
        area.split_vertically(area.dim_in_pixel().1 as i32 - 8 - 17 * legend_rows);
    let mut chart = ChartBuilder::on(&chart_area)
        .caption(g.name, font(14.0))
        .margin(12)
        .margin_right(40)
        .x_label_area_size(42)
        .y_label_area_size(72)
        .build_cartesian_2d(
            (x_lo / 1.25..x_hi * 1.25)
                .log_scale()
                .with_key_points(sizes(&all)),
            (y_lo / 3.0..y_hi * 3.0)
                .log_scale()
                .with_key_points(round_ticks(y_lo / 3.0, y_hi * 3.0)),
        )
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .x_desc(g.size_name.as_str())
        .y_desc("time per iteration")
        .x_label_formatter(&|v| format!("{v}"))
        .y_label_formatter(&|v| short_time(*v))
        .label_style(font(11.0))
        .axis_desc_style(font(12.0))
        .bold_line_style(RGBColor(225, 225, 225))
        .draw()
        .map_err(draw_err)?;
    let mut oracles = 0;
    let mut row = 0;
    for f in &g.functions {
        let points = g.points(f);
        if points.is_empty() {
            continue;
        }
        let role = Role::of(f);
        let color = role_color(role, oracles);
        if role == Role::Oracle {
            oracles += 1;
        }
        let label = legend_label(g, f, role, &points);
        chart
            .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
            .map_err(draw_err)?;
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))
            .map_err(draw_err)?;
        let y = 8 + 17 * row;
        legend_area
            .draw(&PathElement::new(vec![(84, y), (108, y)], color.stroke_width(3)))
            .map_err(draw_err)?;
        legend_area
            .draw(&Text::new(
                label,
                (116, y),
                font(12.0).color(&BLACK).pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(draw_err)?;
        row += 1;
    }
    Ok(())
}
