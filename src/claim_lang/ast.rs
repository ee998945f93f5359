//! The typed tree of a claim: integer and boolean expressions are different types, so a
//! tree that exists is well typed and evaluation never checks a type.

use std::ops::Range;

use super::builtins::Builtin;

/// `+ - * / %`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl Arith {
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Arith::Add => "+",
            Arith::Sub => "-",
            Arith::Mul => "*",
            Arith::Div => "/",
            Arith::Rem => "%",
        }
    }
}

/// `== != < <= > >=` between integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compare {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// An expression whose value is an integer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum IntExpr {
    Literal(i128),
    /// The vocabulary's variable of this index.
    Variable(usize),
    /// The variable of the enclosing binder at this nesting level (0 = outermost).
    Bound(usize),
    Neg {
        operand: Box<IntExpr>,
        column: usize,
    },
    Arith {
        op: Arith,
        lhs: Box<IntExpr>,
        rhs: Box<IntExpr>,
        column: usize,
    },
    Builtin {
        function: Builtin,
        args: Vec<IntExpr>,
        column: usize,
    },
    /// The vocabulary's function of index `function`.
    Call {
        function: usize,
        args: Vec<IntExpr>,
        column: usize,
    },
}

/// An expression whose value is a boolean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BoolExpr {
    Literal(bool),
    Not(Box<BoolExpr>),
    And(Box<BoolExpr>, Box<BoolExpr>),
    Or(Box<BoolExpr>, Box<BoolExpr>),
    Compare {
        op: Compare,
        lhs: IntExpr,
        rhs: IntExpr,
    },
    /// `==` (or `!=` when `negate`) between booleans.
    Same {
        negate: bool,
        lhs: Box<BoolExpr>,
        rhs: Box<BoolExpr>,
    },
    /// True when `body` is true for every value of the binder's variable in `range`.
    ForAll {
        binder: &'static str,
        variable: &'static str,
        range: Range<i128>,
        body: Box<BoolExpr>,
    },
}
