//! Values in CGSuite's plain-text notation: `0`, `-2`, `3/4`, `*`, `*3`, `^`, `v*`,
//! `^^`, `^3`, `1/2^*`, `^<2>` (up squared, `↑²`), `v[3]*` (`↓ + ↓² + ↓³ + *`), `+-1`,
//! `{1|0}`, `{2,*|-1}`; `±` is read as `+-`.

use std::str::FromStr;

use super::{Dyadic, Value};

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

/// The most characters a value read may have: the print cap, so that every value
/// gamecheck prints reads back.
pub const MAX_NOTATION_LEN: usize = super::MAX_PRINTED as usize;

/// How deeply a value read may nest braces and prefix signs (`{{…}}`, `--…`): the reader
/// and the arithmetic on what it builds recurse, and a line of a solution's output must
/// not overflow the stack. Forms of the built-in families nest far less.
pub const MAX_NESTING: usize = 256;

/// Returns tiny-`s`, `{0 || 0 | -s}`, when `tiny`, else miny-`s`, `{s | 0 || 0}`.
fn tiny_of(s: Value, tiny: bool) -> Value {
    let zero = Value::integer(0);
    let g = Value::new(&[zero], &[Value::new(&[zero], &[-s])]);
    if tiny { g } else { -g }
}

/// Returns `text`, its first 60 characters and `…` when longer: an error names a long
/// value without echoing all of it.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

struct Reader<'a> {
    text: &'a str,
    chars: Vec<char>,
    at: usize,
    /// How many terms are open around the one being read.
    depth: usize,
}

impl Reader<'_> {
    fn fail<T>(&self, why: impl Into<String>) -> Result<T, ValueError> {
        Err(ValueError {
            text: shortened(self.text),
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
            if self.chars.get(self.at + 1) == Some(&'_') && matches!(self.peek(), Some('+' | '-')) {
                // `1+_2`: the sign belongs to the term (tiny-2).
                acc = acc + self.term()?;
            } else if self.eat("+-") {
                let y = self.term()?;
                acc = Value::new(&[acc + y], &[acc - y]);
            } else if self.eat("+") {
                acc = acc + self.term()?;
            } else if self.eat("-") {
                acc = acc - self.term()?;
            } else {
                return Ok(acc);
            }
            // A number's form is a chain as long as the number: a sum of many large
            // numbers must not build an arena of millions of forms.
            let (ls, rs) = acc.stops();
            let most = Dyadic::int(1 << 16);
            if ls > most || rs < -most {
                return self.fail("a sum beyond 65536 in size, the reader's limit");
            }
        }
    }

    /// Reads a term, at most [`MAX_NESTING`] deep.
    fn term(&mut self) -> Result<Value, ValueError> {
        if self.depth >= MAX_NESTING {
            return self.fail(format!("nested more than {MAX_NESTING} deep, the reader's limit"));
        }
        self.depth += 1;
        let t = self.term_inner();
        self.depth -= 1;
        t
    }

    /// term := '-' term | '+-' term | '{' options '|' options '}' | number? ups? star?
    fn term_inner(&mut self) -> Result<Value, ValueError> {
        self.skip_space();
        // CGSuite's `+_x` (tiny-x) and `-_x` (miny-x).
        for (prefix, tiny) in [("+_", true), ("-_", false)] {
            if self.eat(prefix) {
                let s = self.term()?;
                return Ok(tiny_of(s, tiny));
            }
        }
        if self.eat("+-") {
            // `+-{a,b}`: CGSuite's switch with several options, Left's listed in braces.
            let at = self.at;
            if self.eat("{")
                && let Ok(options) = self.options()
                && self.eat("}")
            {
                let negated: Vec<Value> = options.iter().map(|&o| -o).collect();
                return Ok(Value::new(&options, &negated));
            }
            self.at = at;
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
            let g = self.braces()?;
            return Ok(self.tiny_postfix(g));
        }
        if self.eat("(") {
            let g = self.value()?;
            self.skip_space();
            if !self.eat(")") {
                return self.fail("expected `)`");
            }
            return Ok(self.tiny_postfix(g));
        }
        for (name, tiny) in [("Tiny(", true), ("Miny(", false)] {
            if self.eat(name) {
                let s = self.value()?;
                self.skip_space();
                if !self.eat(")") {
                    return self.fail("expected `)`");
                }
                return Ok(tiny_of(s, tiny));
            }
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
            if self.peek() == Some('.') {
                return Ok(self.tiny_postfix(acc));
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

    /// Reads a form after its `{`: option lists separated by runs of slashes, split at
    /// the longest run (`{3||2*|1*}` is `{3 | {2*|1*}}`), then `}`.
    fn braces(&mut self) -> Result<Value, ValueError> {
        let mut segments = vec![self.options()?];
        let mut runs: Vec<(usize, usize)> = Vec::new();
        loop {
            self.skip_space();
            let at = self.at;
            let mut k = 0;
            while self.eat("|") {
                k += 1;
            }
            if k == 0 {
                break;
            }
            if k > MAX_NESTING {
                self.at = at;
                return self.fail(format!("more than {MAX_NESTING} slashes, the reader's limit"));
            }
            runs.push((k, at));
            segments.push(self.options()?);
        }
        if runs.is_empty() {
            return self.fail("expected `|`");
        }
        if !self.eat("}") {
            return self.fail("expected `}`");
        }
        self.split(&segments, &runs)
    }

    /// Returns the form of `segments` joined by `runs` (one fewer): the longest run, which
    /// must be alone, parts Left's options from Right's.
    fn split(&mut self, segments: &[Vec<Value>], runs: &[(usize, usize)]) -> Result<Value, ValueError> {
        let most = runs.iter().map(|r| r.0).max().unwrap_or(0);
        let at: Vec<usize> = (0..runs.len()).filter(|&i| runs[i].0 == most).collect();
        if at.len() > 1 {
            self.at = runs[at[1]].1;
            return self.fail(format!("two runs of {most} slashes at one level"));
        }
        let m = at[0];
        let side =
            |r: &mut Self, segs: &[Vec<Value>], runs: &[(usize, usize)]| -> Result<Vec<Value>, ValueError> {
                match runs.is_empty() {
                    true => Ok(segs[0].clone()),
                    false => Ok(vec![r.split(segs, runs)?]),
                }
            };
        let left = side(self, &segments[..=m], &runs[..m])?;
        let right = side(self, &segments[m + 1..], &runs[m + 1..])?;
        Ok(Value::new(&left, &right))
    }

    /// Returns `Tiny(g)` or `Miny(g)` when `.Tiny` or `.Miny` follows (CGSuite's print
    /// of tiny-g: `2.Tiny`, `(1/2).Tiny`), else `g`.
    fn tiny_postfix(&mut self, g: Value) -> Value {
        if self.eat(".Tiny") {
            tiny_of(g, true)
        } else if self.eat(".Miny") {
            tiny_of(g, false)
        } else {
            g
        }
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
        if s.len() > MAX_NOTATION_LEN {
            return Err(ValueError {
                text: shortened(s),
                at: MAX_NOTATION_LEN + 1,
                why: format!(
                    "{} bytes, above the reader's limit of {MAX_NOTATION_LEN}",
                    s.len()
                ),
            });
        }
        let normal = s.replace('±', "+-");
        let mut r = Reader {
            text: s,
            chars: normal.chars().collect(),
            at: 0,
            depth: 0,
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

/// Returns the value `s` reads as: the tests' shorthand, panicking with the reader's
/// error.
#[cfg(test)]
pub(crate) fn v(s: &str) -> Value {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        // repro-5/partizan/alias.py writes right values in other notations CGSuite reads.
        for (alias, s) in [
            ("{0|}", "1"),
            ("{|0}", "-1"),
            ("{0|0}", "*"),
            ("{0|*}", "^"),
            ("±1/2", "+-1/2"),
        ] {
            assert_eq!(v(alias), v(s), "{alias}");
        }
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
    fn deep_or_long_values_are_refused_without_overflowing_the_stack() {
        // A solution's line of 100,000 minus signs, or 30,000 nested braces
        // (repro-5/partizan/deep.py, brace.py), once overflowed the stack.
        let minus = format!("{}1", "-".repeat(100_000));
        let e = minus.parse::<Value>().unwrap_err();
        assert_eq!(e.at, MAX_NESTING + 1, "{e}");
        assert!(e.to_string().contains("nested more than 256 deep"), "{e}");
        assert!(e.to_string().len() < 200, "the error echoes the whole line");
        let n = 30_000;
        let brace = format!("{}0|{}}}", "{".repeat(n), "}|".repeat(n - 1));
        let e = brace.parse::<Value>().unwrap_err();
        assert!(e.to_string().contains("nested"), "{e}");
        let long = "0+".repeat(MAX_NOTATION_LEN / 2 + 1) + "0";
        let e = long.parse::<Value>().unwrap_err();
        assert!(e.to_string().contains("above the reader's limit"), "{e}");
        // At the limit the value is read: 255 signs, and 255 braces around 0.
        assert_eq!(v(&format!("{}1", "-".repeat(MAX_NESTING - 1))), v("-1"));
        let nested = format!("{}0{}", "{".repeat(MAX_NESTING - 1), "|}".repeat(MAX_NESTING - 1));
        assert!(nested.parse::<Value>().is_ok());
        // The largest integer a value may name is a chain of 65536 forms, built without
        // recursion.
        assert_eq!(v("65536") - v("65535"), v("1"));
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config {
            cases: 64,
            failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::Direct(
                "proptest-regressions/notation.txt",
            ))),
            ..proptest::test_runner::Config::default()
        })]

        /// Arbitrary bytes, and strings over the notation's own characters (where a
        /// parser's recursion hides), read without a panic or an abort.
        #[test]
        fn the_reader_takes_arbitrary_bytes_without_panicking(
            bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..400),
            text in "[-+{}|,*^v<>\\[\\]/0-9 ±.]{0,400}",
        ) {
            let _ = String::from_utf8_lossy(&bytes).parse::<Value>();
            let _ = text.parse::<Value>();
        }
    }

    #[test]
    fn cgsuite_forms_read_and_print_back_and_equal_their_definitions() {
        // CGSuite prints a form braceless inside its parent, with one slash more per
        // level (`{3||2*|1*}` is `{3 | {2*|1*}}`), braces again at four slashes and at the
        // top; tiny-x as `x.Tiny` (`(1/2).Tiny` for a fraction), x + tiny-s as `x+s.Tiny`;
        // a switch `±G` as `+-` and G. Each is built here from its definition.
        let n = |x: &str| v(x);
        let g = |l: &[Value], r: &[Value]| Value::new(l, r);
        let zero = Value::integer(0);
        let tiny = |s: Value| g(&[zero], &[g(&[zero], &[-s])]);
        let cases: Vec<(&str, Value)> = vec![
            ("{3||2*|1*}", g(&[n("3")], &[g(&[n("2*")], &[n("1*")])])),
            ("{4|2||0}", g(&[g(&[n("4")], &[n("2")])], &[zero])),
            ("{4||2|0}", g(&[n("4")], &[g(&[n("2")], &[zero])])),
            (
                "{5|||4||3|2}",
                g(&[n("5")], &[g(&[n("4")], &[g(&[n("3")], &[n("2")])])]),
            ),
            (
                // Four slashes take braces again.
                "{{5|4||3|||2||||1}|0}",
                {
                    let a = g(&[g(&[g(&[n("5")], &[n("4")])], &[n("3")])], &[n("2")]);
                    g(&[g(&[a], &[n("1")])], &[zero])
                },
            ),
            (
                // Domineering 2 × 10: {{5|3}|3} is 3 + miny-2 (`{5|3||3}` = 3 + {2|0||0}).
                "{3+2.Miny|1||1/2|-1|||-3/2}",
                {
                    let a = g(&[g(&[g(&[n("5")], &[n("3")])], &[n("3")])], &[n("1")]);
                    g(&[g(&[a], &[g(&[n("1/2")], &[n("-1")])])], &[n("-3/2")])
                },
            ),
            ("2.Tiny", tiny(n("2"))),
            ("(1/2).Tiny", tiny(n("1/2"))),
            ("2.Miny", -tiny(n("2"))),
            ("1+2.Tiny", n("1") + tiny(n("2"))),
            ("{2|1}.Tiny", tiny(n("{2|1}"))),
            ("+-{2|1}", g(&[n("{2|1}")], &[n("{-1|-2}")])),
            ("+-{1,{2|1}}", g(&[n("1"), n("{2|1}")], &[n("-1"), n("{-1|-2}")])),
            ("{0,^*|-1}", g(&[zero, n("^*")], &[n("-1")])),
        ];
        let wrong: Vec<String> = cases
            .into_iter()
            .filter(|(text, want)| text.parse::<Value>() != Ok(*want) || want.to_string() != *text)
            .map(|(text, want)| {
                format!(
                    "{text}: reads {:?}, the definition prints {want}",
                    text.parse::<Value>()
                )
            })
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
        // CGSuite's other spellings read to the same games.
        assert_eq!(v("Tiny(2)"), v("2.Tiny"));
        assert_eq!(v("Miny(1/2)"), v("(1/2).Miny"));
        assert_eq!(v("+_2"), v("2.Tiny"));
        assert_eq!(v("-_2"), v("2.Miny"));
        assert_eq!(v("1+_2"), v("1+2.Tiny"));
        assert_eq!(v("+-(1/2)"), v("+-1/2"));
        assert_eq!(v("{a}".replace('a', "3||2*|1*").as_str()), v("{3||2*|1*}"));
        // Tiny-2 is positive and infinitesimal, below ↑ (Winning Ways, ch. 5).
        let t = v("2.Tiny");
        assert!(t > zero && t.is_infinitesimal() && t < v("^"));
        for (bad, at) in [("{1|2|3}", 5), ("{1||2||3}", 6)] {
            let e = bad.parse::<Value>().unwrap_err();
            assert_eq!(e.at, at, "{bad}: {e}");
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
