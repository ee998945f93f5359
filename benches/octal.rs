//! Heap games: the sparse-space method (one thread and two) against the plain O(n²) mex
//! oracle at growing heap counts, and the whole Guy–Smith proof of 0.16's period
//! (510,000 heaps). The naive C loop for whole-process comparisons is
//! `benches/octal_naive_mex.c`.
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

fn sparse_values(code: &OctalCode, heaps: usize, parallel: bool) -> u32 {
    let mut s = SparseSpace::new(code);
    s.set_parallel(parallel);
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
            group.bench_with_input(BenchmarkId::new("fast_two_threads", &label), &heaps, |b, &h| {
                b.iter(|| sparse_values(black_box(&game), h, true))
            });
            group.bench_with_input(BenchmarkId::new("fast_one_thread", &label), &heaps, |b, &h| {
                b.iter(|| sparse_values(black_box(&game), h, false))
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
    let game = code("0.16");
    let mut group = c.benchmark_group("octal_prove_0.16");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8))
        .warm_up_time(Duration::from_secs(1));
    group.bench_function(BenchmarkId::new("fast", "heaps=509622"), |b| {
        b.iter(|| find_period(black_box(&game), 1_000_000, &()).map(|r| r.period))
    });
    group.finish();
}

criterion_group!(benches, values_against_plain, prove_16);
criterion_main!(benches);
