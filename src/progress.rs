//! Progress bars on stderr, hidden when stderr is not a terminal.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Returns a progress bar of `len` steps labelled `label`, drawn on stderr only when it
/// is a terminal, so logs and pipes stay clean.
///
/// # Constraints
/// None.
///
/// # Complexity
/// O(1); drawing is rate-limited by indicatif.
///
/// # Example
/// ```
/// let bar = gamecheck::progress::bar(10, "cases");
/// bar.inc(10);
/// bar.finish_and_clear();
/// ```
pub fn bar(len: u64, label: &str) -> ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(len), target);
    let style = ProgressStyle::with_template(
        "{msg:>12} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} ({eta})",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(label.to_owned());
    bar
}
