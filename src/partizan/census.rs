//! A census: the value of every position of a shape (every Domineering board got by
//! filling cells of an R × C rectangle, every Toads and Frogs row of a length), found in
//! parallel and tabled — the distinct values and temperatures, the hottest positions.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;

use super::family::Family;
use super::{Dyadic, MAX_PRINTED, Value, Values};
use crate::budget::Budget;

/// How many positions one parallel task values before the budget is looked at again.
const CHUNK: usize = 2048;

/// Roughly what one row of the table holds, in bytes, for the memory budget.
const ROW_BYTES: u64 = 160;

/// A position of the census with its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusRow {
    /// The position on one line ([`Family::show`]).
    pub position: String,
    pub value: Value,
    pub temperature: Dyadic,
}

/// The census of a shape: every position valued, in the order given, unless a budget
/// stopped it (then the rows valued before).
#[derive(Debug)]
pub struct Census {
    pub rows: Vec<CensusRow>,
    /// How many positions the shape has.
    pub positions: usize,
    /// The budget that stopped the census, if one did, in words.
    pub stopped: Option<String>,
}

/// Returns the census of `positions` of `game`, valued in parallel within `budget` (CPU
/// time of every thread, memory of the table).
///
/// # Complexity
/// One canonical form per position, each memoized within the task that values it.
pub fn census<G>(game: &G, positions: &[G::Position], budget: Budget) -> Census
where
    G: Family + Sync,
    G::Position: Sync,
{
    let meter = budget.start();
    let stop = AtomicBool::new(false);
    let why: Mutex<Option<String>> = Mutex::new(None);
    let valued: Vec<Vec<(usize, Value)>> = positions
        .par_chunks(CHUNK)
        .enumerate()
        .map_init(
            || Values::new(game.clone()).with_limits(budget).in_one_run(),
            |values, (k, chunk)| {
                let rows_so_far = (k * CHUNK) as u64 * ROW_BYTES;
                if let Err(e) = meter.check(rows_so_far) {
                    stop.store(true, Ordering::Relaxed);
                    why.lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .get_or_insert(e.to_string());
                }
                if stop.load(Ordering::Relaxed) {
                    return Vec::new();
                }
                let mut out = Vec::with_capacity(chunk.len());
                for (i, p) in chunk.iter().enumerate() {
                    match game.value(p, values) {
                        Ok(v) => out.push((k * CHUNK + i, v)),
                        Err(e) => {
                            stop.store(true, Ordering::Relaxed);
                            why.lock()
                                .unwrap_or_else(PoisonError::into_inner)
                                .get_or_insert(e.to_string());
                            break;
                        }
                    }
                }
                out
            },
        )
        .collect();
    let mut temperatures: HashMap<Value, Dyadic> = HashMap::new();
    let rows = valued
        .into_iter()
        .flatten()
        .map(|(i, value)| {
            let temperature = *temperatures.entry(value).or_insert_with(|| value.temperature());
            CensusRow {
                position: game.show(&positions[i]),
                value,
                temperature,
            }
        })
        .collect();
    Census {
        rows,
        positions: positions.len(),
        stopped: why.into_inner().unwrap_or_else(PoisonError::into_inner),
    }
}

fn printed(v: Value) -> String {
    v.to_string_capped(MAX_PRINTED)
        .unwrap_or_else(|e| format!("({e})"))
}

/// Returns `text` fit for a Markdown table's cell: its bars escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

impl Census {
    /// Returns the table as JSON Lines: `{"position", "value", "temperature"}` a line.
    pub fn json_lines(&self) -> String {
        // Each distinct value is printed once: printing chooses among notations, and a
        // census has a million rows and a few thousand values.
        let mut texts: HashMap<Value, String> = HashMap::new();
        let mut out = String::with_capacity(self.rows.len() * 64);
        for r in &self.rows {
            let rest = texts.entry(r.value).or_insert_with(|| {
                format!(
                    ",\"value\":{},\"temperature\":{}}}\n",
                    serde_json::Value::from(printed(r.value)),
                    serde_json::Value::from(r.temperature.to_string())
                )
            });
            out.push_str("{\"position\":");
            out.push_str(&serde_json::Value::from(r.position.as_str()).to_string());
            out.push_str(rest);
        }
        out
    }

    /// Returns the Markdown summary: how far it got, the distinct values with their
    /// counts, the distinct temperatures, and the `hottest` hottest positions.
    pub fn markdown(&self, title: &str, hottest: usize) -> String {
        let mut s = format!("# Census: {title}\n\n");
        s.push_str(&format!(
            "{} of {} positions valued",
            self.rows.len(),
            self.positions
        ));
        match &self.stopped {
            Some(e) => s.push_str(&format!(", stopped: {e}.\n\n")),
            None => s.push_str(".\n\n"),
        }
        let mut values: HashMap<Value, usize> = HashMap::new();
        let mut temps: HashMap<Dyadic, usize> = HashMap::new();
        for r in &self.rows {
            *values.entry(r.value).or_default() += 1;
            *temps.entry(r.temperature).or_default() += 1;
        }
        let mut values: Vec<(String, usize)> = values.into_iter().map(|(v, n)| (printed(v), n)).collect();
        values.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        s.push_str(&format!(
            "## {} distinct values\n\n| value | positions |\n|---|---|\n",
            values.len()
        ));
        for (v, n) in &values {
            s.push_str(&format!("| `{}` | {n} |\n", cell(v)));
        }
        let mut temps: Vec<(Dyadic, usize)> = temps.into_iter().collect();
        temps.sort();
        s.push_str(&format!(
            "\n## {} distinct temperatures\n\n| temperature | positions |\n|---|---|\n",
            temps.len()
        ));
        for (t, n) in &temps {
            s.push_str(&format!("| {t} | {n} |\n"));
        }
        // Only the rows at least as hot as the `hottest`-th are sorted, not a million.
        let mut at_least = 0;
        let floor = temps
            .iter()
            .rev()
            .find(|(_, n)| {
                at_least += n;
                at_least >= hottest
            })
            .or(temps.first())
            .map(|&(t, _)| t);
        let mut hot: Vec<&CensusRow> = self
            .rows
            .iter()
            .filter(|r| floor.is_none_or(|t| r.temperature >= t))
            .collect();
        hot.sort_by(|a, b| {
            b.temperature
                .cmp(&a.temperature)
                .then_with(|| a.position.cmp(&b.position))
        });
        s.push_str("\n## The hottest positions\n\n| position | value | temperature |\n|---|---|---|\n");
        for r in hot.into_iter().take(hottest) {
            s.push_str(&format!(
                "| `{}` | `{}` | {} |\n",
                cell(&r.position),
                cell(&printed(r.value)),
                r.temperature
            ));
        }
        s
    }
}
