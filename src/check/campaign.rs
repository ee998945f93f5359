//! `gamecheck check`: every cross-check of every game under one seed.

use gamecheck_oracles::chopsticks_table::TableError;
use thiserror::Error;

use super::chopsticks::{CHOPSTICKS_PROPERTIES, ChopsticksOracles, check_chopsticks};
use super::moore::{MooreOracles, check_moore, moore_cases};
use super::report::Report;

/// Why a campaign could not run.
#[derive(Debug, Error)]
pub enum CampaignError {
    #[error("building the Chopsticks table: {0}")]
    Table(#[from] TableError),
}

/// The dense table limit a campaign checks the rule against.
pub const CAMPAIGN_TABLE_LIMIT: u64 = 128;

/// Returns the number of cases a campaign runs for `cases` per unit share, so a progress
/// bar can be sized.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(properties).
///
/// # Example
/// ```
/// assert!(gamecheck::check::campaign_cases(10) >= 10);
/// ```
pub fn campaign_cases(cases: u32) -> u64 {
    let chopsticks: u64 = CHOPSTICKS_PROPERTIES
        .iter()
        .map(|&(_, share)| u64::from(cases) * u64::from(share))
        .sum();
    chopsticks + moore_cases(cases)
}

/// Returns the report of a campaign: every property of every game, `cases` cases per unit
/// share, all drawn from `seed`. `tick` is called once per case.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(cases) per property, plus about 2.5 s to build the dense table.
///
/// # Example
/// ```no_run
/// let report = gamecheck::check::run_campaign(11, 100, &|| {})?;
/// assert!(report.all_agree());
/// # Ok::<(), gamecheck::check::CampaignError>(())
/// ```
pub fn run_campaign(seed: u64, cases: u32, tick: &(dyn Fn() + Sync)) -> Result<Report, CampaignError> {
    let oracles = ChopsticksOracles::new(CAMPAIGN_TABLE_LIMIT)?;
    let mut rows = check_chopsticks(&oracles, seed, cases, tick);
    rows.extend(check_moore(&MooreOracles::default(), seed, cases, tick));
    Ok(Report { seed, rows })
}
