//! The interactive judge's own limits: a format that is a mistake is refused before any
//! run, and the shrink of a program that never answers stops at its timeout budget
//! (issue 29).
#![cfg(target_os = "linux")]

use std::time::Duration;

use gamecheck::game::{Field, Format, Game};
use gamecheck::interactive::{self, Config, Interactive, Notation, Verdict};
use gamecheck::stress::Solution;

/// Take 1 or 2, its interactive ends written `won` and `lost`.
struct Take12 {
    won: &'static str,
    lost: &'static str,
}

impl Game for Take12 {
    type Position = u64;
    const NAME: &'static str = "take12";
    fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
    }
    fn interactive(&self) -> Option<Interactive<Take12>> {
        // At least two games a run: a failing run's shrink first tries its failing game
        // alone.
        let start = Format::cases(2..=10).line([Field::number("n", 0..=30)]);
        Some(
            Interactive::new(start)
                .notation(Notation::Position)
                .ends(self.won, self.lost),
        )
    }
}

#[test]
fn a_format_whose_won_and_lost_games_end_alike_is_refused() {
    // The program could not tell a won game from a lost one: no run is made.
    let game = Take12 { won: "0", lost: "0" };
    let err = interactive::stress(game, &Config::new(Solution::parse("cat").unwrap(), 1, 2)).unwrap_err();
    assert!(err.to_string().contains("both end with"), "{err}");
}

#[test]
fn the_shrink_of_a_silent_program_stops_at_its_timeout_budget() {
    // `sleep` never writes: idle at its first move, and again in every candidate the
    // shrink tries (its failing game alone first). With no timeout allowed, the shrink
    // stops after its first such run.
    let mut config = Config::new(Solution::parse("sleep 30").unwrap(), 1, 1);
    config.move_time = Some(Duration::from_millis(200));
    config.shrink.max_timeouts = 0;
    let game = Take12 { won: "0", lost: "-1" };
    let report = interactive::stress(game, &config).unwrap();
    assert_eq!(report.verdict, Verdict::Idleness);
    let failure = report.failure.expect("a failure");
    assert_eq!(failure.shrink_runs, 1, "{}", failure.standing);
    assert!(
        failure.standing.contains("timeout budget"),
        "{}",
        failure.standing
    );
}
