//! Evaluation of a typed claim with exact `i128` arithmetic: every operation is checked,
//! so a result that does not fit is an error in debug and release builds alike.

use super::Env;
use super::ast::{Arith, BoolExpr, Compare, IntExpr};
use super::error::EvalError;

/// Returns the value of `e`; `bound` holds the values of the enclosing binders' variables,
/// outermost first.
pub(crate) fn boolean(e: &BoolExpr, env: &impl Env, bound: &mut Vec<i128>) -> Result<bool, EvalError> {
    Ok(match e {
        BoolExpr::Literal(b) => *b,
        BoolExpr::Not(x) => !boolean(x, env, bound)?,
        BoolExpr::And(x, y) => boolean(x, env, bound)? && boolean(y, env, bound)?,
        BoolExpr::Or(x, y) => boolean(x, env, bound)? || boolean(y, env, bound)?,
        BoolExpr::Compare { op, lhs, rhs } => {
            let (x, y) = (int(lhs, env, bound)?, int(rhs, env, bound)?);
            match op {
                Compare::Eq => x == y,
                Compare::Ne => x != y,
                Compare::Lt => x < y,
                Compare::Le => x <= y,
                Compare::Gt => x > y,
                Compare::Ge => x >= y,
            }
        }
        BoolExpr::Same { negate, lhs, rhs } => {
            (boolean(lhs, env, bound)? == boolean(rhs, env, bound)?) != *negate
        }
        BoolExpr::ForAll {
            binder,
            variable,
            range,
            body,
        } => {
            let slot = bound.len();
            bound.push(0);
            let mut all = Ok(true);
            for value in range.clone() {
                bound[slot] = value;
                match boolean(body, env, bound) {
                    Ok(true) => {}
                    Ok(false) => {
                        all = Ok(false);
                        break;
                    }
                    Err(error) => {
                        all = Err(EvalError::InBinder {
                            binder,
                            variable,
                            value,
                            error: Box::new(error),
                        });
                        break;
                    }
                }
            }
            bound.truncate(slot);
            all?
        }
    })
}

/// Returns the value of `e`, as [`boolean`] does.
fn int(e: &IntExpr, env: &impl Env, bound: &mut Vec<i128>) -> Result<i128, EvalError> {
    match e {
        IntExpr::Literal(v) => Ok(*v),
        IntExpr::Variable(i) => Ok(env.variable(*i)),
        // The parser numbers binder levels, so the slot exists.
        IntExpr::Bound(slot) => Ok(bound.get(*slot).copied().unwrap_or_default()),
        IntExpr::Neg { operand, column } => {
            let x = int(operand, env, bound)?;
            x.checked_neg().ok_or(EvalError::NegationOverflow {
                operand: x,
                column: *column,
            })
        }
        IntExpr::Arith { op, lhs, rhs, column } => {
            let (x, y) = (int(lhs, env, bound)?, int(rhs, env, bound)?);
            arith(*op, x, y, *column)
        }
        IntExpr::Builtin {
            function,
            args,
            column,
        } => applied(args, env, bound, *column, |values| function.apply(values)),
        IntExpr::Call {
            function,
            args,
            column,
        } => applied(args, env, bound, *column, |values| env.call(*function, values)),
    }
}

/// Returns `apply` of the values of `args`, its error as the function's at `column`.
fn applied(
    args: &[IntExpr],
    env: &impl Env,
    bound: &mut Vec<i128>,
    column: usize,
    apply: impl FnOnce(&[i128]) -> Result<i128, String>,
) -> Result<i128, EvalError> {
    let values = args
        .iter()
        .map(|a| int(a, env, bound))
        .collect::<Result<Vec<_>, _>>()?;
    apply(&values).map_err(|message| EvalError::Function { message, column })
}

/// Returns `x op y` exactly, or why it does not exist in `i128`.
fn arith(op: Arith, x: i128, y: i128, column: usize) -> Result<i128, EvalError> {
    let symbol = op.symbol();
    if y == 0 && matches!(op, Arith::Div | Arith::Rem) {
        return Err(EvalError::DivisionByZero {
            op: symbol,
            lhs: x,
            column,
        });
    }
    let exact = match op {
        Arith::Add => x.checked_add(y),
        Arith::Sub => x.checked_sub(y),
        Arith::Mul => x.checked_mul(y),
        Arith::Div => x.checked_div(y),
        // i128::MIN % -1 is 0 exactly; `checked_rem` calls it an overflow.
        Arith::Rem if y == -1 => Some(0),
        Arith::Rem => x.checked_rem(y),
    };
    exact.ok_or(EvalError::Overflow {
        op: symbol,
        lhs: x,
        rhs: y,
        column,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EDGES: [i128; 12] = [
        i128::MIN,
        i128::MIN + 1,
        i128::MIN / 2,
        -3,
        -1,
        0,
        1,
        2,
        3,
        i128::MAX / 2,
        i128::MAX - 1,
        i128::MAX,
    ];

    #[test]
    fn small_operands_give_plain_arithmetic() {
        // Products of i64 values cannot overflow i128, so the unchecked operators are the
        // exact answer to compare with.
        let small = [i64::MIN, -1000, -7, -1, 0, 1, 2, 7, 1000, i64::MAX].map(i128::from);
        for &x in &small {
            for &y in &small {
                assert_eq!(arith(Arith::Add, x, y, 1), Ok(x + y));
                assert_eq!(arith(Arith::Sub, x, y, 1), Ok(x - y));
                assert_eq!(arith(Arith::Mul, x, y, 1), Ok(x * y));
                if y != 0 {
                    assert_eq!(arith(Arith::Div, x, y, 1), Ok(x / y));
                    assert_eq!(arith(Arith::Rem, x, y, 1), Ok(x % y));
                }
            }
        }
    }

    #[test]
    fn overflow_is_reported_exactly_when_the_result_leaves_i128() {
        for &x in &EDGES {
            for &y in &EDGES {
                // The true sum leaves i128 exactly when both signs agree and the wrapped
                // sum's sign differs.
                let add_leaves = (x < 0) == (y < 0) && (x.wrapping_add(y) < 0) != (x < 0);
                assert_eq!(arith(Arith::Add, x, y, 1).is_err(), add_leaves, "{x} + {y}");
                let sub_leaves = (x < 0) != (y < 0) && (x.wrapping_sub(y) < 0) != (x < 0);
                assert_eq!(arith(Arith::Sub, x, y, 1).is_err(), sub_leaves, "{x} - {y}");
                // |x·y| in u128 (None beyond 2^128) against the largest magnitude of its sign.
                let magnitude = x.unsigned_abs().checked_mul(y.unsigned_abs());
                let limit = if (x < 0) != (y < 0) {
                    1u128 << 127
                } else {
                    (1u128 << 127) - 1
                };
                let mul_leaves = magnitude.is_none_or(|m| m > limit);
                assert_eq!(arith(Arith::Mul, x, y, 1).is_err(), mul_leaves, "{x} * {y}");
                if let Ok(p) = arith(Arith::Mul, x, y, 1) {
                    assert!(x == 0 || p.wrapping_div(x) == y || (p == i128::MIN && x == -1));
                }
                let div = arith(Arith::Div, x, y, 1);
                assert_eq!(div.is_err(), y == 0 || (x == i128::MIN && y == -1), "{x} / {y}");
                if let (Ok(q), Ok(r)) = (div, arith(Arith::Rem, x, y, 1)) {
                    assert_eq!(q.wrapping_mul(y).wrapping_add(r), x, "{x} = q·{y} + r");
                    assert!(r.unsigned_abs() < y.unsigned_abs() && (r == 0 || (r < 0) == (x < 0)));
                }
            }
        }
    }

    #[test]
    fn division_edge_cases() {
        assert_eq!(
            arith(Arith::Div, i128::MIN, -1, 4),
            Err(EvalError::Overflow {
                op: "/",
                lhs: i128::MIN,
                rhs: -1,
                column: 4
            })
        );
        assert_eq!(arith(Arith::Rem, i128::MIN, -1, 4), Ok(0));
        assert_eq!(arith(Arith::Rem, -7, 2, 1), Ok(-1));
        assert_eq!(arith(Arith::Div, -7, 2, 1), Ok(-3));
        assert_eq!(
            arith(Arith::Rem, 5, 0, 9).map_err(|e| e.to_string()),
            Err("5 % 0: division by zero (column 9)".to_owned())
        );
    }
}
