//! A strict input validator, as testlib's: the problem's own reader
//! ([`ContestFormat::read_cases`]) handed a strict scanner, so every range, sum and T
//! is checked where `solve` checks it, and the whitespace besides.

use crate::game::InputError;
use crate::problem::ContestFormat;

/// Returns the cases of `input` when it is a valid input of `problem` written strictly:
/// every range, sum constraint and T as the problem's reader checks them, tokens on a
/// line separated by exactly one space, no whitespace at a line's start or end, every
/// line (the last too) ended by `\n`, nothing after the last.
///
/// # Errors
/// The first violation, naming its line and token ([`InputError::Layout`] for
/// whitespace).
///
/// # Example
/// ```
/// use gamecheck::chopsticks::Chopsticks;
/// use gamecheck::setters::validate;
/// let p = Chopsticks::problem(1);
/// assert_eq!(validate(&p, &b"1\n1 1 1 1\n"[..]).map(|cases| cases.len()), Ok(1));
/// // `solve` reads these; a validator refuses them, naming the line.
/// assert_eq!(validate(&p, &b"1\n1 1 1  1\n"[..]).map_err(|e| e.line()), Err(2));
/// assert_eq!(validate(&p, &b"1\n1 1 1 1"[..]).map_err(|e| e.line()), Err(2));
/// ```
/// ```
/// # use gamecheck::chopsticks::Chopsticks;
/// # use gamecheck::setters::validate;
/// # let p = Chopsticks::problem(1);
/// // A space after the last token of the last line, which no token follows.
/// assert_eq!(validate(&p, &b"1\n1 0 1 1 \n"[..]).map_err(|e| e.line()), Err(2));
/// ```
pub fn validate<P: ContestFormat + ?Sized>(
    problem: &P,
    input: impl std::io::BufRead,
) -> Result<Vec<P::Case>, InputError> {
    let bytes = laid_out(input)?;
    problem.read_cases(&mut crate::tokens::Tokens::strict(&bytes[..]))
}

/// Returns the number of games of `input` when it is a valid test of the interactive
/// game `game` written strictly: the format's start lines (T and each game's start),
/// every range and T checked, the whitespace as [`validate`] checks it.
///
/// # Errors
/// As for [`validate`].
pub fn validate_starts(
    game: &dyn crate::interactive::InteractiveCommand,
    input: impl std::io::BufRead,
) -> Result<usize, InputError> {
    let bytes = laid_out(input)?;
    game.read_starts(&mut crate::tokens::Tokens::strict(&bytes[..]))
}

/// Returns the bytes of `input` when their whitespace is strict ([`layout`]).
///
/// # Errors
/// An input that cannot be read, or the first whitespace out of place.
fn laid_out(mut input: impl std::io::BufRead) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(|e| InputError::Layout {
        line: 1,
        found: format!("unreadable input ({e})"),
        expected: "input to read".to_owned(),
    })?;
    // The whitespace is checked on the whole text first: a problem's reader may stop at
    // its last token (or read its lines by a fast path of its own) and never look at
    // what follows it on the line.
    layout(&bytes)?;
    Ok(bytes)
}

/// Returns `Ok` when `bytes` has tokens separated by one space, no whitespace at a
/// line's start or end, no empty line, and a `\n` ending every line.
fn layout(bytes: &[u8]) -> Result<(), InputError> {
    let error = |line: usize, found: &str| InputError::Layout {
        line,
        found: found.to_owned(),
        expected: "a strict input has tokens separated by one space, each line ended by `\\n` \
                   and no other whitespace"
            .to_owned(),
    };
    let lines = bytes.iter().filter(|&&b| b == b'\n').count();
    if !bytes.is_empty() && !bytes.ends_with(b"\n") {
        return Err(error(lines + 1, "no newline at the end of the input"));
    }
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let number = i + 1;
        // What follows the last `\n` is nothing.
        if number > 1 && i == lines {
            break;
        }
        let found = if line.is_empty() {
            Some("an empty line")
        } else if line.contains(&b'\r') {
            Some("a carriage return `\\r` (a Windows line end)")
        } else if line.iter().any(|&b| b != b' ' && b.is_ascii_whitespace()) {
            Some("a tab or other whitespace byte")
        } else if line.starts_with(b" ") {
            Some("a space at the start of the line")
        } else if line.ends_with(b" ") {
            Some("a space at the end of the line")
        } else if line.windows(2).any(|w| w == b"  ") {
            Some("two spaces")
        } else {
            None
        };
        if let Some(found) = found {
            return Err(error(number, found));
        }
    }
    Ok(())
}
