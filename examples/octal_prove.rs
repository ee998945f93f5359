//! Proves the period of a heap game by the Guy–Smith theorem, on values from the
//! sparse-space method, and prints the result as JSON with the solver's work.
//! `cargo run --release --example octal_prove -- 0.16 [max-heaps]`

use gamecheck::octal::{code::OctalCode, guy_smith::find_period_with, sparse_space::SparseSpace};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let code: OctalCode = args.next().unwrap_or_else(|| "0.16".into()).parse()?;
    let max: u64 = args.next().map_or(Ok(1_000_000_000), |s| s.parse())?;
    let result = find_period_with(SparseSpace::new(&code), max, &())?;
    println!("{}", serde_json::to_string(&result)?);
    Ok(())
}
