//! Canonical forms from the moves: empty Domineering boards and a Toads and Frogs row,
//! the positions docs/partizan.md measures beside cgt-tools.
//!
//! The arena of canonical forms is process-wide, so after the first iteration every form
//! is met again warm: these figures are the walk of the positions (fresh memo of
//! positions each iteration) plus the arena's memo hits. The cold figure, one process
//! a position, is the command-line measurement in docs/partizan.md.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gamecheck::games::domineering::{Domineering, Grid};
use gamecheck::games::toads_and_frogs::{Row, ToadsAndFrogs};
use gamecheck::partizan::Values;

fn domineering(c: &mut Criterion) {
    let mut group = c.benchmark_group("partizan_domineering");
    group.sample_size(10);
    for (rows, cols) in [(2, 8), (3, 6), (4, 4), (4, 5), (5, 5)] {
        let board = Grid::empty(rows, cols);
        group.bench_with_input(
            BenchmarkId::new("value", format!("{rows}x{cols}")),
            &board,
            |b, board| b.iter(|| Values::new(Domineering::new()).of(black_box(board)).unwrap()),
        );
    }
    group.finish();
}

fn toads_and_frogs(c: &mut Criterion) {
    let mut group = c.benchmark_group("partizan_toads_and_frogs");
    group.sample_size(10);
    for row in ["TTT___FFF", "TTTT____FFFF"] {
        let Ok(position) = row.parse::<Row>() else {
            panic!("{row} is a row")
        };
        group.bench_with_input(BenchmarkId::new("value", row), &position, |b, position| {
            b.iter(|| Values::new(ToadsAndFrogs).of(black_box(position)).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, domineering, toads_and_frogs);
criterion_main!(benches);
