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
