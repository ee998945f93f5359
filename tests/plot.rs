//! `gamecheck plot` and `gamecheck bench-report`: the committed pictures are exactly what
//! the commands write, crosses appear exactly where a solution and an oracle disagree, and
//! the claim picture rings the claims engine's least counterexample.

// Runs the `gamecheck` binary, built only with the default feature `cli`.
#![cfg(feature = "cli")]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use gamecheck::chopsticks::picture::{Claim, Slices, claim_picture, outcome_picture};
use gamecheck::chopsticks::{Case, State, case};
use gamecheck::moore::picture::{View, p_position_picture};
use gamecheck::plot::{Mark, Picture};
use gamecheck_oracles::chopsticks_table::Table;
use gamecheck_oracles::moore_game_search::GameSearch;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn gamecheck(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(args)
        .output()
        .expect("the gamecheck binary starts")
}

/// Runs `gamecheck ARGS --out TMP` and returns what it wrote.
fn plot(name: &str, args: &[&str]) -> String {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("plot-{name}.svg"));
    let out_arg = out.to_string_lossy().into_owned();
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--out", &out_arg]);
    let run = gamecheck(&all);
    assert!(
        run.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    std::fs::read_to_string(&out).expect("the SVG was written")
}

#[track_caller]
fn assert_same_file(committed: &str, produced: &str) {
    let expected = std::fs::read_to_string(repo(committed)).expect("the committed file exists");
    assert!(
        expected == produced,
        "{committed} differs from what the command writes now; regenerate it with the command in the README"
    );
}

#[test]
fn committed_chopsticks_outcomes_are_reproduced_exactly() {
    assert_same_file(
        "docs/img/chopsticks-outcomes.svg",
        &plot("outcomes", &["plot", "chopsticks"]),
    );
}

#[test]
fn committed_moore_pictures_are_reproduced_exactly() {
    assert_same_file(
        "docs/img/moore-p-positions.svg",
        &plot("moore", &["plot", "moore"]),
    );
    assert_same_file(
        "docs/img/moore-three-piles.svg",
        &plot(
            "moore3",
            &["plot", "moore", "--third", "12", "--k", "1,2", "--max", "15"],
        ),
    );
}

#[test]
fn committed_claim_picture_is_reproduced_exactly() {
    assert_same_file(
        "docs/img/claim-refuted.svg",
        &plot(
            "claim",
            &[
                "plot",
                "chopsticks",
                "--claim",
                "n > m || (n == m && !(d == 0 && a % 2 == 1))",
            ],
        ),
    );
}

#[test]
fn plotting_twice_gives_the_same_bytes() {
    let once = outcome_picture(&Slices::default(), &case).and_then(|p| p.to_svg());
    let twice = outcome_picture(&Slices::default(), &case).and_then(|p| p.to_svg());
    assert_eq!(once.ok(), twice.ok());
}

fn table_wins(table: &Table, s: State) -> bool {
    let v = |x: u128| u64::try_from(x).expect("small count");
    table
        .wins(v(s.a), v(s.c), v(s.b), v(s.d))
        .expect("inside the table")
}

/// The rule with `b odd` flipped to `b even` in the m = n + 1 case.
fn broken_rule(s: State) -> Case {
    match case(s) {
        Case::OneBehindCanEqualize => Case::OneBehind,
        Case::OneBehind if s.c == 0 && s.d >= 1 => Case::OneBehindCanEqualize,
        other => other,
    }
}

/// Counts the black, width-2 strokes of crosses: two per crossed cell, two in the legend.
fn cross_strokes(svg: &str) -> usize {
    svg.matches(r##"stroke="#000000" stroke-width="2""##).count()
}

fn crossed(picture: &Picture) -> BTreeSet<(usize, u64, u64)> {
    picture.marked(Mark::Cross).into_iter().collect()
}

#[test]
fn crosses_mark_exactly_where_a_broken_rule_differs_from_the_table() {
    let slices = Slices::new(&[0, 1, 2], &[0, 1, 2], 14).expect("valid slices");
    let picture = outcome_picture(&slices, &broken_rule).expect("plots");
    let table = Table::build(15).expect("table");
    let mut expected = BTreeSet::new();
    for (i, &(c, d)) in slices.pairs().iter().enumerate() {
        for n in 0..=14 {
            for m in 0..=14 {
                let Some(s) = Slices::position(n, m, c, d) else {
                    continue;
                };
                let says_first = broken_rule(s).outcome() == gamecheck::chopsticks::Outcome::Win;
                if says_first != table_wins(&table, s) {
                    expected.insert((i, n, m));
                }
            }
        }
    }
    assert!(
        !expected.is_empty(),
        "the broken rule must be wrong somewhere in these slices"
    );
    assert_eq!(crossed(&picture), expected);
    let svg = picture.to_svg().expect("renders");
    assert_eq!(cross_strokes(&svg), 2 * expected.len() + 2);
    assert!(
        svg.contains(&format!("{} of", expected.len())),
        "the note counts the disagreements"
    );
}

#[test]
fn the_fast_rule_has_no_crosses() {
    let slices = Slices::new(&[0, 1, 2, 3], &[0, 1, 2, 3], 20).expect("valid slices");
    let picture = outcome_picture(&slices, &case).expect("plots");
    assert!(crossed(&picture).is_empty());
    assert_eq!(cross_strokes(&picture.to_svg().expect("renders")), 2);
}

#[test]
fn crosses_mark_exactly_where_a_broken_p_test_differs_from_game_search() {
    // Ordinary Nim's test (xor = 0) for every k: right for k = 1 only.
    let nim = |piles: &[u64], _k: u32| piles.iter().fold(0, |x, p| x ^ p) == 0;
    let view = View::new(&[1, 2, 3], &[5], 11).expect("valid view");
    let picture = p_position_picture(&view, &nim).expect("plots");
    let mut expected = BTreeSet::new();
    for (i, k) in [1u32, 2, 3].into_iter().enumerate() {
        let mut search = GameSearch::new(k);
        for x in 0..=11 {
            for y in 0..=11 {
                if nim(&[x, y, 5], k) != search.is_p(&[x, y, 5]) {
                    expected.insert((i, x, y));
                }
            }
        }
    }
    assert!(!expected.is_empty());
    assert!(
        expected.iter().all(|&(panel, _, _)| panel > 0),
        "xor = 0 is Moore's test for k = 1"
    );
    assert_eq!(crossed(&picture), expected);
    let right = p_position_picture(&view, &gamecheck::moore::is_p_position).expect("plots");
    assert!(crossed(&right).is_empty());
}

#[test]
fn claim_picture_rings_the_engines_least_counterexample() {
    let text = "n > m || (n == m && !(d == 0 && a % 2 == 1))";
    let claim = Claim::from_expr(text, 1, 2000).expect("compiles");
    let report = gamecheck::chopsticks::check_chopsticks_expr(text, 1, 2000).expect("compiles");
    assert_eq!(report.counterexample.to_string(), "[1,0,1,1]");
    let slices = Slices::default();
    let picture = claim_picture(&slices, &claim).expect("plots");
    // (1, 0, 1, 1): c = 0, d = 1 (panel 1), n = 1, m = 2.
    assert_eq!(picture.marked(Mark::Ring), [(1, 1, 2)]);
    assert!(picture.marks[0].1.contains("from the claims engine"));
    // Shaded wrong exactly where the claim and the table differ.
    let table = Table::build(13).expect("table");
    for (i, panel) in picture.panels.iter().enumerate() {
        let (c, d) = slices.pairs()[i];
        for (n, m, cell) in panel.cells() {
            let wrong =
                Slices::position(n, m, c, d).is_some_and(|s| claim.says(s) != Ok(table_wins(&table, s)));
            assert_eq!(
                cell.kind >= 2 && cell.kind <= 4,
                wrong,
                "panel {i}, cell ({n}, {m})"
            );
        }
    }
}

#[test]
fn claim_picture_falls_back_to_the_least_wrong_position_in_the_slices() {
    // "n > m" is wrong at (0, 1, 0, 1) first, outside the slices c = 0, d = 1.
    let claim = Claim::new(
        "n > m",
        |s| Ok(s.hands() > s.opponent_hands()),
        Some((State::new(0, 1, 0, 1), "a test".to_owned())),
    );
    let slices = Slices::new(&[0], &[1], 10).expect("valid slices");
    let picture = claim_picture(&slices, &claim).expect("plots");
    // By hand: (1, 0, 0, 1) at n = m = 1 is won (the one-finger hand removes the only
    // opposing hand) but "n > m" says lost, and no wrong position of real play in the
    // slice has fewer than 2 hands or, with 2, smaller (a, c, b, d).
    assert_eq!(picture.marked(Mark::Ring), [(0, 1, 1)]);
    let table = Table::build(11).expect("table");
    let least = (0..=10u64)
        .flat_map(|n| (0..=10u64).map(move |m| (n, m)))
        .filter_map(|(n, m)| Slices::position(n, m, 0, 1))
        .filter(|s| s.hands() > 0 && s.opponent_hands() > 0)
        .filter(|&s| claim.says(s) != Ok(table_wins(&table, s)))
        .min_by_key(|&s| (s.hands() + s.opponent_hands(), s.a, s.c, s.b, s.d));
    assert_eq!(least, Some(State::new(1, 0, 0, 1)));
    assert!(
        picture.marks[0]
            .1
            .contains("least wrong position in these slices")
    );
    assert!(
        picture
            .notes
            .iter()
            .any(|n| n.contains("a test gives (0, 1, 0, 1)"))
    );
}

#[test]
fn invalid_requests_fail_with_a_message() {
    let out = gamecheck(&["plot", "chopsticks", "--claim", "n > > m", "--out", "/dev/null"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("syntax error"));
    let out = gamecheck(&["plot", "chopsticks", "--max", "64", "--out", "/dev/null"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("up to 63"));
    let out = gamecheck(&["plot", "moore", "--k", "0", "--out", "/dev/null"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bench_report_reproduces_the_committed_report_from_the_fixture() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let (md, svg) = (dir.join("bench.md"), dir.join("bench.svg"));
    let fixture = repo("tests/fixtures/criterion");
    let run = gamecheck(&[
        "bench-report",
        "--criterion-dir",
        &fixture.to_string_lossy(),
        "--markdown",
        &md.to_string_lossy(),
        "--svg",
        &svg.to_string_lossy(),
    ]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let md = std::fs::read_to_string(md).expect("markdown written");
    let svg = std::fs::read_to_string(svg).expect("svg written");
    assert_same_file("docs/bench.md", &md);
    assert_same_file("docs/img/bench.svg", &svg);
}

#[test]
fn bench_report_reads_what_criterion_wrote() {
    let results = gamecheck::bench_report::read_criterion(&repo("tests/fixtures/criterion")).expect("reads");
    let fast = results
        .iter()
        .find(|m| m.group == "chopsticks_outcome" && m.function == "fast_rule" && m.size == Some(7))
        .expect("chopsticks_outcome/fast_rule/M=7 is in the fixture");
    assert_eq!(fast.size_name.as_deref(), Some("M"));
    let estimates = std::fs::read_to_string(repo(
        "tests/fixtures/criterion/chopsticks_outcome/fast_rule/M=7/new/estimates.json",
    ))
    .expect("fixture file");
    let json: serde_json::Value = serde_json::from_str(&estimates).expect("json");
    assert_eq!(json["median"]["point_estimate"].as_f64(), Some(fast.median_ns));
}

#[test]
fn bench_report_without_results_says_so() {
    let empty = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-criterion");
    std::fs::create_dir_all(&empty).expect("temp dir");
    let out = gamecheck(&["bench-report", "--criterion-dir", &empty.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("run `cargo bench` first"));
}

// The committed pictures read back from their SVG, against evidence computed here: the
// tests above show that the commands still write these files; these show that what the
// files draw is true.

/// The value of attribute `name` in the inside of a tag.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// The inside of every `<NAME …/>` tag of `svg`, with the text that follows it.
fn tags<'a>(svg: &'a str, name: &str) -> Vec<(&'a str, &'a str)> {
    let open = format!("<{name} ");
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find(&open) {
        let tail = &rest[at + open.len() - 1..];
        let end = tail.find("/>").expect("a closed tag");
        out.push((&tail[..end], &tail[end..]));
        rest = &tail[end..];
    }
    out
}

/// A filled or stroked `<rect>`.
#[derive(Debug)]
struct Rect {
    x: i64,
    y: i64,
    width: i64,
    height: i64,
    fill: String,
    stroke: String,
}

fn rects(svg: &str) -> Vec<Rect> {
    tags(svg, "rect")
        .into_iter()
        .map(|(tag, _)| {
            let number = |n| {
                attr(tag, n)
                    .and_then(|v| v.parse().ok())
                    .expect("a numeric attribute")
            };
            let text = |n| attr(tag, n).expect("an attribute").to_owned();
            Rect {
                x: number("x"),
                y: number("y"),
                width: number("width"),
                height: number("height"),
                fill: text("fill"),
                stroke: text("stroke"),
            }
        })
        .collect()
}

/// The frame of each panel (its grey outline), in panel order.
fn frames(svg: &str) -> Vec<Rect> {
    rects(svg)
        .into_iter()
        .filter(|r| r.fill == "none" && r.stroke == "#5A5A5A")
        .collect()
}

/// The fill of every cell (column, row from the bottom) of each panel, read from the filled
/// rectangles inside its frame; a panel has `columns` cells across. Every cell must be drawn
/// exactly once.
fn svg_cells(svg: &str, columns: i64) -> Vec<BTreeMap<(u64, u64), String>> {
    let all = rects(svg);
    frames(svg)
        .iter()
        .map(|f| {
            let side = f.width / columns;
            assert_eq!(side * columns, f.width, "{f:?}");
            let rows = f.height / side;
            let inside = |r: &&Rect| {
                r.stroke == "none"
                    && r.x >= f.x
                    && r.y >= f.y
                    && r.x + r.width <= f.x + f.width
                    && r.y + r.height <= f.y + f.height
            };
            let mut cells = BTreeMap::new();
            for r in all.iter().filter(inside) {
                assert!(
                    r.height == side
                        && (r.x - f.x) % side == 0
                        && (r.y - f.y) % side == 0
                        && r.width % side == 0,
                    "{r:?} is not a run of cells"
                );
                let row = (rows - 1 - (r.y - f.y) / side) as u64;
                for column in (r.x - f.x) / side..(r.x - f.x + r.width) / side {
                    assert!(cells.insert((column as u64, row), r.fill.clone()).is_none());
                }
            }
            assert_eq!(cells.len() as i64, columns * rows, "every cell drawn once");
            cells
        })
        .collect()
}

/// The legend's kinds: each swatch's fill, the text beside it without its count, and the
/// count of cells it states.
fn legend(svg: &str) -> Vec<(String, String, usize)> {
    tags(svg, "rect")
        .into_iter()
        .filter(|(tag, _)| {
            attr(tag, "width") == Some("15")
                && attr(tag, "height") == Some("15")
                && attr(tag, "stroke") == Some("none")
        })
        .map(|(tag, after)| {
            let text = &after[after.find("<text").expect("a label")..];
            let label = text
                [text.find('>').expect("an open tag") + 1..text.find("</text>").expect("a close")]
                .trim()
                .replace("&apos;", "'");
            let (kind, count) = label.rsplit_once(" (").expect("a count");
            let count = count
                .trim_end_matches(')')
                .trim_end_matches(" cells")
                .trim_end_matches(" cell");
            (
                attr(tag, "fill").expect("a fill").to_owned(),
                kind.to_owned(),
                count.parse().expect("a number of cells"),
            )
        })
        .collect()
}

/// The fill of the legend kind whose text starts with `prefix`.
fn fill_of(legend: &[(String, String, usize)], prefix: &str) -> String {
    legend
        .iter()
        .find(|(_, text, _)| text.starts_with(prefix))
        .map(|(fill, _, _)| fill.clone())
        .unwrap_or_else(|| panic!("no legend entry {prefix:?}"))
}

/// Every legend count equals the cells of that fill.
fn assert_legend_counts(legend: &[(String, String, usize)], panels: &[BTreeMap<(u64, u64), String>]) {
    for (fill, text, count) in legend {
        let drawn = panels
            .iter()
            .flat_map(|p| p.values())
            .filter(|f| *f == fill)
            .count();
        assert_eq!(drawn, *count, "{text}");
    }
}

#[test]
fn committed_wythoff_picture_draws_the_p_positions_of_the_rules() {
    let svg = std::fs::read_to_string(repo("docs/img/wythoff-p-positions.svg")).expect("committed");
    // The outcomes by the rules, inline: (x, y) is lost when no move reaches a lost position.
    let n = 41;
    let mut lost = vec![vec![false; n]; n];
    for x in 0..n {
        for y in 0..n {
            let reaches = (0..x).any(|v| lost[v][y])
                || (0..y).any(|v| lost[x][v])
                || (1..=x.min(y)).any(|t| lost[x - t][y - t]);
            lost[x][y] = !reaches;
        }
    }
    let panels = svg_cells(&svg, n as i64);
    assert_eq!(panels.len(), 1);
    let kinds = legend(&svg);
    assert_legend_counts(&kinds, &panels);
    let p = fill_of(&kinds, "P-position");
    let (one, two, both) = (
        fill_of(&kinds, "N-position: win by taking from pile 1"),
        fill_of(&kinds, "N-position: win by taking from pile 2"),
        fill_of(&kinds, "N-position: win by taking the same from both"),
    );
    for (&(x, y), fill) in &panels[0] {
        let (x, y) = (x as usize, y as usize);
        assert_eq!(*fill == p, lost[x][y], "({x}, {y})");
        // Each N-cell's colour names a kind of move; one of that kind must reach a lost position.
        let shown = if *fill == one {
            (0..x).any(|v| lost[v][y])
        } else if *fill == two {
            (0..y).any(|v| lost[x][v])
        } else if *fill == both {
            (1..=x.min(y)).any(|t| lost[x - t][y - t])
        } else {
            *fill == p
        };
        assert!(shown, "({x}, {y}) drawn {fill}");
    }
    // No cell is crossed: the only cross is the legend's.
    assert_eq!(cross_strokes(&svg), 2);
}

/// The highest bit whose number of piles having it is not a multiple of k + 1.
fn unbalanced(piles: &[u64], k: u32) -> Option<u32> {
    (0..64)
        .rev()
        .find(|b| piles.iter().filter(|&&p| p >> b & 1 == 1).count() % (k as usize + 1) != 0)
}

/// The committed Moore picture `file` (panels for `ks`, piles (x, y, rest…) up to `max`)
/// against the game search: black exactly at its P-positions, and every other cell shaded
/// for the highest unbalanced bit.
fn assert_moore_picture(file: &str, ks: &[u32], rest: &[u64], max: u64) {
    let svg = std::fs::read_to_string(repo(file)).expect("committed");
    let panels = svg_cells(&svg, max as i64 + 1);
    assert_eq!(panels.len(), ks.len());
    let kinds = legend(&svg);
    assert_legend_counts(&kinds, &panels);
    let p = fill_of(&kinds, "P-position");
    for (cells, &k) in panels.iter().zip(ks) {
        let mut search = GameSearch::new(k);
        for (&(x, y), fill) in cells {
            let piles: Vec<u64> = [x, y].into_iter().chain(rest.iter().copied()).collect();
            assert_eq!(*fill == p, search.is_p(&piles), "k {k}, piles {piles:?}");
            if let Some(bit) = unbalanced(&piles, k) {
                let shade = fill_of(&kinds, &format!("N-position; highest unbalanced bit 2^{bit} ="));
                assert_eq!(*fill, shade, "k {k}, piles {piles:?}");
            }
        }
    }
    assert_eq!(cross_strokes(&svg), 2);
}

#[test]
fn committed_moore_pictures_draw_the_p_positions_of_the_game_search() {
    assert_moore_picture("docs/img/moore-p-positions.svg", &[1, 2, 3, 4], &[], 31);
    assert_moore_picture("docs/img/moore-three-piles.svg", &[1, 2], &[12], 15);
}

#[test]
fn committed_chopsticks_picture_draws_the_tables_outcomes() {
    let svg = std::fs::read_to_string(repo("docs/img/chopsticks-outcomes.svg")).expect("committed");
    let panels = svg_cells(&svg, 13);
    let kinds = legend(&svg);
    assert_legend_counts(&kinds, &panels);
    let table = Table::build(14).expect("table");
    let absent = fill_of(&kinds, "not a position");
    for (cells, (c, d)) in panels.iter().zip([(0, 0), (0, 1), (1, 0), (1, 1)]) {
        assert!(svg.contains(&format!("c = {c}, d = {d}")));
        for (&(n, m), fill) in cells {
            let Some((a, b)) = n.checked_sub(c).zip(m.checked_sub(d)) else {
                assert_eq!(*fill, absent, "({n}, {m}) of c {c}, d {d}");
                continue;
            };
            let (_, text, _) = kinds.iter().find(|(f, _, _)| f == fill).expect("a legend kind");
            let drawn_wins = text.ends_with("the player to move wins");
            assert!(drawn_wins || text.ends_with("the player to move loses"), "{text}");
            assert_eq!(table.wins(a, c, b, d), Some(drawn_wins), "({a}, {c}, {b}, {d})");
        }
    }
    assert_eq!(cross_strokes(&svg), 2);
}

#[test]
fn committed_claim_picture_rings_a_position_where_the_claim_is_wrong() {
    let svg = std::fs::read_to_string(repo("docs/img/claim-refuted.svg")).expect("committed");
    let frames = frames(&svg);
    let side = frames[0].width / 13;
    // The ring's black circle; its centre falls in one cell of one panel.
    let rings: Vec<(usize, u64, u64)> = tags(&svg, "circle")
        .into_iter()
        .filter(|(tag, _)| attr(tag, "stroke") == Some("#000000"))
        .filter_map(|(tag, _)| {
            let number = |n| {
                attr(tag, n)
                    .and_then(|v| v.parse::<i64>().ok())
                    .expect("a centre")
            };
            let (cx, cy) = (number("cx"), number("cy"));
            frames.iter().enumerate().find_map(|(i, f)| {
                let inside = cx > f.x && cx < f.x + f.width && cy > f.y && cy < f.y + f.height;
                inside.then(|| {
                    (
                        i,
                        ((cx - f.x) / side) as u64,
                        ((f.y + f.height - cy) / side) as u64,
                    )
                })
            })
        })
        .collect();
    assert_eq!(rings.len(), 1, "{rings:?}");
    let (panel, n, m) = rings[0];
    let (c, d) = [(0, 0), (0, 1), (1, 0), (1, 1)][panel];
    let (a, b) = (n - c, m - d);
    // "n > m || (n == m && !(d == 0 && a % 2 == 1))", evaluated here, against the table.
    let says = n > m || (n == m && !(d == 0 && a % 2 == 1));
    let table = Table::build(14).expect("table");
    assert_eq!(
        table.wins(a, c, b, d),
        Some(!says),
        "the ring is at ({a}, {c}, {b}, {d})"
    );
}
/// A fresh criterion directory with one result per (directory, function id, value,
/// median).
fn criterion_dir(name: &str, results: &[(&str, &str, Option<&str>, f64)]) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&root);
    for (dir, function, value, median) in results {
        let new = root.join(dir).join("new");
        std::fs::create_dir_all(&new).expect("temp dir");
        let bench = serde_json::json!({ "group_id": "g", "function_id": function, "value_str": value });
        std::fs::write(new.join("benchmark.json"), bench.to_string()).expect("written");
        let estimates = serde_json::json!({ "median": { "point_estimate": median } });
        std::fs::write(new.join("estimates.json"), estimates.to_string()).expect("written");
    }
    root
}

#[test]
fn bench_report_refuses_medians_that_are_not_positive_times() {
    use gamecheck::bench_report::{BenchReportError, read_criterion};
    for median in [0.0, -5.0] {
        let dir = criterion_dir(
            "bench-median",
            &[("a", "fast", Some("K=1"), 10.0), ("b", "dp", Some("K=1"), median)],
        );
        let r = read_criterion(&dir);
        assert!(
            matches!(r, Err(BenchReportError::Median { .. })),
            "{median}: {r:?}"
        );
    }
    let dir = criterion_dir(
        "bench-median-cli",
        &[("a", "fast", Some("K=1"), 0.0), ("b", "dp", Some("K=1"), 0.0)],
    );
    let out = gamecheck(&["bench-report", "--criterion-dir", &dir.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("NaN"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a positive time"));
}

#[test]
fn bench_report_refuses_a_duplicate_id_naming_both_files() {
    let dir = criterion_dir(
        "bench-duplicate",
        &[
            ("a", "dp", Some("K=10"), 1000.0),
            ("b", "dp", Some("K=10"), 999.0),
        ],
    );
    let out = gamecheck(&["bench-report", "--criterion-dir", &dir.to_string_lossy()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("two results have the bench id `g/dp/K=10`"), "{err}");
    assert!(
        err.contains("/a/new/benchmark.json") && err.contains("/b/new/benchmark.json"),
        "{err}"
    );
}

#[test]
fn bench_report_reads_a_directory_behind_a_link_loop_once() {
    let dir = criterion_dir(
        "bench-loop",
        &[
            ("a", "fast", Some("K=10"), 100.0),
            ("b", "fast", Some("K=100"), 200.0),
        ],
    );
    std::os::unix::fs::symlink("..", dir.join("a").join("loop")).expect("a link to the parent");
    let results = gamecheck::bench_report::read_criterion(&dir).expect("read once");
    assert_eq!(results.len(), 2);
}

#[test]
fn bench_report_keeps_sizes_of_other_names_and_sizes_in_function_ids_apart() {
    let dir = criterion_dir(
        "bench-sizes",
        &[
            ("a", "fast", Some("K=10"), 100.0),
            ("b", "fast", Some("N=10"), 50.0),
            ("c", "dp", Some("K=10"), 1000.0),
        ],
    );
    let results = gamecheck::bench_report::read_criterion(&dir).expect("reads");
    let md = gamecheck::bench_report::markdown(&results);
    // K = 10 and N = 10 are two rows, each labelled for what it is.
    assert!(md.contains("| 10 | 100 ns | 1.00 µs (10.0×) |"), "{md}");
    assert!(md.contains("| N=10 | 50.0 ns | — |"), "{md}");
    // `bench_function("fast/7")`: the size is the function id's last part.
    let dir = criterion_dir(
        "bench-in-function",
        &[
            ("a", "fast/10", None, 100.0),
            ("b", "fast/100", None, 400.0),
            ("c", "dp/10", None, 500.0),
        ],
    );
    let results = gamecheck::bench_report::read_criterion(&dir).expect("reads");
    let md = gamecheck::bench_report::markdown(&results);
    assert!(md.contains("| 10 | 100 ns | 500 ns (5.00×) |"), "{md}");
    assert!(md.contains("| 100 | 400 ns | — |"), "{md}");
    let svg = gamecheck::bench_report::chart_svg(&results).expect("two sizes of fast");
    assert!(
        svg.contains("fast (fast): time grows about as size^0.60"),
        "{svg}"
    );
}

#[test]
fn bench_report_svg_without_sizes_says_what_is_missing() {
    let dir = criterion_dir(
        "bench-unsized",
        &[
            ("a", "fast", Some("N=small"), 5.0),
            ("b", "fast", Some("N=large"), 6.0),
        ],
    );
    let svg = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-unsized.svg");
    let out = gamecheck(&[
        "bench-report",
        "--criterion-dir",
        &dir.to_string_lossy(),
        "--svg",
        &svg.to_string_lossy(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("nothing to chart in 2 results: no bench group has an implementation measured at two numeric sizes"), "{err}");
    assert!(!err.contains("run `cargo bench` first"), "{err}");
}

#[test]
fn committed_octal_picture_is_reproduced_exactly() {
    assert_same_file(
        "docs/img/octal-0.007.svg",
        &plot(
            "octal",
            &[
                "plot",
                "octal",
                "--code",
                "0.007",
                "--max",
                "20000",
                "--max-heap",
                "20001",
            ],
        ),
    );
}

#[test]
fn a_one_count_pictures_limit_is_in_the_help_and_refused_beyond() {
    // Issue 31, item 24: --max 256 was cut to 255 without a word.
    let help = gamecheck(&["plot", "subtraction", "--help"]);
    assert!(String::from_utf8_lossy(&help.stdout).contains("at most 255"));
    let out = gamecheck(&["plot", "subtraction", "--max", "256", "--out", "/dev/null"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("0..=255"));
}

/// Returns the exact corners `(t, x)` of the wall `id` in a partizan plot.
fn wall(svg: &str, id: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("the SVG parses: {e}"));
    let node = doc
        .descendants()
        .find(|n| n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("no {id}"));
    node.attribute("data-points")
        .unwrap_or_default()
        .split(' ')
        .map(|p| {
            let (t, x) = p.split_once(',').unwrap_or_else(|| panic!("{p}"));
            (t.to_owned(), x.to_owned())
        })
        .collect()
}

fn marked(svg: &str, id: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}"));
    let node = doc.descendants().find(|n| n.attribute("id") == Some(id));
    node.and_then(|n| n.attribute("data-value"))
        .unwrap_or_else(|| panic!("no {id}"))
        .to_owned()
}

#[test]
fn partizan_plots_draw_the_position_and_its_thermograph() {
    // The 2 × 2 Domineering board is ±1 (Winning Ways, ch. 5): its walls are 1 - t and
    // -1 + t up to temperature 1, where they meet at the mean 0; drawn up to t = 2.
    let svg = plot("domineering-2x2", &["plot", "domineering", "--rows", "2"]);
    let s = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    assert_eq!(wall(&svg, "left-wall"), [s("0", "1"), s("1", "0"), s("2", "0")]);
    assert_eq!(wall(&svg, "right-wall"), [s("0", "-1"), s("1", "0"), s("2", "0")]);
    assert_eq!(
        (marked(&svg, "mean"), marked(&svg, "temperature")),
        ("0".into(), "1".into())
    );
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}"));
    let cells = doc
        .descendants()
        .filter(|n| n.attribute("data-cell").is_some())
        .count();
    assert_eq!(cells, 4);
    // The 3 × 3 board: the picture the issue asks for, nine cells, walls meeting at the
    // marked mean and temperature, the Left wall never right of the Right wall.
    let svg = plot(
        "domineering-3x3",
        &["plot", "domineering", "--rows", "3", "--cols", "3"],
    );
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("data-cell").is_some())
            .count(),
        9
    );
    let (left, right) = (wall(&svg, "left-wall"), wall(&svg, "right-wall"));
    assert_eq!(left.last().map(|p| &p.1), Some(&marked(&svg, "mean")));
    assert_eq!(right.last().map(|p| &p.1), Some(&marked(&svg, "mean")));
    // Hackenbush, Toads and Frogs and Cut-cake draw a position given as contest input:
    // the Toads and Frogs row T_F is {0|0} = * (Winning Ways, ch. 1: a move each, to 0),
    // whose walls are the vertical line at 0 with temperature 0.
    let svg = plot("toads", &["plot", "toads-and-frogs", "--position", "T_F"]);
    assert_eq!(marked(&svg, "temperature"), "0");
    assert!(wall(&svg, "left-wall").iter().all(|p| p.1 == "0"));
    for (family, position) in [("hackenbush", "BRB"), ("cutcake", "2 3")] {
        let svg = plot(family, &["plot", family, "--position", position]);
        assert!(roxmltree::Document::parse(&svg).is_ok(), "{family}");
    }
}

#[test]
fn col_snort_cram_and_konane_plots_draw_their_boards_and_values() {
    // Values by the rules, worked here: a lone vertex is {0|0} = * in Col and in Snort.
    // `L.`: in Col Left may not colour beside her own colour and Right may, so it is
    // {|0} = -1; in Snort Right may not colour beside Left's, so it is {0|} = 1. A Cram
    // domino on 1 × 2 is {0|0} = *, and the 2 × 2 board is 0 (Gardner's mirror strategy).
    // Konane `xo..`: only x can jump (over o, to the third cell), to `..x.` where nobody
    // can, so {0|} = 1; `.xo.`: each jumps the other, to a lone stone, so {0|0} = *.
    // A number x has both walls the vertical line at x; * has them at 0, temperature 0.
    let cases = [
        ("col", "1 1\n.", "0", 1),
        ("col", "1 2\nL.", "-1", 2),
        ("snort", "1 2\nL.", "1", 2),
        ("snort", "1 1\n.", "0", 1),
        ("cram", "1 2\n..", "0", 2),
        ("cram", "2 2\n..\n..", "0", 4),
        ("konane", "1 4\nxo..", "1", 4),
        ("konane", "1 4\n.xo.", "0", 4),
    ];
    for (k, (family, position, x, cells)) in cases.into_iter().enumerate() {
        let svg = plot(
            &format!("{family}-{k}"),
            &["plot", family, "--position", position],
        );
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{family}: {e}"));
        let drawn = doc
            .descendants()
            .filter(|n| n.attribute("data-cell").is_some())
            .count();
        assert_eq!(drawn, cells, "{family} {position}: cells");
        assert_eq!(marked(&svg, "mean"), x, "{family} {position}: mean");
        for id in ["left-wall", "right-wall"] {
            assert!(
                wall(&svg, id).iter().all(|p| p.1 == x),
                "{family} {position}: {id} {:?}",
                wall(&svg, id)
            );
        }
    }
}

#[test]
fn a_switch_thermograph_has_the_walls_of_its_definition() {
    // The walls of a switch {a|b} (numbers a > b) are a - t and b + t up to t = (a - b)/2,
    // where both stand at the mean (a + b)/2 (Winning Ways, ch. 6). The 2 × 3
    // Domineering board is such a switch: its value is read from `solve`, the walls are
    // computed here from a and b, and compared with the drawn ones.
    use gamecheck::partizan::Dyadic;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gamecheck"));
    let solved = cmd
        .args(["solve", "domineering", "--value"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .map(|mut i| i.write_all(b"1\n2 3\n...\n...\n"))
                .transpose()?;
            child.wait_with_output()
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let value = String::from_utf8_lossy(&solved.stdout).trim().to_owned();
    let (a, b) = value
        .strip_prefix('{')
        .and_then(|v| v.strip_suffix('}'))
        .and_then(|v| v.split_once('|'))
        .unwrap_or_else(|| panic!("not a switch: {value}"));
    let (a, b): (Dyadic, Dyadic) = (
        a.parse().unwrap_or_else(|e| panic!("{e}")),
        b.parse().unwrap_or_else(|e| panic!("{e}")),
    );
    let temperature = (a - b).half();
    let mean = (a + b).half();
    let top = temperature + Dyadic::int(1);
    let zero = Dyadic::ZERO;
    let pair = |t: Dyadic, x: Dyadic| (t.to_string(), x.to_string());
    let svg = plot(
        "domineering-2x3",
        &["plot", "domineering", "--rows", "2", "--cols", "3"],
    );
    assert_eq!(
        wall(&svg, "left-wall"),
        [pair(zero, a), pair(temperature, mean), pair(top, mean)]
    );
    assert_eq!(
        wall(&svg, "right-wall"),
        [pair(zero, b), pair(temperature, mean), pair(top, mean)]
    );
    assert_eq!(marked(&svg, "mean"), mean.to_string());
    assert_eq!(marked(&svg, "temperature"), temperature.to_string());
}
