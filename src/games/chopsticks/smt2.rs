//! The statement of [`super::proof`] as an SMT-LIB 2 script over unbounded integers, for
//! an independent check by an SMT solver (z3, cvc5).

use super::proof::MOVES;
use super::spec::{RuleSpec, smt_int};

const VARS: [&str; 4] = ["a", "c", "b", "d"];

/// Returns the SMT-LIB 2 script (logic QF_LIA: linear integer arithmetic with `mod 2`)
/// asserting that some (a, c, b, d) in N^4 violates a terminal case or Bellman
/// consistency of `spec`. Its `(check-sat)` answers `unsat` exactly when the rule is the
/// game's outcome everywhere (docs/proof.md, "The SMT statement"). Every parity condition
/// of the rule is written literally as `(= (mod x 2) 1)` or `(= (mod x 2) 0)`.
///
/// # Complexity
/// O(conditions) text.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::{smt2::smt2_script, spec::RuleSpec};
/// let script = smt2_script(&RuleSpec::fast_rule());
/// assert!(script.contains("(= (mod b 2) 1)") && script.contains("(= (mod a 2) 1)"));
/// assert!(script.trim_end().ends_with("(check-sat)\n(exit)".trim_end()));
/// ```
pub fn smt2_script(spec: &RuleSpec) -> String {
    let mut out = String::new();
    out += "; gamecheck prove chopsticks --smt2\n";
    out += "; A position (a, c, b, d): the player to move has a one-finger and c two-finger hands,\n";
    out += "; the opponent b and d; n = a + c, m = b + d. The player with no hands has lost.\n";
    out += "; wins(a, c, b, d) is the rule under proof, branch for branch:\n";
    for b in &spec.branches {
        out += &format!(";   {b}\n");
    }
    out += "; The script asserts that some state violates a terminal case or Bellman consistency\n";
    out += "; (the rule says First exactly when some legal move leads to a state it says is lost).\n";
    out += "; Every move lowers 2(a + b) + c + d, so unsat means the rule is right at every state.\n";
    out += "(set-option :produce-models true)\n(set-logic QF_LIA)\n";
    out += "(define-fun wins ((a Int) (c Int) (b Int) (d Int)) Bool\n";
    out += "  (let ((n (+ a c)) (m (+ b d)))\n";
    let mut closing = String::from("))");
    for b in &spec.branches {
        let cond = match b.when.len() {
            0 => "true".to_owned(),
            1 => b.when[0].smt(),
            _ => format!(
                "(and {})",
                b.when.iter().map(|a| a.smt()).collect::<Vec<_>>().join(" ")
            ),
        };
        out += &format!("    (ite {cond} {} ; {}\n", b.wins, b.name);
        closing.push(')');
    }
    out += &format!("    false{closing}\n");
    for v in VARS {
        out += &format!("(declare-const {v} Int)\n");
    }
    out += "(assert (and (>= a 0) (>= c 0) (>= b 0) (>= d 0)))\n";
    let moves: Vec<String> = MOVES
        .iter()
        .map(|mv| {
            let plus = |v: &str, k: i64| match k {
                0 => v.to_owned(),
                k if k < 0 => format!("(- {v} {})", k.unsigned_abs()),
                k => format!("(+ {v} {})", smt_int(k.into())),
            };
            format!(
                "(and (>= {} 1) (>= {} 1) (not (wins {} {} a c))) ; {:?}",
                VARS[mv.needs[0]],
                VARS[mv.needs[1]],
                plus("b", mv.shift[0]),
                plus("d", mv.shift[1]),
                mv.attack
            )
        })
        .collect();
    out += "(assert (or\n";
    out += "  (and (= (+ a c) 0) (wins a c b d)) ; no hands, yet the rule says First\n";
    out += "  (and (>= (+ a c) 1) (= (+ b d) 0) (not (wins a c b d))) ; opponent has no hands, yet Second\n";
    out += "  (and (>= (+ a c) 1) (>= (+ b d) 1) (not (= (wins a c b d) (or\n";
    for mv in &moves {
        out += &format!("    {mv}\n");
    }
    out += "  ))))))\n";
    out += "(check-sat)\n(exit)\n";
    out
}
