//! Predicates about a partizan position's value: `LHS REL RHS`, REL one of the order's
//! relations `== != >= <= > < || <| |>`, each side a value in CGSuite's notation in
//! which `value` (the position's value) and calls of `atomic_weight`, `temperature`,
//! `mean`, `left_stop`, `right_stop`, `birthday`, `reduced` and `cool(G, t)` may stand
//! for values: `value >= 0`, `atomic_weight(value) == 1`, `temperature(value) <= 1/2`,
//! `value + ^ || 0`.
//!
//! A side is evaluated by putting each call's answer, printed, in the call's place and
//! reading the result as a value: the notation prints every value so that it reads back.

use std::cmp::Ordering;

use super::{Dyadic, MAX_PRINTED, Value};
use crate::claims::ExprError;

/// The functions a side may call.
pub(crate) const FUNCTIONS: &str =
    "atomic_weight, temperature, mean, left_stop, right_stop, birthday, reduced, cool(G, t)";

/// The order's relations, the two-character ones first so that `<=` is not read as `<`.
const RELATIONS: [(&str, Relation); 9] = [
    ("<=", Relation::Le),
    (">=", Relation::Ge),
    ("==", Relation::Eq),
    ("!=", Relation::Ne),
    ("<|", Relation::LessOrConfused),
    ("|>", Relation::GreaterOrConfused),
    ("||", Relation::Confused),
    ("<", Relation::Lt),
    (">", Relation::Gt),
];

/// A relation between two values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Relation {
    Eq,
    Ne,
    Ge,
    Le,
    Gt,
    Lt,
    Confused,
    LessOrConfused,
    GreaterOrConfused,
}

impl Relation {
    /// Returns whether `g REL h`, by the partial order of games.
    pub(crate) fn holds(self, g: Value, h: Value) -> bool {
        let c = g.partial_cmp(&h);
        match self {
            Relation::Eq => c == Some(Ordering::Equal),
            Relation::Ne => c != Some(Ordering::Equal),
            Relation::Ge => matches!(c, Some(Ordering::Greater | Ordering::Equal)),
            Relation::Le => matches!(c, Some(Ordering::Less | Ordering::Equal)),
            Relation::Gt => c == Some(Ordering::Greater),
            Relation::Lt => c == Some(Ordering::Less),
            Relation::Confused => c.is_none(),
            Relation::LessOrConfused => matches!(c, Some(Ordering::Less) | None),
            Relation::GreaterOrConfused => matches!(c, Some(Ordering::Greater) | None),
        }
    }
}

/// A predicate `lhs REL rhs` about the value of a position.
#[derive(Clone, Debug)]
pub(crate) struct Predicate {
    text: String,
    lhs: (usize, String),
    relation: Relation,
    rhs: (usize, String),
}

/// Why a side has no value: its text does not read (a syntax error, at a column of the
/// claim), or an operation is undefined at this position.
enum SideError {
    Syntax(ExprError),
    Undefined(String),
}

fn syntax(text: &str, column: usize, message: impl Into<String>) -> ExprError {
    ExprError::Syntax {
        text: text.to_owned(),
        column,
        message: message.into(),
    }
}

/// Returns the byte offset and the relation of `text`'s relation: the first outside
/// braces, parentheses and the `<k>` of `^<k>`.
fn find_relation(text: &str) -> Option<(usize, &'static str, Relation)> {
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    let mut power = false;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'{' | b'(' => depth += 1,
            b'}' | b')' => depth -= 1,
            b'<' if i > 0 && matches!(bytes[i - 1], b'^' | b'v') => power = true,
            b'>' if power => power = false,
            _ if depth == 0 && !power => {
                if let Some(&(op, r)) = RELATIONS.iter().find(|(op, _)| text[i..].starts_with(op)) {
                    return Some((i, op, r));
                }
            }
            _ => {}
        }
    }
    None
}

/// Returns the predicate `text`, checked to read (with `value` standing for 0).
///
/// # Errors
/// No relation, an empty side, an unknown name or a malformed value, with its column.
pub(crate) fn parse(text: &str) -> Result<Predicate, ExprError> {
    let Some((at, op, relation)) = find_relation(text) else {
        return Err(syntax(
            text,
            text.chars().count() + 1,
            "expected a relation: ==, !=, >=, <=, >, <, || (confused), <| or |>",
        ));
    };
    let p = Predicate {
        text: text.to_owned(),
        lhs: (0, text[..at].to_owned()),
        relation,
        rhs: (at + op.len(), text[at + op.len()..].to_owned()),
    };
    for (offset, side) in [&p.lhs, &p.rhs] {
        if side.trim().is_empty() {
            return Err(syntax(
                text,
                text[..*offset].chars().count() + 1,
                "expected a value",
            ));
        }
        if let Err(SideError::Syntax(e)) = p.side(*offset, side, Value::integer(0)) {
            return Err(e);
        }
    }
    Ok(p)
}

/// Returns the byte offsets of the commas between a call's arguments and of its closing
/// `)`, `after` starting at its `(`; `None` when it is not closed.
fn split_call(after: &str) -> Option<(Vec<usize>, usize)> {
    let mut depth = 0i32;
    let mut commas = Vec::new();
    for (i, c) in after.char_indices() {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((commas, i));
                }
            }
            ',' if depth == 1 => commas.push(i),
            _ => {}
        }
    }
    None
}

impl Predicate {
    /// Returns whether the predicate holds when the position's value is `value`, or why
    /// it is undefined there (an atomic weight of a game that is not all-small).
    ///
    /// # Errors
    /// An operation undefined at `value`, or a side whose value is too long to print.
    pub(crate) fn holds(&self, value: Value) -> Result<bool, String> {
        let side = |(offset, text): &(usize, String)| {
            self.side(*offset, text, value).map_err(|e| match e {
                SideError::Syntax(e) => e.to_string(),
                SideError::Undefined(why) => why,
            })
        };
        Ok(self.relation.holds(side(&self.lhs)?, side(&self.rhs)?))
    }

    fn column(&self, byte: usize) -> usize {
        self.text[..byte].chars().count() + 1
    }

    /// Returns the value of the side `side`, which starts `offset` bytes into the claim.
    fn side(&self, offset: usize, side: &str, value: Value) -> Result<Value, SideError> {
        let mut out = String::new();
        let mut rest = side;
        let mut at = offset;
        while let Some(start) = rest.find(|c: char| c.is_ascii_alphabetic() || c == '_') {
            let len = rest[start..]
                .find(|c: char| !(c.is_ascii_alphabetic() || c == '_'))
                .unwrap_or(rest.len() - start);
            let name = &rest[start..start + len];
            out.push_str(&rest[..start]);
            let name_at = at + start;
            let after = &rest[start + len..];
            if name.chars().all(|c| c == 'v') || name.starts_with(|c: char| c.is_ascii_uppercase()) {
                // Downs, `Tiny(…)`, `Miny(…)` and `.Tiny` in CGSuite's notation.
                out.push_str(name);
                rest = after;
                at = name_at + len;
                continue;
            }
            let (g, used) = if name == "value" {
                (value, 0)
            } else if after.starts_with('(') {
                self.call(name, name_at, at + start + len, after, value)?
            } else {
                return Err(SideError::Syntax(ExprError::UnknownVariable {
                    text: self.text.clone(),
                    name: name.to_owned(),
                    column: self.column(name_at),
                    known: "value".into(),
                }));
            };
            let printed = g
                .to_string_capped(MAX_PRINTED)
                .map_err(|e| SideError::Undefined(e.to_string()))?;
            out.push('(');
            out.push_str(&printed);
            out.push(')');
            rest = &after[used..];
            at = name_at + len + used;
        }
        out.push_str(rest);
        out.parse::<Value>().map_err(|e| {
            SideError::Syntax(syntax(
                &self.text,
                self.column(offset),
                format!("this side does not read as a value: {}", e.why),
            ))
        })
    }

    /// Returns the value of the call `name(...)` whose `(` starts `after` (at byte
    /// `args_at` of the claim), and how many bytes of `after` it takes.
    fn call(
        &self,
        name: &str,
        name_at: usize,
        args_at: usize,
        after: &str,
        value: Value,
    ) -> Result<(Value, usize), SideError> {
        let Some((commas, close)) = split_call(after) else {
            return Err(SideError::Syntax(syntax(
                &self.text,
                self.column(args_at),
                "expected `)`",
            )));
        };
        let mut bounds = vec![1];
        bounds.extend(commas.iter().map(|&c| c + 1));
        let args: Vec<(usize, &str)> = bounds
            .iter()
            .zip(commas.iter().chain(std::iter::once(&close)))
            .map(|(&s, &e)| (args_at + s, &after[s..e]))
            .collect();
        let arity = if name == "cool" { 2 } else { 1 };
        if args.len() != arity {
            return Err(SideError::Syntax(syntax(
                &self.text,
                self.column(args_at),
                format!("`{name}` takes {arity} argument(s), not {}", args.len()),
            )));
        }
        let mut values = Vec::with_capacity(arity);
        for &(at, text) in &args {
            values.push(self.side(at, text, value)?);
        }
        let g = values[0];
        let number = |x: Dyadic| Value::number(x);
        let result = match name {
            "atomic_weight" => g
                .atomic_weight()
                .map_err(|e| SideError::Undefined(e.to_string()))?,
            "temperature" => number(g.temperature()),
            "mean" => number(g.mean()),
            "left_stop" => number(g.stops().0),
            "right_stop" => number(g.stops().1),
            "birthday" => Value::integer(i64::from(g.birthday())),
            "reduced" => g.reduced(),
            "cool" => {
                let Some(t) = values[1].as_number() else {
                    return Err(SideError::Undefined(format!(
                        "cool: {} is not a number",
                        values[1]
                    )));
                };
                g.cool(t).map_err(SideError::Undefined)?
            }
            _ => {
                return Err(SideError::Syntax(ExprError::UnknownFunction {
                    text: self.text.clone(),
                    name: name.to_owned(),
                    column: self.column(name_at),
                    known: FUNCTIONS.into(),
                }));
            }
        };
        Ok((result, close + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::notation::v;

    #[test]
    fn predicates_read_and_hold_by_the_order_of_games() {
        // ±1 is confused with 0, ↑ is positive, * is confused with 0 (Winning Ways ch. 2).
        for (text, value, want) in [
            ("value >= 0", "^", true),
            ("value >= 0", "+-1", false),
            ("value || 0", "+-1", true),
            ("value <| 0", "*", true),
            ("value |> 0", "-1", false),
            ("value < 1/64", "^", true),
            ("value == {1|-1}", "+-1", true),
            ("value != 0", "0", false),
            ("atomic_weight(value) == 1", "^*", true),
            ("atomic_weight(value + ^) == 2", "^", true),
            ("temperature(value) == 3/2", "{2|-1}", true),
            ("mean(value) == 1/2", "{2|-1}", true),
            ("left_stop(value) - right_stop(value) == 3", "{2|-1}", true),
            ("birthday(value) > 2", "^", false),
            ("reduced(value) == {1|0}", "{1|0} + ^", true),
            ("cool(value, 1) == {1|1/2}", "{2|-1/2}", true),
            ("^<2> <= value", "^", true),
            ("vv < value", "v", true),
            ("vv* || value", "v", true),
            ("Tiny(2) < value", "^", true),
            ("value > 2.Tiny", "^", true),
        ] {
            let p = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(p.holds(v(value)), Ok(want), "{text} at {value}");
        }
        assert!(parse("atomic_weight(value) == 1").is_ok_and(|p| p.holds(v("+-1")).is_err()));
    }

    #[test]
    fn malformed_predicates_name_the_column() {
        for (text, column) in [
            ("value", 6),
            ("value >= ", 9),
            ("valu >= 0", 1),
            ("value >= foo(value)", 10),
            ("value >= {1|", 9),
            ("cool(value) >= 0", 5),
        ] {
            match parse(text) {
                Err(
                    ExprError::Syntax { column: c, .. }
                    | ExprError::UnknownVariable { column: c, .. }
                    | ExprError::UnknownFunction { column: c, .. },
                ) => assert_eq!(c, column, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}
