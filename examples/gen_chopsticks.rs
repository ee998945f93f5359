//! Writes a `solve chopsticks` input of uniformly random 64-bit counts to stdout.
//! `cargo run --release --example gen_chopsticks -- 1000000 1 > big.txt` (cases, seed)

use std::io::Write;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let cases: u64 = args.next().map_or(Ok(1_000_000), |s| s.parse())?;
    let seed: u64 = args.next().map_or(Ok(1), |s| s.parse())?;
    eprintln!("gen_chopsticks: {cases} cases, seed {seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    writeln!(out, "{cases}")?;
    for _ in 0..cases {
        let [a, c, b, d]: [u64; 4] = std::array::from_fn(|_| rng.random_range(0..=u64::MAX));
        writeln!(out, "{a} {c} {b} {d}")?;
    }
    out.flush()?;
    Ok(())
}
