//! Wythoff's game: the P-test per case against the test through ⌊jφ⌋ (the square root of
//! 5j²) at growing pile sizes, and `solve` on 10^6 random cases, the fast stream against
//! the generic `solve_cases`.
//!
//! Ids are `group/function/NAME=size` so that `gamecheck bench-report` can chart cost
//! against size; a function named `fast…` is the fast solution, `plain…` the baseline.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gamecheck::problem::{ContestFormat, solve_cases};
use gamecheck::wythoff::{Wythoff, floor_phi, is_p_position};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SEED: u64 = 1;
const BATCH: usize = 1024;

/// Piles below 2^bits: half of them the P-position of a random diagonal or a neighbour
/// (where the exact arithmetic runs), half uniform.
fn positions(bits: u32, count: usize) -> Vec<(u64, u64)> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let max = u64::MAX >> (64 - bits);
    (0..count)
        .map(|_| {
            if rng.random_bool(0.5) {
                let j = rng.random_range(0..=max / 3);
                let a = (floor_phi(j) as u64 + rng.random_range(0..=2)).saturating_sub(1);
                (a, a + j)
            } else {
                (rng.random_range(0..=max), rng.random_range(0..=max))
            }
        })
        .collect()
}

/// The P-test as `floor_phi` gives it.
fn p_by_floor_phi(x: u64, y: u64) -> bool {
    let (lo, hi) = (x.min(y), x.max(y));
    floor_phi(hi - lo) == u128::from(lo)
}

fn p_test(crit: &mut Criterion) {
    let mut group = crit.benchmark_group("wythoff_p_test");
    group
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(BATCH as u64));
    for bits in [20u32, 40, 62, 64] {
        let batch = positions(bits, BATCH);
        let label = format!("bits={bits}");
        group.bench_with_input(BenchmarkId::new("fast_p_test", &label), &batch, |b, batch| {
            b.iter(|| {
                batch
                    .iter()
                    .filter(|&&(x, y)| is_p_position(black_box(x), y))
                    .count()
            })
        });
        group.bench_with_input(BenchmarkId::new("plain_floor_phi", &label), &batch, |b, batch| {
            b.iter(|| {
                batch
                    .iter()
                    .filter(|&&(x, y)| p_by_floor_phi(black_box(x), y))
                    .count()
            })
        });
    }
    group.finish();
}

fn solve_million(crit: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let cases = 1_000_000;
    let mut input = String::with_capacity(41 << 20);
    let _ = writeln!(input, "{cases}");
    for _ in 0..cases {
        let (x, y): (u64, u64) = (rng.random(), rng.random());
        let _ = writeln!(input, "{x} {y}");
    }
    let problem = Wythoff::default();
    let mut group = crit.benchmark_group("wythoff_solve");
    group
        .sample_size(10)
        .throughput(Throughput::Bytes(input.len() as u64));
    let label = format!("cases={cases}");
    group.bench_function(BenchmarkId::new("fast_solve", &label), |bench| {
        bench.iter(|| {
            let mut out = Vec::new();
            problem
                .solve_stream(&mut black_box(input.as_bytes()), &mut out, false)
                .map(|()| out.len())
        })
    });
    group.bench_function(BenchmarkId::new("plain_solve_cases", &label), |bench| {
        bench.iter(|| {
            let mut out = Vec::new();
            solve_cases(&problem, &mut black_box(input.as_bytes()), &mut out, false).map(|()| out.len())
        })
    });
    group.finish();
}

criterion_group!(benches, p_test, solve_million);
criterion_main!(benches);
