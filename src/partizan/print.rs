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

/// How many slashes a braceless form may use before it takes braces (CGSuite prints
/// `{a||||b}`'s level with braces again).
const MAX_SLASHES: u32 = 4;

/// What a form prints as, apart from its options: CGSuite's order of cases.
#[derive(Clone)]
enum Shape {
    /// A number, `x + n.↑ + *m`, or a power of up: a word.
    Word(Box<str>),
    /// A switch `±G` (G = −G): `+-` and Left's options.
    Switch,
    /// `x + Tiny(s)` (`tiny` true) or `x + Miny(s)`: the translation x (0 printed as
    /// nothing) and the subscript s.
    Tiny {
        tiny: bool,
        translate: u32,
        subscript: u32,
    },
    /// `{L | R}` with slashes.
    Braces,
}

/// The printer: each subform's shape, order among options and printed length, found
/// once however many times the DAG reaches it.
#[derive(Default)]
struct Printer {
    shape: FastMap<u32, Shape>,
    /// Printed length and slashes of `(g, force_braces, force_parens)`.
    len: FastMap<(u32, bool, bool), (u64, u32)>,
    sorted: FastMap<u32, (Vec<u32>, Vec<u32>)>,
}

/// Returns the subscript and the translation when `g` is `x + Tiny(s)` (`tiny`) or
/// `x + Miny(s)`: `{x || x | x - s}` with a number x, or `{x + s | x || x}`.
fn tiny_shape(a: &mut Arena, g: u32) -> Option<Shape> {
    let (lo, ro) = (a.left(g).to_vec(), a.right(g).to_vec());
    let ([l], [r]) = (lo.as_slice(), ro.as_slice()) else {
        return None;
    };
    tiny_beside(a, *l, *r, true).or_else(|| tiny_beside(a, *r, *l, false))
}

/// Returns the shape of a game with the one option `number` and on the other side the
/// one option `switch`, when that is `x + Tiny(s)` (`tiny`: `number` is Left's option x
/// and `switch` is `{x | x - s}`, the far option's mean below x) or its mirror
/// `x + Miny(s)` (`number` is Right's, `switch` is `{x + s | x}`, the mean above x).
fn tiny_beside(a: &mut Arena, number: u32, switch: u32, tiny: bool) -> Option<Shape> {
    let x = a.number_of(number)?;
    let (near, far) = match tiny {
        true => (a.left(switch), a.right(switch)),
        false => (a.right(switch), a.left(switch)),
    };
    let ([near], [far]) = (near, far) else {
        return None;
    };
    let (near, far) = (*near, *far);
    if near != number {
        return None;
    }
    let mean = super::thermograph::mean_of(a, far);
    if (tiny && mean >= x) || (!tiny && mean <= x) {
        return None;
    }
    let (plus, minus) = if tiny { (number, far) } else { (far, number) };
    let minus = a.neg(minus);
    let subscript = a.add(plus, minus);
    Some(Shape::Tiny {
        tiny,
        translate: number,
        subscript,
    })
}

impl Printer {
    fn shape(&mut self, a: &mut Arena, g: u32) -> Shape {
        if let Some(s) = self.shape.get(&g) {
            return s.clone();
        }
        let s = match short_form(a, g) {
            Some(w) => Shape::Word(w.into_boxed_str()),
            None if a.neg(g) == g => Shape::Switch,
            None => tiny_shape(a, g).unwrap_or(Shape::Braces),
        };
        self.shape.insert(g, s.clone());
        s
    }

    /// Returns CGSuite's rank of a form's kind among options: numbers, nimbers, other
    /// words (`^`, `1/2v*`), then every other form.
    fn rank(&mut self, a: &mut Arena, g: u32) -> u8 {
        if a.number_of(g).is_some() {
            0
        } else if matches!(self.shape(a, g), Shape::Word(_)) {
            if a.left(g) == a.right(g) { 1 } else { 2 }
        } else {
            3
        }
    }

    /// Orders two options as CGSuite lists them: by kind, numbers by value, nimbers by
    /// size, words by their numbers and text, other forms by their sorted options.
    fn compare(&mut self, a: &mut Arena, g: u32, h: u32) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        if g == h {
            return Ordering::Equal;
        }
        let (rg, rh) = (self.rank(a, g), self.rank(a, h));
        if rg != rh {
            return rg.cmp(&rh);
        }
        match rg {
            0 => a.number_of(g).cmp(&a.number_of(h)),
            1 => a.left(g).len().cmp(&a.left(h).len()),
            2 => {
                let (sg, sh) = (a.stops(g).0, a.stops(h).0);
                let (Shape::Word(wg), Shape::Word(wh)) = (self.shape(a, g), self.shape(a, h)) else {
                    return Ordering::Equal;
                };
                sg.cmp(&sh).then_with(|| wg.cmp(&wh))
            }
            _ => {
                let (gl, gr) = self.sorted(a, g);
                let (hl, hr) = self.sorted(a, h);
                self.compare_lists(a, &gl, &hl)
                    .then_with(|| self.compare_lists(a, &gr, &hr))
            }
        }
    }

    fn compare_lists(&mut self, a: &mut Arena, x: &[u32], y: &[u32]) -> std::cmp::Ordering {
        for (&p, &q) in x.iter().zip(y) {
            let c = self.compare(a, p, q);
            if c.is_ne() {
                return c;
            }
        }
        x.len().cmp(&y.len())
    }

    /// Returns `g`'s Left and Right options in CGSuite's order.
    fn sorted(&mut self, a: &mut Arena, g: u32) -> (Vec<u32>, Vec<u32>) {
        if let Some(s) = self.sorted.get(&g) {
            return s.clone();
        }
        let mut sides = [a.left(g).to_vec(), a.right(g).to_vec()];
        for side in &mut sides {
            // Insertion sort: option lists are short, and the order calls back here.
            for i in 1..side.len() {
                let mut j = i;
                while j > 0 && self.compare(a, side[j - 1], side[j]).is_gt() {
                    side.swap(j - 1, j);
                    j -= 1;
                }
            }
        }
        let [l, r] = sides;
        self.sorted.insert(g, (l.clone(), r.clone()));
        (l, r)
    }

    /// Writes `g` to `out` (or only counts, when `out` is `None`) and returns the length
    /// and the slashes it leaves open: CGSuite's printing, a form with braces when
    /// `braces` (the top, or one of several options) or at [`MAX_SLASHES`].
    fn emit(
        &mut self,
        a: &mut Arena,
        g: u32,
        braces: bool,
        parens: bool,
        mut out: Option<&mut String>,
    ) -> (u64, u32) {
        if out.is_none()
            && let Some(&known) = self.len.get(&(g, braces, parens))
        {
            return known;
        }
        let mut len = 0u64;
        let mut slashes = 0;
        macro_rules! put {
            ($s:expr) => {{
                let s: &str = $s;
                len = len.saturating_add(s.len() as u64);
                if let Some(o) = out.as_deref_mut() {
                    o.push_str(s);
                }
            }};
        }
        match self.shape(a, g) {
            Shape::Word(w) => put!(&w),
            Shape::Switch => {
                let (lo, _) = self.sorted(a, g);
                put!("+-");
                if lo.len() > 1 {
                    put!("{");
                }
                for (i, &o) in lo.iter().enumerate() {
                    if i > 0 {
                        put!(",");
                    }
                    let (n, _) = self.emit(a, o, true, lo.len() == 1, out.as_deref_mut());
                    len = len.saturating_add(n);
                }
                if lo.len() > 1 {
                    put!("}");
                }
            }
            Shape::Tiny {
                tiny,
                translate,
                subscript,
            } => {
                if parens {
                    put!("(");
                }
                if translate != a.zero() {
                    let (n, _) = self.emit(a, translate, false, false, out.as_deref_mut());
                    len = len.saturating_add(n);
                    put!("+");
                }
                let fraction = a.number_of(subscript).is_some_and(|x| !x.is_integer());
                if fraction {
                    put!("(");
                }
                let (n, _) = self.emit(a, subscript, true, true, out.as_deref_mut());
                len = len.saturating_add(n);
                if fraction {
                    put!(")");
                }
                put!(if tiny { ".Tiny" } else { ".Miny" });
                if parens {
                    put!(")");
                }
            }
            Shape::Braces => {
                let (lo, ro) = self.sorted(a, g);
                // The slashes are known only once both sides are: count first, then write.
                let mut most = 0;
                for side in [&lo, &ro] {
                    for &o in side.iter() {
                        let (_, s) = self.emit(a, o, side.len() > 1, false, None);
                        most = most.max(s + 1);
                    }
                }
                let closed = braces || most == MAX_SLASHES;
                if closed {
                    put!("{");
                }
                for (k, side) in [&lo, &ro].into_iter().enumerate() {
                    if k == 1 {
                        put!(&"|".repeat(most as usize));
                    }
                    for (i, &o) in side.iter().enumerate() {
                        if i > 0 {
                            put!(",");
                        }
                        let (n, _) = self.emit(a, o, side.len() > 1, false, out.as_deref_mut());
                        len = len.saturating_add(n);
                    }
                }
                if closed {
                    put!("}");
                } else {
                    slashes = most;
                }
            }
        }
        self.len.insert((g, braces, parens), (len, slashes));
        (len, slashes)
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
        Printer::default().emit(&mut arena(), self.0, true, false, None).0
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
        let (len, _) = p.emit(&mut a, self.0, true, false, None);
        if len > cap {
            return Err(TooLong { len, cap });
        }
        let mut out = String::with_capacity(len as usize);
        p.emit(&mut a, self.0, true, false, Some(&mut out));
        Ok(out)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        Printer::default().emit(&mut arena(), self.0, true, false, Some(&mut out));
        f.write_str(&out)
    }
}
