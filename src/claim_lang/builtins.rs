//! The functions every claim may call, whatever the game: the ones the evalexpr-based
//! language documented (`min`, `max`, the bit operations and checked shifts), with the
//! same meaning on integers.

/// A built-in function: integer arguments, an integer value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    Min,
    Max,
    BitAnd,
    BitOr,
    BitXor,
    BitNot,
    Shl,
    Shr,
}

impl Builtin {
    pub(crate) const ALL: [Builtin; 8] = [
        Builtin::Min,
        Builtin::Max,
        Builtin::BitAnd,
        Builtin::BitOr,
        Builtin::BitXor,
        Builtin::BitNot,
        Builtin::Shl,
        Builtin::Shr,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Builtin::Min => "min",
            Builtin::Max => "max",
            Builtin::BitAnd => "bitand",
            Builtin::BitOr => "bitor",
            Builtin::BitXor => "bitxor",
            Builtin::BitNot => "bitnot",
            Builtin::Shl => "shl",
            Builtin::Shr => "shr",
        }
    }

    pub(crate) fn lookup(name: &str) -> Option<Builtin> {
        Builtin::ALL.into_iter().find(|b| b.name() == name)
    }

    /// Returns `None` when `count` arguments suit the function, else what it takes.
    pub(crate) fn arity_error(self, count: usize) -> Option<&'static str> {
        match self {
            // evalexpr's min and max took any tuple; a single value was an error.
            Builtin::Min | Builtin::Max => (count < 2).then_some("at least 2 arguments"),
            Builtin::BitNot => (count != 1).then_some("1 argument"),
            _ => (count != 2).then_some("2 arguments"),
        }
    }

    /// Returns the function's value at `args` (as many as [`Builtin::arity_error`]
    /// accepts), or why it has none.
    pub(crate) fn apply(self, args: &[i128]) -> Result<i128, String> {
        let pair = || match args {
            [x, y] => Ok((*x, *y)),
            _ => Err(format!("{} takes 2 arguments, got {}", self.name(), args.len())),
        };
        match self {
            Builtin::Min => args
                .iter()
                .copied()
                .min()
                .ok_or_else(|| "min of nothing".to_owned()),
            Builtin::Max => args
                .iter()
                .copied()
                .max()
                .ok_or_else(|| "max of nothing".to_owned()),
            Builtin::BitAnd => pair().map(|(x, y)| x & y),
            Builtin::BitOr => pair().map(|(x, y)| x | y),
            Builtin::BitXor => pair().map(|(x, y)| x ^ y),
            Builtin::BitNot => match args {
                [x] => Ok(!x),
                _ => Err(format!("bitnot takes 1 argument, got {}", args.len())),
            },
            // shl(x, s) is x · 2^s, exactly: an error when that does not fit.
            Builtin::Shl => {
                let (x, s) = pair()?;
                u32::try_from(s)
                    .ok()
                    .filter(|&s| s < 128)
                    .map(|s| (x << s, s))
                    .filter(|&(r, s)| r >> s == x)
                    .map(|(r, _)| r)
                    .ok_or_else(|| format!("shl({x}, {s}) overflows 128 bits"))
            }
            // shr(x, s) is x / 2^s rounded down (an arithmetic shift).
            Builtin::Shr => {
                let (x, s) = pair()?;
                u32::try_from(s)
                    .ok()
                    .filter(|&s| s < 128)
                    .map(|s| x >> s)
                    .ok_or_else(|| format!("shr({x}, {s}): shift out of range"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for b in Builtin::ALL {
            assert_eq!(Builtin::lookup(b.name()), Some(b));
        }
        assert_eq!(Builtin::lookup("floor"), None);
    }

    #[test]
    fn shl_is_exact_multiplication_by_a_power_of_two() {
        // Against i128 multiplication by 2^s, which is exact when it does not overflow.
        for x in [-5i128, -1, 0, 1, 3, i128::MAX >> 3, i128::MIN >> 2] {
            for s in 0..128 {
                let exact = 1i128
                    .checked_shl(s)
                    .filter(|p| *p > 0)
                    .and_then(|p| x.checked_mul(p));
                let exact = if s == 127 && x == -1 {
                    Some(i128::MIN)
                } else {
                    exact
                };
                let got = Builtin::Shl.apply(&[x, i128::from(s)]).ok();
                if x == 0 {
                    assert_eq!(got, Some(0), "shl(0, {s})");
                } else {
                    assert_eq!(got, exact, "shl({x}, {s})");
                }
            }
        }
        assert!(Builtin::Shl.apply(&[1, 128]).is_err());
        assert!(Builtin::Shl.apply(&[1, -1]).is_err());
    }

    #[test]
    fn shr_rounds_down() {
        assert_eq!(Builtin::Shr.apply(&[-7, 1]), Ok(-4));
        assert_eq!(Builtin::Shr.apply(&[7, 1]), Ok(3));
        assert_eq!(Builtin::Shr.apply(&[i128::MIN, 127]), Ok(-1));
        assert!(Builtin::Shr.apply(&[7, 128]).is_err());
    }

    #[test]
    fn min_max_and_bits() {
        assert_eq!(Builtin::Min.apply(&[4, -2, 9]), Ok(-2));
        assert_eq!(Builtin::Max.apply(&[4, -2, 9]), Ok(9));
        assert_eq!(Builtin::BitXor.apply(&[0b1100, 0b1010]), Ok(0b0110));
        assert_eq!(Builtin::BitAnd.apply(&[0b1100, 0b1010]), Ok(0b1000));
        assert_eq!(Builtin::BitOr.apply(&[0b1100, 0b1010]), Ok(0b1110));
        assert_eq!(Builtin::BitNot.apply(&[0]), Ok(-1));
        assert_eq!(Builtin::Min.arity_error(1), Some("at least 2 arguments"));
        assert_eq!(Builtin::Shl.arity_error(2), None);
    }
}
