//! Blue-Red-Green Hackenbush strings: a stalk of edges from the ground up. Left cuts a
//! blue or green edge, Right a red or green one; whatever no longer touches the ground
//! falls. Berlekamp's sign expansion values a Blue-Red string at once.

mod catalog_claims;
mod sign_expansion;

use crate::input::InputError;
use crate::partizan::family::{Family, Tokens, agrees_with_moves, dropped, read_row, strings};
use crate::partizan::{Partizan, Value, Values};

pub(crate) use catalog_claims::entries as catalog;
pub use sign_expansion::sign_expansion;

/// The longest string read: values of Blue-Red strings have denominators up to 2^(n-1).
pub const MAX_EDGES: usize = 60;

/// Hackenbush strings, a position being its edges from the ground up (`B`, `R`, `G`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

fn cuts(s: &[u8], colours: [u8; 2], out: &mut Vec<Vec<u8>>) {
    out.extend(
        (0..s.len())
            .filter(|&i| colours.contains(&s[i]))
            .map(|i| s[..i].to_vec()),
    );
}

impl Partizan for Hackenbush {
    type Position = Vec<u8>;
    const NAME: &'static str = "hackenbush";

    fn left_moves(&self, s: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        cuts(s, [b'B', b'G'], out);
    }

    fn right_moves(&self, s: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        cuts(s, [b'R', b'G'], out);
    }

    fn value(&self, s: &Vec<u8>, values: &mut Values<Self>) -> Result<Value, crate::partizan::Stopped> {
        match sign_expansion(s) {
            Some(x) => Ok(Value::number(x)),
            None => values.of(s),
        }
    }
}

impl Family for Hackenbush {
    fn read(&self, tokens: &mut Tokens<'_>) -> Result<Vec<u8>, InputError> {
        read_row(tokens, "a Hackenbush string", b"BRG", 1, MAX_EDGES)
    }

    fn write(&self, s: &Vec<u8>) -> String {
        String::from_utf8_lossy(s).into_owned()
    }

    fn size(&self, s: &Vec<u8>) -> u64 {
        s.len() as u64
    }

    fn max_size(&self) -> u64 {
        MAX_EDGES as u64
    }

    fn of_size(&self, n: u64) -> Vec<Vec<u8>> {
        strings(b"BRG", n)
    }

    fn smaller(&self, s: &Vec<u8>) -> Vec<Vec<u8>> {
        let mut out = dropped(s);
        out.extend((0..s.len()).filter(|&i| s[i] != b'B').map(|i| {
            let mut t = s.clone();
            t[i] = b'B';
            t
        }));
        out
    }

    fn oracle_size(&self) -> u64 {
        10
    }

    fn cross_checks(&self) -> Vec<crate::partizan::family::CrossCheck<Self>> {
        vec![("sign_expansion_matches_moves", |_, s| {
            let Some(x) = sign_expansion(s) else { return Ok(()) };
            agrees_with_moves(Hackenbush, s, "sign expansion", Value::number(x))
        })]
    }
}
