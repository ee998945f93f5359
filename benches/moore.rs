//! Moore's Nim counts: the fast count against the plain `u64 %` baseline at growing
//! transform sizes, and the DP and brute-force oracles at the sizes they reach.

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
        let label = format!("7^{bits}");
        group.bench_with_input(BenchmarkId::new("fast", &label), &v, |b, v| {
            b.iter(|| count(black_box(v), black_box(HUGE), K))
        });
        if bits <= 7 {
            group.bench_with_input(BenchmarkId::new("plain", &label), &v, |b, v| {
                b.iter(|| count_plain(black_box(v), black_box(HUGE), K))
            });
        }
    }
    // The contest's largest case: A = 1..=100.
    let contest: Vec<u64> = (1..=100).collect();
    group.bench_with_input(BenchmarkId::new("fast", "A=1..100"), &contest, |b, v| {
        b.iter(|| count(black_box(v), black_box(HUGE), K))
    });
    group.bench_with_input(BenchmarkId::new("plain", "A=1..100"), &contest, |b, v| {
        b.iter(|| count_plain(black_box(v), black_box(HUGE), K))
    });
    group.finish();
}

fn oracles(c: &mut Criterion) {
    let mut group = c.benchmark_group("moore_oracles_k6");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500));
    for len in [10u64, 50, 200] {
        let v = values(3);
        group.bench_with_input(BenchmarkId::new("dp_B3", len), &len, |b, &len| {
            b.iter(|| dp_count(black_box(&v), len, K))
        });
        group.bench_with_input(BenchmarkId::new("fast_B3", len), &len, |b, &len| {
            b.iter(|| count(black_box(&v), len, K))
        });
    }
    for len in [4u32, 6, 8] {
        let v = [0u64, 1, 3];
        group.bench_with_input(BenchmarkId::new("brute_N3", len), &len, |b, &len| {
            b.iter(|| brute_count(black_box(&v), len, K))
        });
        group.bench_with_input(BenchmarkId::new("fast_N3", len), &len, |b, &len| {
            b.iter(|| count(black_box(&v), u64::from(len), K))
        });
    }
    group.finish();
}

criterion_group!(benches, fast_against_plain, oracles);
criterion_main!(benches);
