//! Values in CGSuite's plain-text notation: `0`, `-2`, `3/4`, `*`, `*3`, `^`, `v*`,
//! `^^`, `^3`, `1/2^*`, `^<2>` (up squared, `↑²`), `v[3]*` (`↓ + ↓² + ↓³ + *`), `+-1`,
//! `{1|0}`, `{2,*|-1}`; `±` is read as `+-`.

use std::fmt;
use std::str::FromStr;

use super::value::{Arena, arena};
use super::{Dyadic, Value};

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

fn write_value(a: &mut Arena, g: u32, out: &mut String) {
    if let Some(x) = a.number_of(g) {
        out.push_str(&x.to_string());
        return;
    }
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
            write_star(m, out);
            return;
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
            write_star(m, out);
            return;
        }
    }
    if let ([l], [r]) = (a.left(g), a.right(g)) {
        let (l, r) = (*l, *r);
        if let (Some(x), Some(y)) = (a.number_of(l), a.number_of(r))
            && x == -y
        {
            out.push_str("+-");
            out.push_str(&x.to_string());
            return;
        }
    }
    out.push('{');
    let left = a.left(g).to_vec();
    let right = a.right(g).to_vec();
    for (i, &o) in left.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_value(a, o, out);
    }
    out.push('|');
    for (i, &o) in right.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_value(a, o, out);
    }
    out.push('}');
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_value(&mut arena(), self.0, &mut out);
        f.write_str(&out)
    }
}

/// A value that could not be read: where, and what was found there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed value `{text}`: {why} at character {at}")]
#[non_exhaustive]
pub struct ValueError {
    pub text: String,
    /// The 1-based character where reading stopped.
    pub at: usize,
    pub why: String,
}

struct Reader<'a> {
    text: &'a str,
    chars: Vec<char>,
    at: usize,
}

impl Reader<'_> {
    fn fail<T>(&self, why: impl Into<String>) -> Result<T, ValueError> {
        Err(ValueError {
            text: self.text.to_owned(),
            at: self.at + 1,
            why: why.into(),
        })
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn eat(&mut self, s: &str) -> bool {
        let n = s.chars().count();
        if self.chars[self.at.min(self.chars.len())..]
            .iter()
            .take(n)
            .copied()
            .eq(s.chars())
        {
            self.at += n;
            true
        } else {
            false
        }
    }

    fn digits(&mut self) -> Option<String> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        (self.at > start).then(|| self.chars[start..self.at].iter().collect())
    }

    fn small(&mut self, what: &str) -> Result<Option<u32>, ValueError> {
        match self.digits() {
            None => Ok(None),
            Some(d) => match d.parse::<u32>() {
                Ok(n) if n <= 64 => Ok(Some(n)),
                _ => self.fail(format!("{what} `{d}` above 64")),
            },
        }
    }

    /// value := term (('+' | '-' | '+-') term)*
    fn value(&mut self) -> Result<Value, ValueError> {
        self.skip_space();
        let mut acc = self.term()?;
        loop {
            self.skip_space();
            if self.eat("+-") {
                let y = self.term()?;
                acc = Value::new(&[acc + y], &[acc - y]);
            } else if self.eat("+") {
                acc = acc + self.term()?;
            } else if self.eat("-") {
                acc = acc - self.term()?;
            } else {
                return Ok(acc);
            }
        }
    }

    /// term := '-' term | '+-' term | '{' options '|' options '}' | number? ups? star?
    fn term(&mut self) -> Result<Value, ValueError> {
        self.skip_space();
        if self.eat("+-") {
            let y = self.term()?;
            return Ok(Value::new(&[y], &[-y]));
        }
        // `-1^` is -1 plus up, as CGSuite reads it; `-^` and `-{…}` negate the term.
        let negative =
            self.peek() == Some('-') && self.chars.get(self.at + 1).is_some_and(char::is_ascii_digit);
        if negative {
            self.at += 1;
        } else if self.eat("-") {
            return Ok(-self.term()?);
        }
        if self.eat("{") {
            let left = self.options()?;
            if !self.eat("|") {
                return self.fail("expected `|`");
            }
            let right = self.options()?;
            if !self.eat("}") {
                return self.fail("expected `}`");
            }
            return Ok(Value::new(&left, &right));
        }
        let start = self.at;
        let mut acc = Value::integer(0);
        if let Some(n) = self.digits() {
            let mut text = n;
            if self.eat("/") {
                match self.digits() {
                    Some(d) => {
                        text.push('/');
                        text.push_str(&d);
                    }
                    None => return self.fail("expected a denominator after `/`"),
                }
            }
            match text.parse::<Dyadic>() {
                Ok(x) => acc = Value::number(if negative { -x } else { x }),
                Err(why) => {
                    self.at = start;
                    return self.fail(why);
                }
            }
        }
        for (arrow, sign) in [('^', 1i64), ('v', -1)] {
            let mut count = 0i64;
            while self.peek() == Some(arrow) {
                self.at += 1;
                count += 1;
            }
            if count == 1 && self.peek().is_some_and(|c| c == '<' || c == '[') {
                // `^<k>` is ↑ᵏ, `^[k]` is ↑ + ↑² + … + ↑ᵏ.
                let sum = self.peek() == Some('[');
                self.at += 1;
                let Some(k) = self.small("a power of up")?.filter(|&k| k > 0) else {
                    return self.fail("expected a power of up from 1 to 64");
                };
                if !self.eat(if sum { "]" } else { ">" }) {
                    return self.fail(if sum { "expected `]`" } else { "expected `>`" });
                }
                let g = if sum { Value::up_to(k) } else { Value::up_power(k) };
                acc = acc + if sign > 0 { g } else { -g };
            } else if count > 0 {
                if let Some(k) = self.small("an up multiple")? {
                    count = count - 1 + i64::from(k);
                }
                acc = acc + Value::up().times(sign * count);
            }
        }
        if self.eat("*") {
            let m = self.small("a nimber")?.unwrap_or(1);
            acc = acc + Value::nimber(m);
        }
        if self.at == start {
            return match self.peek() {
                Some(c) => self.fail(format!("unexpected `{c}`")),
                None => self.fail("expected a value"),
            };
        }
        Ok(acc)
    }

    /// options := (value (',' value)*)?
    fn options(&mut self) -> Result<Vec<Value>, ValueError> {
        let mut out = Vec::new();
        self.skip_space();
        if matches!(self.peek(), Some('|' | '}')) {
            return Ok(out);
        }
        loop {
            out.push(self.value()?);
            self.skip_space();
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }
}

impl FromStr for Value {
    type Err = ValueError;

    /// Reads a value in CGSuite's plain-text notation.
    fn from_str(s: &str) -> Result<Value, ValueError> {
        let normal = s.replace('±', "+-");
        let mut r = Reader {
            text: s,
            chars: normal.chars().collect(),
            at: 0,
        };
        let v = r.value()?;
        r.skip_space();
        if r.at < r.chars.len() {
            let c = r.chars[r.at];
            return r.fail(format!("unexpected `{c}`"));
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Value {
        s.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn prints_as_cgsuite_does_and_reads_back() {
        for s in [
            "0", "-2", "3/4", "*", "*3", "^", "v", "^*", "v*", "^^", "vv*", "^3", "1/2*", "-1^", "+-1",
            "{1|0}", "{2|1/2}", "{2|-1}", "{1|*}",
        ] {
            assert_eq!(v(s).to_string(), s, "{s}");
        }
        assert_eq!(v("±1"), v("+-1"));
        // * is dominated by 2 for Left.
        assert_eq!(v("{2,*|-1}"), v("{2|-1}"));
        assert_eq!(v("{0,*|0}"), v("^*"));
        assert_eq!(v("{0|*}"), v("^"));
        assert_eq!(v("{*|0}"), v("v"));
        assert_eq!(v("{0|0}"), v("*"));
        assert_eq!(v("{0,*|0,*}"), v("*2"));
        assert_eq!(v("1+-1"), v("{2|0}"));
        assert_eq!(v("{|}"), v("0"));
        assert_eq!(v(" 1/2 + 1/2 "), v("1"));
        assert_eq!(v("{{2|1}|0}").left_options(), vec![v("{2|1}")]);
    }

    #[test]
    fn powers_of_up_are_read_and_printed_as_cgsuite_writes_them() {
        for s in [
            "^<2>", "v<2>", "^<3>*", "v<2>*3", "1/2^<2>", "-1v<4>", "^[2]", "v[3]*",
        ] {
            assert_eq!(v(s).to_string(), s, "{s}");
        }
        // Winning Ways, ch. 8: ↑² = {0 | ↓*}; ↑³ = {0 | ↓ + ↓² + *}.
        assert_eq!(v("^<2>"), v("{0|v*}"));
        assert_eq!(v("^<3>"), v("{0|v + v<2> + *}"));
        // ↑ + ↑² is {↑ | *}: Norton's sum of powers, by the arithmetic of the forms.
        assert_eq!(v("^ + ^<2>"), v("{^|*}"));
        assert_eq!(v("^[3]"), v("^ + ^<2> + ^<3>"));
        assert_eq!((v("^<1>"), v("^[1]")), (v("^"), v("^")));
        for n in 1..=5 {
            let up = Value::up_power(n);
            assert_eq!(up.outcome(), super::super::OutcomeClass::L, "^<{n}> > 0");
            assert!(up.is_infinitesimal(), "^<{n}>");
            assert_eq!(-up, format!("v<{n}>").parse().unwrap());
        }
        for (s, at) in [("^<0>", 4), ("^<2", 4), ("^[x]", 3), ("^<65>", 5)] {
            let e = s.parse::<Value>().unwrap_err();
            assert_eq!(e.at, at, "{s}: {e}");
        }
    }

    #[test]
    fn malformed_values_name_the_character() {
        for (s, at) in [
            ("{1|", 4),
            ("1/3", 1),
            ("x", 1),
            ("{1 0}", 4),
            ("*99", 4),
            ("", 1),
            ("1 2", 3),
        ] {
            let e = s.parse::<Value>().unwrap_err();
            assert_eq!(e.at, at, "{s}: {e}");
        }
    }
}
