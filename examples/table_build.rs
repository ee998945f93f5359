//! Builds the dense Chopsticks table for L (default 128) and prints the time and size.
//! `cargo run --release --example table_build -- 128`

use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let limit: u64 = std::env::args().nth(1).map_or(Ok(128), |s| s.parse())?;
    let start = Instant::now();
    let table = gamecheck_oracles::chopsticks_table::Table::build(limit)?;
    let elapsed = start.elapsed();
    println!(
        "L = {limit}: {} states, {} wins, {:.1} MiB, built in {:.3} s",
        limit.pow(4),
        table.count_wins(),
        table.bytes() as f64 / (1024.0 * 1024.0),
        elapsed.as_secs_f64()
    );
    Ok(())
}
