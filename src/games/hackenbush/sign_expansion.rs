//! Berlekamp's sign-expansion rule for Blue-Red Hackenbush strings (Winning Ways,
//! ch. 2; Berlekamp, "The Hackenbush number system for compression of numerical data",
//! 1974): the edges up to the first change of colour count ±1 each, and every edge
//! after it ±1/2, ±1/4, … in turn, blue positive and red negative.

use crate::partizan::Dyadic;

/// Returns the value of a Blue-Red string (`B` and `R` from the ground up), or `None`
/// when it holds another colour.
///
/// # Example
/// ```
/// use gamecheck::games::hackenbush::sign_expansion;
/// let v = |s: &str| sign_expansion(s.as_bytes()).map(|x| x.to_string());
/// assert_eq!(v("BR").as_deref(), Some("1/2"));
/// assert_eq!(v("BRR").as_deref(), Some("1/4"));
/// assert_eq!(v("RRB").as_deref(), Some("-3/2"));
/// assert_eq!(v("BG"), None);
/// ```
pub fn sign_expansion(s: &[u8]) -> Option<Dyadic> {
    let sign = |c: u8| match c {
        b'B' => Some(1),
        b'R' => Some(-1),
        _ => None,
    };
    let signs = s.iter().map(|&c| sign(c)).collect::<Option<Vec<i64>>>()?;
    let run = signs.iter().take_while(|&&x| Some(&x) == signs.first()).count();
    let mut value = Dyadic::int(signs.first().copied().unwrap_or(0) * run as i64);
    for (k, &x) in signs[run..].iter().enumerate() {
        value = value + Dyadic::new(x, k as u32 + 1);
    }
    Some(value)
}
