//! Moore's Nim counts: the fast count against the plain `u64 %` baseline at growing
//! transform sizes, the count for any k and prime modulus (extension fields, the exact
//! cyclotomic ring), and the DP and brute-force oracles at the sizes they reach.
//!
//! Ids are `group/function/NAME=size` so that `gamecheck bench-report` can chart cost
//! against size; a function named `fast…` is the fast solution, `plain…` the baseline,
//! anything else an oracle.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamecheck::moore::{count, count_mod, count_plain};
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

/// The contest case N = 100, A = 1..=100, K = 10^18 for other k and moduli: the ring is
/// F_p when (k + 1) | p − 1, else F_{p^d} with d = ord_{k+1}(p), or (Z/p^e)[y]/Φ_{k+1}
/// when p | k + 1.
fn any_k_and_prime(c: &mut Criterion) {
    let mut group = c.benchmark_group("moore_count_mod_K1e18_A1..100");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    let contest: Vec<u64> = (1..=100).collect();
    let cases: [(&str, u32, u64); 6] = [
        ("k6_p998244353_root_of_unity", 6, 998_244_353),
        ("k2_p998244353_F_p^2", 2, 998_244_353),
        ("k6_p1e9+7_F_p^2", 6, 1_000_000_007),
        ("k4_p1e9+7_F_p^4", 4, 1_000_000_007),
        ("k6_p2^61-1_F_p^2", 6, (1 << 61) - 1),
        ("k1_p1e9+7_F_p", 1, 1_000_000_007),
    ];
    for (label, k, p) in cases {
        group.bench_function(label, |b| {
            b.iter(|| count_mod(black_box(&contest), black_box(HUGE), k, p))
        });
    }
    // p | k + 1: exact in (Z/7^6)[y]/Φ_7, K never reduced; A = 1..=31 (7^5 points).
    let small: Vec<u64> = (1..=31).collect();
    group.bench_function("k6_p7_exact_A1..31", |b| {
        b.iter(|| count_mod(black_box(&small), black_box(HUGE), 6, 7))
    });
    group.finish();
}

criterion_group!(benches, fast_against_plain, any_k_and_prime, oracles);
criterion_main!(benches);
