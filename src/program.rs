//! The name of the running command, for the commands that reports print (`gamecheck
//! repro …`, the replay command of `stress`): `gamecheck`, or the name of a user's own
//! command line made by [`main!`](crate::main).

use std::sync::OnceLock;

static NAME: OnceLock<&'static str> = OnceLock::new();

/// Returns the command's name: the one [`set_name`] gave, else `gamecheck`.
///
/// # Example
/// ```
/// assert_eq!(gamecheck::program::name(), "gamecheck");
/// ```
pub fn name() -> &'static str {
    NAME.get().copied().unwrap_or("gamecheck")
}

/// Names the running command, once: later calls change nothing.
pub fn set_name(name: &'static str) {
    let _ = NAME.set(name);
}
