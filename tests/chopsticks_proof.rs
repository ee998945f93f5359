//! The proof for every state (`prove chopsticks --all`) and its SMT statement (`--smt2`),
//! on the fast rule and on rules broken on purpose, against the dense table and the
//! SMT solvers z3 and cvc5 when they are installed.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use gamecheck::chopsticks::proof::{FeatureMap, ProofError, ProofReport, prove_everywhere, prove_with};
use gamecheck::chopsticks::smt2::smt2_script;
use gamecheck::chopsticks::spec::{Atom, Branch, Form, RuleSpec};
use gamecheck::chopsticks::{Attack, Outcome, State, case, outcome};
use gamecheck_oracles::chopsticks_table::Table;

/// The order in which counterexamples are least: weight 2(a + b) + c + d, then (a, c, b, d).
fn key(s: State) -> (u128, u128, u128, u128, u128) {
    (2 * (s.a + s.b) + s.c + s.d, s.a, s.c, s.b, s.d)
}

/// Every state with weight 2(a + b) + c + d below `limit` (so each count below `limit`).
fn lighter_than(limit: u64) -> impl Iterator<Item = State> {
    let w = limit - 1;
    (0..=w / 2).flat_map(move |a| {
        (0..=(w - 2 * a) / 2).flat_map(move |b| {
            (0..=w - 2 * a - 2 * b)
                .flat_map(move |c| (0..=w - 2 * a - 2 * b - c).map(move |d| State::new(a, c, b, d)))
        })
    })
}

/// The least state (by `key`) lighter than the table's limit where `spec` differs from
/// the table, found by brute force.
fn least_wrong_in_table(spec: &RuleSpec, table: &Table) -> Option<State> {
    lighter_than(table.limit())
        .filter(|s| {
            let (a, c, b, d) = (s.a as u64, s.c as u64, s.b as u64, s.d as u64);
            table.wins(a, c, b, d) != Some(spec.wins(*s))
        })
        .min_by_key(|s| key(*s))
}

fn prove(spec: &RuleSpec) -> ProofReport {
    prove_everywhere(spec, &|s| spec.wins(s)).expect("the proof runs")
}

#[test]
fn fast_rule_is_proved_for_every_state() {
    let report =
        prove_everywhere(&RuleSpec::fast_rule(), &|s| outcome(s) == Outcome::Win).expect("the proof runs");
    assert!(report.proved(), "{}", report.text());
    assert!(report.classes > 100 && report.members_checked > report.classes);
    let text = report.text();
    let last = text.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("proved: chopsticks fast rule is right for every state"),
        "{last}"
    );
}

#[test]
fn spec_matches_code_and_table_below_24() {
    let spec = RuleSpec::fast_rule();
    let table = Table::build(24).expect("limit in range");
    for a in 0..24 {
        for c in 0..24 {
            for b in 0..24 {
                for d in 0..24 {
                    let s = State::new(a, c, b, d);
                    assert_eq!(spec.branch(s).name, format!("{:?}", case(s)), "{s}");
                    assert_eq!(Some(spec.wins(s)), table.wins(a, c, b, d), "{s}");
                }
            }
        }
    }
}

#[test]
fn code_that_differs_from_the_spec_is_not_proved() {
    let spec = RuleSpec::fast_rule();
    // The code is wrong only far out: the proof still meets it, at a member near 2^40.
    let code = |s: State| (outcome(s) == Outcome::Win) != (s.a > 1 << 39 && s.hands() == s.opponent_hands());
    match prove_everywhere(&spec, &code) {
        Err(ProofError::CodeMismatch { state, .. }) => assert!(state.a > 1 << 39, "{state}"),
        other => panic!("expected a code mismatch, got {other:?}"),
    }
}

#[test]
fn every_cell_boundary_is_needed() {
    let spec = RuleSpec::fast_rule();
    let map = FeatureMap::derive(&spec).expect("supported forms");
    let mut removed = 0;
    for form in [
        Form::A,
        Form::C,
        Form::B,
        Form::D,
        Form::N,
        Form::M,
        Form::N_MINUS_M,
    ] {
        for start in -4..=4 {
            let coarse = map.coarsened(form, start);
            if coarse == map {
                continue;
            }
            removed += 1;
            let refused = prove_with(&spec, &coarse, &|s| spec.wins(s));
            assert!(
                matches!(refused, Err(ProofError::Incomplete { .. })),
                "{form} at {start}: {refused:?}"
            );
        }
    }
    assert!(removed >= 10, "only {removed} boundaries");
}

#[test]
fn unsupported_form_is_an_error() {
    let mut spec = RuleSpec::fast_rule();
    spec.branches[2].when = vec![Atom::AtLeast(Form([2, 1, 0, 0]), 3)];
    assert!(matches!(
        prove_everywhere(&spec, &|s| spec.wins(s)),
        Err(ProofError::UnsupportedForm { .. })
    ));
}

/// Rules broken on purpose: each condition's constant moved by one, each parity flipped,
/// each condition dropped, each branch's outcome flipped.
fn mutants() -> Vec<(String, RuleSpec)> {
    let fast = RuleSpec::fast_rule();
    let mut out = Vec::new();
    for (i, j, atom) in fast.atoms() {
        let name = &fast.branches[i].name;
        let changed: Vec<Atom> = match atom {
            Atom::AtLeast(f, k) => vec![Atom::AtLeast(f, k - 1), Atom::AtLeast(f, k + 1)],
            Atom::AtMost(f, k) => vec![Atom::AtMost(f, k - 1), Atom::AtMost(f, k + 1)],
            Atom::Equals(f, k) => vec![Atom::Equals(f, k + 1), Atom::AtMost(f, k + 1)],
            Atom::Odd(f) => vec![Atom::Even(f)],
            Atom::Even(f) => vec![Atom::Odd(f)],
        };
        for to in changed {
            let mut spec = fast.clone();
            spec.branches[i].when[j] = to;
            out.push((format!("{name}: {atom} -> {to}"), spec));
        }
        let mut spec = fast.clone();
        spec.branches[i].when.remove(j);
        out.push((format!("{name}: drop {atom}"), spec));
    }
    for i in 0..fast.branches.len() {
        let mut spec = fast.clone();
        spec.branches[i].wins = !spec.branches[i].wins;
        out.push((format!("{}: outcome flipped", fast.branches[i].name), spec));
    }
    out
}

#[test]
fn mutants_are_refuted_at_the_least_wrong_state() {
    let table = Table::build(40).expect("limit in range");
    let (mut refuted, mut proved) = (0, Vec::new());
    for (name, spec) in mutants() {
        let report = prove(&spec);
        let brute = least_wrong_in_table(&spec, &table);
        match (&report.refutation, brute) {
            (Some(r), Some(s)) => {
                assert_eq!(r.least, s, "{name}: proof says {}, brute force {s}", r.least);
                refuted += 1;
            }
            (None, None) => proved.push(name),
            (r, b) => panic!(
                "{name}: proof refutation {:?}, brute force {b:?}",
                r.as_ref().map(|r| r.least)
            ),
        }
    }
    eprintln!("{refuted} mutants refuted; equivalent to the rule, so proved: {proved:?}");
    assert!(refuted >= 25, "only {refuted} refuted");
}

/// The fast rule with every n = m verdict inverted once a ≥ `from`.
fn inverted_from(from: i64) -> RuleSpec {
    let mut spec = RuleSpec::fast_rule();
    let far = [Atom::AtLeast(Form::A, from), Atom::Equals(Form::N_MINUS_M, 0)];
    let odd_ones = [far.as_slice(), &[Atom::Equals(Form::D, 0), Atom::Odd(Form::A)]].concat();
    spec.branches
        .insert(0, Branch::new("FarEqualOddOnes", &odd_ones, true));
    spec.branches.insert(1, Branch::new("FarEqual", &far, false));
    spec
}

#[test]
fn rule_wrong_from_a_40_is_refuted_at_the_least_wrong_state() {
    let spec = inverted_from(40);
    let report = prove(&spec);
    let r = report.refutation.clone().expect("refuted");
    eprintln!("a >= 40: refuted at {}: {}", r.least, r.reason);
    // Every state lighter than the counterexample (weight 120) lies in the table.
    let table = Table::build(121).expect("limit in range");
    assert_eq!(Some(r.least), least_wrong_in_table(&spec, &table));
    assert!(report.text().contains(&format!(
        "repro: gamecheck repro chopsticks {} {} {} {}",
        r.least.a, r.least.c, r.least.b, r.least.d
    )));
}

#[test]
fn rule_wrong_from_a_1000_is_refuted_at_the_least_wrong_state() {
    let spec = inverted_from(1000);
    let r = prove(&spec).refutation.expect("refuted");
    eprintln!("a >= 1000: refuted at {}: {}", r.least, r.reason);
    let fast = RuleSpec::fast_rule();
    assert!(prove(&fast).proved());
    // The broken rule differs from the proved one only where a ≥ 1000 and n = m, so its
    // least wrong state is the least such state: d = a + c − b and the weight is 3a + b + 2c.
    let weight = key(r.least).0 as u64;
    let mut least: Option<State> = None;
    for a in 1000..=weight / 3 {
        for b in 0..=weight - 3 * a {
            for c in 0..=(weight - 3 * a - b) / 2 {
                let Some(d) = (a + c).checked_sub(b) else { continue };
                let s = State::new(a, c, b, d);
                if spec.wins(s) != fast.wins(s) && least.is_none_or(|l| key(s) < key(l)) {
                    least = Some(s);
                }
            }
        }
    }
    assert_eq!(Some(r.least), least);
    // The counterexample is a concrete violation of Bellman consistency.
    let s = r.least;
    let best = Attack::ALL
        .iter()
        .filter_map(|&m| s.after(m))
        .any(|t| !spec.wins(t));
    assert_ne!(spec.wins(s), best, "{s}: {}", r.reason);
}

// ---- the SMT statement, when a solver is installed ----

/// Runs `solver` on `script`; `None` when the solver is not installed.
fn solve(solver: &str, script: &str, name: &str) -> Option<String> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("smt2");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(format!(
        "{solver}-{}.smt2",
        name.replace(|c: char| !c.is_alphanumeric(), "_")
    ));
    std::fs::write(&file, script).expect("write script");
    let start = Instant::now();
    let out = Command::new(solver).arg(&file).output().ok()?;
    let answer = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    eprintln!(
        "{solver} {name}: {answer} in {:.3} s",
        start.elapsed().as_secs_f64()
    );
    Some(answer)
}

const SOLVERS: [&str; 2] = ["z3", "cvc5"];

fn installed(solver: &str) -> bool {
    let found = Command::new(solver).arg("--version").output().is_ok();
    if !found {
        eprintln!("skipped: {solver} is not on PATH");
    }
    found
}

#[test]
fn smt2_statement_of_the_fast_rule_is_unsat() {
    let script = smt2_script(&RuleSpec::fast_rule());
    for solver in SOLVERS.into_iter().filter(|s| installed(s)) {
        assert_eq!(
            solve(solver, &script, "fast").as_deref(),
            Some("unsat"),
            "{solver}"
        );
    }
}

#[test]
fn smt2_with_a_parity_flipped_is_sat_at_a_real_violation() {
    let script = smt2_script(&RuleSpec::fast_rule());
    let literals = ["(= (mod a 2) 1)", "(= (mod b 2) 1)"];
    for solver in SOLVERS.into_iter().filter(|s| installed(s)) {
        for literal in literals {
            assert_eq!(script.matches(literal).count(), 1, "{literal}");
            let flipped = script.replace(literal, &literal.replace(" 1)", " 0)"));
            assert_eq!(
                solve(solver, &flipped, literal).as_deref(),
                Some("sat"),
                "{solver}: {literal}"
            );
            // The model is a state where the flipped rule breaks Bellman consistency or a
            // terminal case.
            let with_model = flipped.replace("(check-sat)\n", "(check-sat)\n(get-value (a c b d))\n");
            let answer = solve(solver, &with_model, &format!("{literal} model")).unwrap_or_default();
            let s = model_state(&answer).unwrap_or_else(|| panic!("{solver}: no model in {answer}"));
            let mut spec = RuleSpec::fast_rule();
            for branch in &mut spec.branches {
                for atom in &mut branch.when {
                    *atom = match (*atom, literal.contains("mod a")) {
                        (Atom::Odd(Form::A), true) => Atom::Even(Form::A),
                        (Atom::Odd(Form::B), false) => Atom::Even(Form::B),
                        (other, _) => other,
                    };
                }
            }
            assert!(violates(&spec, s), "{solver}: {s} is no violation of {spec}");
        }
    }
}

/// Reads (a, c, b, d) from a solver's `sat` and `(get-value (a c b d))` answer.
fn model_state(answer: &str) -> Option<State> {
    let mut values = [0u64; 4];
    for (i, name) in ["a", "c", "b", "d"].iter().enumerate() {
        let at = answer.find(&format!("({name} "))? + name.len() + 2;
        let digits: String = answer[at..].chars().take_while(char::is_ascii_digit).collect();
        values[i] = digits.parse().ok()?;
    }
    Some(State::new(values[0], values[1], values[2], values[3]))
}

fn violates(spec: &RuleSpec, s: State) -> bool {
    if s.hands() == 0 {
        return spec.wins(s);
    }
    if s.opponent_hands() == 0 {
        return !spec.wins(s);
    }
    let best = Attack::ALL
        .iter()
        .filter_map(|&m| s.after(m))
        .any(|t| !spec.wins(t));
    spec.wins(s) != best
}

#[test]
fn smt2_agrees_with_the_proof_on_every_mutant() {
    let solvers: Vec<&str> = SOLVERS.into_iter().filter(|s| installed(s)).collect();
    if solvers.is_empty() {
        return;
    }
    let mut mutants = mutants();
    mutants.push(("inverted from a >= 1000".into(), inverted_from(1000)));
    for (name, spec) in mutants {
        let expected = if prove(&spec).proved() { "unsat" } else { "sat" };
        for solver in &solvers {
            assert_eq!(
                solve(solver, &smt2_script(&spec), &name).as_deref(),
                Some(expected),
                "{solver}: {name}"
            );
        }
    }
}
