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
pub fn validate<P: ContestFormat + ?Sized>(
    problem: &P,
    input: impl std::io::BufRead,
) -> Result<Vec<P::Case>, InputError> {
    problem.read_cases(&mut crate::tokens::Tokens::strict(input))
}
