//! The claim language on random input: arbitrary bytes and token soups never make the
//! parser or the evaluator panic and every error points inside the claim; random typed
//! trees printed with the fewest parentheses the precedence table allows parse back and
//! evaluate as a direct recursive evaluation of the tree says.

use crate::claim_lang::{Binder, Claim, ClaimError, Env, Function, Vocabulary};
use crate::runner::seeded_runner;
use crate::shown::escaped;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

const SEED: u64 = 1;
const REGRESSIONS: Option<&str> = Some("proptest-regressions/claim_lang.txt");

static VOCABULARY: Vocabulary = test_vocabulary!(["x", "y", "max"], "bitcount" / 1, -3..3);

/// Values of x, y and max; `bitcount(v)` counts the set bits of v, refusing negative v.
#[derive(Clone, Debug)]
struct Values([i128; 3]);

impl Env for Values {
    fn variable(&self, index: usize) -> i128 {
        self.0[index]
    }

    fn call(&self, _function: usize, args: &[i128]) -> Result<i128, String> {
        match args {
            [v] if *v >= 0 => Ok(i128::from(v.count_ones())),
            _ => Err(format!("bitcount{args:?}: negative")),
        }
    }
}

fn value() -> impl Strategy<Value = i128> {
    prop_oneof![
        -5i128..=5,
        any::<i64>().prop_map(i128::from),
        any::<i128>(),
        Just(i128::MIN),
        Just(i128::MAX),
        Just(i128::MIN + 1),
        Just(-1i128),
    ]
}

fn values() -> impl Strategy<Value = Values> {
    [value(), value(), value()].prop_map(Values)
}

/// Checks that `text` parses or fails with a column inside it, and that a parsed claim
/// evaluates (to a value or an error) without panicking.
fn parse_and_eval(text: &str, env: &Values) -> Result<(), TestCaseError> {
    match Claim::parse(text, &VOCABULARY) {
        Ok(claim) => {
            // Either outcome is fine; a panic fails the property.
            let _ = claim.eval(env);
        }
        Err(ClaimError::TooLarge { bytes }) => prop_assert!(bytes > 512 && text.len() == bytes),
        Err(e) => {
            let column = e.column().unwrap_or(0);
            let chars = text.chars().count();
            prop_assert!((1..=chars + 1).contains(&column), "{e}");
            // The claim is shown escaped, and the caret sits under the start of the
            // column's character as shown.
            let message = e.to_string();
            let lines: Vec<&str> = message.lines().collect();
            prop_assert!(lines.len() >= 3, "{}", message);
            let shown = lines[lines.len() - 2].strip_prefix("  ").unwrap_or("");
            prop_assert_eq!(shown, escaped(text.as_bytes(), usize::MAX));
            let caret = lines[lines.len() - 1].chars().count() - 3;
            let rest: String = text.chars().skip(column - 1).collect();
            let from_caret: String = shown.chars().skip(caret).collect();
            prop_assert_eq!(from_caret, escaped(rest.as_bytes(), usize::MAX), "{}", message);
        }
    }
    Ok(())
}

#[test]
fn random_bytes_never_panic_and_errors_point_inside_the_claim() {
    eprintln!("claim_lang: seed {SEED}");
    let bytes = prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..600),
        // Mostly the language's own characters, so that parsing gets somewhere.
        proptest::collection::vec(
            proptest::sample::select(b"xyj()!&|=<>+-*/%,0129 _abtrue;.\"^#\xc3\xa9".to_vec()),
            0..120
        ),
    ];
    let mut runner = seeded_runner(SEED, "random_bytes", 4000, REGRESSIONS);
    let result = runner.run(&(bytes, values()), |(bytes, env)| {
        parse_and_eval(&String::from_utf8_lossy(&bytes), &env)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

const TOKENS: &[&str] = &[
    "x",
    "y",
    "max",
    "j",
    "i",
    "q",
    "bitcount",
    "all_bits",
    "all_small",
    "min",
    "shl",
    "shr",
    "bitand",
    "bitnot",
    "true",
    "false",
    "(",
    ")",
    ",",
    "!",
    "-",
    "+",
    "*",
    "/",
    "%",
    "&&",
    "||",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "=",
    ";",
    "&",
    "|",
    "^",
    "\"",
    ".",
    "1.5",
    "0",
    "1",
    "63",
    "64",
    "127",
    "128",
    "-1",
    "170141183460469231731687303715884105727",
    "170141183460469231731687303715884105728",
    "0x10",
    "é",
    "≥",
];

#[test]
fn token_soups_never_panic_and_errors_point_inside_the_claim() {
    eprintln!("claim_lang: seed {SEED}");
    let soup =
        proptest::collection::vec((proptest::sample::select(TOKENS), 0usize..3), 0..60).prop_map(|parts| {
            parts
                .into_iter()
                .map(|(t, spaces)| format!("{t}{}", " ".repeat(spaces)))
                .collect::<String>()
        });
    let mut runner = seeded_runner(SEED, "token_soups", 6000, REGRESSIONS);
    let result = runner.run(&(soup, values()), |(text, env)| parse_and_eval(&text, &env));
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// An integer expression over x and y.
#[derive(Clone, Debug)]
enum I {
    Lit(i128),
    Var(usize),
    Neg(Box<I>),
    /// One of `+ - * / %`.
    Bin(char, Box<I>, Box<I>),
    Min(Box<I>, Box<I>),
}

/// A boolean expression.
#[derive(Clone, Debug)]
enum B {
    Lit(bool),
    Not(Box<B>),
    And(Box<B>, Box<B>),
    Or(Box<B>, Box<B>),
    /// One of `== != < <= > >=`.
    Cmp(&'static str, I, I),
    /// `==` (false) or `!=` (true) between booleans.
    Same(bool, Box<B>, Box<B>),
}

fn int_tree() -> impl Strategy<Value = I> {
    let leaf = prop_oneof![
        // i128::MIN has no literal: it is `-` applied to a literal too large.
        value().prop_map(|v| I::Lit(v.max(i128::MIN + 1))),
        (0usize..2).prop_map(I::Var),
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|a| I::Neg(Box::new(a))),
            (
                proptest::sample::select(vec!['+', '-', '*', '/', '%']),
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(op, a, b)| I::Bin(op, Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| I::Min(Box::new(a), Box::new(b))),
        ]
    })
}

fn bool_tree() -> impl Strategy<Value = B> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(B::Lit),
        (
            proptest::sample::select(vec!["==", "!=", "<", "<=", ">", ">="]),
            int_tree(),
            int_tree()
        )
            .prop_map(|(op, a, b)| B::Cmp(op, a, b)),
    ];
    leaf.prop_recursive(4, 16, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|a| B::Not(Box::new(a))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| B::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| B::Or(Box::new(a), Box::new(b))),
            (any::<bool>(), inner.clone(), inner).prop_map(|(ne, a, b)| B::Same(
                ne,
                Box::new(a),
                Box::new(b)
            )),
        ]
    })
}

/// `text` (at binding level `level`) wrapped in parentheses when `need` is higher.
fn wrap(text: String, level: u8, need: u8) -> String {
    if level < need { format!("({text})") } else { text }
}

/// Levels as in the documented table: || 1, && 2, comparisons 3, + - 4, * / % 5, unary 6,
/// operands 7. Left operands may share their operator's level (left associativity);
/// right operands, and both operands of a comparison (no chaining), must bind tighter.
fn print_int(e: &I) -> (String, u8) {
    match e {
        I::Lit(v) if *v < 0 => (format!("-{}", v.unsigned_abs()), 6),
        I::Lit(v) => (v.to_string(), 7),
        I::Var(i) => (["x", "y"][*i].to_owned(), 7),
        I::Neg(a) => {
            let (t, l) = print_int(a);
            (format!("-{}", wrap(t, l, 6)), 6)
        }
        I::Bin(op, a, b) => {
            let level = if matches!(op, '+' | '-') { 4 } else { 5 };
            let ((ta, la), (tb, lb)) = (print_int(a), print_int(b));
            (
                format!("{} {op} {}", wrap(ta, la, level), wrap(tb, lb, level + 1)),
                level,
            )
        }
        I::Min(a, b) => (format!("min({}, {})", print_int(a).0, print_int(b).0), 7),
    }
}

fn print_bool(e: &B) -> (String, u8) {
    match e {
        B::Lit(b) => (b.to_string(), 7),
        B::Not(a) => {
            let (t, l) = print_bool(a);
            (format!("!{}", wrap(t, l, 6)), 6)
        }
        B::And(a, b) | B::Or(a, b) => {
            let (level, op) = if matches!(e, B::Or(..)) {
                (1, "||")
            } else {
                (2, "&&")
            };
            let ((ta, la), (tb, lb)) = (print_bool(a), print_bool(b));
            (
                format!("{} {op} {}", wrap(ta, la, level), wrap(tb, lb, level + 1)),
                level,
            )
        }
        B::Cmp(op, a, b) => {
            let ((ta, la), (tb, lb)) = (print_int(a), print_int(b));
            (format!("{} {op} {}", wrap(ta, la, 4), wrap(tb, lb, 4)), 3)
        }
        B::Same(ne, a, b) => {
            let ((ta, la), (tb, lb)) = (print_bool(a), print_bool(b));
            let op = if *ne { "!=" } else { "==" };
            (format!("{} {op} {}", wrap(ta, la, 4), wrap(tb, lb, 4)), 3)
        }
    }
}

/// The tree's value over x, y with exact arithmetic; `None` for no value (overflow,
/// division by zero). `&&` and `||` skip their right operand when the left decides.
fn int_value(e: &I, xy: [i128; 2]) -> Option<i128> {
    match e {
        I::Lit(v) => Some(*v),
        I::Var(i) => Some(xy[*i]),
        I::Neg(a) => int_value(a, xy)?.checked_neg(),
        I::Bin(op, a, b) => {
            let (a, b) = (int_value(a, xy)?, int_value(b, xy)?);
            match op {
                '+' => a.checked_add(b),
                '-' => a.checked_sub(b),
                '*' => a.checked_mul(b),
                '/' => a.checked_div(b),
                _ if b == -1 => Some(0),
                _ => a.checked_rem(b),
            }
        }
        I::Min(a, b) => Some(int_value(a, xy)?.min(int_value(b, xy)?)),
    }
}

fn bool_value(e: &B, xy: [i128; 2]) -> Option<bool> {
    match e {
        B::Lit(b) => Some(*b),
        B::Not(a) => Some(!bool_value(a, xy)?),
        B::And(a, b) => Some(bool_value(a, xy)? && bool_value(b, xy)?),
        B::Or(a, b) => Some(bool_value(a, xy)? || bool_value(b, xy)?),
        B::Cmp(op, a, b) => {
            let (a, b) = (int_value(a, xy)?, int_value(b, xy)?);
            Some(match *op {
                "==" => a == b,
                "!=" => a != b,
                "<" => a < b,
                "<=" => a <= b,
                ">" => a > b,
                _ => a >= b,
            })
        }
        B::Same(ne, a, b) => Some((bool_value(a, xy)? == bool_value(b, xy)?) != *ne),
    }
}

#[test]
fn printed_trees_evaluate_as_the_tree_says() {
    eprintln!("claim_lang: seed {SEED}");
    let mut runner = seeded_runner(SEED, "printed_trees", 3000, REGRESSIONS);
    let result = runner.run(&(bool_tree(), value(), value()), |(tree, x, y)| {
        let (text, _) = print_bool(&tree);
        prop_assume!(text.len() <= 512);
        let claim = Claim::parse(&text, &VOCABULARY);
        prop_assert!(claim.is_ok(), "{text}: {claim:?}");
        let got = claim.map(|c| c.eval(&Values([x, y, 0])).ok());
        prop_assert_eq!(got, Ok(bool_value(&tree, [x, y])), "{}", text);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}
