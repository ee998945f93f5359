//! Quantities as reports write them: `1 CPU second`, `2 CPU seconds`, `0.5 CPU seconds`.

use std::fmt::Display;

/// Returns `seconds` followed by `CPU second`, or `CPU seconds` unless the number as
/// written is exactly `1` (so `1.5`, `0.5` and `1.00` stay plural, as written English
/// has them).
pub(crate) fn cpu_seconds(seconds: impl Display) -> String {
    let n = seconds.to_string();
    let unit = if n == "1" { "CPU second" } else { "CPU seconds" };
    format!("{n} {unit}")
}

#[cfg(test)]
mod tests {
    use super::cpu_seconds;

    #[test]
    fn one_second_is_singular_and_every_other_amount_plural() {
        assert_eq!(cpu_seconds(1u64), "1 CPU second");
        assert_eq!(cpu_seconds(1.0f64), "1 CPU second");
        for (n, want) in [
            (0.0, "0 CPU seconds"),
            (0.5, "0.5 CPU seconds"),
            (1.5, "1.5 CPU seconds"),
            (2.0, "2 CPU seconds"),
            (11.0, "11 CPU seconds"),
            (120.0, "120 CPU seconds"),
        ] {
            assert_eq!(cpu_seconds(n), want);
        }
        assert_eq!(cpu_seconds(format!("{:.2}", 1.0)), "1.00 CPU seconds");
    }
}
