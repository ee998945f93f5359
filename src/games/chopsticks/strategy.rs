//! proptest strategies for Chopsticks positions, biased toward the boundaries of the rule.

use proptest::prelude::*;

use super::state::State;

/// Returns a strategy for one count: 0..=3 often, small values, values near 10^18 and
/// near `u64::MAX`, and uniform `u64`.
///
/// # Complexity
/// O(1) per value.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::strategy::count;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let v = count().new_tree(&mut TestRunner::deterministic()).map(|t| t.current());
/// assert!(v.is_ok());
/// ```
pub fn count() -> impl Strategy<Value = u64> + Clone {
    const E18: u64 = 1_000_000_000_000_000_000;
    prop_oneof![
        4 => 0u64..=3,
        2 => 0u64..=40,
        1 => (E18 - 2)..=(E18 + 2),
        1 => (u64::MAX - 3)..=u64::MAX,
        2 => any::<u64>(),
    ]
}

/// Returns `a + c - b - delta` as `d` when it is a `u64`, else `fallback`: the state then
/// has n − m = `delta`, where the rule changes its mind.
fn with_gap(a: u64, c: u64, b: u64, delta: i8, fallback: u64) -> State {
    let d = i128::from(a) + i128::from(c) - i128::from(b) - i128::from(delta);
    State::new(a, c, b, u64::try_from(d).unwrap_or(fallback))
}

/// Returns a strategy over positions whose counts come from `counts`; half of them have
/// n − m ∈ {−2, …, 2}.
fn states_from(counts: impl Strategy<Value = u64> + Clone) -> impl Strategy<Value = State> {
    prop_oneof![
        (counts.clone(), counts.clone(), counts.clone(), counts.clone())
            .prop_map(|(a, c, b, d)| State::new(a, c, b, d)),
        (counts.clone(), counts.clone(), counts.clone(), -2i8..=2, counts)
            .prop_map(|(a, c, b, delta, fallback)| with_gap(a, c, b, delta, fallback)),
    ]
}

/// Returns a strategy over all `u64` positions, biased as [`count`] is and toward
/// n − m ∈ {−2, …, 2}.
///
/// # Complexity
/// O(1) per value.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::strategy::state;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// assert!(state().new_tree(&mut TestRunner::deterministic()).is_ok());
/// ```
pub fn state() -> impl Strategy<Value = State> {
    states_from(count())
}

/// Returns a strategy over positions with every count at most `max`, biased toward
/// 0..=3 and n − m ∈ {−2, …, 2}.
///
/// # Complexity
/// O(1) per value.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::strategy::small_state;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let s = small_state(5).new_tree(&mut TestRunner::deterministic()).map(|t| t.current());
/// assert!(s.is_ok_and(|s| s.a <= 5 && s.c <= 5 && s.b <= 5));
/// ```
pub fn small_state(max: u64) -> impl Strategy<Value = State> {
    let counts = prop_oneof![1 => 0..=max.min(3), 2 => 0..=max];
    states_from(counts).prop_filter("count above max", move |s| s.d <= u128::from(max))
}

/// Returns a strategy over positions of real play (both players hold a hand).
///
/// # Complexity
/// O(1) per value, with rare rejections.
///
/// # Example
/// ```
/// use gamecheck::chopsticks::strategy::real_play_state;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let s = real_play_state().new_tree(&mut TestRunner::deterministic()).map(|t| t.current());
/// assert!(s.is_ok_and(|s| s.hands() > 0 && s.opponent_hands() > 0));
/// ```
pub fn real_play_state() -> impl Strategy<Value = State> {
    state().prop_filter("a player has no hands", |s| {
        s.hands() > 0 && s.opponent_hands() > 0
    })
}

/// Returns a strategy over positions with every count in `0..=max`, biased toward 0–3,
/// toward `max` and 10^18 when within it, and toward n − m ∈ {−2, …, 2}: the positions
/// `check` and the least-counterexample search draw.
pub(crate) fn states_within(max: u64) -> impl Strategy<Value = State> {
    const E18: u64 = 1_000_000_000_000_000_000;
    let near_e18 = if max >= E18 + 2 {
        (E18 - 2)..=(E18 + 2)
    } else {
        0..=max
    };
    let counts = prop_oneof![
        4 => 0..=max.min(3),
        2 => 0..=max.min(40),
        1 => near_e18,
        1 => max.saturating_sub(3)..=max,
        2 => 0..=max,
    ];
    let gap = move |a: u64, c: u64, b: u64, delta: i8, fallback: u64| {
        let d = i128::from(a) + i128::from(c) - i128::from(b) - i128::from(delta);
        let d = u64::try_from(d).ok().filter(|&d| d <= max).unwrap_or(fallback);
        State::new(a, c, b, d)
    };
    prop_oneof![
        (counts.clone(), counts.clone(), counts.clone(), counts.clone())
            .prop_map(|(a, c, b, d)| State::new(a, c, b, d)),
        (counts.clone(), counts.clone(), counts.clone(), -2i8..=2, counts)
            .prop_map(move |(a, c, b, delta, fallback)| gap(a, c, b, delta, fallback)),
    ]
}
