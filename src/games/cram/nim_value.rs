//! Cram's fast path: the nim value of a board by the mex rule, region by region, with
//! no canonical form built (an impartial game's value is the nimber of its Grundy value).

use std::collections::HashMap;

use crate::budget::{Budget, Exhausted, Meter};
use crate::games::domineering::Grid;
use crate::partizan::Stopped;

/// How many regions' nim values are remembered before the search stops, naming it.
pub const NIM_BUDGET: usize = 4_000_000;

/// How many regions are valued between two readings of the meter.
const METER_EVERY: usize = 256;

/// The bytes a remembered region is counted at against the memory budget.
const ENTRY_BYTES: u64 = 48;

/// Remembered nim values of regions, within a budget.
pub struct NimValues {
    memo: HashMap<Grid, u32>,
    meter: Meter,
    limits: Budget,
}

impl NimValues {
    /// Returns an empty memo whose search stops when it spends more than `limits`.
    pub fn new(limits: Budget) -> NimValues {
        NimValues {
            memo: HashMap::new(),
            meter: limits.start(),
            limits,
        }
    }

    /// Returns the nim value of `g`: the XOR of its regions' (Sprague–Grundy), each the
    /// least value no placement of a domino, either way, reaches.
    ///
    /// # Errors
    /// More regions than [`NIM_BUDGET`], or more time or memory than the limits.
    ///
    /// # Complexity
    /// Every region reachable from `g` once, each with its placements.
    pub fn of(&mut self, g: &Grid) -> Result<u32, Stopped> {
        g.regions()
            .iter()
            .try_fold(0, |x, region| Ok(x ^ self.region(region)?))
    }

    fn region(&mut self, g: &Grid) -> Result<u32, Stopped> {
        if let Some(&n) = self.memo.get(g) {
            return Ok(n);
        }
        self.within_budget()?;
        let mut moves = Vec::new();
        g.place(true, &mut moves);
        g.place(false, &mut moves);
        let mut reached = Vec::with_capacity(moves.len());
        for next in &moves {
            reached.push(self.of(next)?);
        }
        reached.sort_unstable();
        reached.dedup();
        let mex = reached
            .iter()
            .enumerate()
            .find(|&(i, &n)| n != i as u32)
            .map_or(reached.len(), |(i, _)| i) as u32;
        self.memo.insert(*g, mex);
        Ok(mex)
    }

    fn within_budget(&self) -> Result<(), Stopped> {
        let stopped = |budget, why| Stopped {
            budget,
            search: "the nim-value search",
            why,
        };
        if self.memo.len() >= NIM_BUDGET {
            return Err(stopped(
                crate::problem::Budget::Positions {
                    limit: NIM_BUDGET as u64,
                },
                format!("more than {NIM_BUDGET} regions, its memory budget"),
            ));
        }
        if !self.memo.len().is_multiple_of(METER_EVERY) {
            return Ok(());
        }
        match self.meter.check(self.memo.len() as u64 * ENTRY_BYTES) {
            Ok(()) => Ok(()),
            Err(e) => {
                let budget = match e {
                    Exhausted::Time { limit } => crate::problem::Budget::Time {
                        seconds: limit.as_secs(),
                    },
                    _ => crate::problem::Budget::Memory {
                        mib: self.limits.memory >> 20,
                    },
                };
                Err(stopped(budget, e.to_string()))
            }
        }
    }
}
