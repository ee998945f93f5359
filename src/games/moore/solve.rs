//! `solve games`: the contest input in, the count out.

use super::count::MODULUS;
use super::error::MooreError;
use super::general::{check_modulus, count_mod};
use super::transform::max_value;
use crate::game::count_question;
use crate::input::InputError;
use crate::tokens::Tokens;

/// A contest instance: the values A₁ … A_N and the sequence length K.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    pub values: Vec<u64>,
    pub len: u64,
}

/// Returns the instance in contest input: `N K` on the first line, then N values separated by
/// any whitespace (they may span lines).
///
/// # Constraints
/// N, K and the values are decimal integers in `0..=u64::MAX`; nothing but whitespace after
/// the N-th value. Every violation is an [`InputError`] naming the line and the token.
///
/// # Complexity
/// O(input length).
///
/// # Example
/// ```
/// use gamecheck::moore::{parse_input, Instance};
/// assert_eq!(parse_input(b"2 7\n1\n3\n"), Ok(Instance { values: vec![1, 3], len: 7 }));
/// assert!(parse_input(b"2 7\n1\n").is_err());
/// assert!(parse_input(b"1 7\n1 2\n").is_err());
/// ```
pub fn parse_input(input: &[u8]) -> Result<Instance, InputError> {
    read_instance(&mut Tokens::new(input), (u64::MAX, ""), (u64::MAX, ""))
}

/// Returns the instance `tokens` hold, N at most `max_n.0` and every value at most
/// `max_value.0` (the `.1` say why, in the error): the counting question's reader, behind
/// [`parse_input`] and [`solve_mod`].
fn read_instance(
    tokens: &mut Tokens<'_>,
    max_n: (u64, &str),
    max_value: (u64, &str),
) -> Result<Instance, InputError> {
    let (len, values) = count_question::read_instance(tokens, max_n, max_value)?;
    Ok(Instance { values, len })
}

/// Returns the output for contest input: the count of losing sequences mod 998244353 and a
/// newline (see [`count`](super::count)).
///
/// # Constraints
/// As [`solve_mod`] with the modulus 998244353.
///
/// # Complexity
/// O(input length) plus [`count`](super::count).
///
/// # Example
/// ```
/// use gamecheck::moore::solve;
/// assert_eq!(solve(b"1 7\n1\n", 6), Ok("1\n".to_owned()));
/// assert_eq!(solve(b"2 2\n1 1\n", 6), Ok("0\n".to_owned()));
/// assert!(solve(b"1 1\n1000\n", 6).is_err());
/// assert_eq!(solve(b"1 6\n1\n", 5), Ok("1\n".to_owned()));
/// ```
pub fn solve(input: &[u8], k: u32) -> Result<String, MooreError> {
    solve_mod(input, k, u64::from(MODULUS))
}

/// Returns the output for contest input: the count of losing sequences mod the prime
/// `modulus` and a newline (see [`count_mod`]).
///
/// # Constraints
/// - k ≥ 1 and `modulus` prime, checked first ([`MooreError::ZeroK`],
///   [`MooreError::NotPrime`]);
/// - the input as for [`parse_input`], and every value at most the largest the transform
///   holds for k (511 for k = 6), else [`InputError::OutOfRange`] naming the line and token;
/// - the limits of [`count_mod`] on the ring's degree and the work.
///
/// # Complexity
/// O(input length) plus [`count_mod`].
///
/// # Example
/// ```
/// use gamecheck::moore::solve_mod;
/// assert_eq!(solve_mod(b"3 3\n1 2 3\n", 2, 1_000_000_007), Ok("3\n".to_owned()));
/// assert_eq!(solve_mod(b"2 2\n1 1\n", 1, 3), Ok("1\n".to_owned())); // 4 mod 3
/// assert!(solve_mod(b"1 1\n1\n", 6, 91).is_err()); // 91 = 7 · 13
/// ```
pub fn solve_mod(input: &[u8], k: u32, modulus: u64) -> Result<String, MooreError> {
    if k == 0 {
        return Err(MooreError::ZeroK);
    }
    check_modulus(modulus)?;
    let max = max_value(u64::from(k) + 1);
    let why = format!(
        "values above {max} need more bits than the transform holds for k = {k} \
         (at most 2^26 coefficients)"
    );
    let instance = read_instance(&mut Tokens::new(input), (u64::MAX, ""), (max, &why))?;
    let answer = count_mod(&instance.values, instance.len, k, modulus)?;
    Ok(format!("{answer}\n"))
}
