//! Mistakes in a game or its format, refused before anything runs: two games under one
//! name at compile time ([`refuse_same_names`], which [`main!`](crate::main) calls), and a
//! format that does not fit its game when the binary starts ([`format_mistake`]) — a sum
//! over a field a case does not have, a count's range above the game's `max_count`, a
//! format with another number of counts than the position. Each message names the game
//! and the field.

use super::{FromFlags, Game, GameError, GameProblem};
use crate::problem::Flags;

/// Returns whether `a` and `b` are the same name, at compile time.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Returns the first name of `names` that appears twice, if one does.
///
/// # Example
/// ```
/// use gamecheck::game::named_twice;
/// assert_eq!(named_twice(&["nim", "kayles", "nim"]), Some("nim"));
/// assert_eq!(named_twice(&["nim", "kayles"]), None);
/// ```
pub const fn named_twice(names: &[&'static str]) -> Option<&'static str> {
    let mut i = 0;
    while i < names.len() {
        let mut j = i + 1;
        while j < names.len() {
            if same(names[i], names[j]) {
                return Some(names[i]);
            }
            j += 1;
        }
        i += 1;
    }
    None
}

/// Longest message [`refuse_same_names`] writes.
const MESSAGE: usize = 256;

/// Fails to compile, in a constant, when two of `names` are the same: the second game
/// would be unreachable. [`main!`](crate::main) calls it on its games' names.
///
/// # Panics
/// When a name appears twice; in a `const` item, that is a compile error that names the
/// game.
///
/// # Example
/// ```compile_fail,E0080
/// // error: two games are named `nim`: the second would be unreachable; give each its own NAME
/// const _: () = gamecheck::game::refuse_same_names(&["nim", "kayles", "nim"]);
/// ```
/// ```
/// const _: () = gamecheck::game::refuse_same_names(&["nim", "kayles"]);
/// ```
pub const fn refuse_same_names(names: &[&'static str]) {
    let Some(name) = named_twice(names) else {
        return;
    };
    let parts: [&[u8]; 3] = [
        b"two games are named `",
        name.as_bytes(),
        b"`: the second would be unreachable; give each its own NAME",
    ];
    let mut buf = [0u8; MESSAGE];
    let mut len = 0;
    let mut p = 0;
    while p < parts.len() {
        let part = parts[p];
        let mut i = 0;
        while i < part.len() && len < MESSAGE {
            buf[len] = part[i];
            len += 1;
            i += 1;
        }
        p += 1;
    }
    let (text, _) = buf.split_at(len);
    match core::str::from_utf8(text) {
        Ok(message) => panic!("{}", message),
        Err(_) => panic!("two games share a NAME"),
    }
}

/// Returns what is wrong with the contest format of `G` built from its default flags,
/// naming the game and the field, or `None` when nothing is (or the game needs flags
/// that have no default). [`main!`](crate::main) refuses to start on it.
///
/// # Example
/// ```
/// use gamecheck::game::{Field, Format, Game, format_mistake};
/// #[derive(Default)]
/// struct Take12;
/// impl Game for Take12 {
///     type Position = u64;
///     const NAME: &'static str = "take12";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
///     }
///     fn format(&self) -> Format<Take12> {
///         Format::cases(1..=10).line([Field::number("n", 0..=100)]).sum("m", 1000)
///     }
/// }
/// let why = format_mistake::<Take12>().unwrap();
/// assert!(why.contains("take12") && why.contains("`.sum(\"m\", …)`"), "{why}");
/// ```
pub fn format_mistake<G: Game + FromFlags>() -> Option<String> {
    let flags = crate::problem::with_defaults(&GameProblem::<G>::flags(), &Flags::default());
    match GameProblem::<G>::from_flags(&flags) {
        Err(GameError::Format(why)) => Some(why),
        _ => None,
    }
}
