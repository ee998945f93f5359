//! The output edge: stdout, JSON reports, files, exit codes.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};

use crate::shown::note;

pub(super) fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).context("writing stdout")?;
    out.flush().context("writing stdout")
}

/// Every JSON report: `format_version` first (docs/json.md), pretty-printed.
pub(super) fn json<T: serde::Serialize>(value: &T) -> Result<String> {
    let value = crate::json::versioned(value)?;
    serde_json::to_string_pretty(&value).context("serializing the report")
}

pub(super) fn exit(ok: bool) -> ExitCode {
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

pub(super) fn write_file(path: &std::path::Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    note(&format!("wrote {} ({} bytes)", path.display(), text.len()));
    Ok(())
}

/// Whether `err` comes from writing to a pipe whose reader is gone.
pub(super) fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
