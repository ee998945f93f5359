//! Untrusted bytes (input tokens, a solution's output) made safe to print: control
//! characters escaped, invalid UTF-8 shown as `\xNN`, and the length capped, so a report
//! can neither drive the terminal (ESC sequences) nor grow without bound.

use std::fmt::Write as _;

/// Where a byte that is not UTF-8 is kept in text (a stressed program's output, while it
/// is judged): the character `BYTE_MARK + b` (plane 16, private use), which no answer
/// accepts, so it is shown as `\xNN` as the byte is (a U+FFFD would hide which byte it
/// was).
pub(crate) const BYTE_MARK: u32 = 0x10_FF00;

/// Returns `bytes` as text, each byte that is not part of valid UTF-8 as its mark
/// ([`BYTE_MARK`] plus the byte), which [`escaped`] shows as `\xNN`.
pub(crate) fn marked(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return text.into();
    }
    let mut text = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        text.extend(
            chunk
                .invalid()
                .iter()
                .filter_map(|&b| char::from_u32(BYTE_MARK + u32::from(b))),
        );
    }
    text.into()
}

/// Returns `text` with each mark of an invalid byte ([`marked`]) as U+FFFD: for JSON,
/// whose strings are Unicode.
pub(crate) fn lossy(text: &str) -> std::borrow::Cow<'_, str> {
    let is_mark = |c: char| (BYTE_MARK..=BYTE_MARK + 0xff).contains(&u32::from(c));
    if !text.chars().any(is_mark) {
        return text.into();
    }
    text.chars()
        .map(|c| if is_mark(c) { '\u{fffd}' } else { c })
        .collect::<String>()
        .into()
}

/// Returns `bytes` as printable text of at most `max_chars` characters (escapes count as
/// the characters they print), followed by `…` when cut: `\\` for a backslash, `\0` for NUL
/// (`\x00` before a digit, so it never reads as an octal escape), `\t`, `\r`, `\n`,
/// `\x1b`, `\x0c` and every other control character escaped, invalid UTF-8 as `\xNN`, and
/// so the mark of an invalid byte ([`marked`]). The text reads back unambiguously: every
/// backslash in it starts an escape.
///
/// # Complexity
/// O(min(len, max_chars)).
pub fn escaped(bytes: &[u8], max_chars: usize) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for chunk in bytes.utf8_chunks() {
        let mut chars = chunk.valid().chars().peekable();
        while let Some(c) = chars.next() {
            if shown >= max_chars {
                out.push('…');
                return out;
            }
            let before = out.len();
            match c {
                '\0' if chars.peek().is_some_and(char::is_ascii_digit) => out.push_str("\\x00"),
                '\0' => out.push_str("\\0"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                '\n' => out.push_str("\\n"),
                '\\' => out.push_str("\\\\"),
                c if (BYTE_MARK..=BYTE_MARK + 0xff).contains(&u32::from(c)) => {
                    let _ = write!(out, "\\x{:02x}", u32::from(c) - BYTE_MARK);
                }
                c if (c as u32) < 0x80 && c.is_control() => {
                    let _ = write!(out, "\\x{:02x}", c as u32);
                }
                // Unicode controls and bidi overrides also reorder or hide text.
                c if c.is_control()
                    || ('\u{202a}'..='\u{202e}').contains(&c)
                    || ('\u{2066}'..='\u{2069}').contains(&c) =>
                {
                    let _ = write!(out, "\\u{{{:x}}}", c as u32);
                }
                c => out.push(c),
            }
            shown += out[before..].chars().count();
        }
        for &b in chunk.invalid() {
            if shown >= max_chars {
                out.push('…');
                return out;
            }
            let _ = write!(out, "\\x{b:02x}");
            shown += 4;
        }
    }
    out
}

/// Returns `bytes` as [`escaped`] text of at most about `max_chars` characters: when
/// longer, cut at the last space before the edge (in its second half), so every value
/// shown is whole, and followed by `… (136,912 more characters)`, the characters of
/// `bytes` not shown (an invalid byte counts one).
pub(crate) fn clipped(bytes: &[u8], max_chars: usize) -> String {
    let text = marked(bytes);
    let total = text.chars().count();
    if total <= max_chars {
        return escaped(bytes, usize::MAX);
    }
    let edge = text.char_indices().nth(max_chars).map_or(text.len(), |(i, _)| i);
    let cut = match text[..edge].rfind(' ') {
        Some(i) if text[..i].chars().count() >= max_chars / 2 => i + 1,
        _ => edge,
    };
    let more = total - text[..cut].chars().count();
    format!(
        "{}… ({} more characters)",
        escaped(text[..cut].as_bytes(), usize::MAX),
        thousands(more as u64)
    )
}

/// Returns `n` with a comma between each group of three digits: `136,912`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Returns `text` with each line [`escaped`] in full, the line ends kept: for messages
/// of several lines that carry untrusted text (the stress banner names the solution).
pub fn escaped_lines(text: &str) -> String {
    text.split('\n')
        .map(|line| escaped(line.as_bytes(), usize::MAX))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Writes `line` and a newline to stderr, ignoring failure: a closed or full stderr has
/// nowhere to report to, and must not panic the process the way `eprintln!` does.
pub fn note(line: &str) {
    use std::io::Write as _;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}");
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{clipped, escaped, thousands};

    #[test]
    fn a_long_line_is_cut_between_values_and_says_what_was_cut() {
        assert_eq!(clipped(b"first second", 100), "first second");
        assert_eq!(
            clipped(b"first second third", 14),
            "first second … (5 more characters)"
        );
        // No space in the second half: cut at the edge.
        assert_eq!(clipped(b"abcdefghij", 4), "abcd… (6 more characters)");
        let long = "first ".repeat(30_000);
        let shown = clipped(long.as_bytes(), 200);
        assert!(shown.ends_with("… (179,802 more characters)"), "{shown}");
        assert!(shown.starts_with("first first"));
        assert_eq!(thousands(136_912), "136,912");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    /// Reads escaped text back to bytes, by the grammar the doc comment states; `None`
    /// where it is ambiguous.
    fn unescape(text: &str) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                continue;
            }
            match chars.next()? {
                '\\' => out.push(b'\\'),
                // `\0` and a digit would read as an octal escape.
                '0' if chars.clone().next().is_some_and(|c| c.is_ascii_digit()) => return None,
                '0' => out.push(0),
                't' => out.push(b'\t'),
                'r' => out.push(b'\r'),
                'n' => out.push(b'\n'),
                'x' => {
                    let hex: String = chars.by_ref().take(2).collect();
                    out.push(u8::from_str_radix(&hex, 16).ok()?);
                }
                'u' => {
                    let code: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                    let c = char::from_u32(u32::from_str_radix(&code, 16).ok()?)?;
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                _ => return None,
            }
        }
        Some(out)
    }

    /// Bytes where escapes get confused: backslashes, NULs before digits, `x`, hex
    /// digits, control characters, invalid UTF-8, bidi overrides.
    fn tricky() -> impl Strategy<Value = Vec<u8>> {
        const BYTES: [&[u8]; 11] = [
            b"\\",
            b"\0",
            b"x",
            b"97",
            b"0",
            b"\x1b",
            b"\x97",
            b"\xff",
            "\u{202e}".as_bytes(),
            "\u{85}".as_bytes(),
            b"\t\r\n",
        ];
        let part = prop_oneof![
            11 => prop::sample::select(&BYTES[..]).prop_map(<[u8]>::to_vec),
            1 => any::<u8>().prop_map(|b| vec![b]),
        ];
        prop::collection::vec(part, 0..12).prop_map(|parts| parts.concat())
    }

    #[test]
    fn escaped_text_reads_back_to_the_bytes_and_prints_no_control_character() {
        let mut runner = crate::check::seeded_runner(21, "escaped_round_trip", 5000, None);
        let result = crate::check::run_cases(&mut runner, &tricky().boxed(), &|bytes| {
            let shown = escaped(&bytes, usize::MAX);
            prop_assert!(!shown.chars().any(char::is_control), "{shown:?}");
            prop_assert_eq!(unescape(&shown), Some(bytes), "{}", shown);
            Ok(())
        });
        if let Err(e) = result {
            panic!("{e}");
        }
    }
}

#[cfg(test)]
mod examples {
    #[test]
    fn escaped() {
        use crate::shown::escaped;
        assert_eq!(escaped(b"First", 40), "First");
        assert_eq!(escaped(b"\x1b[2J\0", 40), "\\x1b[2J\\0");
        assert_eq!(escaped(b"\x0c", 40), "\\x0c");
        assert_eq!(escaped(b"123456", 3), "123…");
        assert_eq!(escaped(b"\xff1", 40), "\\xff1");
        // A backslash is escaped too: the four characters `\x97` differ from the byte 0x97.
        assert_eq!(escaped(b"\\x97\x97", 40), "\\\\x97\\x97");
        assert_eq!(escaped(b"\x0032", 40), "\\x0032");
    }

    #[test]
    fn escaped_lines() {
        use crate::shown::escaped_lines;
        assert_eq!(
            escaped_lines("solution `a\x1b[2J`\nranges"),
            "solution `a\\x1b[2J`\nranges"
        );
    }
}
