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

/// Draws the status of long runs (`prove octal`, `solve octal --max-heap N`) as a
/// spinner line on stderr, hidden when stderr is not a terminal.
pub(super) fn show_run_status() {
    let bar: std::sync::Mutex<Option<ProgressBar>> = std::sync::Mutex::new(None);
    crate::progress::set_status_sink(Box::new(move |status| {
        let mut bar = bar.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(s) = status else {
            if let Some(b) = bar.take() {
                b.finish_and_clear();
            }
            return;
        };
        let b = bar.get_or_insert_with(|| {
            let b = ProgressBar::with_draw_target(None, target());
            if let Ok(style) = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}") {
                b.set_style(style);
            }
            b
        });
        b.set_message(format!(
            "{}: {} heaps, {} heaps/s, largest value {}, {} rare heaps",
            s.label,
            indicatif::HumanCount(s.heaps),
            indicatif::HumanCount(s.per_second as u64),
            s.largest,
            indicatif::HumanCount(s.rare)
        ));
        b.tick();
    }));
}
