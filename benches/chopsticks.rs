//! Chopsticks: the fast rule, the minimax and the table side by side, the table build,
//! and `solve` on 10^6 random cases.
//!
//! Ids are `group/function/NAME=size` so that `gamecheck bench-report` can chart cost
//! against size; a function named `fast…` is the fast solution, `plain…` the baseline,
//! anything else an oracle.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamecheck::chopsticks::{State, outcome, solve};
use gamecheck_oracles::chopsticks_minimax::Minimax;
use gamecheck_oracles::chopsticks_table::Table;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SEED: u64 = 1;

fn positions(max: u64, count: usize) -> Vec<(u64, u64, u64, u64)> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    (0..count)
        .map(|_| {
            let [a, c, b, d]: [u64; 4] = std::array::from_fn(|_| rng.random_range(0..=max));
            (a, c, b, d)
        })
        .collect()
}

fn side_by_side(crit: &mut Criterion) {
    let mut group = crit.benchmark_group("chopsticks_outcome");
    group.measurement_time(Duration::from_secs(3));
    for max in [7u64, 15, 31] {
        let batch = positions(max, 64);
        group.bench_with_input(
            BenchmarkId::new("fast_rule", format!("M={max}")),
            &batch,
            |bench, batch| {
                bench.iter(|| {
                    batch
                        .iter()
                        .filter(|&&(a, c, b, d)| {
                            outcome(State::new(a, c, b, d)).eq(&gamecheck::chopsticks::Outcome::Win)
                        })
                        .count()
                })
            },
        );
        let table = Table::build(max + 1);
        if let Ok(table) = table {
            group.bench_with_input(
                BenchmarkId::new("table_lookup", format!("M={max}")),
                &batch,
                |bench, batch| {
                    bench.iter(|| {
                        batch
                            .iter()
                            .filter(|&&(a, c, b, d)| table.wins(a, c, b, d) == Some(true))
                            .count()
                    })
                },
            );
        }
        group.bench_with_input(
            BenchmarkId::new("minimax_cold", format!("M={max}")),
            &batch,
            |bench, batch| bench.iter(|| batch.iter().filter(|&&p| Minimax::new().wins(p)).count()),
        );
    }
    group.finish();
}

fn table_build(crit: &mut Criterion) {
    let mut group = crit.benchmark_group("chopsticks_table_build");
    group.sample_size(10);
    for limit in [32u64, 64, 128] {
        group.bench_with_input(
            BenchmarkId::new("dense_table", format!("L={limit}")),
            &limit,
            |bench, &limit| bench.iter(|| Table::build(black_box(limit)).map(|t| t.bytes())),
        );
    }
    group.finish();
}

fn solve_million(crit: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let cases = 1_000_000;
    let mut input = String::with_capacity(82 << 20);
    let _ = writeln!(input, "{cases}");
    for _ in 0..cases {
        let [a, c, b, d]: [u64; 4] = std::array::from_fn(|_| rng.random_range(0..=u64::MAX));
        let _ = writeln!(input, "{a} {c} {b} {d}");
    }
    let mut group = crit.benchmark_group("chopsticks_solve");
    group.sample_size(10);
    group.bench_function(
        BenchmarkId::new("fast_solve", format!("cases={cases}")),
        |bench| bench.iter(|| solve(black_box(input.as_bytes()), false).map(|o| o.len())),
    );
    group.finish();
}

criterion_group!(benches, side_by_side, table_build, solve_million);
criterion_main!(benches);
