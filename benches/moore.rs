//! Moore's Nim counts: the fast count against the plain `u64 %` baseline at growing
//! transform sizes, and the DP and brute-force oracles at the sizes they reach.
//!
//! Ids are `group/function/NAME=size` so that `gamecheck bench-report` can chart cost
//! against size; a function named `fast…` is the fast solution, `plain…` the baseline,
//! anything else an oracle.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamecheck::moore::{count, count_plain};
use gamecheck_oracles::moore_brute_count::brute_count;
use gamecheck_oracles::moore_dp_count::dp_count;

const K: u32 = 6;
const HUGE: u64 = 1_000_000_000_000_000_000;

/// The values 1..=2^bits − 1: B = bits, (k+1)^B coefficients.
fn values(bits: u32) -> Vec<u64> {
    (1..1u64 << bits).collect()
}

fn fast_against_plain(c: &mut Criterion) {
    let mut group = c.benchmark_group("moore_count_k6_K1e18");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    for bits in [3u32, 5, 7, 8] {
        let v = values(bits);
        // The size is the number of transform coefficients, (k+1)^B = 7^B.
        let label = format!("coefficients={}", 7u64.pow(bits));
        group.bench_with_input(BenchmarkId::new("fast", &label), &v, |b, v| {
            b.iter(|| count(black_box(v), black_box(HUGE), K))
        });
        if bits <= 7 {
            group.bench_with_input(BenchmarkId::new("plain", &label), &v, |b, v| {
                b.iter(|| count_plain(black_box(v), black_box(HUGE), K))
            });
        }
    }
    group.finish();
    // The contest's largest case: A = 1..=100.
    let mut group = c.benchmark_group("moore_count_contest_k6_K1e18");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    let contest: Vec<u64> = (1..=100).collect();
    group.bench_with_input(BenchmarkId::new("fast", "N=100"), &contest, |b, v| {
        b.iter(|| count(black_box(v), black_box(HUGE), K))
    });
    group.bench_with_input(BenchmarkId::new("plain", "N=100"), &contest, |b, v| {
        b.iter(|| count_plain(black_box(v), black_box(HUGE), K))
    });
    group.finish();
}

fn oracles(c: &mut Criterion) {
    let configure = |group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>| {
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(2))
            .warm_up_time(Duration::from_millis(500));
    };
    // B = 3 bits: the values 1..=7.
    let mut group = c.benchmark_group("moore_dp_k6_B3");
    configure(&mut group);
    let v = values(3);
    for len in [10u64, 50, 200] {
        group.bench_with_input(BenchmarkId::new("dp", format!("K={len}")), &len, |b, &len| {
            b.iter(|| dp_count(black_box(&v), len, K))
        });
        group.bench_with_input(BenchmarkId::new("fast", format!("K={len}")), &len, |b, &len| {
            b.iter(|| count(black_box(&v), len, K))
        });
    }
    group.finish();
    // N = 3 values: brute force over all 3^K sequences.
    let mut group = c.benchmark_group("moore_brute_k6_N3");
    configure(&mut group);
    let v = [0u64, 1, 3];
    for len in [4u32, 6, 8] {
        group.bench_with_input(BenchmarkId::new("brute", format!("K={len}")), &len, |b, &len| {
            b.iter(|| brute_count(black_box(&v), len, K))
        });
        group.bench_with_input(BenchmarkId::new("fast", format!("K={len}")), &len, |b, &len| {
            b.iter(|| count(black_box(&v), u64::from(len), K))
        });
    }
    group.finish();
}

criterion_group!(benches, fast_against_plain, oracles);
criterion_main!(benches);
