//! Values printed in CGSuite's plain-text notation, with the printed size known before a
//! character is written: a canonical form is a DAG whose printed tree can be exponentially
//! larger, so [`Value::printed_len`] counts it from the DAG and
//! [`Value::to_string_capped`] refuses a value past a cap that names itself.

use std::fmt;

use super::value::{Arena, FastMap, arena};
use super::{Dyadic, Value};

/// The most characters a value may have in print where gamecheck prints it for a user
/// (`solve`, reports): a form past it is refused, naming this cap.
pub const MAX_PRINTED: u64 = 1_000_000;

/// A value whose printed form is longer than a cap.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the value's canonical form is {len} characters in print, above the print cap of {cap} characters (ask its mean, temperature or outcome instead)"
)]
#[non_exhaustive]
pub struct TooLong {
    /// The printed length (saturated at `u64::MAX`).
    pub len: u64,
    /// The cap it is above.
    pub cap: u64,
}

/// The most ups (or downs) and the largest nimber recognised in `x + n.^ + *m` when
/// printing; beyond them a value is printed by its options.
const MAX_UPS: i64 = 8;
const MAX_STAR: u32 = 8;

/// Returns `(n, m)` when the infinitesimal `h` is `n.^ + *m`.
fn up_star(a: &mut Arena, h: u32) -> Option<(i64, u32)> {
    // A nimber: Left's options are Right's, and they are *0 … *(m-1).
    if a.left(h) == a.right(h) {
        let options = a.left(h).to_vec();
        let m = u32::try_from(options.len()).ok()?;
        if (0..m).all(|k| options.contains(&a.nimber(k))) {
            return Some((0, m));
        }
    }
    let zero = a.zero();
    let up = {
        let star = a.nimber(1);
        a.canonical_of(vec![zero], vec![star])
    };
    let down = a.neg(up);
    for m in 0..=MAX_STAR {
        let star = a.nimber(m);
        let (mut pos, mut neg) = (star, star);
        for n in 1..=MAX_UPS {
            pos = a.add(pos, up);
            neg = a.add(neg, down);
            if pos == h {
                return Some((n, m));
            }
            if neg == h {
                return Some((-n, m));
            }
        }
    }
    None
}

/// Returns `(sign, k, sum, m)` when the infinitesimal `h` is `sign.↑ᵏ + *m` (`sum` false)
/// or `sign.(↑ + … + ↑ᵏ) + *m` (`sum` true), for 2 ≤ k ≤ [`MAX_UPS`]: CGSuite's `^<k>`
/// and `^[k]`.
fn up_power_star(a: &mut Arena, h: u32) -> Option<(bool, u32, bool, u32)> {
    for k in 2..=MAX_UPS as u32 {
        for sum in [false, true] {
            let pos = if sum { a.up_to(k) } else { a.up_power(k) };
            let neg = a.neg(pos);
            for m in 0..=MAX_STAR {
                let star = a.nimber(m);
                for (up, g) in [(true, pos), (false, neg)] {
                    if a.add(g, star) == h {
                        return Some((up, k, sum, m));
                    }
                }
            }
        }
    }
    None
}

fn write_star(m: u32, out: &mut String) {
    match m {
        0 => {}
        1 => out.push('*'),
        m => {
            out.push('*');
            out.push_str(&m.to_string());
        }
    }
}

/// Returns the short form of `g` when it has one: a number, `x + n.↑ + *m`, a power of
/// up, or `±x`; `None` when it prints by its options.
fn short_form(a: &mut Arena, g: u32) -> Option<String> {
    if let Some(x) = a.number_of(g) {
        return Some(x.to_string());
    }
    let mut out = String::new();
    let (ls, rs) = a.stops(g);
    if ls == rs {
        let x = a.number(ls);
        let mx = a.neg(x);
        let h = a.add(g, mx);
        if let Some((n, m)) = up_star(a, h) {
            if ls != Dyadic::ZERO {
                out.push_str(&ls.to_string());
            }
            let arrow = if n > 0 { '^' } else { 'v' };
            match n.unsigned_abs() {
                0 => {}
                1 => out.push(arrow),
                2 => {
                    out.push(arrow);
                    out.push(arrow);
                }
                k => {
                    out.push(arrow);
                    out.push_str(&k.to_string());
                }
            }
            write_star(m, &mut out);
            return Some(out);
        }
        if let Some((up, k, sum, m)) = up_power_star(a, h) {
            if ls != Dyadic::ZERO {
                out.push_str(&ls.to_string());
            }
            out.push(if up { '^' } else { 'v' });
            out.push_str(&match sum {
                false => format!("<{k}>"),
                true => format!("[{k}]"),
            });
            write_star(m, &mut out);
            return Some(out);
        }
    }
    if let ([l], [r]) = (a.left(g), a.right(g)) {
        let (l, r) = (*l, *r);
        if let (Some(x), Some(y)) = (a.number_of(l), a.number_of(r))
            && x == -y
        {
            return Some(format!("+-{x}"));
        }
    }
    None
}

/// The printer: each subform's short form and printed length, found once however many
/// times the DAG reaches it.
#[derive(Default)]
struct Printer {
    short: FastMap<u32, Option<Box<str>>>,
    len: FastMap<u32, u64>,
}

impl Printer {
    fn short(&mut self, a: &mut Arena, g: u32) -> Option<&str> {
        if !self.short.contains_key(&g) {
            let s = short_form(a, g).map(String::into_boxed_str);
            self.short.insert(g, s);
        }
        self.short.get(&g).and_then(|s| s.as_deref())
    }

    /// Returns the printed length of `g`, saturating.
    fn len(&mut self, a: &mut Arena, g: u32) -> u64 {
        if let Some(&n) = self.len.get(&g) {
            return n;
        }
        let n = match self.short(a, g) {
            Some(s) => s.len() as u64,
            None => {
                let (left, right) = (a.left(g).to_vec(), a.right(g).to_vec());
                // `{`, `|`, `}` and a comma between options of one side.
                let mut n = 3 + (left.len().saturating_sub(1) + right.len().saturating_sub(1)) as u64;
                for o in left.into_iter().chain(right) {
                    n = n.saturating_add(self.len(a, o));
                }
                n
            }
        };
        self.len.insert(g, n);
        n
    }

    fn write(&mut self, a: &mut Arena, g: u32, out: &mut String) {
        if let Some(s) = self.short(a, g) {
            out.push_str(s);
            return;
        }
        let (left, right) = (a.left(g).to_vec(), a.right(g).to_vec());
        out.push('{');
        for (i, &o) in left.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.write(a, o, out);
        }
        out.push('|');
        for (i, &o) in right.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.write(a, o, out);
        }
        out.push('}');
    }
}

impl Value {
    /// Returns how many characters the value has in print, found from the form's DAG
    /// without printing it (saturating at `u64::MAX`).
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::Value;
    /// let g: Value = "{2|1/2}".parse().unwrap();
    /// assert_eq!(g.printed_len(), g.to_string().len() as u64);
    /// ```
    pub fn printed_len(self) -> u64 {
        Printer::default().len(&mut arena(), self.0)
    }

    /// Returns the value in print when it has at most `cap` characters.
    ///
    /// # Errors
    /// [`TooLong`] when its printed form is longer than `cap`, before printing it.
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::Value;
    /// let g: Value = "{2|1/2}".parse().unwrap();
    /// assert_eq!(g.to_string_capped(7).as_deref(), Ok("{2|1/2}"));
    /// assert_eq!(g.to_string_capped(6).unwrap_err().len, 7);
    /// ```
    pub fn to_string_capped(self, cap: u64) -> Result<String, TooLong> {
        let mut a = arena();
        let mut p = Printer::default();
        let len = p.len(&mut a, self.0);
        if len > cap {
            return Err(TooLong { len, cap });
        }
        let mut out = String::with_capacity(len as usize);
        p.write(&mut a, self.0, &mut out);
        Ok(out)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        Printer::default().write(&mut arena(), self.0, &mut out);
        f.write_str(&out)
    }
}
