//! A Pratt parser that types the tree as it builds it and resolves every name against the
//! vocabulary, so each error is reported where it stands, in the order of the text.

use super::ast::{Arith, BoolExpr, Compare, IntExpr};
use super::builtins::Builtin;
use super::error::ClaimError;
use super::lexer::{Kind, Lexer, Token};
use super::{Binder, MAX_CLAIM_DEPTH, Vocabulary};

/// Returns the claim `text` over `vocabulary`, or its first error.
pub(crate) fn parse(text: &str, vocabulary: &Vocabulary) -> Result<BoolExpr, ClaimError> {
    let mut lexer = Lexer::new(text);
    let peek = lexer.next_token();
    let mut parser = Parser {
        text,
        vocabulary,
        lexer,
        peek,
        previous: None,
        depth: 0,
        scopes: Vec::new(),
    };
    let root = parser.expression(0)?;
    match parser.peek.kind {
        Kind::End => {}
        Kind::RParen => return Err(parser.syntax(parser.peek.column, "this `)` has no matching `(`")),
        other => return Err(parser.unexpected(other, "an operator")),
    }
    match root.value {
        Typed::Bool(b) => Ok(b),
        Typed::Int(_) => Err(parser.type_error(root.column, "the claim must be a boolean, found an integer")),
    }
}

enum Typed {
    Int(IntExpr),
    Bool(BoolExpr),
}

impl Typed {
    fn name(&self) -> &'static str {
        match self {
            Typed::Int(_) => "an integer",
            Typed::Bool(_) => "a boolean",
        }
    }
}

/// A typed expression and the column of its first character.
struct Operand {
    value: Typed,
    column: usize,
}

#[derive(Clone, Copy)]
enum Binary {
    Or,
    And,
    Compare(Compare),
    Arith(Arith),
}

/// Binding levels: a higher level binds tighter. Unary operators bind tighter than all.
const PREFIX_LEVEL: u8 = 6;

fn binary(kind: Kind<'_>) -> Option<(Binary, u8)> {
    Some(match kind {
        Kind::OrOr => (Binary::Or, 1),
        Kind::AndAnd => (Binary::And, 2),
        Kind::EqEq => (Binary::Compare(Compare::Eq), 3),
        Kind::Ne => (Binary::Compare(Compare::Ne), 3),
        Kind::Lt => (Binary::Compare(Compare::Lt), 3),
        Kind::Le => (Binary::Compare(Compare::Le), 3),
        Kind::Gt => (Binary::Compare(Compare::Gt), 3),
        Kind::Ge => (Binary::Compare(Compare::Ge), 3),
        Kind::Plus => (Binary::Arith(Arith::Add), 4),
        Kind::Minus => (Binary::Arith(Arith::Sub), 4),
        Kind::Star => (Binary::Arith(Arith::Mul), 5),
        Kind::Slash => (Binary::Arith(Arith::Div), 5),
        Kind::Percent => (Binary::Arith(Arith::Rem), 5),
        _ => return None,
    })
}

struct Parser<'a, 'v> {
    text: &'a str,
    vocabulary: &'v Vocabulary,
    lexer: Lexer<'a>,
    /// The next token, not yet consumed.
    peek: Token<'a>,
    /// The token consumed last: it words the error for a missing operand.
    previous: Option<Kind<'a>>,
    /// Open parentheses and unary operators around the current point.
    depth: usize,
    /// The binders around the current point, outermost first.
    scopes: Vec<&'v Binder>,
}

impl<'a, 'v> Parser<'a, 'v> {
    fn advance(&mut self) -> Token<'a> {
        let token = self.peek;
        self.previous = Some(token.kind);
        self.peek = self.lexer.next_token();
        token
    }

    fn syntax(&self, column: usize, message: impl Into<String>) -> ClaimError {
        ClaimError::Syntax {
            text: self.text.to_owned(),
            column,
            message: message.into(),
        }
    }

    fn type_error(&self, column: usize, message: impl Into<String>) -> ClaimError {
        ClaimError::Type {
            text: self.text.to_owned(),
            column,
            message: message.into(),
        }
    }

    /// The error for the token `found` (the next one) where `expected` was needed; a
    /// lexical error is reported as itself.
    fn unexpected(&self, found: Kind<'_>, expected: &str) -> ClaimError {
        match found {
            Kind::Bad(e) => self.syntax(self.peek.column, e.to_string()),
            other => self.syntax(self.peek.column, format!("expected {expected}, found {other}")),
        }
    }

    /// Goes one level deeper at the token at `column`, refusing to pass the limit.
    fn enter(&mut self, column: usize) -> Result<(), ClaimError> {
        self.depth += 1;
        if self.depth > MAX_CLAIM_DEPTH {
            return Err(ClaimError::TooDeep {
                text: self.text.to_owned(),
                column,
            });
        }
        Ok(())
    }

    /// Returns `o` as an integer, or a type error saying that `what` needs one.
    fn int(&self, o: Operand, what: &str) -> Result<IntExpr, ClaimError> {
        match o.value {
            Typed::Int(e) => Ok(e),
            Typed::Bool(_) => {
                Err(self.type_error(o.column, format!("{what} needs an integer, found a boolean")))
            }
        }
    }

    /// Returns `o` as a boolean, or a type error saying that `what` needs one.
    fn boolean(&self, o: Operand, what: &str) -> Result<BoolExpr, ClaimError> {
        match o.value {
            Typed::Bool(e) => Ok(e),
            Typed::Int(_) => {
                Err(self.type_error(o.column, format!("{what} needs a boolean, found an integer")))
            }
        }
    }

    /// Parses operators of level `min_level` and above: precedence climbing, left
    /// associative, comparisons not chained.
    fn expression(&mut self, min_level: u8) -> Result<Operand, ClaimError> {
        let mut lhs = self.prefix()?;
        let mut after_comparison = false;
        while let Some((op, level)) = binary(self.peek.kind) {
            if level < min_level {
                break;
            }
            let op_token = self.advance();
            if matches!(op, Binary::Compare(_)) && after_comparison {
                return Err(self.syntax(
                    op_token.column,
                    "comparisons cannot be chained (join them with `&&`)",
                ));
            }
            let value = self.binary(op, &op_token, lhs.value, lhs.column, level)?;
            lhs = Operand {
                value,
                column: lhs.column,
            };
            after_comparison = matches!(op, Binary::Compare(_));
        }
        Ok(lhs)
    }

    /// Reads the right operand of `op` (just consumed) and returns `op` applied to both.
    /// The left operand is checked before the right one is read, so that errors come in
    /// the order of the text.
    fn binary(
        &mut self,
        op: Binary,
        op_token: &Token<'_>,
        lhs: Typed,
        lhs_column: usize,
        level: u8,
    ) -> Result<Typed, ClaimError> {
        let symbol = op_token.kind.to_string();
        let lhs = Operand {
            value: lhs,
            column: lhs_column,
        };
        Ok(match op {
            Binary::Or | Binary::And => {
                let l = Box::new(self.boolean(lhs, &symbol)?);
                let r = self.expression(level + 1)?;
                let r = Box::new(self.boolean(r, &symbol)?);
                Typed::Bool(if matches!(op, Binary::Or) {
                    BoolExpr::Or(l, r)
                } else {
                    BoolExpr::And(l, r)
                })
            }
            Binary::Compare(c @ (Compare::Eq | Compare::Ne)) => {
                let r = self.expression(level + 1)?;
                match (lhs.value, r.value) {
                    (Typed::Int(l), Typed::Int(r)) => Typed::Bool(BoolExpr::Compare {
                        op: c,
                        lhs: l,
                        rhs: r,
                    }),
                    (Typed::Bool(l), Typed::Bool(r)) => Typed::Bool(BoolExpr::Same {
                        negate: c == Compare::Ne,
                        lhs: Box::new(l),
                        rhs: Box::new(r),
                    }),
                    (l, rv) => {
                        return Err(self.type_error(
                            r.column,
                            format!("{symbol} compares {} with {}", l.name(), rv.name()),
                        ));
                    }
                }
            }
            Binary::Compare(c) => {
                let l = self.int(lhs, &symbol)?;
                let r = self.expression(level + 1)?;
                let r = self.int(r, &symbol)?;
                Typed::Bool(BoolExpr::Compare {
                    op: c,
                    lhs: l,
                    rhs: r,
                })
            }
            Binary::Arith(a) => {
                let l = Box::new(self.int(lhs, &symbol)?);
                let r = self.expression(level + 1)?;
                let r = Box::new(self.int(r, &symbol)?);
                Typed::Int(IntExpr::Arith {
                    op: a,
                    lhs: l,
                    rhs: r,
                    column: op_token.column,
                })
            }
        })
    }

    /// Parses an operand: a literal, a name, a call, a binder, a parenthesized expression
    /// or a unary operator applied to an operand.
    fn prefix(&mut self) -> Result<Operand, ClaimError> {
        let token = self.peek;
        let value = match token.kind {
            Kind::Not | Kind::Minus => {
                self.enter(token.column)?;
                self.advance();
                let operand = self.expression(PREFIX_LEVEL)?;
                self.depth -= 1;
                if token.kind == Kind::Not {
                    Typed::Bool(BoolExpr::Not(Box::new(self.boolean(operand, "`!`")?)))
                } else {
                    Typed::Int(IntExpr::Neg {
                        operand: Box::new(self.int(operand, "`-`")?),
                        column: token.column,
                    })
                }
            }
            Kind::LParen => {
                self.enter(token.column)?;
                self.advance();
                let inner = self.expression(0)?;
                self.close(token.column, None)?;
                self.depth -= 1;
                inner.value
            }
            Kind::Int(v) => {
                self.advance();
                Typed::Int(IntExpr::Literal(v))
            }
            Kind::True | Kind::False => {
                self.advance();
                Typed::Bool(BoolExpr::Literal(token.kind == Kind::True))
            }
            Kind::Ident(name) => {
                self.advance();
                self.name(name, token.column)?
            }
            other => return Err(self.missing_operand(other)),
        };
        Ok(Operand {
            value,
            column: token.column,
        })
    }

    /// The error for `found` (the next token) where an operand was needed.
    fn missing_operand(&self, found: Kind<'_>) -> ClaimError {
        let after_operator = self
            .previous
            .is_some_and(|p| binary(p).is_some() || p == Kind::Not);
        let column = self.peek.column;
        match found {
            Kind::End if self.previous.is_none() => self.syntax(1, "the claim is empty"),
            Kind::End | Kind::RParen | Kind::Comma if after_operator => {
                self.syntax(column, "an operator is missing an operand")
            }
            k if binary(k).is_some() => self.syntax(column, "an operator is missing an operand"),
            other => self.unexpected(other, "an operand"),
        }
    }

    /// Consumes the `)` closing the `(` at `open`, of function `function` if any.
    fn close(&mut self, open: usize, function: Option<&str>) -> Result<(), ClaimError> {
        match self.peek.kind {
            Kind::RParen => {
                self.advance();
                Ok(())
            }
            Kind::End => Err(self.syntax(
                open,
                match function {
                    Some(f) => format!("this `(` of {f} is never closed"),
                    None => "this `(` is never closed".to_owned(),
                },
            )),
            other => Err(self.unexpected(other, "an operator or `)`")),
        }
    }

    /// Resolves the identifier `name` (just consumed, at `column`): a call or binder when
    /// `(` follows, else a variable, the innermost binder's first.
    fn name(&mut self, name: &str, column: usize) -> Result<Typed, ClaimError> {
        let vocabulary = self.vocabulary;
        if self.peek.kind == Kind::LParen {
            if let Some(binder) = vocabulary.binders.iter().find(|b| b.name == name) {
                return self.binder(binder, column);
            }
            if let Some(builtin) = Builtin::lookup(name) {
                let args = self.arguments(name)?;
                if let Some(takes) = builtin.arity_error(args.len()) {
                    return Err(self.syntax(column, format!("`{name}` takes {takes}, found {}", args.len())));
                }
                return Ok(Typed::Int(IntExpr::Builtin {
                    function: builtin,
                    args,
                    column,
                }));
            }
            if let Some(index) = vocabulary.functions.iter().position(|f| f.name == name) {
                let arity = vocabulary.functions[index].arity;
                let args = self.arguments(name)?;
                if args.len() != arity {
                    let plural = if arity == 1 { "" } else { "s" };
                    return Err(self.syntax(
                        column,
                        format!("`{name}` takes {arity} argument{plural}, found {}", args.len()),
                    ));
                }
                return Ok(Typed::Int(IntExpr::Call {
                    function: index,
                    args,
                    column,
                }));
            }
            return Err(ClaimError::UnknownFunction {
                text: self.text.to_owned(),
                name: name.to_owned(),
                column,
                known: self.known_functions(),
            });
        }
        if let Some(slot) = self.scopes.iter().rposition(|b| b.variable == name) {
            return Ok(Typed::Int(IntExpr::Bound(slot)));
        }
        if let Some(index) = vocabulary.variables.iter().position(|v| *v == name) {
            return Ok(Typed::Int(IntExpr::Variable(index)));
        }
        let is_function = Builtin::lookup(name).is_some()
            || vocabulary.functions.iter().any(|f| f.name == name)
            || vocabulary.binders.iter().any(|b| b.name == name);
        if is_function {
            return Err(self.syntax(column, format!("`{name}` is a function: write {name}(…)")));
        }
        Err(ClaimError::UnknownVariable {
            text: self.text.to_owned(),
            name: name.to_owned(),
            column,
            known: self.known_variables(name),
        })
    }

    /// The variables visible here, and where `name` would be visible if a binder binds it.
    fn known_variables(&self, name: &str) -> String {
        let mut known: Vec<&str> = self.vocabulary.variables.to_vec();
        known.extend(self.scopes.iter().rev().map(|b| b.variable));
        let mut out = if known.is_empty() {
            "none".to_owned()
        } else {
            known.join(", ")
        };
        if let Some(b) = self.vocabulary.binders.iter().find(|b| b.variable == name) {
            out.push_str(&format!("; `{name}` exists only inside {}(…)", b.name));
        }
        out
    }

    fn known_functions(&self) -> String {
        let builtins = Builtin::ALL.iter().map(|b| b.name());
        let game = self.vocabulary.functions.iter().map(|f| f.name);
        let binders = self.vocabulary.binders.iter().map(|b| b.name);
        builtins.chain(game).chain(binders).collect::<Vec<_>>().join(", ")
    }

    /// Reads `(x, y, …)` after the function `name`: integers, possibly none.
    fn arguments(&mut self, name: &str) -> Result<Vec<IntExpr>, ClaimError> {
        let open = self.advance().column;
        self.enter(open)?;
        let mut args = Vec::new();
        if self.peek.kind != Kind::RParen {
            loop {
                let arg = self.expression(0)?;
                args.push(self.int(arg, &format!("`{name}`"))?);
                match self.peek.kind {
                    Kind::Comma => {
                        self.advance();
                    }
                    Kind::RParen => break,
                    Kind::End => {
                        return Err(self.syntax(open, format!("this `(` of {name} is never closed")));
                    }
                    other => return Err(self.unexpected(other, "an operator, `,` or `)`")),
                }
            }
        }
        self.advance();
        self.depth -= 1;
        Ok(args)
    }

    /// Reads `(e)` after the binder `binder` (its name at `column`): `e` a boolean in which
    /// the binder's variable is visible.
    fn binder(&mut self, binder: &'static Binder, column: usize) -> Result<Typed, ClaimError> {
        if self.scopes.iter().any(|b| b.variable == binder.variable) {
            return Err(ClaimError::NestedBinder {
                text: self.text.to_owned(),
                name: binder.name.to_owned(),
                column,
            });
        }
        let open = self.advance().column;
        self.enter(open)?;
        self.scopes.push(binder);
        let body = self.expression(0)?;
        let body = self.boolean(body, &format!("`{}`", binder.name))?;
        self.close(open, Some(binder.name))?;
        self.scopes.pop();
        self.depth -= 1;
        Ok(Typed::Bool(BoolExpr::ForAll {
            binder: binder.name,
            variable: binder.variable,
            range: binder.range.clone(),
            body: Box::new(body),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Binder, Claim, ClaimError, Function, Vocabulary};

    static VOCABULARY: Vocabulary = test_vocabulary!(["a", "b", "n", "m"], "bitcount" / 1, 0..4);

    /// The error's column and its message (the first line of its display).
    fn error(text: &str) -> (usize, String) {
        let e = Claim::parse(text, &VOCABULARY).expect_err(text);
        let line = e.to_string().lines().next().unwrap_or_default().to_owned();
        (e.column().unwrap_or(0), line)
    }

    #[test]
    fn syntax_errors_point_at_their_token() {
        assert_eq!(
            error("n > > m"),
            (
                5,
                "syntax error at column 5: an operator is missing an operand".into()
            )
        );
        assert_eq!(error("n >").0, 4);
        assert_eq!(error("n >= m & a").0, 8);
        assert_eq!(
            error("n > m q").1,
            "syntax error at column 7: expected an operator, found `q`"
        );
        assert_eq!(
            error("(n > m) )").1,
            "syntax error at column 9: this `)` has no matching `(`"
        );
        assert_eq!(
            error("(n > m").1,
            "syntax error at column 1: this `(` is never closed"
        );
        assert_eq!(
            error("(n m)").1,
            "syntax error at column 4: expected an operator or `)`, found `m`"
        );
        assert_eq!(
            error("()").1,
            "syntax error at column 2: expected an operand, found `)`"
        );
        assert_eq!(error("  ").1, "syntax error at column 1: the claim is empty");
        assert_eq!(error("a + + b").0, 5);
    }

    #[test]
    fn statements_strings_and_fractions_are_refused_where_they_stand() {
        assert_eq!(
            error("a = 1").1,
            "syntax error at column 3: assignments and `;` are not allowed (compare with `==`)"
        );
        assert_eq!(error("a == 1; b == 2").0, 7);
        assert_eq!(error("a += 1").0, 4);
        assert_eq!(
            error("a > 1.5").1,
            "syntax error at column 5: `1.5`: claims have integers only, no decimal point"
        );
        assert_eq!(
            error("a == \"x\"").1,
            "syntax error at column 6: claims have no strings"
        );
        assert_eq!(error("a ^ b == 0").0, 3);
        let big = "a < 170141183460469231731687303715884105728";
        assert_eq!(
            error(big).1,
            "syntax error at column 5: the integer 170141183460469231731687303715884105728 does not fit in 128 bits"
        );
        assert!(Claim::parse("a < 170141183460469231731687303715884105727", &VOCABULARY).is_ok());
    }

    #[test]
    fn the_first_error_in_the_text_wins() {
        // A type error at column 5 comes before the stray `#`.
        assert_eq!(error("a + (b > 1) # 2").0, 5);
        assert_eq!(error("a > > 1 = 2").0, 5);
        assert_eq!(
            error("q > 1 && r > 1").1,
            "unknown variable `q` at column 1 (known: a, b, n, m)"
        );
    }

    #[test]
    fn types_are_checked_when_parsing() {
        assert_eq!(
            error("a + (b > 1) > 0").1,
            "type error at column 5: `+` needs an integer, found a boolean"
        );
        assert_eq!(
            error("a + b").1,
            "type error at column 1: the claim must be a boolean, found an integer"
        );
        assert_eq!(
            error("!a").1,
            "type error at column 2: `!` needs a boolean, found an integer"
        );
        assert_eq!(error("-(a > b)").0, 2);
        assert_eq!(error("true < 1").0, 1);
        assert_eq!(
            error("a == true").1,
            "type error at column 6: `==` compares an integer with a boolean"
        );
        assert_eq!(error("a > 0 && b").0, 10);
        assert_eq!(error("min(a, b > 1) > 0").0, 8);
        assert_eq!(error("all_bits(j)").0, 10);
        assert!(Claim::parse("(a > 0) == (b > 0)", &VOCABULARY).is_ok());
        assert!(Claim::parse("(a > 0) != true", &VOCABULARY).is_ok());
    }

    #[test]
    fn comparisons_do_not_chain() {
        assert_eq!(
            error("a < b < n").1,
            "syntax error at column 7: comparisons cannot be chained (join them with `&&`)"
        );
        assert_eq!(error("a == b + 1 == n").0, 12);
        assert!(Claim::parse("a < b && b < n", &VOCABULARY).is_ok());
    }

    #[test]
    fn names_are_resolved_when_parsing() {
        assert_eq!(
            error("n > m || q == 1").1,
            "unknown variable `q` at column 10 (known: a, b, n, m)"
        );
        assert_eq!(
            error("j == 0").1,
            "unknown variable `j` at column 1 (known: a, b, n, m; `j` exists only inside all_bits(…))"
        );
        assert_eq!(
            error("all_bits(k == 0)").1,
            "unknown variable `k` at column 10 (known: a, b, n, m, j)"
        );
        assert_eq!(
            error("floor(a) > 0").1,
            "unknown function `floor` at column 1 (known: min, max, bitand, bitor, bitxor, bitnot, shl, shr, \
             bitcount, all_bits, all_small)"
        );
        assert_eq!(
            error("bitcount > 0").1,
            "syntax error at column 1: `bitcount` is a function: write bitcount(…)"
        );
        assert_eq!(
            error("bitcount(1, 2) > 0").1,
            "syntax error at column 1: `bitcount` takes 1 argument, found 2"
        );
        assert_eq!(
            error("min(a) > 0").1,
            "syntax error at column 1: `min` takes at least 2 arguments, found 1"
        );
        assert_eq!(error("a > 0 && min(a,) > 0").0, 16);
        assert_eq!(
            error("bitcount(a").1,
            "syntax error at column 9: this `(` of bitcount is never closed"
        );
        assert_eq!(
            error("bitcount(a > 0").1,
            "type error at column 10: `bitcount` needs an integer, found a boolean"
        );
    }

    #[test]
    fn binders_scope_their_variable() {
        assert_eq!(
            error("all_bits(j > 0").1,
            "syntax error at column 9: this `(` of all_bits is never closed"
        );
        assert_eq!(error("all_bits(bitcount(j) % > 2)").0, 24);
        assert_eq!(
            error("all_bits(all_bits(j > 0))").1,
            "nested all_bits is not supported (column 10)"
        );
        assert_eq!(error("all_bits(j > 0) && j > 0").0, 20);
        assert!(Claim::parse("all_bits(all_small(i < j || j < 4))", &VOCABULARY).is_ok());
        assert_eq!(error("all_bits > 0").0, 1);
    }

    #[test]
    fn nesting_is_limited_where_it_passes_the_limit() {
        let ok = format!("{}a > 0{}", "(".repeat(64), ")".repeat(64));
        assert!(Claim::parse(&ok, &VOCABULARY).is_ok());
        let deep = format!("{}a > 0{}", "(".repeat(65), ")".repeat(65));
        assert!(matches!(
            Claim::parse(&deep, &VOCABULARY),
            Err(ClaimError::TooDeep { column: 65, .. })
        ));
        assert!(Claim::parse(&format!("{}true", "!".repeat(64)), &VOCABULARY).is_ok());
        assert_eq!(error(&format!("{}true", "!".repeat(65))).0, 65);
        assert_eq!(error(&format!("a == {}1", "-".repeat(70))).0, 70);
        // Calls and binders count too.
        let calls = format!("{}{}a{} > 0", "(".repeat(62), "min(0,".repeat(3), ")".repeat(65));
        assert_eq!(error(&calls).0, 62 + 2 * 6 + 4);
        let binders = format!("{}all_bits(j > 0{}", "(".repeat(64), ")".repeat(65));
        assert_eq!(error(&binders).0, 73);
        // Long flat claims are fine: only nesting is limited.
        let flat = format!("a == {}", vec!["1"; 120].join(" + "));
        assert!(flat.len() > 400);
        assert!(Claim::parse(&flat, &VOCABULARY).is_ok());
    }

    #[test]
    fn length_is_limited_before_parsing() {
        let long = format!("a == {}", "1 + ".repeat(200));
        assert_eq!(
            Claim::parse(&long, &VOCABULARY).unwrap_err().to_string(),
            format!("the claim is too large: {} bytes, at most 512", long.len())
        );
    }
}
