//! Proved periods kept between runs, so that `solve` does not compute a period again:
//! one file per code and build of the period's algorithm, in the platform's cache directory
//! (`$XDG_CACHE_HOME/gamecheck` or `~/.cache/gamecheck` on Linux), or in
//! `$GAMECHECK_CACHE_DIR` when set (empty: no cache). Only proofs of at least
//! [`WORTH_KEEPING`] heaps are kept.
//!
//! A file holds a header of `key value` lines, then the values G(0), …, G(e + p − 1) as
//! little-endian integers of the width the header names, then nothing more. A file that
//! does not read back exactly (another build, a short write, a wrong checksum) is
//! ignored and the period is computed again.
//!
//! A checksum guards against damage, not against a file written by hand: before a period
//! is served, its first values are compared with the plain mex of the rules and a sample
//! of heaps up to the Guy–Smith bound with the mex of their moves over the table.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::code::OctalCode;
use super::values::NimValues;

/// The environment variable that moves the cache (tests point it at a temporary
/// directory); set and empty, it turns the cache off.
pub const CACHE_DIR_VAR: &str = "GAMECHECK_CACHE_DIR";

/// The fewest heaps a proof must have computed to be kept: smaller ones are redone in
/// less time than a file takes to read.
pub const WORTH_KEEPING: u64 = 10_000;

/// A period read from or written to the cache: the values of one preperiod and one period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CachedPeriod {
    /// G(n) for n < `preperiod` + `period`.
    pub values: NimValues,
    /// The least preperiod.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
}

/// Returns the cache directory: `$GAMECHECK_CACHE_DIR`, else the platform's cache
/// directory's `gamecheck`; `None` when off or unknown.
pub fn cache_dir() -> Option<PathBuf> {
    match std::env::var_os(CACHE_DIR_VAR) {
        Some(dir) if dir.is_empty() => None,
        Some(dir) => Some(PathBuf::from(dir)),
        None => platform_cache_dir().map(|d| d.join("gamecheck")),
    }
}

/// Returns the platform's cache directory: `$XDG_CACHE_HOME` (when absolute, as the XDG
/// base directory specification asks) or `$HOME/.cache` on Linux and the other Unixes,
/// `$HOME/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows.
///
/// Written here rather than taken from `dirs`/`directories`: both depend on `option-ext`,
/// whose licence is MPL-2.0, and the project keeps to MIT, Apache-2.0, BSD and the like.
fn platform_cache_dir() -> Option<PathBuf> {
    let var = |key: &str| std::env::var_os(key).filter(|v| !v.is_empty()).map(PathBuf::from);
    if cfg!(windows) {
        return var("LOCALAPPDATA");
    }
    let home = var("HOME");
    if cfg!(target_os = "macos") {
        return home.map(|h| h.join("Library").join("Caches"));
    }
    var("XDG_CACHE_HOME")
        .filter(|p| p.is_absolute())
        .or_else(|| home.map(|h| h.join(".cache")))
}

/// FNV-1a of `bytes` from the hash `h`, at compile time.
const fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        h = (h ^ bytes[i] as u64).wrapping_mul(0x100_0000_01b3);
        i += 1;
    }
    h
}

/// The key of the code that computes and stores a period: a hash of its sources, so
/// that a build whose algorithm changed never reads another's file, whatever its version.
const ALGORITHM: u64 = {
    let mut h = 0xcbf2_9ce4_8422_2325;
    h = fnv(h, include_bytes!("sparse_space.rs"));
    h = fnv(h, include_bytes!("sparse_kernel.rs"));
    h = fnv(h, include_bytes!("prove_period.rs"));
    h = fnv(h, include_bytes!("guy_smith.rs"));
    h = fnv(h, include_bytes!("values.rs"));
    h = fnv(h, include_bytes!("moves.rs"));
    h = fnv(h, include_bytes!("code.rs"));
    fnv(h, include_bytes!("cache.rs"))
};

/// Returns the file in `dir` that keeps `code`'s period for this build of the algorithm.
fn file(dir: &Path, code: &OctalCode) -> PathBuf {
    // A code prints as digits, a dot and hex letters, or `grundy`: a safe file name.
    dir.join(format!("octal-{code}-{ALGORITHM:016x}.period"))
}

/// The heaps whose values are compared with the plain mex of the rules.
const FIRST_CHECKED: usize = 512;

/// The heaps beyond those whose moves are checked against the table.
const SAMPLED: usize = 48;

/// The Guy–Smith bound up to which every heap is checked rather than a sample.
const CHECKED_WHOLE: u64 = 4096;

/// Returns whether `p` agrees with the rules of `code`: G(n) for n < [`FIRST_CHECKED`]
/// equal the plain mex (an independent oracle), and for every heap up to the Guy–Smith
/// bound 2(e + p) + t when it is at most [`CHECKED_WHOLE`], else for [`SAMPLED`] heaps
/// drawn up to it, G(n) is the mex of its moves' values in the table.
fn agrees_with_rules(code: &OctalCode, p: &CachedPeriod) -> bool {
    use rand::{RngExt, SeedableRng};
    let len = p.preperiod + p.period;
    let at = |n: u64| {
        let i = if n < len {
            n
        } else {
            p.preperiod + (n - p.preperiod) % p.period
        };
        p.values.get(i as usize)
    };
    let Ok(first) = super::crosscheck::plain_mex(code, FIRST_CHECKED) else {
        return false;
    };
    if first.iter().enumerate().any(|(n, &v)| at(n as u64) != Some(v)) {
        return false;
    }
    let bound = 2 * len + code.max_take() as u64 + 1;
    if bound <= FIRST_CHECKED as u64 {
        return true;
    }
    let mex_agrees = |n: u64| {
        let mut seen = Vec::new();
        let mut readable = true;
        super::moves::for_each_move(code, n, |heaps| {
            match heaps.iter().try_fold(0u32, |x, &h| at(h).map(|v| x ^ v)) {
                Some(v) => seen.push(v),
                None => readable = false,
            }
        });
        let mex = crate::game::mex::mex(&mut seen);
        readable && at(n).map(u64::from) == Some(mex)
    };
    // Every heap to the bound is the Guy–Smith proof itself: done when it is small.
    if bound <= CHECKED_WHOLE {
        return (FIRST_CHECKED as u64..bound).all(mex_agrees);
    }
    // Seeded by the file's own shape, so a check is repeatable.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(p.preperiod ^ p.period.rotate_left(32));
    (0..SAMPLED).all(|_| mex_agrees(rng.random_range(FIRST_CHECKED as u64..bound)))
}

/// A checksum of the stored bytes (FNV-1a), so that a damaged file is not believed.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn to_bytes(values: &NimValues) -> Vec<u8> {
    match values {
        NimValues::U8(v) => v.clone(),
        NimValues::U16(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
        NimValues::U32(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
    }
}

fn header(code: &OctalCode, p: &CachedPeriod, bytes: &[u8]) -> String {
    format!(
        "gamecheck octal period\ncode {code}\nbuild {ALGORITHM:016x}\npreperiod {}\nperiod {}\nwidth {}\nchecksum {}\n\n",
        p.preperiod,
        p.period,
        p.values.bytes_per_value(),
        checksum(bytes)
    )
}

/// Returns `code`'s period from the cache in `dir`, when a file for this build reads
/// back whole and its values agree with the rules on the first heaps and a sample.
///
/// # Example
/// ```
/// use gamecheck::octal::cache::{CachedPeriod, load, store};
/// use gamecheck::octal::values::NimValues;
/// let dir = std::env::temp_dir().join(format!("gamecheck-doc-cache-{}", std::process::id()));
/// // Take one or two from a heap, leaving nothing or one heap: G(n) = n mod 3.
/// let code = "0.33".parse()?;
/// assert_eq!(load(&dir, &code), None);
/// let p = CachedPeriod { values: NimValues::U8(vec![0, 1, 2]), preperiod: 0, period: 3 };
/// store(&dir, &code, &p)?;
/// assert_eq!(load(&dir, &code), Some(p));
/// // A file written by hand, its checksum right, is not believed against the rules.
/// let forged = CachedPeriod { values: NimValues::U8(vec![5]), preperiod: 0, period: 1 };
/// store(&dir, &code, &forged)?;
/// assert_eq!(load(&dir, &code), None);
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn load(dir: &Path, code: &OctalCode) -> Option<CachedPeriod> {
    let data = std::fs::read(file(dir, code)).ok()?;
    let split = data.windows(2).position(|w| w == b"\n\n")?;
    let (head, body) = (std::str::from_utf8(&data[..split]).ok()?, &data[split + 2..]);
    let field = |key: &str| {
        head.lines()
            .find_map(|l| l.strip_prefix(key).and_then(|v| v.strip_prefix(' ')))
    };
    let number = |key: &str| field(key)?.parse::<u64>().ok();
    if field("code")? != code.to_string() || field("build")? != format!("{ALGORITHM:016x}") {
        return None;
    }
    let (preperiod, period, width) = (number("preperiod")?, number("period")?, number("width")?);
    let len = usize::try_from(preperiod.checked_add(period)?).ok()?;
    if period == 0
        || number("checksum")? != checksum(body)
        || body.len() != len.checked_mul(width as usize)?
    {
        return None;
    }
    let values = match width {
        1 => NimValues::U8(body.to_vec()),
        2 => NimValues::U16(
            body.chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        ),
        4 => NimValues::U32(
            body.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        ),
        _ => return None,
    };
    let cached = CachedPeriod {
        values,
        preperiod,
        period,
    };
    agrees_with_rules(code, &cached).then_some(cached)
}

/// Keeps `code`'s proved period in the cache in `dir`. Best effort: a cache that cannot
/// be written costs only the next run's time, so the error is returned for the caller to
/// ignore.
///
/// # Errors
/// The directory or the file could not be written.
pub fn store(dir: &Path, code: &OctalCode, p: &CachedPeriod) -> std::io::Result<()> {
    let path = file(dir, code);
    std::fs::create_dir_all(dir)?;
    let bytes = to_bytes(&p.values);
    // Written beside, then renamed: a reader never sees half a file.
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(header(code, p, &bytes).as_bytes())?;
        f.write_all(&bytes)?;
        f.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&tmp, &path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e)
        }
    }
}
