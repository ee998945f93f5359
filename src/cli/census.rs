//! `gamecheck census FAMILY`: the value of every position of a shape, as JSON Lines and
//! a Markdown summary.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use super::output::write_file;
use crate::budget::Budget;
use crate::games::colouring::{Col, Snort};
use crate::games::cram::Cram;
use crate::games::domineering::{Domineering, Grid};
use crate::games::hackenbush::Hackenbush;
use crate::games::toads_and_frogs::ToadsAndFrogs;
use crate::partizan::family::Family;
use crate::partizan::{Census, census};
use crate::shown::note;
use crate::tokens::Tokens;

/// The shapes a census covers.
#[derive(clap::Args, Debug)]
pub(super) struct CensusArgs {
    /// The family: domineering or cram (every board got by filling cells of --rows ×
    /// --cols), toads-and-frogs (every row of --len squares over T, F, _), hackenbush
    /// (every string of --len edges over B, R, G), col or snort (every row of --len cells
    /// over ., L, R).
    pub family: String,
    /// Rows of the Domineering or Cram rectangle.
    #[arg(long, default_value_t = 0)]
    pub rows: u8,
    /// Columns of the Domineering or Cram rectangle (rows × cols at most 24).
    #[arg(long, default_value_t = 0)]
    pub cols: u8,
    /// Length of the rows or strings (at most 14).
    #[arg(long, default_value_t = 0)]
    pub len: u32,
    /// Write census.jsonl and census.md into this directory.
    #[arg(long, value_name = "DIR", default_value = "census")]
    pub out_dir: PathBuf,
    /// The CPU seconds (every thread) the census may take before it stops and says so.
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    pub time_budget: u64,
    /// The MiB its table may hold before it stops and says so.
    #[arg(long, value_name = "MIB", default_value_t = 4096)]
    pub memory_budget: u64,
    /// How many of the hottest positions the summary lists.
    #[arg(long, default_value_t = 20)]
    pub hottest: usize,
}

/// Returns the positions `texts` (contest input) of `game`.
fn read_all<G: Family>(game: &G, texts: impl Iterator<Item = String>) -> Result<Vec<G::Position>> {
    texts
        .map(|t| {
            game.read(&mut Tokens::new(t.as_bytes()))
                .with_context(|| format!("reading the position `{t}`"))
        })
        .collect()
}

/// Returns every word of `len` letters over `alphabet`.
fn words(alphabet: &[u8], len: u32) -> impl Iterator<Item = String> + '_ {
    let n = (alphabet.len() as u64).pow(len);
    (0..n).map(move |mut k| {
        let mut w = Vec::with_capacity(len as usize);
        for _ in 0..len {
            w.push(alphabet[(k % alphabet.len() as u64) as usize]);
            k /= alphabet.len() as u64;
        }
        String::from_utf8_lossy(&w).into_owned()
    })
}

/// Returns every board got by filling cells of the empty `rows × cols` board (at most
/// 24 cells, as `table` checks), in the order of the filled cells' bit set.
fn boards(rows: u8, cols: u8) -> Vec<Grid> {
    let cells = u32::from(rows) * u32::from(cols);
    (0..1u64 << cells)
        .map(|filled| Grid::with_filled(rows, cols, filled))
        .collect()
}

fn run<G: Family + Sync>(game: &G, texts: impl Iterator<Item = String>, args: &CensusArgs) -> Result<Census>
where
    G::Position: Sync,
{
    Ok(run_on(game, &read_all(game, texts)?, args))
}

fn run_on<G: Family + Sync>(game: &G, positions: &[G::Position], args: &CensusArgs) -> Census
where
    G::Position: Sync,
{
    let budget = Budget {
        time: Duration::from_secs(args.time_budget),
        memory: args.memory_budget << 20,
    };
    census(game, positions, budget)
}

/// Returns the census's title and table: every position of the shape `args` names.
fn table(args: &CensusArgs) -> Result<(String, Census)> {
    let (r, c) = (args.rows, if args.cols == 0 { args.rows } else { args.cols });
    Ok(match args.family.as_str() {
        "domineering" | "cram" if r == 0 || u32::from(r) * u32::from(c) > 24 => {
            bail!(
                "census {}: give --rows (and --cols), at most 24 cells in all",
                args.family
            )
        }
        "domineering" => {
            let title = format!("Domineering, every board inside {r} × {c}");
            (title, run_on(&Domineering::new(), &boards(r, c), args))
        }
        "cram" => {
            let title = format!("Cram, every board inside {r} × {c}");
            (title, run_on(&Cram::new(), &boards(r, c), args))
        }
        "toads-and-frogs" | "hackenbush" | "col" | "snort" if !(1..=14).contains(&args.len) => {
            bail!("census {}: give --len from 1 to 14", args.family)
        }
        "col" | "snort" => {
            let rows = words(b".LR", args.len).map(|w| format!("1 {}\n{w}", args.len));
            if args.family == "col" {
                (
                    format!("Col, every row of {} cells", args.len),
                    run(&Col, rows, args)?,
                )
            } else {
                (
                    format!("Snort, every row of {} cells", args.len),
                    run(&Snort, rows, args)?,
                )
            }
        }
        "toads-and-frogs" => {
            let title = format!("Toads and Frogs, every row of {} squares", args.len);
            (title, run(&ToadsAndFrogs, words(b"TF_", args.len), args)?)
        }
        "hackenbush" => {
            let title = format!("Hackenbush, every string of {} edges", args.len);
            (title, run(&Hackenbush, words(b"BRG", args.len), args)?)
        }
        other => bail!(
            "census: `{other}` is not a family with a census (domineering, cram, toads-and-frogs, hackenbush, col, snort)"
        ),
    })
}

/// Runs `census`.
pub(super) fn census_command(args: &CensusArgs) -> Result<ExitCode> {
    let (title, table) = table(args)?;
    std::fs::create_dir_all(&args.out_dir).with_context(|| format!("creating {}", args.out_dir.display()))?;
    write_file(&args.out_dir.join("census.jsonl"), &table.json_lines())?;
    write_file(
        &args.out_dir.join("census.md"),
        &table.markdown(&title, args.hottest),
    )?;
    note(&format!(
        "census: {} of {} positions valued{}",
        table.rows.len(),
        table.positions,
        table
            .stopped
            .as_ref()
            .map_or(String::new(), |why| format!("; stopped: {why}"))
    ));
    Ok(if table.stopped.is_some() {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}
