//! Whether the process was started with stdout closed (`gamecheck … >&-`).
//!
//! Rust's runtime reopens a closed descriptor 0, 1 or 2 on `/dev/null`, read-write,
//! before `main`, so the output would be lost with exit code 0. A shell's `> /dev/null`
//! opens it write-only; only `1<> /dev/null` looks the same, and asks for the same loss.

use std::os::fd::AsFd;
use std::os::unix::fs::{FileTypeExt, MetadataExt};

/// Returns whether descriptor 1 is closed, or is the runtime's stand-in for a closed one:
/// `/dev/null` open for reading and writing.
pub fn stdout_is_closed() -> bool {
    // SAFETY: F_GETFL only reads the flags of descriptor 1, open or not.
    let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
    if flags < 0 {
        return true;
    }
    if flags & libc::O_ACCMODE != libc::O_RDWR {
        return false;
    }
    let Ok(fd) = std::io::stdout().as_fd().try_clone_to_owned() else {
        return true;
    };
    let (Ok(out), Ok(null)) = (std::fs::File::from(fd).metadata(), std::fs::metadata("/dev/null")) else {
        return false;
    };
    out.file_type().is_char_device() && null.file_type().is_char_device() && out.rdev() == null.rdev()
}
