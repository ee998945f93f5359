//! A problem's constraints, stated once: each dimension of its input (cases per file,
//! values per case, the largest value, a length) with the contest's bound, the extended
//! bound `--extended` selects, and the limit beyond which gamecheck cannot judge. `solve`,
//! `repro`, the stress judge and `--replay` all accept the same limits; stress generates
//! and shrinks within the chosen [`Bounds`], growing sizes with the input's index.

use std::fmt;

use thiserror::Error;

/// One dimension of a problem's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dimension {
    /// The command-line name: `--max-{flag}` bounds it (`n`, `value`, `k`, `count`, `cases`).
    pub flag: &'static str,
    /// Its name in reports (`N`, `A_i`, `K`, `counts`, `T`).
    pub label: &'static str,
    /// The least value generated (inputs may hold less where the limit allows).
    pub min: u64,
    /// The size-0 bound: generated inputs start at `min ..= max(min, start)`.
    pub start: u64,
    /// The contest's bound, the default.
    pub contest: u64,
    /// The bound `--extended` selects.
    pub extended: u64,
    /// The most gamecheck can judge; `solve`, `repro` and the judge refuse more.
    pub limit: u64,
}

impl Dimension {
    /// Returns the number of cases T in one input, for formats of `T` then one case a
    /// line: 20 by default (contest statements rarely bound T), 1000 extended, at most
    /// `limit`.
    pub fn cases_per_input(limit: u64) -> Dimension {
        Dimension {
            flag: "cases",
            label: "T",
            min: 1,
            start: 1,
            contest: 20,
            extended: 1000,
            limit,
        }
    }
}

/// Every dimension of a problem's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraints {
    pub dimensions: Vec<Dimension>,
}

/// Which bound of each dimension a run uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    Contest,
    Extended,
}

/// A bound asked for on the command line that the problem does not have or cannot judge.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoundsError {
    #[error("--max-{flag} does not apply to {problem}; it takes {}", known.join(", "))]
    NoSuchDimension {
        flag: String,
        problem: String,
        known: Vec<String>,
    },
    #[error("--max-{flag} {value} is beyond what gamecheck can judge for {problem}: {label} <= {limit}")]
    BeyondLimit {
        flag: &'static str,
        label: &'static str,
        value: u64,
        limit: u64,
        problem: String,
    },
    #[error("--max-{flag} {value} is below the least {label} an input may have ({min})")]
    BelowMinimum {
        flag: &'static str,
        label: &'static str,
        value: u64,
        min: u64,
    },
}

/// The bounds a run uses: one maximum per dimension, and how they were chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    dimensions: Vec<Dimension>,
    max: Vec<u64>,
    range: Range,
    /// Flags set one by one on the command line.
    custom: Vec<&'static str>,
    /// Caps that stress applied for its own reasons, each said after the ranges.
    capped: Vec<String>,
    /// A maximal input's bounds: T is drawn at its maximum ([`Bounds::maximal`]).
    maximal: bool,
    /// The counts' own fields (name and range) when one `count` maximum covers several
    /// ([`Bounds::with_counts`]), each drawn up to the lesser of its top and that maximum.
    counts: Vec<(&'static str, u64, u64)>,
}

impl Constraints {
    /// Returns the bounds of `range` with each `(flag, max)` of `overrides` applied.
    ///
    /// # Constraints
    /// Every flag names a dimension and every max lies within `min ..= limit`, else a
    /// [`BoundsError`] naming the flag.
    ///
    /// # Example
    /// ```
    /// use gamecheck::problem::{Constraints, Dimension, Range};
    /// let dim = |flag, contest, limit| Dimension { flag, label: flag, min: 1, start: 1, contest, extended: limit, limit };
    /// let c = Constraints { dimensions: vec![dim("n", 100, 1000)] };
    /// let b = c.bounds("demo", Range::Contest, &[("n", 7)]).unwrap();
    /// assert_eq!(b.max("n"), Some(7));
    /// assert!(c.bounds("demo", Range::Contest, &[("n", 2000)]).is_err());
    /// assert!(c.bounds("demo", Range::Contest, &[("k", 2)]).is_err());
    /// ```
    pub fn bounds(
        &self,
        problem: &str,
        range: Range,
        overrides: &[(&str, u64)],
    ) -> Result<Bounds, BoundsError> {
        let mut max: Vec<u64> = self
            .dimensions
            .iter()
            .map(|d| match range {
                Range::Contest => d.contest,
                Range::Extended => d.extended,
            })
            .collect();
        let mut custom = Vec::new();
        for &(flag, value) in overrides {
            let Some(i) = self.dimensions.iter().position(|d| d.flag == flag) else {
                return Err(BoundsError::NoSuchDimension {
                    flag: flag.to_owned(),
                    problem: problem.to_owned(),
                    known: self
                        .dimensions
                        .iter()
                        .map(|d| format!("--max-{}", d.flag))
                        .collect(),
                });
            };
            let d = &self.dimensions[i];
            if value > d.limit {
                return Err(BoundsError::BeyondLimit {
                    flag: d.flag,
                    label: d.label,
                    value,
                    limit: d.limit,
                    problem: problem.to_owned(),
                });
            }
            if value < d.min {
                return Err(BoundsError::BelowMinimum {
                    flag: d.flag,
                    label: d.label,
                    value,
                    min: d.min,
                });
            }
            max[i] = value;
            custom.push(d.flag);
        }
        Ok(Bounds {
            dimensions: self.dimensions.clone(),
            max,
            range,
            custom,
            capped: Vec::new(),
            maximal: false,
            counts: Vec::new(),
        })
    }

    /// Returns the bounds at the limits: everything gamecheck can judge.
    pub fn limits(&self) -> Bounds {
        Bounds {
            dimensions: self.dimensions.clone(),
            max: self.dimensions.iter().map(|d| d.limit).collect(),
            range: Range::Extended,
            custom: Vec::new(),
            capped: Vec::new(),
            maximal: false,
            counts: Vec::new(),
        }
    }

    /// Returns the limit of dimension `flag`, or `u64::MAX` when there is none.
    pub fn limit(&self, flag: &str) -> u64 {
        self.dimensions
            .iter()
            .find(|d| d.flag == flag)
            .map_or(u64::MAX, |d| d.limit)
    }

    /// Returns the first dimension of `extent` (pairs of flag and size) beyond its limit,
    /// as a message naming it.
    ///
    /// # Example
    /// ```
    /// use gamecheck::problem::{Constraints, Dimension};
    /// let dim = Dimension { flag: "value", label: "A_i", min: 0, start: 3, contest: 100, extended: 511, limit: 511 };
    /// let c = Constraints { dimensions: vec![dim] };
    /// assert!(c.check(&[("value", 511)]).is_ok());
    /// assert_eq!(c.check(&[("value", 600)]).unwrap_err(), "A_i = 600 is beyond what gamecheck can judge (A_i <= 511)");
    /// ```
    pub fn check(&self, extent: &[(&str, u64)]) -> Result<(), String> {
        for &(flag, size) in extent {
            if let Some(d) = self.dimensions.iter().find(|d| d.flag == flag)
                && size > d.limit
            {
                return Err(format!(
                    "{} = {size} is beyond what gamecheck can judge ({} <= {})",
                    d.label, d.label, d.limit
                ));
            }
        }
        Ok(())
    }
}

/// Input sizes reach the bounds at this input index and stay there.
pub const RAMP_INPUTS: usize = 100;

/// The most cases (T) and the longest list or grid (n) of stress's small inputs
/// ([`Bounds::small`]): where a failure is found and shrinks well, at a cost that leaves
/// the run's budget to hundreds of inputs.
pub const SMALL_LENGTH: u64 = 1000;

/// The dimensions that make an input long (its cases, a list's length, a grid's cells),
/// as against the values in it.
const LENGTHS: [&str; 2] = ["cases", "n"];

impl Bounds {
    /// Returns the maximum of dimension `flag`, if the problem has it.
    pub fn max(&self, flag: &str) -> Option<u64> {
        self.dimensions
            .iter()
            .position(|d| d.flag == flag)
            .map(|i| self.max[i])
    }

    /// Returns the label of dimension `flag` (`T`, `n, k`), if the problem has it.
    pub(crate) fn label(&self, flag: &str) -> Option<&'static str> {
        self.dimensions.iter().find(|d| d.flag == flag).map(|d| d.label)
    }

    /// Returns the maximum of dimension `flag`, or `default` when the problem has none.
    pub fn max_or(&self, flag: &str, default: u64) -> u64 {
        self.max(flag).unwrap_or(default)
    }

    /// Returns T for one generated input of a `T`-then-cases format: 1 a fifth of the time
    /// (a lone case is the easiest to read when it fails), else uniform in 1 up to the
    /// `cases` bound (20 when the problem has none).
    ///
    /// # Example
    /// ```
    /// use gamecheck::problem::{Constraints, Dimension, Range};
    /// use rand::SeedableRng;
    /// let c = Constraints { dimensions: vec![Dimension::cases_per_input(100)] };
    /// let b = c.bounds("demo", Range::Contest, &[("cases", 3)]).unwrap();
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// assert!((0..100).map(|_| b.draw_cases(&mut rng)).all(|t| (1..=3).contains(&t)));
    /// ```
    pub fn draw_cases(&self, rng: &mut rand_chacha::ChaCha8Rng) -> u64 {
        use rand::RngExt;
        let most = self.max_or("cases", 20).max(1);
        if self.maximal {
            return most;
        }
        if rng.random_bool(0.2) {
            1
        } else {
            rng.random_range(1..=most)
        }
    }

    /// Returns the least value of dimension `flag`, or 0.
    pub fn min(&self, flag: &str) -> u64 {
        self.dimensions
            .iter()
            .find(|d| d.flag == flag)
            .map_or(0, |d| d.min)
    }

    /// Returns whether every `(flag, size)` of `extent` lies within these bounds.
    ///
    /// # Example
    /// ```
    /// use gamecheck::problem::{Constraints, Dimension, Range};
    /// let dim = Dimension { flag: "n", label: "N", min: 1, start: 1, contest: 100, extended: 100, limit: 100 };
    /// let b = Constraints { dimensions: vec![dim] }.bounds("demo", Range::Contest, &[]).unwrap();
    /// assert!(b.admits(&[("n", 100)]) && !b.admits(&[("n", 101)]) && !b.admits(&[("n", 0)]));
    /// ```
    pub fn admits(&self, extent: &[(&str, u64)]) -> bool {
        extent.iter().all(|&(flag, size)| {
            self.dimensions
                .iter()
                .position(|d| d.flag == flag)
                .is_none_or(|i| (self.dimensions[i].min..=self.max[i]).contains(&size))
        })
    }

    /// Returns the bounds of the `index`-th generated input (0-based): each maximum grows
    /// geometrically from the dimension's start to its bound, which it reaches at input
    /// [`RAMP_INPUTS`], so the first inputs are tiny and later ones span the range.
    ///
    /// # Example
    /// ```
    /// use gamecheck::problem::{Constraints, Dimension, Range};
    /// let dim = Dimension { flag: "k", label: "K", min: 0, start: 3, contest: 1 << 60, extended: u64::MAX, limit: u64::MAX };
    /// let b = Constraints { dimensions: vec![dim] }.bounds("demo", Range::Contest, &[]).unwrap();
    /// assert_eq!(b.at_input(0).max("k"), Some(3));
    /// assert_eq!(b.at_input(50).max("k"), Some((1 << 30) - 1));
    /// assert_eq!(b.at_input(100).max("k"), Some(1 << 60));
    /// ```
    pub fn at_input(&self, index: usize) -> Bounds {
        self.at_size(index as f64 / RAMP_INPUTS as f64)
    }

    /// Returns the bounds at size `t` in `[0, 1]` (see [`Bounds::at_input`]).
    pub fn at_size(&self, t: f64) -> Bounds {
        let t = t.clamp(0.0, 1.0);
        let max = self
            .dimensions
            .iter()
            .zip(&self.max)
            .map(|(d, &full)| {
                let span = full.saturating_sub(d.min);
                // (span + 1)^t − 1 in floating point, exact at t = 0 and t = 1.
                let grown = if t >= 1.0 {
                    span
                } else {
                    let g = ((span as f64 + 1.0).log2() * t).exp2() - 1.0;
                    (g.floor() as u64).min(span)
                };
                (d.min + grown).max(d.start.min(full)).max(d.min)
            })
            .collect();
        Bounds {
            dimensions: self.dimensions.clone(),
            max,
            range: self.range,
            custom: self.custom.clone(),
            capped: self.capped.clone(),
            maximal: self.maximal,
            counts: self.counts.clone(),
        }
    }

    /// Returns the bounds of stress's small inputs: T and the length n (a list's, a
    /// grid's cells) at most [`SMALL_LENGTH`], the values' ranges whole.
    ///
    /// # Example
    /// ```
    /// use gamecheck::problem::{Constraints, Dimension, Range, SMALL_LENGTH};
    /// let dim = |flag, contest| Dimension { flag, label: flag, min: 1, start: 1, contest, extended: contest, limit: contest };
    /// let c = Constraints { dimensions: vec![dim("n", 1_000_000), dim("count", 1 << 60)] };
    /// let small = c.bounds("demo", Range::Contest, &[]).unwrap().small();
    /// assert_eq!((small.max("n"), small.max("count")), (Some(SMALL_LENGTH), Some(1 << 60)));
    /// ```
    pub fn small(&self) -> Bounds {
        let mut small = self.clone();
        for (d, max) in small.dimensions.iter().zip(small.max.iter_mut()) {
            if LENGTHS.contains(&d.flag) {
                *max = (*max).min(SMALL_LENGTH.max(d.min));
            }
        }
        small
    }

    /// Returns the bounds of a maximal input: these, with T drawn at its maximum
    /// ([`Bounds::draw_cases`]).
    pub fn maximal(&self) -> Bounds {
        Bounds {
            maximal: true,
            ..self.clone()
        }
    }

    /// Returns the bounds with dimension `flag` no longer counted as set by a flag, and
    /// `why` said after the ranges: a cap that stress applied for its own reasons.
    pub(crate) fn capped(mut self, flag: &str, why: String) -> Bounds {
        self.custom.retain(|&f| f != flag);
        self.capped.push(why);
        self
    }

    /// Returns the bounds with the fields the `count` dimension covers, each its name and
    /// range, so that [`Bounds::sizes`] gives each its own bound where they differ
    /// (`K <= 8, L <= 9, n_i <= 1000000`, not `K, L, n_i <= 1000000`).
    pub(crate) fn with_counts(mut self, fields: Vec<(&'static str, u64, u64)>) -> Bounds {
        self.counts = fields;
        self
    }

    /// Returns each count field's bound under the `count` maximum `max`, as the drawer
    /// caps it (the field's top, the maximum, never below the field's least), grouped
    /// `a, b <= 5, c <= 9`; `None` when they are one bound and the label says it.
    fn counts_text(&self, max: u64) -> Option<String> {
        let bound = |&(_, lo, hi): &(&str, u64, u64)| hi.min(max.max(lo));
        let first = self.counts.first().map(bound)?;
        if self.counts.iter().all(|c| bound(c) == first) {
            return None;
        }
        let mut groups: Vec<(Vec<&str>, u64)> = Vec::new();
        for c in &self.counts {
            match groups.last_mut() {
                Some((names, b)) if *b == bound(c) => names.push(c.0),
                _ => groups.push((vec![c.0], bound(c))),
            }
        }
        let parts: Vec<String> = groups
            .iter()
            .map(|(names, b)| format!("{} <= {b}", names.join(", ")))
            .collect();
        Some(parts.join(", "))
    }

    /// Returns the bounds as pairs of flag and maximum, for JSON.
    pub fn pairs(&self) -> Vec<(&'static str, u64)> {
        self.dimensions
            .iter()
            .zip(&self.max)
            .map(|(d, &m)| (d.flag, m))
            .collect()
    }

    /// Returns the maxima for people: `T <= 20, counts <= 18446744073709551615`.
    pub fn sizes(&self) -> String {
        let parts: Vec<String> = self
            .dimensions
            .iter()
            .zip(&self.max)
            .map(|(d, &m)| {
                match d.flag {
                    "count" => self.counts_text(m),
                    _ => None,
                }
                .unwrap_or_else(|| format!("{} <= {}", d.label, m))
            })
            .collect();
        parts.join(", ")
    }
}

impl fmt::Display for Bounds {
    /// The maxima and where they came from: `N <= 100, A_i <= 100, K <= … (contest)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let origin = match self.range {
            Range::Contest => "contest",
            Range::Extended => "extended",
        };
        if self.custom.is_empty() {
            write!(f, "{} ({origin})", self.sizes())?;
        } else {
            let flags: Vec<String> = self.custom.iter().map(|f| format!("--max-{f}")).collect();
            write!(f, "{} ({origin}, {} set)", self.sizes(), flags.join(" "))?;
        }
        self.capped.iter().try_for_each(|why| write!(f, "; {why}"))
    }
}
