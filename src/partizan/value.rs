//! Canonical forms of short partizan games, hash-consed in one arena: a [`Value`] is the
//! id of a canonical form, so two values are equal exactly when their ids are.
//!
//! Sums, negatives, comparisons and canonical forms are memoized in the arena, so a
//! value met twice (a Domineering region in many positions) is simplified once.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{LazyLock, Mutex, MutexGuard};

use super::Dyadic;

/// A multiply-rotate hasher (the Fx hash of rustc) for the arena's memos: their keys are
/// small ids and boards no user chooses to collide, and SipHash was most of the time of
/// a canonical form.
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        // The table picks a bucket by the low bits, and a product's low bits see only the
        // low bits of what was multiplied: rows of `T`, `F` and `_` piled into a few
        // buckets (key comparisons were a sixth of a Toads and Frogs search). The rotation
        // brings the well-mixed high bits down, as rustc-hash 2 does.
        self.0.rotate_left(26)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(word) ^ (rest.len() as u64) << 59);
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(SEED);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A hash map with [`FastHasher`].
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A game form in the arena: sorted, deduplicated option ids.
struct Node {
    left: Box<[u32]>,
    right: Box<[u32]>,
    /// The number the form is, when it is the canonical form of a number.
    number: Option<Dyadic>,
}

/// A form's Left and Right options, the key of the arena's index.
type Form = (Box<[u32]>, Box<[u32]>);

/// Every form met, with the memos of the operations on them.
pub(crate) struct Arena {
    nodes: Vec<Node>,
    index: FastMap<Form, u32>,
    /// Form id to the id of its canonical form.
    canonical: FastMap<u32, u32>,
    leq: FastMap<(u32, u32), bool>,
    sum: FastMap<(u32, u32), u32>,
    neg: FastMap<u32, u32>,
    numbers: FastMap<Dyadic, u32>,
    /// `nimbers[n]` is the id of `*n`, built in order: each nimber's options are the
    /// smaller ones, so building `*n` without them remembered took 2^n steps.
    nimbers: Vec<u32>,
    /// The Left and Right stops of canonical forms: the printer and the thermograph ask
    /// them of every subform, and a form's subforms are a DAG whose paths are exponential.
    stops: FastMap<u32, (Dyadic, Dyadic)>,
}

static ARENA: LazyLock<Mutex<Arena>> = LazyLock::new(|| Mutex::new(Arena::new()));

/// How many entries the arena's memos of comparisons, sums, negatives and canonical
/// forms hold before [`trim_arena`] drops them: about 400 MB of tables. The rows of one
/// Toads and Frogs run share most of their comparisons and forms: dropping the memos at
/// 3 million entries (and the position memo at half a question's budget) made the run of
/// every 15-square start take 25.7 s of CPU, against 11.5 s with both kept longer.
const MEMO_ENTRIES: usize = 12_000_000;

/// Drops the arena's memos when they hold more than [`MEMO_ENTRIES`] entries, between
/// questions, so a long run's memory stays bounded by one question's. The forms stay:
/// a [`Value`] is the id of one, and a dropped memo entry is computed again, to the same
/// id, when it is needed (canonical forms are unique).
pub(crate) fn trim_arena() {
    let mut a = arena();
    if a.memo_entries() > MEMO_ENTRIES {
        a.leq = FastMap::default();
        a.sum = FastMap::default();
        a.neg = FastMap::default();
        // A canonical form is its own; the forms met on the way to one are dropped.
        a.canonical = FastMap::default();
    }
}

/// Returns the arena, locked. The arena holds no invariant a panic could break halfway
/// that a later reader relies on (memo entries are written after their value is known).
pub(crate) fn arena() -> MutexGuard<'static, Arena> {
    ARENA.lock().unwrap_or_else(|e| e.into_inner())
}

/// The value of a short partizan game: its canonical form.
///
/// Equal values have equal canonical forms, so `==` is equality of games; `<`, `<=`, …
/// are the partial order of games (`partial_cmp` is `None` for confused games, as `*`
/// and `0`).
///
/// # Example
/// ```
/// use gamecheck::partizan::{OutcomeClass, Value};
/// let v = |s: &str| s.parse::<Value>().unwrap();
/// assert_eq!(v("1/2") + v("1/2"), v("1"));
/// assert_eq!(v("^") + v("^") + v("*"), v("^^*"));
/// assert_eq!(v("{1|0}").to_string(), "{1|0}");
/// assert!(v("^") > v("0") && v("^") < v("1/64"));
/// assert_eq!(v("*").partial_cmp(&v("0")), None);
/// assert_eq!(v("+-1").outcome(), OutcomeClass::N);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value(pub(crate) u32);

/// Who wins a game: Left whoever starts (`L`), Right whoever starts (`R`), the player to
/// move (`N`), or the other one (`P`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OutcomeClass {
    /// Left wins, whoever starts: G > 0.
    L,
    /// Right wins, whoever starts: G < 0.
    R,
    /// The player to move wins: G is confused with 0.
    N,
    /// The player not to move wins: G = 0.
    P,
}

impl Value {
    /// The value 0, the arena's first form.
    pub(crate) const ZERO: Value = Value(0);
}

impl OutcomeClass {
    /// Returns the class of a game in which Left, moving first, wins when
    /// `left_first` and Right, moving first, wins when `right_first`.
    pub fn of(left_first: bool, right_first: bool) -> OutcomeClass {
        match (left_first, right_first) {
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (true, true) => OutcomeClass::N,
            (false, false) => OutcomeClass::P,
        }
    }

    /// Returns the letter: `L`, `R`, `N` or `P`.
    pub fn letter(self) -> &'static str {
        match self {
            OutcomeClass::L => "L",
            OutcomeClass::R => "R",
            OutcomeClass::N => "N",
            OutcomeClass::P => "P",
        }
    }
}

impl std::fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.letter())
    }
}

impl std::str::FromStr for OutcomeClass {
    type Err = String;
    fn from_str(s: &str) -> Result<OutcomeClass, String> {
        match s {
            "L" => Ok(OutcomeClass::L),
            "R" => Ok(OutcomeClass::R),
            "N" => Ok(OutcomeClass::N),
            "P" => Ok(OutcomeClass::P),
            _ => Err(format!("`{s}` is not an outcome class (L, R, N or P)")),
        }
    }
}

impl Arena {
    fn new() -> Arena {
        let mut a = Arena {
            nodes: Vec::new(),
            index: FastMap::default(),
            canonical: FastMap::default(),
            leq: FastMap::default(),
            sum: FastMap::default(),
            neg: FastMap::default(),
            numbers: FastMap::default(),
            nimbers: Vec::new(),
            stops: FastMap::default(),
        };
        let zero = a.intern(Vec::new(), Vec::new());
        a.nodes[zero as usize].number = Some(Dyadic::ZERO);
        a.numbers.insert(Dyadic::ZERO, zero);
        a.canonical.insert(zero, zero);
        a
    }

    /// Returns how many entries the memos hold (the forms and numbers not counted).
    fn memo_entries(&self) -> usize {
        self.leq.len() + self.sum.len() + self.neg.len() + self.canonical.len()
    }

    /// Returns the id of the form with these options, added if new.
    fn intern(&mut self, mut left: Vec<u32>, mut right: Vec<u32>) -> u32 {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        // Ids are u32 to halve the options' memory. 2^32 forms hold hundreds of GiB, past
        // every memory budget a search is run under: running out of ids is a capacity
        // overflow, as a `Vec` past `isize::MAX` bytes is.
        let Ok(id) = u32::try_from(self.nodes.len()) else {
            panic!("capacity overflow: more than 2^32 game forms")
        };
        self.nodes.push(Node {
            left: key.0.clone(),
            right: key.1.clone(),
            number: None,
        });
        self.index.insert(key, id);
        id
    }

    pub(crate) fn left(&self, g: u32) -> &[u32] {
        &self.nodes[g as usize].left
    }

    pub(crate) fn right(&self, g: u32) -> &[u32] {
        &self.nodes[g as usize].right
    }

    pub(crate) fn number_of(&self, g: u32) -> Option<Dyadic> {
        self.nodes[g as usize].number
    }

    pub(crate) fn zero(&self) -> u32 {
        0
    }

    /// Returns the canonical form of the number `x`.
    pub(crate) fn number(&mut self, x: Dyadic) -> u32 {
        // By a stack on the heap: the integer n is a chain of |n| forms, too long to
        // recurse down (a value may name 65536).
        let mut todo = vec![x];
        while let Some(&y) = todo.last() {
            if self.numbers.contains_key(&y) {
                todo.pop();
                continue;
            }
            let (left, right) = if y.is_integer() {
                let n = y.numerator();
                if n > 0 {
                    (vec![Dyadic::int(n - 1)], vec![])
                } else {
                    (vec![], vec![Dyadic::int(n + 1)])
                }
            } else {
                let (m, k) = (y.numerator(), y.exponent());
                (vec![Dyadic::new(m - 1, k)], vec![Dyadic::new(m + 1, k)])
            };
            let missing: Vec<Dyadic> = left
                .iter()
                .chain(&right)
                .copied()
                .filter(|o| !self.numbers.contains_key(o))
                .collect();
            if !missing.is_empty() {
                todo.extend(missing);
                continue;
            }
            let left = left.iter().map(|o| self.numbers[o]).collect();
            let right = right.iter().map(|o| self.numbers[o]).collect();
            let id = self.intern(left, right);
            self.nodes[id as usize].number = Some(y);
            self.numbers.insert(y, id);
            self.canonical.insert(id, id);
            todo.pop();
        }
        self.numbers[&x]
    }

    /// Returns the canonical form of the nimber `*n`.
    pub(crate) fn nimber(&mut self, n: u32) -> u32 {
        while self.nimbers.len() <= n as usize {
            let options = self.nimbers.clone();
            // `{*0, …, *(k-1) | *0, …, *(k-1)}` is canonical: nimbers are pairwise
            // confused (none dominated) and `*j`'s options are all in the form (none
            // reversible). So it is interned as it stands, with no comparison.
            let id = match options.is_empty() {
                true => self.zero(),
                false => self.intern(options.clone(), options),
            };
            self.canonical.insert(id, id);
            self.nimbers.push(id);
        }
        self.nimbers[n as usize]
    }

    /// Returns whether the form `x` is at most the form `y`, by the definition: no Left
    /// option of `x` is at least `y` and no Right option of `y` is at most `x`.
    pub(crate) fn leq(&mut self, x: u32, y: u32) -> bool {
        if x == y {
            return true;
        }
        if let (Some(a), Some(b)) = (self.number_of(x), self.number_of(y)) {
            return a <= b;
        }
        if let Some(&known) = self.leq.get(&(x, y)) {
            return known;
        }
        let mut holds = true;
        for i in 0..self.left(x).len() {
            let xl = self.left(x)[i];
            if self.leq(y, xl) {
                holds = false;
                break;
            }
        }
        if holds {
            for i in 0..self.right(y).len() {
                let yr = self.right(y)[i];
                if self.leq(yr, x) {
                    holds = false;
                    break;
                }
            }
        }
        self.leq.insert((x, y), holds);
        holds
    }

    /// Returns the canonical form of `{left | right}`, whose options are canonical.
    pub(crate) fn canonical_of(&mut self, mut left: Vec<u32>, mut right: Vec<u32>) -> u32 {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        if let Some(x) = self.number_between(&left, &right) {
            return self.number(x);
        }
        let g = self.intern(left.clone(), right.clone());
        if let Some(&c) = self.canonical.get(&g) {
            return c;
        }
        loop {
            left = self.undominated(left, true);
            right = self.undominated(right, false);
            let mut changed = false;
            // A Left option is reversible through a Right option of it at most G: Left's
            // move there is answered at once, so it is replaced by that answer's Left options.
            let mut new_left = Vec::with_capacity(left.len());
            for &gl in &left {
                let mut through = None;
                for i in 0..self.right(gl).len() {
                    let glr = self.right(gl)[i];
                    if self.leq(glr, g) {
                        through = Some(glr);
                        break;
                    }
                }
                match through {
                    Some(glr) => {
                        new_left.extend_from_slice(self.left(glr));
                        changed = true;
                    }
                    None => new_left.push(gl),
                }
            }
            let mut new_right = Vec::with_capacity(right.len());
            for &gr in &right {
                let mut through = None;
                for i in 0..self.left(gr).len() {
                    let grl = self.left(gr)[i];
                    if self.leq(g, grl) {
                        through = Some(grl);
                        break;
                    }
                }
                match through {
                    Some(grl) => {
                        new_right.extend_from_slice(self.right(grl));
                        changed = true;
                    }
                    None => new_right.push(gr),
                }
            }
            new_left.sort_unstable();
            new_left.dedup();
            new_right.sort_unstable();
            new_right.dedup();
            left = new_left;
            right = new_right;
            if !changed {
                break;
            }
        }
        let c = match self.number_between(&left, &right) {
            Some(x) => self.number(x),
            None => self.intern(left, right),
        };
        self.canonical.insert(g, c);
        self.canonical.insert(c, c);
        c
    }

    /// Returns the number `{left | right}` is when every option is a number and every Left
    /// option is below every Right option (the simplicity rule), else `None`.
    fn number_between(&self, left: &[u32], right: &[u32]) -> Option<Dyadic> {
        let low = left
            .iter()
            .map(|&l| self.number_of(l))
            .try_fold(None, |m: Option<Dyadic>, x| {
                x.map(|x| Some(m.map_or(x, |m| m.max(x))))
            })?;
        let high = right
            .iter()
            .map(|&r| self.number_of(r))
            .try_fold(None, |m: Option<Dyadic>, x| {
                x.map(|x| Some(m.map_or(x, |m| m.min(x))))
            })?;
        match (low, high) {
            (Some(l), Some(h)) if l >= h => None,
            _ => Some(Dyadic::simplest_between(low, high)),
        }
    }

    /// Returns `options` without the dominated ones: for Left those at most another, for
    /// Right those at least another.
    fn undominated(&mut self, options: Vec<u32>, for_left: bool) -> Vec<u32> {
        let mut kept = Vec::with_capacity(options.len());
        for (i, &a) in options.iter().enumerate() {
            let dominated = options
                .iter()
                .enumerate()
                .any(|(j, &b)| j != i && if for_left { self.leq(a, b) } else { self.leq(b, a) });
            if !dominated {
                kept.push(a);
            }
        }
        kept
    }

    /// Returns the canonical form of `-g`.
    /// Returns `↑^{→n}` = `↑ + ↑² + … + ↑ⁿ`: 0 for n = 0, else `{↑^{→(n-1)} | *}` (Norton's
    /// powers of `↑ = {0 | *}`).
    pub(crate) fn up_to(&mut self, n: u32) -> u32 {
        let star = self.nimber(1);
        (0..n).fold(self.zero(), |g, _| self.canonical_of(vec![g], vec![star]))
    }

    /// Returns `↑ⁿ` for n ≥ 1: `{0 | * - ↑^{→(n-1)}}`, so `↑¹ = ↑` and `↑² = {0 | ↓*}`.
    pub(crate) fn up_power(&mut self, n: u32) -> u32 {
        let below = self.up_to(n.saturating_sub(1));
        let minus = self.neg(below);
        let star = self.nimber(1);
        let right = self.add(star, minus);
        let zero = self.zero();
        self.canonical_of(vec![zero], vec![right])
    }

    pub(crate) fn neg(&mut self, g: u32) -> u32 {
        if let Some(x) = self.number_of(g) {
            return self.number(-x);
        }
        if let Some(&n) = self.neg.get(&g) {
            return n;
        }
        let left: Vec<u32> = self.right(g).to_vec().into_iter().map(|r| self.neg(r)).collect();
        let right: Vec<u32> = self.left(g).to_vec().into_iter().map(|l| self.neg(l)).collect();
        let n = self.canonical_of(left, right);
        self.neg.insert(g, n);
        self.neg.insert(n, g);
        n
    }

    /// Returns the canonical form of `-g` for a canonical `g`: `{-g^R | -g^L}` as it
    /// stands, since negation keeps options undominated and irreversible, so no
    /// comparison is made.
    fn neg_canonical(&mut self, g: u32) -> u32 {
        if let Some(x) = self.number_of(g) {
            return self.number(-x);
        }
        if let Some(&n) = self.neg.get(&g) {
            return n;
        }
        let left: Vec<u32> = self
            .right(g)
            .to_vec()
            .into_iter()
            .map(|r| self.neg_canonical(r))
            .collect();
        let right: Vec<u32> = self
            .left(g)
            .to_vec()
            .into_iter()
            .map(|l| self.neg_canonical(l))
            .collect();
        let n = self.intern(left, right);
        self.canonical.insert(n, n);
        self.neg.insert(g, n);
        self.neg.insert(n, g);
        n
    }

    /// Returns the canonical form of `g + h`, both canonical.
    pub(crate) fn add(&mut self, g: u32, h: u32) -> u32 {
        if g == self.zero() {
            return h;
        }
        if h == self.zero() {
            return g;
        }
        let (g, h) = (g.min(h), g.max(h));
        match (self.number_of(g), self.number_of(h)) {
            (Some(a), Some(b)) => return self.number(a + b),
            (Some(_), None) | (None, Some(_)) => {}
            (None, None) => {}
        }
        if let Some(&s) = self.sum.get(&(g, h)) {
            return s;
        }
        // Number translation: x + H = {x + H^L | x + H^R} when H is not a number, so the
        // number's own options are never added.
        let (gn, hn) = (self.number_of(g).is_some(), self.number_of(h).is_some());
        let mut left = Vec::new();
        let mut right = Vec::new();
        if !gn {
            for gl in self.left(g).to_vec() {
                left.push(self.add(gl, h));
            }
            for gr in self.right(g).to_vec() {
                right.push(self.add(gr, h));
            }
        }
        if !hn {
            for hl in self.left(h).to_vec() {
                left.push(self.add(g, hl));
            }
            for hr in self.right(h).to_vec() {
                right.push(self.add(g, hr));
            }
        }
        let s = self.canonical_of(left, right);
        self.sum.insert((g, h), s);
        s
    }

    /// Returns the Left stop and the Right stop of `g`.
    pub(crate) fn stops(&mut self, g: u32) -> (Dyadic, Dyadic) {
        (self.stop(g, true), self.stop(g, false))
    }

    fn stop(&mut self, g: u32, left: bool) -> Dyadic {
        if let Some(x) = self.number_of(g) {
            return x;
        }
        if let Some(&(l, r)) = self.stops.get(&g) {
            return if left { l } else { r };
        }
        let mut best: [Option<Dyadic>; 2] = [None, None];
        for (side, want_max) in [(0, true), (1, false)] {
            let options = if want_max { self.left(g) } else { self.right(g) }.to_vec();
            for o in options {
                let s = self.stop(o, !want_max);
                best[side] = Some(match best[side] {
                    None => s,
                    Some(b) if want_max => b.max(s),
                    Some(b) => b.min(s),
                });
            }
        }
        // A canonical form with no option on one side is an integer, handled above.
        let (l, r) = (best[0].unwrap_or(Dyadic::ZERO), best[1].unwrap_or(Dyadic::ZERO));
        self.stops.insert(g, (l, r));
        if left { l } else { r }
    }

    pub(crate) fn outcome(&mut self, g: u32) -> OutcomeClass {
        let zero = self.zero();
        let ge = self.leq(zero, g);
        let le = self.leq(g, zero);
        match (ge, le) {
            (true, true) => OutcomeClass::P,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::N,
        }
    }
}

impl Value {
    /// Returns the value `{left | right}` (its canonical form).
    ///
    /// # Complexity
    /// Comparisons between options, each memoized in the arena.
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::Value;
    /// let (zero, one) = (Value::integer(0), Value::integer(1));
    /// assert_eq!(Value::new(&[zero], &[one]).to_string(), "1/2");
    /// assert_eq!(Value::new(&[zero], &[zero]), Value::nimber(1));
    /// ```
    pub fn new(left: &[Value], right: &[Value]) -> Value {
        let mut a = arena();
        Value(a.canonical_of(
            left.iter().map(|v| v.0).collect(),
            right.iter().map(|v| v.0).collect(),
        ))
    }

    /// Returns the integer `n`.
    pub fn integer(n: i64) -> Value {
        Value(arena().number(Dyadic::int(n)))
    }

    /// Returns the number `x`.
    pub fn number(x: Dyadic) -> Value {
        Value(arena().number(x))
    }

    /// Returns the nimber `*n`.
    pub fn nimber(n: u32) -> Value {
        Value(arena().nimber(n))
    }

    /// Returns `↑` = `{0 | *}`.
    pub fn up() -> Value {
        let mut a = arena();
        let (zero, star) = (a.zero(), a.nimber(1));
        Value(a.canonical_of(vec![zero], vec![star]))
    }

    /// Returns `↑ⁿ`, the n-th power of up (`^<n>` in CGSuite's notation): `↑¹ = ↑`,
    /// `↑² = {0 | ↓*}`, and `↑ⁿ = {0 | * - (↑ + ↑² + … + ↑ⁿ⁻¹)}`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::partizan::Value;
    /// let down_star = -Value::up() + Value::nimber(1);
    /// assert_eq!(Value::up_power(2), Value::new(&[Value::integer(0)], &[down_star]));
    /// assert_eq!(Value::up_power(2).to_string(), "^<2>");
    /// ```
    pub fn up_power(n: u32) -> Value {
        Value(arena().up_power(n))
    }

    /// Returns `↑ + ↑² + … + ↑ⁿ` (`^[n]` in CGSuite's notation).
    pub fn up_to(n: u32) -> Value {
        Value(arena().up_to(n))
    }

    /// Returns the Left options of the canonical form.
    pub fn left_options(self) -> Vec<Value> {
        arena().left(self.0).iter().map(|&g| Value(g)).collect()
    }

    /// Returns the Right options of the canonical form.
    pub fn right_options(self) -> Vec<Value> {
        arena().right(self.0).iter().map(|&g| Value(g)).collect()
    }

    /// Returns the number the value is, if it is one.
    pub fn as_number(self) -> Option<Dyadic> {
        arena().number_of(self.0)
    }

    /// Returns the outcome class: `L` when the value is positive, `R` negative, `P` zero,
    /// `N` confused with zero.
    pub fn outcome(self) -> OutcomeClass {
        arena().outcome(self.0)
    }

    /// Returns the Left stop and the Right stop: the number play ends at when Left (or
    /// Right) starts and both stop when the game becomes a number.
    pub fn stops(self) -> (Dyadic, Dyadic) {
        arena().stops(self.0)
    }

    /// Returns whether the value is infinitesimal: between every negative and every
    /// positive number (both stops 0).
    pub fn is_infinitesimal(self) -> bool {
        self.stops() == (Dyadic::ZERO, Dyadic::ZERO)
    }

    /// Returns the value times `n` (a sum of `n` copies, or of `-n` negatives).
    pub fn times(self, n: i64) -> Value {
        let mut a = arena();
        let base = if n < 0 { a.neg(self.0) } else { self.0 };
        let mut acc = a.zero();
        for _ in 0..n.unsigned_abs() {
            acc = a.add(acc, base);
        }
        Value(acc)
    }
}

impl std::ops::Add for Value {
    type Output = Value;
    fn add(self, other: Value) -> Value {
        Value(arena().add(self.0, other.0))
    }
}

impl std::ops::Neg for Value {
    type Output = Value;
    fn neg(self) -> Value {
        Value(arena().neg_canonical(self.0))
    }
}

impl std::ops::Sub for Value {
    type Output = Value;
    fn sub(self, other: Value) -> Value {
        let mut a = arena();
        let n = a.neg(other.0);
        Value(a.add(self.0, n))
    }
}

impl std::iter::Sum for Value {
    fn sum<I: Iterator<Item = Value>>(iter: I) -> Value {
        iter.fold(Value::integer(0), |a, b| a + b)
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        let mut a = arena();
        match (a.leq(self.0, other.0), a.leq(other.0, self.0)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }
}

impl std::fmt::Debug for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_forms_take_their_known_canonical_forms() {
        let z = Value::integer(0);
        let star = Value::nimber(1);
        // {0,* | 0} = ↑*, {0 | *} = ↑, {*|*} = 0, {0|} = 1, {-1|1} = 0, {1|-1} = ±1.
        assert_eq!(Value::new(&[z, star], &[z]), Value::up() + star);
        assert_eq!(Value::new(&[star], &[star]), z);
        assert_eq!(Value::new(&[Value::integer(-1)], &[Value::integer(1)]), z);
        assert_eq!(Value::new(&[], &[star]), z);
        // ↑ + ↑ + ↑ is {0 | ↑↑*}: built by sums and compared with the hand form.
        let up = Value::up();
        let three = up + up + up;
        assert_eq!(three, Value::new(&[z], &[up + up + star]));
        // ↑ + * = {0, * | 0}; ↑* is confused with 0 but ↑ + ↑ + * is positive.
        assert_eq!((up + star).outcome(), OutcomeClass::N);
        assert_eq!((up + up + star).outcome(), OutcomeClass::L);
        // *2 + *3 = *1 (nim sum).
        assert_eq!(Value::nimber(2) + Value::nimber(3), star);
        // x - x = 0 for a hot game.
        let pm = Value::new(&[Value::integer(2)], &[Value::number(Dyadic::new(1, 1))]);
        assert_eq!(pm - pm, z);
        assert_eq!(pm.outcome(), OutcomeClass::L);
    }
}
