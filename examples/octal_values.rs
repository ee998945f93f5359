//! Computes a heap game's nim-sequence to n heaps by the sparse-space method and prints
//! the solver's work: `cargo run --release --example octal_values -- 0.1777 20000000`.

use std::time::Instant;

use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let code: OctalCode = args.next().unwrap_or_else(|| "0.16".into()).parse()?;
    let heaps: usize = args.next().map_or(Ok(1_000_000), |s| s.parse())?;
    let start = Instant::now();
    let mut s = SparseSpace::new(&code);
    s.extend_to(heaps);
    let st = s.stats();
    let per = |x: u64| x as f64 / st.heaps as f64;
    println!(
        "{code}: {} heaps in {:.2} s, largest {}, {:?}, {} rare heaps, per heap: {:.1} rare splits, {:.1} confirm splits, {} full scans, {} MiB",
        s.len(),
        start.elapsed().as_secs_f64(),
        s.largest_value(),
        s.mask(),
        s.rare_heaps().len(),
        per(st.rare_splits),
        per(st.confirm_splits),
        st.full_scans,
        s.memory_bytes() >> 20
    );
    Ok(())
}
