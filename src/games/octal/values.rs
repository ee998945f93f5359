//! Nim-sequences stored compactly: one byte a heap while every value is below 256, two
//! while below 65,536, four beyond.

use serde::Serialize;

/// A stored nim-value type: `u8`, `u16` or `u32`.
pub trait Nimber: Copy + Default + Eq + Send + Sync + std::fmt::Debug + 'static {
    /// The largest value the type holds.
    const MAX: u32;
    /// Returns the value as a `u32`.
    fn get(self) -> u32;
    /// Returns `v` in this type; `v` must be at most [`Nimber::MAX`].
    fn new(v: u32) -> Self;
    /// Returns `values` as bytes when the type is `u8` (for the byte-wise fast paths).
    #[inline(always)]
    fn as_bytes(values: &[Self]) -> Option<&[u8]> {
        let _ = values;
        None
    }
    /// Returns `values` as 16-bit words when the type is `u16`.
    #[inline(always)]
    fn as_words(values: &[Self]) -> Option<&[u16]> {
        let _ = values;
        None
    }
}

macro_rules! nimber {
    ($t:ty $(; $bytes:ident, $u:ty)?) => {
        impl Nimber for $t {
            const MAX: u32 = <$t>::MAX as u32;
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn new(v: u32) -> Self {
                debug_assert!(v <= <Self as Nimber>::MAX);
                v as $t
            }
            $(
                #[inline(always)]
                fn $bytes(values: &[Self]) -> Option<&[$u]> {
                    Some(values)
                }
            )?
        }
    };
}
nimber!(u8; as_bytes, u8);
nimber!(u16; as_words, u16);
nimber!(u32);

/// G(0), G(1), … of one heap game, in the narrowest type that holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NimValues {
    /// Every value below 256.
    U8(Vec<u8>),
    /// Every value below 65,536.
    U16(Vec<u16>),
    /// Any value.
    U32(Vec<u32>),
}

impl Default for NimValues {
    fn default() -> NimValues {
        NimValues::U8(Vec::new())
    }
}

/// Runs `$body` with `$v` bound to the vector inside `$values`, whatever its type.
macro_rules! with_values {
    ($values:expr, $v:ident => $body:expr) => {
        match $values {
            NimValues::U8($v) => $body,
            NimValues::U16($v) => $body,
            NimValues::U32($v) => $body,
        }
    };
}
pub(crate) use with_values;

impl NimValues {
    /// Returns the number of heaps stored: G(n) is known for n below it.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::values::NimValues;
    /// assert_eq!(NimValues::U16(vec![0, 1, 2]).len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        with_values!(self, v => v.len())
    }

    /// Returns whether no value is stored.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::values::NimValues;
    /// assert!(NimValues::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Returns G(`n`), or `None` beyond the stored range.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::values::NimValues;
    /// let v = NimValues::U8(vec![0, 1, 1, 2]);
    /// assert_eq!((v.get(3), v.get(4)), (Some(2), None));
    /// ```
    pub fn get(&self, n: usize) -> Option<u32> {
        with_values!(self, v => v.get(n).map(|&x| x.get()))
    }

    /// Returns every stored value, widened to `u32`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::values::NimValues;
    /// assert_eq!(NimValues::U8(vec![0, 1, 1]).to_vec(), [0, 1, 1]);
    /// ```
    pub fn to_vec(&self) -> Vec<u32> {
        with_values!(self, v => v.iter().map(|x| x.get()).collect())
    }

    /// Returns the bytes one stored value takes: 1, 2 or 4.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::values::NimValues;
    /// assert_eq!(NimValues::U16(vec![]).bytes_per_value(), 2);
    /// ```
    pub fn bytes_per_value(&self) -> usize {
        match self {
            NimValues::U8(_) => 1,
            NimValues::U16(_) => 2,
            NimValues::U32(_) => 4,
        }
    }

    /// Returns the largest n < `to` − `period`, n ≥ `from`, with G(n + `period`) ≠ G(n),
    /// or `None` when the values repeat with that period on the whole range. `to` is
    /// capped at [`NimValues::len`].
    ///
    /// # Complexity
    /// O(`to` − `from`), from the top down, stopping at the first mismatch.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::values::NimValues;
    /// let v = NimValues::U8(vec![5, 0, 1, 0, 1, 0, 1]);
    /// assert_eq!(v.last_mismatch(2, 0, 7), Some(0));
    /// assert_eq!(v.last_mismatch(2, 1, 7), None);
    /// ```
    pub fn last_mismatch(&self, period: usize, from: usize, to: usize) -> Option<usize> {
        with_values!(self, v => last_mismatch(v, period, from, to))
    }

    /// Returns the least n ≥ `from`, n + `period` < `to`, with G(n + `period`) ≠ G(n).
    ///
    /// # Complexity
    /// O(`to` − `from`), stopping at the first mismatch.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::values::NimValues;
    /// let v = NimValues::U8(vec![0, 1, 0, 1, 0, 2, 0]);
    /// assert_eq!(v.first_mismatch(2, 0, 7), Some(3));
    /// ```
    pub fn first_mismatch(&self, period: usize, from: usize, to: usize) -> Option<usize> {
        with_values!(self, v => {
            let to = to.min(v.len());
            (from..to.saturating_sub(period)).find(|&n| v[n + period] != v[n])
        })
    }
}

/// [`NimValues::last_mismatch`] on one vector, in blocks the compiler can vectorize.
fn last_mismatch<T: Nimber>(v: &[T], period: usize, from: usize, to: usize) -> Option<usize> {
    let to = to.min(v.len());
    if period == 0 || to < from + period {
        return None;
    }
    let (lo, hi) = (&v[from..to - period], &v[from + period..to]);
    const BLOCK: usize = 256;
    let mut end = lo.len();
    while end > 0 {
        let start = end.saturating_sub(BLOCK);
        if lo[start..end] != hi[start..end] {
            let at = (start..end).rev().find(|&i| lo[i] != hi[i])?;
            return Some(from + at);
        }
        end = start;
    }
    None
}

/// Serializes as the list of values.
impl Serialize for NimValues {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        with_values!(self, v => s.collect_seq(v.iter().map(|x| x.get())))
    }
}
