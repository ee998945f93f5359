//! `solve` for every registered problem: the largest of 50 generated inputs (up to 10^5
//! cases at the extended bounds, seed 1), the problem's own `solve_stream` against the
//! generic `solve_cases`. A new game is benchmarked here without an edit.
//!
//! Ids are `solve_<problem>/function/bytes=size` so that `gamecheck bench-report` can
//! chart cost against size; `fast…` is the problem's own stream, `plain…` the baseline.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gamecheck::games::{Registered, Visit, problem_names, visit};
use gamecheck::problem::{Range, solve_cases};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const SEED: u64 = 1;
const CASES: u64 = 100_000;

struct Bench<'a> {
    crit: &'a mut Criterion,
}

impl Visit for Bench<'_> {
    type Output = ();
    fn visit<P: Registered>(self, problem: &P) {
        let name = problem.name();
        let Ok(constraints) = problem.constraints() else {
            return;
        };
        let bounds = constraints
            .bounds(name, Range::Extended, &[("cases", CASES)])
            .or_else(|_| constraints.bounds(name, Range::Contest, &[]));
        let Ok(bounds) = bounds else {
            return;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        let input = (0..50)
            .map(|_| problem.write_input(&problem.generate(&mut rng, &bounds)))
            .max_by_key(String::len)
            .unwrap_or_default();
        let mut group = self.crit.benchmark_group(format!("solve_{name}"));
        group
            .sample_size(10)
            .throughput(Throughput::Bytes(input.len() as u64));
        let label = format!("bytes={}", input.len());
        group.bench_function(BenchmarkId::new("fast_solve_stream", &label), |b| {
            b.iter(|| {
                let mut out = Vec::new();
                problem
                    .solve_stream(&mut black_box(input.as_bytes()), &mut out, false)
                    .map(|()| out.len())
            })
        });
        group.bench_function(BenchmarkId::new("plain_solve_cases", &label), |b| {
            b.iter(|| {
                let mut out = Vec::new();
                solve_cases(problem, &mut black_box(input.as_bytes()), &mut out, false).map(|()| out.len())
            })
        });
        group.finish();
    }
}

fn every_problem(crit: &mut Criterion) {
    for name in problem_names() {
        let _ = visit(
            name,
            &gamecheck::problem::Flags::default(),
            Bench { crit: &mut *crit },
        );
    }
}

criterion_group!(benches, every_problem);
criterion_main!(benches);
