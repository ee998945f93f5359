//! Proves the period of a heap game by the Guy–Smith theorem, on values from the
//! sparse-space method, and prints the result as JSON with the solver's work.
//! `cargo run --release --example octal_prove -- 0.16 [max-heaps] [threads: 1|2]`

use gamecheck::octal::{code::OctalCode, guy_smith::find_period_with, sparse_space::SparseSpace};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let code: OctalCode = args.next().unwrap_or_else(|| "0.16".into()).parse()?;
    let max: u64 = args.next().map_or(Ok(1_000_000_000), |s| s.parse())?;
    let threads: usize = args.next().map_or(Ok(2), |s| s.parse())?;
    let mut solver = SparseSpace::new(&code);
    solver.set_parallel(threads > 1);
    let result = find_period_with(solver, max, &())?;
    println!("{}", serde_json::to_string(&result)?);
    Ok(())
}
