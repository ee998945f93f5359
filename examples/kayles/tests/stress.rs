//! Contest solutions of Kayles with the Grundy value asked, stressed from `cargo test`
//! through `gamecheck::game::stress`. Kayles is its moves alone: the expected answers are
//! the rules', and the inputs are kept within their reach, as the run says.

use std::path::PathBuf;

use gamecheck::game::stress::StressError;
use gamecheck::game::{Answer, Play, Question, stress};
use gamecheck::stress::{Beyond, Generator, Standing, Verdict};
use kayles::Kayles;

/// Returns a stress run of `solutions/<name>` asking for the Grundy value, building in
/// and writing to this test's own directories.
fn run(name: &str) -> Result<gamecheck::game::stress::Passed, StressError<Vec<u64>>> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("solutions")
        .join(name);
    stress(Kayles, &source.to_string_lossy())
        .question(Question {
            play: Play::Normal,
            grundy: true,
        })
        .cases(60)
        .build_dir(dir.join("kayles-builds"))
        .out_dir(dir.join(format!("kayles-stress-{name}")))
        .run()
}

#[test]
fn the_table_solution_passes_within_the_rules_reach() {
    let passed = run("table.c").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(passed.inputs, 60);
    let reach = passed.reach.expect("the reach is stated");
    assert_eq!(reach.beyond, Beyond::Nothing);
    // Kayles has no fast path of its own: the rules judge far less than 2^64 - 1 pins.
    assert!(
        reach.rules.is_some_and(|r| (84..u64::MAX).contains(&r)),
        "{reach}"
    );
}

/// Wrong only at a row of 70 pins: random sizes rarely hold it, the small values that
/// every run starts with do.
///
/// Its time is its work: about 9 s of CPU time in all, gamecheck's and the solution's
/// runs' (debug build; `/usr/bin/time -v`: 8.5 s user, 0.7 s system, 36 s of wall time at
/// load 13), well within the shrink's budget of 60 CPU seconds, which a loaded machine
/// does not spend (it was wall-clock time, and cut this shrink short at load 8 to 21).
#[test]
fn a_table_wrong_only_at_70_is_refuted() {
    let err = run("wrong_at_70.c").expect_err("G(70) is 6, not 5");
    let f = err.failure().unwrap_or_else(|| panic!("{err}"));
    assert_eq!(f.positions, vec![vec![70]]);
    assert_eq!(f.expected, vec![Answer::Grundy(6)]);
    assert_eq!(f.output, "5\n");
    assert_eq!(f.verdict, Verdict::WrongAnswer);
    assert_eq!(f.generator, Generator::SmallValues);
    // Lists of rows are many: the search below [70] is bounded, and the failure says so.
    assert!(
        matches!(&f.least, Standing::Greedy(why) if why.contains("local minimum")),
        "{}",
        f.least
    );
}
