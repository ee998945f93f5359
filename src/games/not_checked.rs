//! The report of a catalog claim whose game could not be built, shared by the games'
//! catalogs.

use crate::claims::{ClaimReport, Entry, Evidence};

/// Returns the report of `entry` left unchecked because its game could not be built, for
/// the reason `why`: no verdict, no cases.
pub(crate) fn not_checked(entry: &Entry, why: &str) -> ClaimReport {
    let evidence = Evidence {
        cases: 0,
        exhaustive: "none".into(),
        random: "none".into(),
        reference: format!("not checked: {why}"),
    };
    ClaimReport::new(
        entry.id,
        entry.game,
        entry.text,
        None,
        evidence,
        vec![],
        Default::default(),
    )
}
