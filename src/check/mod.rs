//! The verification harness: seeded property runs, least counterexamples and reports.

mod campaign;
mod chopsticks;
mod least;
mod moore;
mod property;
mod report;
mod repro;
mod runner;

pub use campaign::{CAMPAIGN_TABLE_LIMIT, CampaignError, campaign_cases, run_campaign};
pub use chopsticks::{
    CHOPSTICKS_PROPERTIES, ChopsticksOracles, REGRESSIONS as CHOPSTICKS_REGRESSIONS, check_chopsticks,
    chopsticks_answers, chopsticks_json, chopsticks_repro,
};
pub use least::{
    Least, chopsticks_key, least_chopsticks, least_counting, len_candidates, real_play_with_total,
};
pub use moore::{
    MOORE_PROPERTIES, MOORE_REGRESSIONS, MooreOracles, check_moore, counting_answers, counting_answers_mod,
    counting_repro, counting_repro_mod, moore_cases, position_answers, position_repro,
};
pub(crate) use report::millis;
pub use report::{Answer, Failure, Report, Row, Verdict};
pub use repro::{repro_chopsticks, repro_games, repro_games_mod, repro_moore};
pub use runner::{seeded_runner, stream};
