//! The integers of typed claims: evalexpr's default `i64` cannot hold Chopsticks counts
//! (up to `u64::MAX`) nor the hand totals n and m (up to 2^65), so claims are evaluated
//! with an `i128` newtype whose arithmetic is checked: overflow is an evaluation error,
//! never a wrap.

use std::fmt;
use std::str::FromStr;

use evalexpr::{EvalexprError, EvalexprInt, EvalexprNumericTypes, EvalexprResult, Value};

/// A 128-bit signed integer for evalexpr, with checked arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct WideInt(pub i128);

/// evalexpr's numeric configuration for claims: [`WideInt`] integers and `f64` floats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WideNumericTypes;

impl EvalexprNumericTypes for WideNumericTypes {
    type Int = WideInt;
    type Float = f64;

    fn int_as_float(int: &WideInt) -> f64 {
        int.0 as f64
    }

    fn float_as_int(float: &f64) -> WideInt {
        // `as` saturates (and maps NaN to 0): the documented evalexpr behaviour for i64.
        WideInt(*float as i128)
    }
}

impl fmt::Display for WideInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for WideInt {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<WideInt, Self::Err> {
        s.parse().map(WideInt)
    }
}

type Error = EvalexprError<WideNumericTypes>;

fn int(v: WideInt) -> Value<WideNumericTypes> {
    Value::Int(v)
}

impl EvalexprInt<WideNumericTypes> for WideInt {
    const MIN: WideInt = WideInt(i128::MIN);
    const MAX: WideInt = WideInt(i128::MAX);

    fn from_usize(n: usize) -> EvalexprResult<WideInt, WideNumericTypes> {
        i128::try_from(n)
            .map(WideInt)
            .map_err(|_| Error::IntFromUsize { usize_int: n })
    }

    fn into_usize(&self) -> EvalexprResult<usize, WideNumericTypes> {
        usize::try_from(self.0).map_err(|_| Error::IntIntoUsize { int: *self })
    }

    fn from_hex_str(literal: &str) -> Result<WideInt, ()> {
        i128::from_str_radix(literal, 16).map(WideInt).map_err(|_| ())
    }

    fn from_binary_str(literal: &str) -> Result<WideInt, ()> {
        i128::from_str_radix(literal, 2).map(WideInt).map_err(|_| ())
    }

    fn from_octal_str(literal: &str) -> Result<WideInt, ()> {
        i128::from_str_radix(literal, 8).map(WideInt).map_err(|_| ())
    }

    fn checked_add(&self, rhs: &WideInt) -> EvalexprResult<WideInt, WideNumericTypes> {
        self.0
            .checked_add(rhs.0)
            .map(WideInt)
            .ok_or(Error::AdditionError {
                augend: int(*self),
                addend: int(*rhs),
            })
    }

    fn checked_sub(&self, rhs: &WideInt) -> EvalexprResult<WideInt, WideNumericTypes> {
        self.0
            .checked_sub(rhs.0)
            .map(WideInt)
            .ok_or(Error::SubtractionError {
                minuend: int(*self),
                subtrahend: int(*rhs),
            })
    }

    fn checked_neg(&self) -> EvalexprResult<WideInt, WideNumericTypes> {
        self.0
            .checked_neg()
            .map(WideInt)
            .ok_or(Error::NegationError { argument: int(*self) })
    }

    fn checked_mul(&self, rhs: &WideInt) -> EvalexprResult<WideInt, WideNumericTypes> {
        self.0
            .checked_mul(rhs.0)
            .map(WideInt)
            .ok_or(Error::MultiplicationError {
                multiplicand: int(*self),
                multiplier: int(*rhs),
            })
    }

    fn checked_div(&self, rhs: &WideInt) -> EvalexprResult<WideInt, WideNumericTypes> {
        self.0
            .checked_div(rhs.0)
            .map(WideInt)
            .ok_or(Error::DivisionError {
                dividend: int(*self),
                divisor: int(*rhs),
            })
    }

    fn checked_rem(&self, rhs: &WideInt) -> EvalexprResult<WideInt, WideNumericTypes> {
        self.0
            .checked_rem(rhs.0)
            .map(WideInt)
            .ok_or(Error::ModulationError {
                dividend: int(*self),
                divisor: int(*rhs),
            })
    }

    fn abs(&self) -> EvalexprResult<WideInt, WideNumericTypes> {
        self.0
            .checked_abs()
            .map(WideInt)
            .ok_or(Error::NegationError { argument: int(*self) })
    }

    fn bitand(&self, rhs: &WideInt) -> WideInt {
        WideInt(self.0 & rhs.0)
    }

    fn bitor(&self, rhs: &WideInt) -> WideInt {
        WideInt(self.0 | rhs.0)
    }

    fn bitxor(&self, rhs: &WideInt) -> WideInt {
        WideInt(self.0 ^ rhs.0)
    }

    fn bitnot(&self) -> WideInt {
        WideInt(!self.0)
    }

    // The trait cannot report an error here; the claim context answers `shl` and `shr`
    // itself with checked shifts (see `claims::expr`), so these only back evalexpr's
    // fallbacks and never wrap silently in practice. Out-of-range shifts give 0 / the sign.
    fn bit_shift_left(&self, rhs: &WideInt) -> WideInt {
        u32::try_from(rhs.0)
            .ok()
            .and_then(|s| self.0.checked_shl(s))
            .map_or(WideInt(0), WideInt)
    }

    fn bit_shift_right(&self, rhs: &WideInt) -> WideInt {
        u32::try_from(rhs.0)
            .ok()
            .and_then(|s| self.0.checked_shr(s))
            .map_or(WideInt(if self.0 < 0 { -1 } else { 0 }), WideInt)
    }
}
