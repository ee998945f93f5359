//! The verification harness: seeded property runs, least counterexamples, reports and
//! side-by-side replays, written once over the problem core.

mod campaign;
mod property;
mod replay;
mod report;
mod repro;

pub(crate) use crate::runner::run_cases;
pub use crate::runner::{seeded_runner, stream};
pub use campaign::{Campaign, run_campaign};
pub(crate) use property::unreadable_regression_lines;
pub use property::{
    Counterexample, PropertyError, PropertyRun, RunConfig, Stale, Stopped, Unjudged, assert_holds,
    check_problem, run_property,
};
pub use replay::{Replayed, replay_kept};
pub(crate) use report::millis;
pub use report::{Agreement, Answer, CampaignReport, Failure, Row, StaleEntry};
pub use repro::{Repro, repro};
