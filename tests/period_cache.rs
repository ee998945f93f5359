//! The octal period cache holds files anyone can write: a file forged with a valid
//! checksum, or one left by another build, must never make `solve` wrong.

use std::process::{Command, Stdio};

use gamecheck::octal::Octal;
use gamecheck::octal::cache::{CachedPeriod, store};
use gamecheck::octal::values::NimValues;

/// G(n) of Dawson's Kayles (0.07) by the plain mex, written here: take two from an end
/// or from the middle; the period 34 holds from heap 52 on.
fn dawson(n: u64) -> u32 {
    const N: usize = 400;
    let mut g = [0u32; N];
    for m in 2..N {
        let mut seen: Vec<u32> = (0..=m - 2).map(|a| g[a] ^ g[m - 2 - a]).collect();
        seen.sort_unstable();
        g[m] = (0..).find(|v| seen.binary_search(v).is_err()).unwrap_or(0);
    }
    let n = n as usize;
    if n < N {
        g[n]
    } else {
        g[N - 34 + (n - (N - 34)) % 34]
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecheck-period-cache-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

const HEAPS: [u64; 4] = [1, 2, 53, 1_000_000];

#[test]
fn a_forged_period_file_of_an_earlier_version_is_not_served_by_solve() {
    // repro-5/cache/forge.py: `0.07`'s values all 5 (period 1), with the checksum right,
    // under the name the version string gave.
    let dir = scratch("forged-cli");
    let body = [5u8];
    let sum = body.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let mut file = format!(
        "gamecheck octal period\ncode 0.07\nversion 0.1.0\npreperiod 0\nperiod 1\nwidth 1\nchecksum {sum}\n\n"
    )
    .into_bytes();
    file.extend_from_slice(&body);
    std::fs::write(dir.join("octal-0.07-v0.1.0.period"), file).expect("write the forged file");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamecheck"))
        .args(["solve", "octal", "--code", "0.07", "--grundy"])
        .env("GAMECHECK_CACHE_DIR", &dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamecheck starts");
    let input = format!("{}\n{}\n", HEAPS.len(), HEAPS.map(|h| h.to_string()).join("\n"));
    use std::io::Write;
    let _ = child.stdin.take().expect("piped").write_all(input.as_bytes());
    let out = child.wait_with_output().expect("gamecheck exits");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Vec<u32> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(|t| t.parse().expect("a value"))
        .collect();
    assert_eq!(got, HEAPS.map(dawson));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_forged_period_file_of_this_build_is_checked_against_the_rules() {
    let dir = scratch("forged-lib");
    let code = "0.07".parse().expect("a code");
    let forged = CachedPeriod {
        values: NimValues::U8(vec![5]),
        preperiod: 0,
        period: 1,
    };
    store(&dir, &code, &forged).expect("the file is written");
    // A subtler forgery: the right values for the first 512 heaps, then period 34 broken.
    let game = Octal::new(code, 1000).with_cache_dir(Some(dir.clone()));
    for n in HEAPS {
        assert_eq!(game.value(n), Ok(dawson(n)), "heap {n}");
    }
    let mut values: Vec<u8> = (0..600).map(|n| dawson(n) as u8).collect();
    values[580] ^= 1;
    let code = "0.07".parse().expect("a code");
    store(
        &dir,
        &code,
        &CachedPeriod {
            values: NimValues::U8(values),
            preperiod: 566,
            period: 34,
        },
    )
    .expect("the file is written");
    let game = Octal::new(code, 1000).with_cache_dir(Some(dir.clone()));
    for n in [580, 580 + 34 * 1000] {
        assert_eq!(game.value(n), Ok(dawson(n)), "heap {n}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
