//! Checkpoints of long runs (`--checkpoint PATH`): the values so far, the rare heaps and
//! the mask, written every minute of a run and when it stops (Ctrl-C, a budget, the last
//! heap), so that a later run with the same flag resumes where it stopped.
//!
//! A file holds a header of `key value` lines, a blank line, then the values G(0), …,
//! G(n − 1) as little-endian integers of the width the header names, then the rare heaps
//! as little-endian `u64`s. A file of another code or version, or that does not read back
//! exactly (a short write, a wrong checksum), is refused with the reason: a resumed run
//! never starts from values it cannot trust.

use std::io::Write;
use std::path::Path;

use super::code::OctalCode;
use super::sparse_space::Mask;
use super::values::NimValues;

/// What a checkpoint keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// G(n) for every n below its length.
    pub values: NimValues,
    /// The mask in use.
    pub mask: Mask,
    /// The heaps n ≥ 1 whose value is rare under the mask, increasing.
    pub rare: Vec<u64>,
}

impl Checkpoint {
    /// Returns the checkpoint cut to its first `heaps` heaps.
    pub fn truncated(self, heaps: usize) -> Checkpoint {
        if self.values.len() <= heaps {
            return self;
        }
        let values = match self.values {
            NimValues::U8(mut v) => {
                v.truncate(heaps);
                NimValues::U8(v)
            }
            NimValues::U16(mut v) => {
                v.truncate(heaps);
                NimValues::U16(v)
            }
            NimValues::U32(mut v) => {
                v.truncate(heaps);
                NimValues::U32(v)
            }
        };
        let rare = self.rare.into_iter().filter(|&n| (n as usize) < heaps).collect();
        Checkpoint {
            values,
            mask: self.mask,
            rare,
        }
    }
}

/// FNV-1a over `bytes`, continuing from `h`.
fn fnv(h: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// Calls `out` with the stored bytes of `values`, a chunk at a time (a long run's values
/// are not copied whole).
fn value_bytes(values: &NimValues, out: &mut dyn FnMut(&[u8]) -> std::io::Result<()>) -> std::io::Result<()> {
    const CHUNK: usize = 1 << 20;
    match values {
        NimValues::U8(v) => v.chunks(CHUNK).try_for_each(out),
        NimValues::U16(v) => v
            .chunks(CHUNK)
            .try_for_each(|c| out(&c.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>())),
        NimValues::U32(v) => v
            .chunks(CHUNK)
            .try_for_each(|c| out(&c.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>())),
    }
}

/// Writes `code`'s checkpoint (`values`, `mask`, `rare`) to `path`: beside it first, then
/// renamed over it, so that a run stopped while writing keeps the previous one whole.
///
/// # Errors
/// The file could not be written.
pub fn save(
    path: &Path,
    code: &OctalCode,
    values: &NimValues,
    mask: Mask,
    rare: &[u64],
) -> std::io::Result<()> {
    let rare: Vec<u8> = rare.iter().flat_map(|x| x.to_le_bytes()).collect();
    let mut sum = FNV_START;
    value_bytes(values, &mut |b| {
        sum = fnv(sum, b);
        Ok(())
    })?;
    let sum = fnv(sum, &rare);
    let header = format!(
        "gamecheck octal checkpoint\ncode {code}\nversion {}\nheaps {}\nwidth {}\nmask {}\ndomain {}\nrare {}\nchecksum {sum}\n\n",
        env!("CARGO_PKG_VERSION"),
        values.len(),
        values.bytes_per_value(),
        mask.mask,
        mask.domain,
        rare.len() / 8,
    );
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = std::path::PathBuf::from(tmp);
    let written = std::fs::File::create(&tmp).and_then(|f| {
        let mut f = std::io::BufWriter::new(f);
        f.write_all(header.as_bytes())?;
        value_bytes(values, &mut |b| f.write_all(b))?;
        f.write_all(&rare)?;
        f.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&tmp, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Returns `code`'s checkpoint in `path`, `Ok(None)` when there is no file.
///
/// # Errors
/// The file exists but cannot be read, is of another code or version, or is damaged:
/// named.
///
/// # Example
/// ```
/// use gamecheck::octal::checkpoint::{Checkpoint, load, save};
/// use gamecheck::octal::{sparse_space::Mask, values::NimValues};
/// let path = std::env::temp_dir().join(format!("gamecheck-doc-checkpoint-{}", std::process::id()));
/// let code = "0.16".parse()?;
/// assert_eq!(load(&path, &code)?, None);
/// let c = Checkpoint { values: NimValues::U8(vec![0, 1, 0, 2]), mask: Mask { mask: 2, domain: false }, rare: vec![1] };
/// save(&path, &code, &c.values, c.mask, &c.rare)?;
/// assert_eq!(load(&path, &code)?, Some(c));
/// assert!(load(&path, &"0.77".parse()?).is_err());
/// std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn load(path: &Path, code: &OctalCode) -> Result<Option<Checkpoint>, String> {
    let named = |why: String| format!("checkpoint {}: {why}", path.display());
    let metadata = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(named(e.to_string())),
    };
    // A device or a FIFO (`/dev/zero`) would be read without end, and written over by
    // the run's saves: only a file the run can replace is a checkpoint.
    if !metadata.is_file() {
        return Err(named(
            "not a regular file (a checkpoint is a file gamecheck writes and replaces)".into(),
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| named(e.to_string()))?;
    bounded(file)
        .and_then(|data| read(&data, code))
        .map(Some)
        .map_err(named)
}

/// The most bytes of a checkpoint's header.
const HEADER_CAP: u64 = 4096;

/// Returns the bytes of a checkpoint from `source`: its first [`HEADER_CAP`] bytes, where
/// the header must end, then only as far as the header says the file goes and one byte
/// more to see that nothing follows, so that a file of any size is read within what it
/// claims.
fn bounded(source: impl std::io::Read) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut source = source;
    let mut data = Vec::new();
    (&mut source)
        .take(HEADER_CAP)
        .read_to_end(&mut data)
        .map_err(|e| e.to_string())?;
    let split = data
        .windows(2)
        .position(|w| w == b"\n\n")
        .ok_or(format!("no header in its first {HEADER_CAP} bytes"))?;
    let head = String::from_utf8_lossy(&data[..split]);
    let number = |key: &str| -> Result<u64, String> {
        head.lines()
            .find_map(|l| l.strip_prefix(key).and_then(|v| v.strip_prefix(' ')))
            .and_then(|v| v.parse().ok())
            .ok_or(format!("no number on a `{key}` line"))
    };
    let body = number("heaps")?
        .checked_mul(number("width")?)
        .and_then(|v| number("rare").ok()?.checked_mul(8)?.checked_add(v))
        .filter(|&b| b <= (super::sparse_space::MAX_HEAPS as u64) * 4 + (1 << 40))
        .ok_or("the header's lengths are beyond any checkpoint")?;
    let total = (split as u64 + 2).saturating_add(body);
    let more = (total + 1).saturating_sub(data.len() as u64);
    source
        .take(more)
        .read_to_end(&mut data)
        .map_err(|e| e.to_string())?;
    Ok(data)
}

fn read(data: &[u8], code: &OctalCode) -> Result<Checkpoint, String> {
    let split = data.windows(2).position(|w| w == b"\n\n").ok_or("no header")?;
    let head = std::str::from_utf8(&data[..split]).map_err(|_| "the header is not text")?;
    let body = &data[split + 2..];
    if head.lines().next() != Some("gamecheck octal checkpoint") {
        return Err("not a gamecheck octal checkpoint".into());
    }
    let field = |key: &str| {
        head.lines()
            .find_map(|l| l.strip_prefix(key).and_then(|v| v.strip_prefix(' ')))
            .ok_or(format!("no `{key}` line"))
    };
    let number = |key: &str| -> Result<u64, String> {
        let text = field(key)?;
        text.parse()
            .map_err(|_| format!("`{key} {text}` is not a number"))
    };
    if field("code")? != code.to_string() {
        return Err(format!("it is of code {}, not {code}", field("code")?));
    }
    if field("version")? != env!("CARGO_PKG_VERSION") {
        return Err(format!(
            "it was written by gamecheck {}, not {}",
            field("version")?,
            env!("CARGO_PKG_VERSION")
        ));
    }
    let heaps = usize::try_from(number("heaps")?).map_err(|_| "too many heaps")?;
    let rare_len = usize::try_from(number("rare")?).map_err(|_| "too many rare heaps")?;
    let width = usize::try_from(number("width")?).map_err(|_| "bad width")?;
    let mask = Mask {
        mask: u32::try_from(number("mask")?).map_err(|_| "the mask is not 32-bit")?,
        domain: field("domain")? == "true",
    };
    let value_len = heaps.checked_mul(width).ok_or("too many heaps")?;
    let rare_bytes = rare_len.checked_mul(8).ok_or("too many rare heaps")?;
    if value_len.checked_add(rare_bytes) != Some(body.len()) {
        return Err("its length is not what the header says (a short write?)".into());
    }
    let (values, rare) = body.split_at(value_len);
    if number("checksum")? != fnv(fnv(FNV_START, values), rare) {
        return Err("its checksum does not match (damaged)".into());
    }
    let values = match width {
        1 => NimValues::U8(values.to_vec()),
        2 => NimValues::U16(
            values
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        ),
        4 => NimValues::U32(
            values
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        ),
        _ => return Err(format!("width {width}: not 1, 2 or 4")),
    };
    let rare: Vec<u64> = rare
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
        .collect();
    if rare.windows(2).any(|w| w[0] >= w[1]) || rare.last().is_some_and(|&r| r as usize >= heaps) {
        return Err("its rare heaps are not increasing below the heaps".into());
    }
    Ok(Checkpoint { values, mask, rare })
}

#[cfg(test)]
mod tests {
    use super::{bounded, read};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(crate::runner::persisted_config(64, "proptest-regressions/octal.txt"))]

        /// Arbitrary bytes, alone or after a plausible header, are refused or read: never
        /// a panic, nor a read past what the header claims.
        #[test]
        fn checkpoint_reader_takes_arbitrary_bytes_without_panic(
            bytes in proptest::collection::vec(any::<u8>(), 0..600),
            heaps in 0u64..1 << 50,
            with_header in any::<bool>(),
        ) {
            let code = "0.77".parse().map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
            let mut data = Vec::new();
            if with_header {
                data.extend_from_slice(format!(
                    "gamecheck octal checkpoint\ncode 0.77\nversion {}\nheaps {heaps}\nwidth 1\nmask 0\ndomain false\nrare 0\nchecksum 1\n\n",
                    env!("CARGO_PKG_VERSION")
                ).as_bytes());
            }
            data.extend_from_slice(&bytes);
            if let Ok(read_back) = bounded(&data[..]) {
                prop_assert!(read_back.len() <= data.len());
                let _ = read(&read_back, &code);
            }
            let _ = read(&data, &code);
        }
    }

    #[test]
    fn an_endless_source_is_read_only_as_far_as_its_header() {
        // /dev/zero as a stream: no header within the cap, refused after 4 KiB.
        let zeros = std::io::repeat(0);
        assert_eq!(
            bounded(zeros).err().as_deref(),
            Some("no header in its first 4096 bytes")
        );
        // A header claiming 10 values: the header's 4 KiB are read, nothing more.
        let header = b"gamecheck octal checkpoint\nheaps 10\nwidth 1\nrare 0\n\n".to_vec();
        let endless = std::io::Read::chain(&header[..], std::io::repeat(7));
        assert_eq!(bounded(endless).map(|d| d.len()), Ok(4096));
        // One claiming 10,000: as many bytes as it claims, and one more to see the end.
        let header = b"gamecheck octal checkpoint\nheaps 10000\nwidth 1\nrare 0\n\n".to_vec();
        let endless = std::io::Read::chain(&header[..], std::io::repeat(7));
        assert_eq!(bounded(endless).map(|d| d.len()), Ok(header.len() + 10_001));
    }
}
