//! Nim-sequences of heap games by the sparse-space (rare/common) method, exact for every
//! game.
//!
//! A mask m splits values in two classes by the parity of the bits m selects (Winning
//! Ways, ch. 4, "Sparse space spells speed"; with a domain flag the parity of the heap
//! joins in, as in Flammenkamp's tables). The XOR of two values of the same class is
//! *rare*, of two different classes *common*. When rare values are rare among the G(n),
//! the common values among a heap's options all come from splits with a rare heap in
//! them: a short list. The rare values among the options are not listed, they are
//! *confirmed*: each rare value below the candidate mex needs one split that makes it,
//! and a split is found after a few tries when the phenomenon holds. A rare value no
//! split makes is the mex, found by trying every split: so the method is exact for every
//! game and every mask, and only its speed depends on the game. The mask is chosen from
//! the values themselves, the one with the fewest rare heaps, and revised as they grow.

use super::checkpoint::{self, Checkpoint};
use super::code::OctalCode;
use super::sparse_kernel::{self, State, Stop};
use super::values::{NimValues, Nimber, with_values};

/// How values split into rare and common: by the parity of `value & mask`, plus, with
/// `domain`, the parity of the heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Mask {
    /// The value bits whose parity decides.
    pub mask: u32,
    /// Whether the heap's parity joins in (possible only when every split takes tokens
    /// of one parity).
    pub domain: bool,
}

impl Mask {
    /// The side of heap `n`: 0 without the domain flag, else the parity of n plus the
    /// parity of the splits' takes.
    #[inline(always)]
    pub(super) fn side(&self, n: usize, pair_parity: Option<usize>) -> u32 {
        if self.domain {
            ((n + pair_parity.unwrap_or(0)) & 1) as u32
        } else {
            0
        }
    }

    /// Whether `v` is rare on `side`.
    #[inline(always)]
    pub(super) fn is_rare_on(&self, v: u32, side: u32) -> bool {
        (v & self.mask).count_ones() & 1 == side
    }

    /// Whether `v` is rare at heap `n`.
    #[inline(always)]
    pub(super) fn is_rare(&self, v: u32, n: usize, pair_parity: Option<usize>) -> bool {
        self.is_rare_on(v, self.side(n, pair_parity))
    }
}

/// Counts of the work done, for the report and the benches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SparseStats {
    /// Heaps computed.
    pub heaps: u64,
    /// Splits with a rare heap looked at, for the common values.
    pub rare_splits: u64,
    /// Splits tried to confirm rare values.
    pub confirm_splits: u64,
    /// Heaps whose rare values needed every split: a rare value or a hole was found.
    pub full_scans: u64,
    /// Times the mask changed.
    pub mask_changes: u64,
}

/// The moves of a code, sorted by what they leave.
#[derive(Clone, Debug)]
pub(super) struct MoveLists {
    /// j with bit 1: a heap of exactly j may be taken whole.
    pub take_all: Vec<usize>,
    /// j ≥ 1 with bit 2: take j, leave one heap.
    pub single: Vec<usize>,
    /// j with bit 4: take j, split the rest in two.
    pub pair: Vec<usize>,
    /// j with bit 8: take j, split the rest in three.
    pub triple: Vec<usize>,
    /// The two heaps of a split differ (Grundy's game).
    pub unequal: bool,
    /// Some parity shared by every j in `pair`, if there is one.
    pub pair_parity: Option<usize>,
}

impl MoveLists {
    fn new(code: &OctalCode) -> MoveLists {
        let with = |bit: u8| -> Vec<usize> {
            (0..code.digits().len())
                .filter(|&j| code.digit(j) & bit != 0)
                .collect()
        };
        let pair = with(4);
        let pair_parity = match pair.first() {
            Some(&j) if pair.iter().all(|&i| i % 2 == j % 2) => Some(j % 2),
            None => Some(0),
            _ => None,
        };
        MoveLists {
            take_all: with(1),
            single: with(2),
            pair,
            triple: with(8),
            unequal: code.unequal_splits(),
            pair_parity,
        }
    }
}

/// A growable bit set of values.
#[derive(Clone, Debug, Default)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    #[inline(always)]
    fn set(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v & 63);
    }
    #[inline(always)]
    fn has(&self, v: u32) -> bool {
        self.words
            .get((v >> 6) as usize)
            .is_some_and(|w| w >> (v & 63) & 1 == 1)
    }
    #[inline(always)]
    fn clear_bit(&mut self, v: u32) {
        if let Some(w) = self.words.get_mut((v >> 6) as usize) {
            *w &= !(1 << (v & 63));
        }
    }
    fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
    /// Returns the least value not in the set that is at least `from`.
    fn next_absent(&self, from: u32) -> u32 {
        let mut w = (from >> 6) as usize;
        let mut word = match self.words.get(w) {
            Some(&x) => x | ((1u64 << (from & 63)) - 1),
            None => return from,
        };
        loop {
            if word != u64::MAX {
                return (w as u32) * 64 + word.trailing_ones();
            }
            w += 1;
            match self.words.get(w) {
                Some(&x) => word = x,
                None => return (w as u32) * 64,
            }
        }
    }
}

/// The nim-sequence of one heap game, computed by the sparse-space method as far as asked.
#[derive(Clone, Debug)]
pub struct SparseSpace {
    code: OctalCode,
    moves: MoveLists,
    values: NimValues,
    mask: Mask,
    /// The heaps n ≥ 1 whose value is rare, increasing, and their values.
    rare: Vec<u64>,
    rare_values: Vec<u32>,
    largest: u32,
    /// The fast path needs at least this many words of option bits.
    words_floor: usize,
    /// Whether the fast path is used at all (off only to test the general path).
    fast: bool,
    /// The heap count at which the mask is reconsidered next.
    next_review: usize,
    /// The most heaps this solver will be asked for: the values' capacity stops there.
    reach: usize,
    /// Pair values of each heap size, for the three-heap splits of hexadecimal codes.
    pair_sets: Vec<Bits>,
    stats: SparseStats,
    // Scratch, kept to avoid reallocating per heap.
    options: Bits,
    needed: Bits,
}

/// The largest number of heaps: 2^40 (heap sizes are `u64`; a value takes a byte at
/// least, so memory bounds a run long before).
pub const MAX_HEAPS: usize = {
    let max = 1u64 << 40;
    if max as u128 > usize::MAX as u128 {
        usize::MAX
    } else {
        max as usize
    }
};

impl SparseSpace {
    /// Returns a solver for `code` with no value computed yet.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// let mut s = SparseSpace::new(&"0.77".parse::<OctalCode>()?);
    /// s.extend_to(12);
    /// assert_eq!(s.values().to_vec(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn new(code: &OctalCode) -> SparseSpace {
        SparseSpace {
            code: code.clone(),
            moves: MoveLists::new(code),
            values: NimValues::default(),
            // Every value is rare under the empty mask: the exact mex, until values exist
            // to choose a mask from.
            mask: Mask {
                mask: 0,
                domain: false,
            },
            rare: Vec::new(),
            rare_values: Vec::new(),
            largest: 0,
            words_floor: 1,
            fast: true,
            next_review: 64,
            reach: MAX_HEAPS,
            pair_sets: Vec::new(),
            stats: SparseStats::default(),
            options: Bits::default(),
            needed: Bits::default(),
        }
    }

    /// Returns the code being solved.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// assert_eq!(SparseSpace::new(&OctalCode::grundy()).code(), &OctalCode::grundy());
    /// ```
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// Computes G(n) for every n below `heaps` (at most [`MAX_HEAPS`]).
    ///
    /// # Complexity
    /// Per heap, O(t·R) for the splits with one of the R rare heaps, plus the splits
    /// tried to confirm the rare values below the mex: a few when the sparse-space
    /// phenomenon holds, O(n) when the mex is rare. O(n²) per heap for codes that split
    /// into three heaps. One to four bytes a heap.
    ///
    /// # Example
    /// Dawson's Kayles, 0.07.
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// let mut s = SparseSpace::new(&"0.07".parse::<OctalCode>()?);
    /// s.extend_to(1000);
    /// assert_eq!(s.len(), 1000);
    /// // Period 34 from n = 53.
    /// assert!((53..966).all(|n| s.value(n) == s.value(n + 34)));
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn extend_to(&mut self, heaps: usize) {
        let heaps = heaps.min(MAX_HEAPS);
        let mut values = std::mem::take(&mut self.values);
        while values.len() < heaps {
            let stop = heaps.min(self.next_review);
            // An eighth at most past what is asked, and never past the reach: a vector
            // that doubles would hold up to twice a long run's values. The allocator
            // moves big blocks by remapping pages, not by copying them.
            with_values!(&mut values, v => if v.capacity() < stop {
                let want = stop.max(v.len() + v.len() / 8).min(self.reach.max(stop));
                v.reserve_exact(want - v.len());
            });
            let words = self.fast_words();
            if words.is_some_and(|w| w >= 8) {
                // Values from 256 need two bytes.
                if let NimValues::U8(_) = values {
                    values = widen(values, 256);
                }
            }
            let fast = match (words, &mut values) {
                (Some(1), NimValues::U8(v)) => Some(self.fast::<u8, 1>(v, stop)),
                (Some(2), NimValues::U8(v)) => Some(self.fast::<u8, 2>(v, stop)),
                (Some(4), NimValues::U8(v)) => Some(self.fast::<u8, 4>(v, stop)),
                (Some(1), NimValues::U16(v)) => Some(self.fast::<u16, 1>(v, stop)),
                (Some(2), NimValues::U16(v)) => Some(self.fast::<u16, 2>(v, stop)),
                (Some(4), NimValues::U16(v)) => Some(self.fast::<u16, 4>(v, stop)),
                (Some(8), NimValues::U16(v)) => Some(self.fast::<u16, 8>(v, stop)),
                (Some(16), NimValues::U16(v)) => Some(self.fast::<u16, 16>(v, stop)),
                (Some(32), NimValues::U16(v)) => Some(self.fast::<u16, 32>(v, stop)),
                _ => None,
            };
            match fast {
                Some(Ok(())) => {}
                Some(Err(Stop::Wider)) => {
                    self.words_floor = words.unwrap_or(1) * 2;
                    continue;
                }
                None => {
                    let done = with_values!(&mut values, v => self.extend_typed(v, stop));
                    if let Err(value) = done {
                        values = widen(values, value);
                        continue;
                    }
                }
            }
            if values.len() >= self.next_review {
                self.review_mask(&values);
                self.next_review = self.next_review.saturating_mul(2);
            }
        }
        self.values = values;
    }

    /// Returns W, the words of option bits of the fast path for the values so far, or
    /// `None` when the general path must be taken.
    fn fast_words(&self) -> Option<usize> {
        // Under the empty mask no value is common: the general path lists every option.
        if !self.fast || self.listing() || !self.moves.triple.is_empty() {
            return None;
        }
        [1, 2, 4, 8, 16, 32]
            .into_iter()
            .find(|&w| w >= self.words_floor && 64 * w as u32 > self.largest)
    }

    /// Runs the fast path with W words on heaps up to `stop`.
    fn fast<T: Nimber, const W: usize>(&mut self, v: &mut Vec<T>, stop: usize) -> Result<(), Stop> {
        let terms = sparse_kernel::terms(&self.rare, &self.rare_values, &self.moves);
        let mut state = State {
            moves: &self.moves,
            mask: self.mask,
            terms,
            rare: &mut self.rare,
            rare_values: &mut self.rare_values,
            largest: &mut self.largest,
            stats: &mut self.stats,
        };
        sparse_kernel::extend::<T, W>(v, stop, &mut state)
    }

    /// Returns the solver that continues from checkpoint `c` of `code`: its values, its
    /// mask and its rare heaps. The values it computes next are the same as an
    /// uninterrupted run's (the method is exact under every mask).
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{checkpoint::Checkpoint, code::OctalCode, sparse_space::SparseSpace};
    /// let code: OctalCode = "0.16".parse()?;
    /// let mut whole = SparseSpace::new(&code);
    /// whole.extend_to(3000);
    /// let mut half = SparseSpace::new(&code);
    /// half.extend_to(1500);
    /// let c = Checkpoint { values: half.values().clone(), mask: half.mask(), rare: half.rare_heaps().to_vec() };
    /// let mut resumed = SparseSpace::resume(&code, c);
    /// resumed.extend_to(3000);
    /// assert_eq!(resumed.values(), whole.values());
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn resume(code: &OctalCode, c: Checkpoint) -> SparseSpace {
        let mut s = SparseSpace::new(code);
        let len = c.values.len();
        s.rare_values = c
            .rare
            .iter()
            .map(|&n| c.values.get(n as usize).unwrap_or(0))
            .collect();
        s.rare = c.rare;
        s.largest = with_values!(&c.values, v => v.iter().map(|x| x.get()).max().unwrap_or(0));
        s.mask = c.mask;
        // The next review an uninterrupted run would make: the first 64·2^k above len.
        while s.next_review <= len {
            s.next_review = s.next_review.saturating_mul(2);
        }
        s.values = c.values;
        if !s.moves.triple.is_empty() {
            let values = std::mem::take(&mut s.values);
            with_values!(&values, v => (0..len).for_each(|n| s.record_pair_set(v, n)));
            s.values = values;
        }
        s
    }

    /// Writes this solver's checkpoint to `path` ([`checkpoint::save`]).
    ///
    /// # Errors
    /// The file could not be written.
    pub fn save_checkpoint(&self, path: &std::path::Path) -> std::io::Result<()> {
        checkpoint::save(path, &self.code, &self.values, self.mask, &self.rare)
    }

    /// Sets the most heaps this solver will be asked for, so that the values' storage
    /// never grows past them.
    pub(crate) fn set_reach(&mut self, heaps: usize) {
        self.reach = heaps;
    }

    /// Returns the number of heaps computed.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// assert_eq!(SparseSpace::new(&OctalCode::grundy()).len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Returns whether nothing is computed yet.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// assert!(SparseSpace::new(&OctalCode::grundy()).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Returns G(`n`), or `None` when it is not computed yet.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// let mut s = SparseSpace::new(&OctalCode::grundy());
    /// s.extend_to(20);
    /// assert_eq!((s.value(5), s.value(20)), (Some(2), None));
    /// ```
    pub fn value(&self, n: usize) -> Option<u32> {
        self.values.get(n)
    }

    /// Returns the values computed, G(0) first.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// let mut s = SparseSpace::new(&"0.3033".parse::<OctalCode>()?);
    /// s.extend_to(8);
    /// assert_eq!(s.values().to_vec(), [0, 1, 0, 1, 2, 3, 2, 0]);
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn values(&self) -> &NimValues {
        &self.values
    }

    /// Returns the values, giving up the solver.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// let mut s = SparseSpace::new(&OctalCode::grundy());
    /// s.extend_to(4);
    /// assert_eq!(s.into_values().to_vec(), [0, 0, 0, 1]);
    /// ```
    pub fn into_values(self) -> NimValues {
        self.values
    }

    /// Returns the largest value computed.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// let mut s = SparseSpace::new(&"0.77".parse::<OctalCode>()?);
    /// s.extend_to(200);
    /// assert_eq!(s.largest_value(), 8);
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn largest_value(&self) -> u32 {
        self.largest
    }

    /// Returns the mask in use.
    ///
    /// # Example
    /// Grundy's game: rare values have an even number of ones above the lowest bit.
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::{Mask, SparseSpace}};
    /// let mut s = SparseSpace::new(&OctalCode::grundy());
    /// s.extend_to(5000);
    /// assert_eq!(s.mask().mask & 0b1110, 0b1110);
    /// assert_eq!(s.mask().mask & 1, 0);
    /// ```
    pub fn mask(&self) -> Mask {
        self.mask
    }

    /// Returns the heaps n ≥ 1 whose value is rare under the mask in use, increasing.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// let mut s = SparseSpace::new(&OctalCode::grundy());
    /// s.extend_to(5000);
    /// let rare = s.rare_heaps();
    /// assert!(!rare.is_empty() && rare.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub fn rare_heaps(&self) -> &[u64] {
        &self.rare
    }

    /// Returns the work done so far.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// let mut s = SparseSpace::new(&OctalCode::grundy());
    /// s.extend_to(100);
    /// assert_eq!(s.stats().heaps, 100);
    /// ```
    pub fn stats(&self) -> SparseStats {
        self.stats
    }

    /// Returns the bytes held: the values, the rare heaps and the split tables.
    ///
    /// # Example
    /// ```
    /// use gamecheck::octal::{code::OctalCode, sparse_space::SparseSpace};
    /// let mut s = SparseSpace::new(&"0.16".parse::<OctalCode>()?);
    /// s.extend_to(10_000);
    /// assert!(s.memory_bytes() >= 10_000 && s.memory_bytes() < 20_000);
    /// # Ok::<(), gamecheck::octal::code::CodeError>(())
    /// ```
    pub fn memory_bytes(&self) -> usize {
        self.values.len() * self.values.bytes_per_value()
            + self.rare.len() * 8
            + self.pair_sets.iter().map(|b| b.words.len() * 8).sum::<usize>()
    }

    /// Returns the bytes held once `heaps` heaps are computed at the values' width now,
    /// with the rare heaps and split tables so far.
    pub(crate) fn bytes_for(&self, heaps: usize) -> u64 {
        let fixed = self.memory_bytes() - self.values.len() * self.values.bytes_per_value();
        (heaps as u64).saturating_mul(self.values.bytes_per_value() as u64) + fixed as u64
    }

    /// Whether every option is listed: under the empty mask every value is rare.
    fn listing(&self) -> bool {
        self.mask.mask == 0 && !self.mask.domain
    }

    /// Whether `v` is rare at heap `n` under the mask in use.
    #[inline(always)]
    fn is_rare(&self, v: u32, n: usize) -> bool {
        self.mask.is_rare(v, n, self.moves.pair_parity)
    }

    /// Computes heaps `v.len()..stop`. Stops with `Err(value)` at the first value the type
    /// cannot hold, leaving that heap uncomputed.
    fn extend_typed<T: Nimber>(&mut self, v: &mut Vec<T>, stop: usize) -> Result<(), u32> {
        v.reserve(stop.saturating_sub(v.len()));
        while v.len() < stop {
            let n = v.len();
            let g = self.heap_value(v, n);
            if g > T::MAX {
                return Err(g);
            }
            v.push(T::new(g));
            self.stats.heaps += 1;
            self.largest = self.largest.max(g);
            if n > 0 && self.is_rare(g, n) && !self.listing() {
                self.rare.push(n as u64);
                self.rare_values.push(g);
            }
            if !self.moves.triple.is_empty() {
                self.record_pair_set(v, n);
            }
        }
        Ok(())
    }

    /// Returns G(n) from G(0..n) in `v`.
    fn heap_value<T: Nimber>(&mut self, v: &[T], n: usize) -> u32 {
        let mut options = std::mem::take(&mut self.options);
        options.clear();
        // Every option is below the next power of two above the largest value, and the
        // mex is at most that: size the set once rather than on each insertion.
        let words = ((self.largest + 1).next_power_of_two() as usize >> 6) + 1;
        if options.words.len() < words {
            options.words.resize(words, 0);
        }
        let g = |i: usize| v[i].get();
        for &j in &self.moves.take_all {
            if n == j {
                options.set(0);
            }
        }
        for &j in &self.moves.single {
            if n > j {
                options.set(g(n - j));
            }
        }
        let unequal = self.moves.unequal;
        let everything_listed = self.mask.mask == 0 && !self.mask.domain;
        for &j in &self.moves.pair {
            if n < j + 2 {
                continue;
            }
            let r = n - j;
            if everything_listed {
                for a in 1..=r / 2 {
                    if !(unequal && 2 * a == r) {
                        options.set(g(a) ^ g(r - a));
                    }
                }
                self.stats.rare_splits += (r / 2) as u64;
                continue;
            }
            for &a in &self.rare {
                let a = a as usize;
                if a >= r {
                    break;
                }
                if unequal && 2 * a == r {
                    continue;
                }
                options.set(g(a) ^ g(r - a));
            }
            self.stats.rare_splits += self.rare.len() as u64;
        }
        for &j in &self.moves.triple {
            if n >= j + 3 {
                let r = n - j;
                for a in 1..=r - 2 {
                    let ga = g(a);
                    for (w, &bits) in self.pair_sets[r - a].words.iter().enumerate() {
                        let mut bits = bits;
                        while bits != 0 {
                            let x = (w as u32) * 64 + bits.trailing_zeros();
                            options.set(ga ^ x);
                            bits &= bits - 1;
                        }
                    }
                }
            }
        }
        let value = if everything_listed {
            options.next_absent(0)
        } else {
            self.confirm(v, n, &options)
        };
        self.options = options;
        value
    }

    /// Returns the mex of the options of heap n, given `options` with every common value
    /// among them: confirms the rare values below the least common value absent, by
    /// finding a split that makes each.
    fn confirm<T: Nimber>(&mut self, v: &[T], n: usize, options: &Bits) -> u32 {
        let mut needed = std::mem::take(&mut self.needed);
        needed.clear();
        let mut count = 0u32;
        let mut x = options.next_absent(0);
        let common = loop {
            if !self.is_rare(x, n) {
                break x;
            }
            needed.set(x);
            count += 1;
            x = options.next_absent(x + 1);
        };
        if count == 0 {
            self.needed = needed;
            return common;
        }
        let g = |i: usize| v[i].get();
        let unequal = self.moves.unequal;
        'scan: for &j in &self.moves.pair {
            if n < j + 2 {
                continue;
            }
            let r = n - j;
            for a in 1..=r / 2 {
                if unequal && 2 * a == r {
                    continue;
                }
                self.stats.confirm_splits += 1;
                let x = g(a) ^ g(r - a);
                if needed.has(x) {
                    needed.clear_bit(x);
                    count -= 1;
                    if count == 0 {
                        break 'scan;
                    }
                }
            }
        }
        let value = if count == 0 {
            common
        } else {
            self.stats.full_scans += 1;
            first_set(&needed)
        };
        self.needed = needed;
        value
    }

    /// Stores the pair values of heap size `n`, for later three-heap splits.
    fn record_pair_set<T: Nimber>(&mut self, v: &[T], n: usize) {
        let mut set = Bits::default();
        for a in 1..=n / 2 {
            set.set(v[a].get() ^ v[n - a].get());
        }
        self.pair_sets.push(set);
        debug_assert_eq!(self.pair_sets.len(), n + 1);
    }

    /// Chooses the mask with the fewest rare heaps among those computed, and rebuilds the
    /// rare list when it changes.
    fn review_mask(&mut self, values: &NimValues) {
        let bits = 32 - self.largest.leading_zeros();
        if bits > 12 {
            return;
        }
        let size = 1usize << bits;
        // Heaps by value and parity; heap 0 is never part of a split.
        let mut hist = vec![[0u64; 2]; size];
        with_values!(values, v => {
            for (n, x) in v.iter().enumerate().skip(1) {
                hist[x.get() as usize][n & 1] += 1;
            }
        });
        let parity = self.moves.pair_parity;
        let count = |m: Mask| -> u64 {
            let mut rare = 0;
            for (x, h) in hist.iter().enumerate() {
                let p = (x as u32 & m.mask).count_ones() & 1;
                for (side, &c) in h.iter().enumerate() {
                    let want = if m.domain {
                        ((side + parity.unwrap_or(0)) & 1) as u32
                    } else {
                        0
                    };
                    if p == want {
                        rare += c;
                    }
                }
            }
            rare
        };
        let mut best = (count(self.mask), self.mask);
        for domain in [false, true] {
            if domain && parity.is_none() {
                continue;
            }
            // With the domain flag the empty mask makes every value rare at half the
            // heaps, where no common value would end the confirmation.
            for mask in u32::from(domain)..size as u32 {
                let m = Mask { mask, domain };
                let c = count(m);
                if c < best.0 {
                    best = (c, m);
                }
            }
        }
        // With more than a third of the heaps rare, their splits and the full scans of
        // their rare values cost more than listing every split. (0.007 to 10^5: its best
        // mask at 2^15 heaps has between a quarter and a third of them rare; taken there
        // rather than at 2^16, the run's CPU went from 2.03 to 0.95 s.)
        let heaps = values.len().saturating_sub(1) as u64;
        if best.0 * 3 > heaps {
            best.1 = Mask {
                mask: 0,
                domain: false,
            };
        }
        if best.1 != self.mask {
            self.mask = best.1;
            self.stats.mask_changes += 1;
            let (mut rare, mut rare_values) = (Vec::new(), Vec::new());
            with_values!(values, v => if !self.listing() {
                for (n, x) in v.iter().enumerate().skip(1) {
                    if self.is_rare(x.get(), n) {
                        rare.push(n as u64);
                        rare_values.push(x.get());
                    }
                }
            });
            self.rare = rare;
            self.rare_values = rare_values;
        }
    }
}

/// Returns the least value in `bits` (`u32::MAX` when empty).
fn first_set(bits: &Bits) -> u32 {
    bits.words
        .iter()
        .enumerate()
        .find(|(_, w)| **w != 0)
        .map_or(u32::MAX, |(i, w)| i as u32 * 64 + w.trailing_zeros())
}

/// Returns `values` in a type wide enough for `value`.
fn widen(values: NimValues, value: u32) -> NimValues {
    let wide16 = |v: &[u8]| v.iter().map(|&x| u16::from(x)).collect::<Vec<u16>>();
    match values {
        NimValues::U8(v) if value <= u32::from(u16::MAX) => NimValues::U16(wide16(&v)),
        NimValues::U8(v) => NimValues::U32(v.iter().map(|&x| u32::from(x)).collect()),
        NimValues::U16(v) => NimValues::U32(v.iter().map(|&x| u32::from(x)).collect()),
        NimValues::U32(v) => NimValues::U32(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecheck_oracles::octal_mex::TakeAndBreak;

    fn plain(code: &str, heaps: usize) -> Vec<u32> {
        TakeAndBreak::parse(code).map_or_else(|e| panic!("{code}: {e}"), |t| t.nim_values(heaps))
    }

    fn sparse(code: &str, heaps: usize, fast: bool) -> SparseSpace {
        let parsed: OctalCode = code.parse().unwrap_or_else(|e| panic!("{code}: {e}"));
        let mut s = SparseSpace::new(&parsed);
        s.fast = fast;
        s.extend_to(heaps);
        s
    }

    #[test]
    fn sparse_space_matches_plain_mex() {
        // Octal codes to 1000 heaps; hexadecimal ones (three-heap splits, O(n³) for the
        // oracle) to 100.
        for (code, heaps) in [
            ("0.77", 1000),
            ("0.07", 1000),
            ("0.137", 1000),
            ("0.16", 1000),
            ("0.56", 1000),
            ("0.1777", 1000),
            ("0.354", 1000),
            ("0.376", 1000),
            ("4.07", 1000),
            ("grundy", 1000),
            ("0.6", 1000),
            ("0.3033", 1000),
            ("0.4", 1000),
            ("4.0", 1000),
            ("0.0", 100),
            ("0.1", 100),
            ("0.777777", 1000),
            ("0.7777777777", 600),
            ("0.f", 100),
            ("8.7", 100),
        ] {
            let want = plain(code, heaps);
            for fast in [true, false] {
                assert_eq!(
                    (code, fast, sparse(code, heaps, fast).values().to_vec()),
                    (code, fast, want.clone())
                );
            }
        }
    }

    #[test]
    fn scan_in_chunks_matches_plain_mex_to_1024() {
        // Past many chunks of 32 splits: 0.354 in values below 128 (the chunk's values
        // gathered as two words of bits), 0.376 below 256 (the 8-bit chunk test),
        // Officers past 255 (the 16-bit one, values to 284), 0.007 past 511 (the 16-bit
        // one on 1024 values, from 2^15 heaps where its mask is taken); Officers' rare
        // heaps 1 and 2 give terms that a group of heaps adds one heap at a time.
        for (code, heaps, largest) in [
            ("0.354", 3000, 64..128),
            ("0.376", 3000, 128..256),
            ("0.6", 20_000, 256..512),
            ("0.007", 36_000, 512..1024),
        ] {
            let s = sparse(code, heaps, true);
            assert!(
                largest.contains(&s.largest_value()),
                "{code}: {}",
                s.largest_value()
            );
            assert!(s.mask().mask != 0, "{code}: the fast path is taken");
            assert_eq!((code, s.values().to_vec()), (code, plain(code, heaps)));
        }
    }

    #[test]
    fn every_width_of_the_fast_path_gives_the_plain_mex() {
        // The option sets of 8, 16 and 32 words (values to 511, 1023, 2047, two bytes a
        // value) on codes whose values are small: the width is forced from the start.
        for (code, heaps) in [("0.16", 3000), ("0.56", 3000), ("0.354", 3000), ("grundy", 3000)] {
            let want = plain(code, heaps);
            for floor in [8, 16, 32] {
                let parsed: OctalCode = code.parse().unwrap_or_else(|e| panic!("{code}: {e}"));
                let mut s = SparseSpace::new(&parsed);
                s.words_floor = floor;
                s.extend_to(heaps);
                assert_eq!((code, floor, s.values().to_vec()), (code, floor, want.clone()));
            }
        }
    }

    #[test]
    #[ignore = "release, about 15 s and 15 MB: `cargo test --release --lib czajka -- --ignored`"]
    fn grundys_game_agrees_with_czajkas_published_records() {
        // Czajka's table of Grundy's game (tczajka/octal-games): the first heap where the
        // largest value so far is reached, 231, 234 and 256; 256 needs two-byte values.
        let mut s = SparseSpace::new(&OctalCode::grundy());
        s.extend_to(7_250_050);
        let first_at_least = |v: u32| (0..s.len()).find(|&n| s.value(n).is_some_and(|g| g >= v));
        assert_eq!(s.value(763_622), Some(231));
        assert_eq!(first_at_least(231), Some(763_622));
        assert_eq!(s.value(3_653_177), Some(234));
        assert_eq!(first_at_least(234), Some(3_653_177));
        assert_eq!(s.value(7_250_049), Some(256));
        assert_eq!(first_at_least(256), Some(7_250_049));
    }
}
