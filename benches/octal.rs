//! Heap games: the sparse-space method (one thread and two) against the plain O(n²) mex
//! oracle at growing heap counts, the whole Guy–Smith proofs of 0.16's and 0.56's periods,
//! and one bench for each row of the table against the public solvers in
//! docs/performance.md, at sizes that keep `cargo bench --bench octal` to minutes (the
//! table's own runs are the commands it names). The naive C loop for whole-process
//! comparisons is `benches/octal_naive_mex.c`.
//!
//! Ids are `group/function/NAME=size` so that `gamecheck bench-report` can chart cost
//! against size; a function named `fast…` is the fast solution, `plain…` the baseline.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamecheck::octal::code::OctalCode;
use gamecheck::octal::guy_smith::find_period;
use gamecheck::octal::sparse_space::SparseSpace;
use gamecheck_oracles::octal_mex::TakeAndBreak;

fn code(s: &str) -> OctalCode {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn sparse_values(code: &OctalCode, heaps: usize) -> u32 {
    let mut s = SparseSpace::new(code);
    s.extend_to(heaps);
    s.largest_value()
}

fn values_against_plain(c: &mut Criterion) {
    for name in ["0.16", "0.1777"] {
        let game = code(name);
        let Ok(plain) = TakeAndBreak::parse(name) else {
            panic!("{name}")
        };
        let mut group = c.benchmark_group(format!("octal_values_{name}"));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(3))
            .warm_up_time(Duration::from_secs(1));
        for heaps in [1usize << 12, 1 << 14, 1 << 16, 1 << 18, 1 << 20] {
            let label = format!("heaps={heaps}");
            group.bench_with_input(BenchmarkId::new("fast", &label), &heaps, |b, &h| {
                b.iter(|| sparse_values(black_box(&game), h))
            });
            if heaps <= 1 << 14 {
                group.bench_with_input(BenchmarkId::new("plain", &label), &heaps, |b, &h| {
                    b.iter(|| plain.nim_values(black_box(h)).len())
                });
            }
        }
        group.finish();
    }
}

fn prove_16(c: &mut Criterion) {
    for (name, heaps) in [("0.16", 509_622), ("0.56", 653_570)] {
        let game = code(name);
        let mut group = c.benchmark_group(format!("octal_prove_{name}"));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(8))
            .warm_up_time(Duration::from_secs(1));
        group.bench_function(BenchmarkId::new("fast", format!("heaps={heaps}")), |b| {
            b.iter(|| find_period(black_box(&game), 1_000_000, &()).map(|r| r.period))
        });
        group.finish();
    }
}

/// The rows of the table against ogs and Czajka's analyzer not benched whole above: each
/// code's values to a size that takes a second or less (0.007 passes the value 511 there,
/// Grundy's game does not reach 256 before 7,250,049 heaps).
fn anchors_rows(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal_anchor_rows");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1));
    for (name, heaps) in [
        ("0.1777", 1usize << 22),
        ("0.376", 1 << 19),
        ("0.354", 1 << 19),
        ("0.007", 40_000),
        ("0.6", 1 << 18),
        ("grundy", 1 << 17),
    ] {
        let game = code(name);
        group.bench_with_input(
            BenchmarkId::new(format!("fast_{name}"), format!("heaps={heaps}")),
            &heaps,
            |b, &h| b.iter(|| sparse_values(black_box(&game), h)),
        );
    }
    group.finish();
}

criterion_group!(benches, values_against_plain, prove_16, anchors_rows);
criterion_main!(benches);
