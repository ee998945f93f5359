//! Untrusted bytes (input tokens, a solution's output) made safe to print: control
//! characters escaped, invalid UTF-8 shown as `\xNN`, and the length capped, so a report
//! can neither drive the terminal (ESC sequences) nor grow without bound.

use std::fmt::Write as _;

/// Returns `bytes` as printable text of at most `max_chars` characters (escapes count as
/// the characters they print), followed by `…` when cut: `\0`, `\t`, `\r`, `\n`, `\x1b`,
/// `\x0c` and every other control character escaped, invalid UTF-8 as `\xNN`.
///
/// # Complexity
/// O(min(len, max_chars)).
///
/// # Example
/// ```
/// use gamecheck::shown::escaped;
/// assert_eq!(escaped(b"First", 40), "First");
/// assert_eq!(escaped(b"\x1b[2J\0", 40), "\\x1b[2J\\0");
/// assert_eq!(escaped(b"\x0c", 40), "\\x0c");
/// assert_eq!(escaped(b"123456", 3), "123…");
/// assert_eq!(escaped(b"\xff1", 40), "\\xff1");
/// ```
pub fn escaped(bytes: &[u8], max_chars: usize) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if shown >= max_chars {
                out.push('…');
                return out;
            }
            let before = out.len();
            match c {
                '\0' => out.push_str("\\0"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                '\n' => out.push_str("\\n"),
                '\\' => out.push('\\'),
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

/// Writes `line` and a newline to stderr, ignoring failure: a closed or full stderr has
/// nowhere to report to, and must not panic the process the way `eprintln!` does.
pub fn note(line: &str) {
    use std::io::Write as _;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}");
}
