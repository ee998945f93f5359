//! The heap game of an octal code as a [`Game`]: its moves, its flags, and its fast path
//! through the values table and the proved period.

use std::sync::OnceLock;

use super::code::OctalCode;
use super::crosscheck::plain_mex;
use super::guy_smith::{PeriodResult, find_period_in};
use super::moves::for_each_move;
use super::sparse_space::SparseSpace;
use super::values::NimValues;
use crate::game::{CrossCheck, Field, Format, FromFlags, Game, GameError, MAX_T, Search};

use crate::problem::{Flag, Flags};
use crate::prove::ProveCommand;

/// The heaps the plain mex, O(n²), is asked about in `check`: G(n) for n below it.
const PLAIN_MEX_REACH: usize = 1024;

/// The heap game of an octal code: a position is a list of heaps.
pub struct Octal {
    code: OctalCode,
    max_heap: u64,
    /// Whether a contest case is a sum of heaps, `k n1 … nk`, rather than one heap `n`.
    sum: bool,
    table: OnceLock<Table>,
    /// The plain mex's values below [`PLAIN_MEX_REACH`], computed once.
    plain: OnceLock<Result<Vec<u32>, String>>,
}

/// The nim-sequence as far as computed, and the period the Guy–Smith theorem proves.
#[derive(Clone, Debug)]
pub struct Table {
    values: NimValues,
    /// The least preperiod and period, when proved.
    period: Option<(u64, u64)>,
    /// The period search's report, for a code the theorem applies to.
    search: Option<PeriodResult>,
}

impl Table {
    /// Returns G(n): from the values computed, or through the proved period.
    ///
    /// # Errors
    /// A heap beyond the computed range when no period is proved.
    pub fn value(&self, n: u64) -> Result<u32, String> {
        let len = self.values.len() as u64;
        let i = match self.period {
            _ if n < len => n,
            Some((e, p)) => e + (n - e) % p,
            None => {
                return Err(format!(
                    "heap {n} is beyond the computed range: G(n) is known for n < {len}, and no \
                     period is proved there (raise --max-heap)"
                ));
            }
        };
        usize::try_from(i)
            .ok()
            .and_then(|i| self.values.get(i))
            .ok_or_else(|| format!("heap {n}: no value stored"))
    }

    /// Returns the least preperiod and period, when proved.
    pub fn period(&self) -> Option<(u64, u64)> {
        self.period
    }

    /// Returns the number of values computed: G(n) for n below it.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Returns whether no value was computed.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Returns the period search's report, for a code the theorem applies to.
    pub fn search(&self) -> Option<&PeriodResult> {
        self.search.as_ref()
    }
}

impl Octal {
    /// Returns the game of `code`, computing values up to `max_heap` heaps when first asked.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::Octal;
    /// let kayles = Octal::new("0.77".parse()?, 1000);
    /// assert_eq!(kayles.table().period(), Some((71, 12)));
    /// assert_eq!(kayles.table().value(u64::MAX - 1), kayles.table().value(71 + (u64::MAX - 72) % 12));
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn new(code: OctalCode, max_heap: u64) -> Octal {
        Octal {
            code,
            max_heap,
            sum: false,
            table: OnceLock::new(),
            plain: OnceLock::new(),
        }
    }

    /// Returns the game whose contest cases are sums of heaps, `k n1 … nk`, rather than
    /// one heap `n` a line.
    pub fn with_sums(self) -> Octal {
        Octal { sum: true, ..self }
    }

    /// Returns the code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// Returns the most heaps computed.
    pub fn max_heap(&self) -> u64 {
        self.max_heap
    }

    /// Returns the values table, computed once: until the Guy–Smith theorem proves a
    /// period or `max_heap` heaps (all of them for Grundy's game and the other codes
    /// with unequal splits, which the theorem does not cover).
    pub fn table(&self) -> &Table {
        self.table.get_or_init(|| {
            let mut solver = SparseSpace::new(&self.code);
            match find_period_in(&mut solver, self.max_heap, &()) {
                Ok(r) => Table {
                    period: r.preperiod.zip(r.period).filter(|_| r.proved),
                    search: Some(r),
                    values: solver.into_values(),
                },
                Err(_) => {
                    solver.extend_to(usize::try_from(self.max_heap).unwrap_or(usize::MAX));
                    Table {
                        period: None,
                        search: None,
                        values: solver.into_values(),
                    }
                }
            }
        })
    }
}

impl Game for Octal {
    type Position = Vec<u64>;
    const NAME: &'static str = "octal";

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &n) in p.iter().enumerate() {
            if i > 0 && p[i - 1] == n {
                continue;
            }
            for_each_move(&self.code, n, |left| {
                let mut q: Vec<u64> = p[..i].iter().chain(&p[i + 1..]).chain(left).copied().collect();
                q.retain(|&h| h > 0);
                q.sort_unstable();
                out.push(q);
            });
        }
    }

    fn max_count(&self) -> u64 {
        let t = self.table();
        if t.period.is_some() {
            u64::MAX
        } else {
            (t.len() as u64).saturating_sub(1)
        }
    }

    fn move_reach(&self) -> u64 {
        // Splitting a heap of n has about n/2 moves per digit: check enumerates them.
        self.max_count().min(128)
    }

    fn components(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
        if p.len() <= 1 {
            return vec![p.clone()];
        }
        p.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect()
    }

    fn grundy(&self, p: &Vec<u64>, _: &mut Search<Self>) -> Result<u64, String> {
        let t = self.table();
        p.iter()
            .try_fold(0u32, |x, &n| t.value(n).map(|g| x ^ g))
            .map(u64::from)
    }

    fn catalog(&self) -> Vec<crate::claims::Entry> {
        super::catalog_claims::entries()
    }

    fn describe(&self, p: &Vec<u64>) -> String {
        match p.as_slice() {
            [] => "no heap".to_owned(),
            [n] => format!("heap {n}"),
            _ => format!("heaps {p:?}"),
        }
    }

    fn prove_command(&self) -> Option<&dyn ProveCommand> {
        Some(self)
    }

    fn plot_command(&self) -> Option<&dyn crate::plot::PlotCommand> {
        Some(self)
    }

    fn max_len(&self) -> usize {
        4
    }

    /// A line `T`, then T lines of one heap `n` (the issue's format), or with `--sum` of a
    /// sum of heaps `k n1 … nk`.
    fn format(&self) -> Format<Self> {
        if self.sum {
            return Format::default_for(self);
        }
        Format::cases(1..=MAX_T)
            .line([Field::number("n", 0..=self.max_count())])
            .generated(20, 1000)
    }

    fn cross_checks(&self) -> Vec<CrossCheck<Self>> {
        vec![("table_matches_plain_mex", |g: &Octal, p: &Vec<u64>| {
            // The plain mex over every option, from the oracles crate, on the heaps of p.
            let plain = g
                .plain
                .get_or_init(|| plain_mex(&g.code, PLAIN_MEX_REACH).map_err(|e| e.to_string()))
                .as_ref()
                .map_err(Clone::clone)?;
            for &n in p.iter().filter(|&&n| n < PLAIN_MEX_REACH as u64) {
                let table = g.table().value(n)?;
                if table != plain[n as usize] {
                    return Err(format!(
                        "G({n}) is {table} by the sparse-space table but {} by the plain mex",
                        plain[n as usize]
                    ));
                }
            }
            Ok(())
        })]
    }
}

impl FromFlags for Octal {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::text(
                "code",
                "The octal code (0.77 for Kayles, 4.07, hex digits, or grundy); default 0.77.",
            )
            .value_name("C"),
            Flag::number(
                "max-heap",
                "Values are computed until a period is proved or for N heaps.",
                "1000000",
                1,
            )
            .value_name("N"),
            Flag::switch(
                "sum",
                "Each case of solve and stress is a sum of heaps, a line `k n1 … nk`, not one heap n.",
            ),
        ]
    }

    fn from_flags(flags: &Flags) -> Result<Octal, GameError> {
        let text = flags.text("code")?.unwrap_or("0.77");
        let code = text.parse::<OctalCode>().map_err(|e| GameError::Invalid {
            flag: "code",
            why: e.to_string(),
        })?;
        let game = Octal::new(code, flags.number("max-heap")?);
        Ok(if flags.switch("sum")? { game.with_sums() } else { game })
    }
}
