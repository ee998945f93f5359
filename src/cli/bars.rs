//! Progress bars on stderr, hidden when stderr is not a terminal; the library only counts
//! (`gamecheck::progress::Progress`).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Returns a bar of `len` steps labelled `label`, drawn on stderr only when it is a
/// terminal, so logs and pipes stay clean.
pub(super) fn bar(len: u64, label: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), target());
    let style = ProgressStyle::with_template(
        "{msg:>12} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} ({eta})",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(label.to_owned());
    bar
}

fn target() -> ProgressDrawTarget {
    if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    }
}

/// The bar of `stress`: the generated inputs, judged; its length is known once they are
/// generated.
pub(super) struct Inputs(ProgressBar);

impl Inputs {
    pub(super) fn new() -> Inputs {
        let bar = ProgressBar::with_draw_target(None, target());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} inputs {elapsed}") {
            bar.set_style(style);
        }
        Inputs(bar)
    }
}

impl crate::progress::Progress for Inputs {
    fn start(&self, total: u64) {
        self.0.set_length(total);
    }

    fn advance(&self, steps: u64) {
        self.0.inc(steps);
    }

    /// On stderr whether or not it is a terminal (a log keeps it), above the bar.
    fn note(&self, line: &str) {
        self.0.suspend(|| crate::shown::note(line));
    }
}

impl Drop for Inputs {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}
