//! Typed claims: a boolean expression parsed once with evalexpr (over [`WideInt`]
//! integers) and evaluated per position, with syntax errors located in the text.

use evalexpr::{Context, EvalexprError, EvalexprResult, Node, Value, build_operator_tree};
use thiserror::Error;

use super::wide_int::{WideInt, WideNumericTypes};

/// An evalexpr value of a claim.
pub type ClaimValue = Value<WideNumericTypes>;

/// Why a typed claim cannot be checked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExprError {
    /// The text does not parse; `column` counts characters from 1.
    #[error("syntax error at column {column}: {message}\n{}", caret(text, *column))]
    Syntax {
        text: String,
        column: usize,
        message: String,
    },
    /// A variable the game does not define.
    #[error("unknown variable `{name}` at column {column} (known: {known})\n{}", caret(text, *column))]
    UnknownVariable {
        text: String,
        name: String,
        column: usize,
        known: String,
    },
    /// A function neither the game nor evalexpr defines.
    #[error("unknown function `{name}` at column {column} (the game adds: {known})\n{}", caret(text, *column))]
    UnknownFunction {
        text: String,
        name: String,
        column: usize,
        known: String,
    },
    /// Longer or more deeply nested than a typed conjecture needs; refused before parsing,
    /// since the parser recurses once per level.
    #[error("the claim is too large: {why}")]
    TooLarge { why: String },
    /// `all_bits(…)` inside another `all_bits(…)`.
    #[error("nested all_bits is not supported (column {column})\n{}", caret(text, *column))]
    NestedAllBits { text: String, column: usize },
}

/// The longest claim accepted, in bytes.
pub const MAX_CLAIM_BYTES: usize = 512;
/// The most nesting accepted: open parentheses plus unary operators.
pub const MAX_CLAIM_DEPTH: usize = 64;

/// Refuses a claim too long or too deeply nested to parse safely and quickly: the parser
/// recurses once per level and locating a syntax error costs O(length³).
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(length).
///
/// # Example
/// ```
/// use gamecheck::claims::check_size;
/// assert!(check_size("n > m").is_ok());
/// assert!(check_size(&"!".repeat(1000)).is_err());
/// ```
pub fn check_size(text: &str) -> Result<(), ExprError> {
    if text.len() > MAX_CLAIM_BYTES {
        return Err(ExprError::TooLarge {
            why: format!("{} bytes, at most {MAX_CLAIM_BYTES}", text.len()),
        });
    }
    let depth = text.chars().filter(|&c| c == '(' || c == '!' || c == '-').count();
    if depth > MAX_CLAIM_DEPTH {
        return Err(ExprError::TooLarge {
            why: format!("{depth} parentheses and unary operators, at most {MAX_CLAIM_DEPTH}"),
        });
    }
    Ok(())
}

/// The expression, then a caret under character `column` (from 1).
fn caret(text: &str, column: usize) -> String {
    format!("  {text}\n  {}^", " ".repeat(column.saturating_sub(1)))
}

/// evalexpr's built-in functions, which a claim may call besides the game's own.
const BUILTINS: [&str; 17] = [
    "min",
    "max",
    "floor",
    "round",
    "ceil",
    "if",
    "contains",
    "contains_any",
    "len",
    "typeof",
    "random",
    "bitand",
    "bitor",
    "bitxor",
    "bitnot",
    "shl",
    "shr",
];

/// The values a claim is evaluated with: named variables, and the piles that `bitcount`
/// counts in (empty for games without piles).
pub struct Scope<'a> {
    pub vars: &'a [(&'a str, ClaimValue)],
    pub piles: &'a [u64],
}

/// Returns `v` as a claim integer.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use gamecheck::claims::{int, WideInt};
/// assert_eq!(int(7), evalexpr::Value::Int(WideInt(7)));
/// ```
pub fn int(v: impl Into<i128>) -> ClaimValue {
    Value::Int(WideInt(v.into()))
}

fn custom(message: impl Into<String>) -> EvalexprError<WideNumericTypes> {
    EvalexprError::CustomMessage(message.into())
}

fn int_arg(v: &ClaimValue, function: &str) -> EvalexprResult<i128, WideNumericTypes> {
    match v {
        Value::Int(i) => Ok(i.0),
        other => Err(custom(format!("{function} expects an integer, got {other}"))),
    }
}

fn two_ints(v: &ClaimValue, function: &str) -> EvalexprResult<(i128, i128), WideNumericTypes> {
    match v {
        Value::Tuple(t) if t.len() == 2 => Ok((int_arg(&t[0], function)?, int_arg(&t[1], function)?)),
        other => Err(custom(format!("{function} expects two integers, got {other}"))),
    }
}

impl Context for Scope<'_> {
    type NumericTypes = WideNumericTypes;

    fn get_value(&self, identifier: &str) -> Option<&ClaimValue> {
        self.vars.iter().find(|(n, _)| *n == identifier).map(|(_, v)| v)
    }

    fn call_function(
        &self,
        identifier: &str,
        argument: &ClaimValue,
    ) -> EvalexprResult<ClaimValue, WideNumericTypes> {
        match identifier {
            "bitcount" => {
                let j = int_arg(argument, "bitcount")?;
                let j = u32::try_from(j).map_err(|_| custom(format!("bitcount({j}): bit index below 0")))?;
                // Piles are u64: bits 64 and up are clear in every pile.
                let count = if j < 64 {
                    self.piles.iter().filter(|&&p| (p >> j) & 1 == 1).count()
                } else {
                    0
                };
                Ok(int(count as i128))
            }
            // Checked shifts: the built-in ones cannot report overflow.
            "shl" => {
                let (x, s) = two_ints(argument, "shl")?;
                u32::try_from(s)
                    .ok()
                    .filter(|&s| s < 128)
                    .map(|s| (x << s, s))
                    .filter(|&(r, s)| r >> s == x)
                    .map(|(r, _)| int(r))
                    .ok_or_else(|| custom(format!("shl({x}, {s}) overflows 128 bits")))
            }
            "shr" => {
                let (x, s) = two_ints(argument, "shr")?;
                u32::try_from(s)
                    .ok()
                    .filter(|&s| s < 128)
                    .map(|s| int(x >> s))
                    .ok_or_else(|| custom(format!("shr({x}, {s}): shift out of range")))
            }
            _ => Err(EvalexprError::FunctionIdentifierNotFound(identifier.to_owned())),
        }
    }

    fn are_builtin_functions_disabled(&self) -> bool {
        false
    }

    fn set_builtin_functions_disabled(&mut self, _disabled: bool) -> EvalexprResult<(), WideNumericTypes> {
        Err(EvalexprError::BuiltinFunctionsCannotBeDisabled)
    }
}

/// A parsed boolean claim.
#[derive(Debug)]
pub struct Expr {
    tree: Node<WideNumericTypes>,
}

/// Whether every operator of `node` has its operands: evalexpr builds `n > > m` and only
/// fails when evaluating it.
fn well_formed(node: &Node<WideNumericTypes>) -> bool {
    use evalexpr::Operator::*;
    let n = node.children().len();
    let arity_ok = match node.operator() {
        Add | Sub | Mul | Div | Mod | Exp | Eq | Neq | Gt | Lt | Geq | Leq | And | Or | Assign
        | AddAssign | SubAssign | MulAssign | DivAssign | ModAssign | ExpAssign | AndAssign | OrAssign => {
            n == 2
        }
        Not | Neg | FunctionIdentifier { .. } => n == 1,
        RootNode => n <= 1,
        Const { .. } | VariableIdentifierRead { .. } | VariableIdentifierWrite { .. } => n == 0,
        Tuple | Chain => n >= 1,
    };
    arity_ok && node.children().iter().all(well_formed)
}

/// Whether `node` has no assignment and no `;`: a claim only reads its variables.
fn no_statements(node: &Node<WideNumericTypes>) -> bool {
    use evalexpr::Operator::*;
    !matches!(
        node.operator(),
        Assign
            | AddAssign
            | SubAssign
            | MulAssign
            | DivAssign
            | ModAssign
            | ExpAssign
            | AndAssign
            | OrAssign
            | VariableIdentifierWrite { .. }
            | Chain
    ) && node.children().iter().all(no_statements)
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == ':'
}

/// Returns the tree of `text` when it parses, is well formed and names only identifiers
/// made of letters, digits, `_` and `:` (evalexpr reads any other stray character, such
/// as `#`, as an identifier).
fn parse(text: &str) -> Result<Node<WideNumericTypes>, String> {
    if text.trim().is_empty() {
        return Err("the claim is empty".to_owned());
    }
    let tree = build_operator_tree::<WideNumericTypes>(text).map_err(|e| e.to_string())?;
    if !no_statements(&tree) {
        return Err("assignments and `;` are not allowed (compare with `==`)".to_owned());
    }
    if !well_formed(&tree) {
        return Err("an operator is missing an operand".to_owned());
    }
    if let Some(bad) = tree.iter_identifiers().find(|i| !i.chars().all(is_ident)) {
        return Err(format!("unexpected `{bad}`"));
    }
    Ok(tree)
}

fn parses(text: &str) -> bool {
    parse(text).is_ok()
}

/// Whether some text appended to `prefix` makes it parse: a token finished (`&`, `|`,
/// `=`, a closing quote), an operand, and the open parentheses closed.
fn completable(prefix: &str) -> bool {
    let open = prefix
        .matches('(')
        .count()
        .saturating_sub(prefix.matches(')').count());
    ["", "&", "|", "=", "\""].iter().any(|finish| {
        ["", " 0", " true"].iter().any(|operand| {
            (0..=open).any(|closed| parses(&format!("{prefix}{finish}{operand}{}", ")".repeat(closed))))
        })
    })
}

/// Returns the column (from 1) of the first character after which `text` can no longer
/// become a valid expression, or one past the end when only the end is missing
/// (e.g. an unclosed parenthesis). evalexpr's errors carry no position.
///
/// # Constraints
/// `text` does not parse.
///
/// # Complexity
/// O(|text|² · open parentheses) parsing work; claims are short.
///
/// # Example
/// ```
/// use gamecheck::claims::syntax_column;
/// assert_eq!(syntax_column("n > > m"), 5);
/// assert_eq!(syntax_column("(n > m"), 7);
/// assert_eq!(syntax_column("n >= m & a"), 8);
/// assert_eq!(syntax_column("a = 1"), 3);
/// ```
pub fn syntax_column(text: &str) -> usize {
    let mut column = 0;
    // The last character that is not a space: a prefix that breaks at a space broke
    // because the token before it cannot stand alone (`&` in `a & b`).
    let mut last_token = 0;
    for (i, ch) in text.char_indices() {
        column += 1;
        if !completable(&text[..i + ch.len_utf8()]) {
            return if ch.is_whitespace() && last_token > 0 {
                last_token
            } else {
                column
            };
        }
        if !ch.is_whitespace() {
            last_token = column;
        }
    }
    column + 1
}

/// The column (from 1) of the first occurrence of identifier `name` in `text`.
fn identifier_column(text: &str, name: &str) -> usize {
    text.match_indices(name)
        .find(|&(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + name.len()..].chars().next();
            !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
        })
        .map_or(1, |(i, _)| text[..i].chars().count() + 1)
}

impl Expr {
    /// Returns `text` parsed as a claim over the variables `variables`, which may also
    /// call the functions `functions` (answered by the [`Scope`]) and evalexpr's
    /// built-ins (`min`, `max`, `floor`, `bitand`, `shl`, …).
    ///
    /// Syntax errors give the column; so do variables and functions not listed (checked
    /// here, before any evaluation, so a short-circuited branch cannot hide them).
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(|text|) to parse; O(|text|²) more to locate a syntax error.
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::{Expr, ExprError};
    /// assert!(Expr::compile("n > m", &["n", "m"], &[]).is_ok());
    /// let err = Expr::compile("n > q", &["n", "m"], &[]).unwrap_err();
    /// assert!(matches!(err, ExprError::UnknownVariable { ref name, column: 5, .. } if name == "q"));
    /// ```
    pub fn compile(text: &str, variables: &[&str], functions: &[&str]) -> Result<Expr, ExprError> {
        check_size(text)?;
        let tree = parse(text).map_err(|message| ExprError::Syntax {
            text: text.to_owned(),
            column: syntax_column(text),
            message,
        })?;
        if let Some(name) = tree.iter_variable_identifiers().find(|v| !variables.contains(v)) {
            return Err(ExprError::UnknownVariable {
                text: text.to_owned(),
                name: name.to_owned(),
                column: identifier_column(text, name),
                known: variables.join(", "),
            });
        }
        let known_function = |f: &str| {
            functions.contains(&f)
                || BUILTINS.contains(&f)
                || f.starts_with("math::")
                || f.starts_with("str::")
        };
        if let Some(name) = tree.iter_function_identifiers().find(|f| !known_function(f)) {
            return Err(ExprError::UnknownFunction {
                text: text.to_owned(),
                name: name.to_owned(),
                column: identifier_column(text, name),
                known: if functions.is_empty() {
                    "none".to_owned()
                } else {
                    functions.join(", ")
                },
            });
        }
        Ok(Expr { tree })
    }

    /// Returns the claim's value in `scope`: `Err` with the reason when evaluation fails
    /// (division by zero, overflow, a wrong type) or the value is not a boolean.
    ///
    /// # Constraints
    /// None.
    ///
    /// # Complexity
    /// O(size of the expression).
    ///
    /// # Example
    /// ```
    /// use gamecheck::claims::{Expr, Scope, int};
    /// let e = Expr::compile("n % m == 0", &["n", "m"], &[]).unwrap();
    /// let vars = [("n", int(6)), ("m", int(3))];
    /// assert_eq!(e.eval(&Scope { vars: &vars, piles: &[] }), Ok(true));
    /// let vars = [("n", int(6)), ("m", int(0))];
    /// assert!(e.eval(&Scope { vars: &vars, piles: &[] }).is_err());
    /// ```
    pub fn eval(&self, scope: &Scope<'_>) -> Result<bool, String> {
        match self.tree.eval_with_context(scope) {
            Ok(Value::Boolean(b)) => Ok(b),
            Ok(other) => Err(format!("the value {other} is not a boolean")),
            Err(e) => Err(e.to_string()),
        }
    }
}
