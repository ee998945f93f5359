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
    if !std::io::stderr().is_terminal() {
        lines(&bar, label, LINE_EVERY, crate::shown::note);
    }
    bar
}

/// Says on `sink`, every `every` until `bar` is finished or dropped, how far it stands: a
/// bar a log cannot show (`check`, `claims`, `prove` with stderr not a terminal) still
/// tells that the run is working.
fn lines(bar: &ProgressBar, label: &str, every: std::time::Duration, sink: fn(&str)) {
    let (bar, label, start) = (bar.downgrade(), label.to_owned(), std::time::Instant::now());
    // Detached: it holds the bar only while it reads it, and never holds up the exit.
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(every);
            let Some(bar) = bar.upgrade().filter(|b| !b.is_finished()) else {
                return;
            };
            sink(&format!(
                "{label}: {} s: {}/{} done",
                start.elapsed().as_secs(),
                bar.position(),
                bar.length().unwrap_or(0)
            ));
        }
    });
}

fn target() -> ProgressDrawTarget {
    if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    }
}

/// How often a run whose stderr is not a terminal says where it stands.
const LINE_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

/// The bar of `stress`: the generated inputs, judged; its length is known once they are
/// generated. Where stderr is not a terminal (a log, CI) a line says where the run stands
/// every [`LINE_EVERY`] instead, from before the first run (the reach's probe) to the end
/// of the shrink.
pub(super) struct Inputs {
    bar: ProgressBar,
    status: std::sync::Arc<Status>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

/// What the lines of a run that is not on a terminal say, and when to stop.
#[derive(Default)]
struct Status {
    total: std::sync::atomic::AtomicU64,
    done: std::sync::atomic::AtomicU64,
    shrinking: std::sync::atomic::AtomicBool,
    stop: std::sync::Mutex<bool>,
    wake: std::sync::Condvar,
}

impl Status {
    /// Returns the line that says where the run stands after `secs` seconds.
    fn line(&self, secs: u64) -> String {
        use std::sync::atomic::Ordering::Relaxed;
        let (total, done) = (self.total.load(Relaxed), self.done.load(Relaxed));
        if self.shrinking.load(Relaxed) {
            format!("stress: {secs} s: shrinking the failure")
        } else if total == 0 {
            format!("stress: {secs} s: preparing the run (the rules' reach, the fast path's check)")
        } else {
            format!("stress: {secs} s: {done}/{total} inputs judged")
        }
    }
}

impl Inputs {
    pub(super) fn new() -> Inputs {
        let every = (!std::io::stderr().is_terminal()).then_some(LINE_EVERY);
        Inputs::with_lines(every, Box::new(crate::shown::note))
    }

    /// Returns the bar, with a line to `sink` every `every` (when given) until it is
    /// dropped.
    fn with_lines(every: Option<std::time::Duration>, sink: Box<dyn Fn(&str) + Send>) -> Inputs {
        let bar = ProgressBar::with_draw_target(None, target());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} inputs {elapsed}") {
            bar.set_style(style);
        }
        let status = std::sync::Arc::new(Status::default());
        let ticker = every.map(|every| {
            let status = std::sync::Arc::clone(&status);
            std::thread::spawn(move || {
                let start = std::time::Instant::now();
                let mut stop = status
                    .stop
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                loop {
                    // Waits while not stopped: a stop set before this thread first took
                    // the lock (a run refused at once) ends it now, not a line later.
                    let (guard, _) = status
                        .wake
                        .wait_timeout_while(stop, every, |stop| !*stop)
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    stop = guard;
                    if *stop {
                        return;
                    }
                    sink(&status.line(start.elapsed().as_secs()));
                }
            })
        });
        Inputs { bar, status, ticker }
    }
}

impl crate::progress::Progress for Inputs {
    fn start(&self, total: u64) {
        self.bar.set_length(total);
        self.status
            .total
            .store(total, std::sync::atomic::Ordering::Relaxed);
    }

    fn advance(&self, steps: u64) {
        self.bar.inc(steps);
        self.status
            .done
            .fetch_add(steps, std::sync::atomic::Ordering::Relaxed);
    }

    /// On stderr whether or not it is a terminal (a log keeps it), above the bar; the
    /// first note of a run is its failure, which the shrink follows.
    fn note(&self, line: &str) {
        self.status
            .shrinking
            .store(true, std::sync::atomic::Ordering::Relaxed);
        self.bar.suspend(|| crate::shown::note(line));
    }
}

impl Drop for Inputs {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
        *self
            .status
            .stop
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = true;
        self.status.wake.notify_all();
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
    }
}

/// Draws the status of long runs (`prove octal`, `solve octal --max-heap N`) as a
/// spinner line on stderr when it is a terminal, else as a line every [`LINE_EVERY`].
pub(super) fn show_run_status() {
    let bar: std::sync::Mutex<Option<ProgressBar>> = std::sync::Mutex::new(None);
    let terminal = std::io::stderr().is_terminal();
    let said = std::sync::Mutex::new(None);
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
        let line = format!(
            "{}: {} heaps, {} heaps/s, largest value {}, {} rare heaps",
            s.label,
            indicatif::HumanCount(s.heaps),
            indicatif::HumanCount(s.per_second as u64),
            s.largest,
            indicatif::HumanCount(s.rare)
        );
        // A log gets the line every LINE_EVERY, where a terminal gets the spinner.
        let mut said = said.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let since = *said.get_or_insert_with(std::time::Instant::now);
        if !terminal && since.elapsed() >= LINE_EVERY {
            crate::shown::note(&line);
            *said = Some(std::time::Instant::now());
        }
        b.set_message(line);
        b.tick();
    }));
}

#[cfg(test)]
mod lines_tests {
    use std::sync::Mutex;
    use std::time::{Duration, Instant};

    static HEARD: Mutex<Vec<String>> = Mutex::new(Vec::new());

    fn hear(line: &str) {
        HEARD
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(line.to_owned());
    }

    fn heard() -> Vec<String> {
        HEARD.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    #[test]
    fn a_bar_off_a_terminal_says_where_it_stands_until_it_is_finished() {
        let bar = indicatif::ProgressBar::hidden();
        bar.set_length(40);
        super::lines(&bar, "check", Duration::from_millis(10), hear);
        bar.inc(7);
        let start = Instant::now();
        while !heard()
            .iter()
            .any(|l| l.starts_with("check: ") && l.ends_with(" s: 7/40 done"))
        {
            assert!(start.elapsed() < Duration::from_secs(10), "{:?}", heard());
            std::thread::sleep(Duration::from_millis(5));
        }
        bar.finish_and_clear();
        // A line read before the finish may still be said (the thread may be descheduled
        // between reading the bar and saying it, however long a busy machine takes); a
        // thread that went on would say one every 10 ms.
        let at_finish = heard().len();
        std::thread::sleep(Duration::from_millis(200));
        assert!(heard().len() <= at_finish + 1, "{:?}", heard());
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    use super::{Inputs, LINE_EVERY};
    use crate::progress::Progress;

    /// Waits (at most 10 s) until a line of `lines` contains `text`; returns whether one does.
    fn heard(lines: &Mutex<Vec<String>>, text: &str) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if lines
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .iter()
                .any(|l| l.contains(text))
            {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }

    #[test]
    fn a_run_off_a_terminal_says_where_it_stands_at_every_interval() {
        // The done-when of a log: a line at least every 10 s.
        assert!(LINE_EVERY <= Duration::from_secs(10), "{LINE_EVERY:?}");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&lines);
        let sink = Box::new(move |l: &str| kept.lock().unwrap_or_else(|e| e.into_inner()).push(l.to_owned()));
        let progress = Inputs::with_lines(Some(Duration::from_millis(20)), sink);
        // Before the inputs are known: the reach's probe and the fast path's check.
        assert!(heard(&lines, "preparing the run"), "{lines:?}");
        progress.start(10);
        progress.advance(3);
        assert!(heard(&lines, "3/10 inputs judged"), "{lines:?}");
        progress.note("wrong-answer on input 4");
        assert!(heard(&lines, "shrinking the failure"), "{lines:?}");
        let said = lines.lock().unwrap_or_else(|e| e.into_inner()).len();
        assert!(said >= 3, "{said} lines");
        // Dropped with the run: no line after it.
        drop(progress);
        let after = lines.lock().unwrap_or_else(|e| e.into_inner()).len();
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(lines.lock().unwrap_or_else(|e| e.into_inner()).len(), after);
    }
}
