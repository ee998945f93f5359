//! Progress of a long run, reported to whoever shows it: the library counts steps and
//! draws nothing (the `gamecheck` binary draws the bars).

/// Receives the progress of a run whose length is known once it starts.
pub trait Progress: Sync {
    /// The run has `total` steps; called once, before any step.
    fn start(&self, total: u64);
    /// `steps` more steps are done; called from any thread.
    fn advance(&self, steps: u64);
    /// A line worth showing at once, before the run's report (the first failure of a
    /// stress run, found before its shrink); by default shown nowhere.
    fn note(&self, _line: &str) {}
}

/// Shows nothing.
impl Progress for () {
    fn start(&self, _total: u64) {}
    fn advance(&self, _steps: u64) {}
}

/// Where a long run stands: what `prove octal` and `solve octal --max-heap N` report at
/// each step, for the binary to draw (the library draws nothing).
#[derive(Clone, Debug, PartialEq)]
pub struct RunStatus {
    /// What runs: the game and its code.
    pub label: String,
    /// Heaps computed.
    pub heaps: u64,
    /// Heaps computed per second of wall time since the run (or its resumption) started.
    pub per_second: f64,
    /// The largest value so far.
    pub largest: u64,
    /// The rare heaps so far.
    pub rare: u64,
}

type Sink = Box<dyn Fn(Option<&RunStatus>) + Send + Sync>;

static SINK: std::sync::OnceLock<Sink> = std::sync::OnceLock::new();

/// Sets, once, what receives the status of long runs: `Some` at each step, `None` when
/// the run ends. Without it, the status goes nowhere.
pub fn set_status_sink(sink: Sink) {
    let _ = SINK.set(sink);
}

/// Sends `status` to the sink, if one is set.
pub(crate) fn status(status: Option<&RunStatus>) {
    if let Some(sink) = SINK.get() {
        sink(status);
    }
}
