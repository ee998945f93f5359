//! A Chopsticks rule written as data: a decision list of conjunctions of linear
//! comparisons and parities over (a, c, b, d). [`super::proof`] proves such a rule for
//! every state and [`super::smt2`] states it for an SMT solver; both read this one
//! description, and a test can break any condition of it.

use std::fmt;

use super::state::State;

/// A linear form over the counts: its coefficients of a, c, b, d, in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form(pub [i64; 4]);

impl Form {
    pub const A: Form = Form([1, 0, 0, 0]);
    pub const C: Form = Form([0, 1, 0, 0]);
    pub const B: Form = Form([0, 0, 1, 0]);
    pub const D: Form = Form([0, 0, 0, 1]);
    /// n = a + c.
    pub const N: Form = Form([1, 1, 0, 0]);
    /// m = b + d.
    pub const M: Form = Form([0, 0, 1, 1]);
    pub const N_MINUS_M: Form = Form([1, 1, -1, -1]);
    pub const M_MINUS_N: Form = Form([-1, -1, 1, 1]);

    /// Returns the value of the form at `s`.
    ///
    /// # Constraints
    /// The value fits in `i128`: true when every coefficient is at most 2^60 in absolute
    /// value and every count below 2^64.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{spec::Form, State};
    /// assert_eq!(Form::M_MINUS_N.at(State::new(1, 2, 5, 0)), 2);
    /// ```
    pub fn at(self, s: State) -> i128 {
        let counts = [s.a, s.c, s.b, s.d];
        (0..4).map(|i| i128::from(self.0[i]) * counts[i] as i128).sum()
    }

    /// Returns the form as SMT-LIB text over `a c b d`, using `n` and `m` where the form is
    /// one of n, m, n − m, m − n.
    pub(crate) fn smt(self) -> String {
        match self {
            Form::N => return "n".into(),
            Form::M => return "m".into(),
            Form::N_MINUS_M => return "(- n m)".into(),
            Form::M_MINUS_N => return "(- m n)".into(),
            _ => {}
        }
        let terms: Vec<String> = ["a", "c", "b", "d"]
            .iter()
            .zip(self.0)
            .filter(|(_, k)| *k != 0)
            .map(|(v, k)| match k {
                1 => (*v).to_owned(),
                -1 => format!("(- {v})"),
                _ => format!("(* {} {v})", smt_int(k.into())),
            })
            .collect();
        match terms.len() {
            0 => "0".into(),
            1 => terms[0].clone(),
            _ => format!("(+ {})", terms.join(" ")),
        }
    }
}

impl std::ops::Neg for Form {
    type Output = Form;

    /// Returns −self.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::spec::Form;
    /// assert_eq!(-Form::N_MINUS_M, Form::M_MINUS_N);
    /// ```
    fn neg(self) -> Form {
        Form(self.0.map(|x| -x))
    }
}

/// An integer as an SMT-LIB term: negative numbers are `(- k)`.
pub(crate) fn smt_int(k: i128) -> String {
    if k < 0 {
        format!("(- {})", k.unsigned_abs())
    } else {
        k.to_string()
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let named = [
            (Form::A, "a"),
            (Form::C, "c"),
            (Form::B, "b"),
            (Form::D, "d"),
            (Form::N, "n"),
            (Form::M, "m"),
            (Form::N_MINUS_M, "n - m"),
            (Form::M_MINUS_N, "m - n"),
        ];
        if let Some((_, name)) = named.iter().find(|(form, _)| form == self) {
            return f.write_str(name);
        }
        let mut out = String::new();
        for (v, k) in ["a", "c", "b", "d"].iter().zip(self.0) {
            if k == 0 {
                continue;
            }
            let sign = match (out.is_empty(), k < 0) {
                (true, true) => "-",
                (true, false) => "",
                (false, true) => " - ",
                (false, false) => " + ",
            };
            let size = if k.abs() == 1 {
                String::new()
            } else {
                k.unsigned_abs().to_string()
            };
            out += &format!("{sign}{size}{v}");
        }
        f.write_str(if out.is_empty() { "0" } else { &out })?;
        Ok(())
    }
}

/// One condition of a rule: a comparison of a linear form with a constant, or a parity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    /// form ≥ k.
    AtLeast(Form, i64),
    /// form ≤ k.
    AtMost(Form, i64),
    /// form = k.
    Equals(Form, i64),
    /// form ≡ 1 (mod 2).
    Odd(Form),
    /// form ≡ 0 (mod 2).
    Even(Form),
}

impl Atom {
    /// Returns whether the condition holds at `s`.
    ///
    /// # Constraints
    /// As for [`Form::at`].
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{spec::{Atom, Form}, State};
    /// assert!(Atom::Odd(Form::B).holds(State::new(0, 0, 3, 0)));
    /// assert!(!Atom::AtLeast(Form::M_MINUS_N, 2).holds(State::new(1, 0, 2, 0)));
    /// ```
    pub fn holds(self, s: State) -> bool {
        match self {
            Atom::AtLeast(f, k) => f.at(s) >= k.into(),
            Atom::AtMost(f, k) => f.at(s) <= k.into(),
            Atom::Equals(f, k) => f.at(s) == k.into(),
            Atom::Odd(f) => f.at(s).rem_euclid(2) == 1,
            Atom::Even(f) => f.at(s).rem_euclid(2) == 0,
        }
    }

    /// Returns the form the condition reads.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::spec::{Atom, Form};
    /// assert_eq!(Atom::AtLeast(Form::M_MINUS_N, 2).form(), Form::M_MINUS_N);
    /// ```
    pub fn form(self) -> Form {
        match self {
            Atom::AtLeast(f, _) | Atom::AtMost(f, _) | Atom::Equals(f, _) | Atom::Odd(f) | Atom::Even(f) => f,
        }
    }

    /// Returns the condition as SMT-LIB text. Parities are written literally as
    /// `(= (mod x 2) 1)` or `(= (mod x 2) 0)`.
    pub(crate) fn smt(self) -> String {
        match self {
            Atom::AtLeast(f, k) => format!("(>= {} {})", f.smt(), smt_int(k.into())),
            Atom::AtMost(f, k) => format!("(<= {} {})", f.smt(), smt_int(k.into())),
            Atom::Equals(f, k) => format!("(= {} {})", f.smt(), smt_int(k.into())),
            Atom::Odd(f) => format!("(= (mod {} 2) 1)", f.smt()),
            Atom::Even(f) => format!("(= (mod {} 2) 0)", f.smt()),
        }
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Atom::AtLeast(g, k) => write!(f, "{g} >= {k}"),
            Atom::AtMost(g, k) => write!(f, "{g} <= {k}"),
            Atom::Equals(g, k) => write!(f, "{g} = {k}"),
            Atom::Odd(g) => write!(f, "{g} odd"),
            Atom::Even(g) => write!(f, "{g} even"),
        }
    }
}

/// One row of a decision list: when every condition holds (and no earlier row applied),
/// the player to move wins exactly when `wins`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub name: String,
    pub when: Vec<Atom>,
    pub wins: bool,
}

impl Branch {
    /// Returns the branch `name`: `when` all hold ⇒ the mover wins iff `wins`.
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::spec::{Atom, Branch, Form};
    /// let b = Branch::new("NoHands", &[Atom::Equals(Form::N, 0)], false);
    /// assert_eq!(b.to_string(), "NoHands: n = 0 -> Second");
    /// ```
    pub fn new(name: &str, when: &[Atom], wins: bool) -> Branch {
        Branch {
            name: name.to_owned(),
            when: when.to_vec(),
            wins,
        }
    }
}

impl fmt::Display for Branch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let when: Vec<String> = self.when.iter().map(Atom::to_string).collect();
        let when = if when.is_empty() {
            "always".to_owned()
        } else {
            when.join(", ")
        };
        let outcome = if self.wins { "First" } else { "Second" };
        write!(f, "{}: {when} -> {outcome}", self.name)
    }
}

/// A rule as a decision list: the first branch whose conditions all hold decides; a
/// branch with no conditions always applies. When none applies the mover loses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSpec {
    pub branches: Vec<Branch>,
}

impl RuleSpec {
    /// Returns the fast rule of `src/chopsticks/rule.rs`, branch for branch: each branch
    /// is named as the [`Case`](super::Case) it transcribes and reads the same
    /// conditions in the same order as [`case`](super::case).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{case, spec::RuleSpec, State};
    /// let spec = RuleSpec::fast_rule();
    /// let s = State::new(1, 0, 1, 1);
    /// assert_eq!(spec.branch(s).name, format!("{:?}", case(s)));
    /// ```
    pub fn fast_rule() -> RuleSpec {
        use Atom::*;
        RuleSpec {
            branches: vec![
                Branch::new("NoHands", &[Equals(Form::N, 0)], false),
                Branch::new("OpponentHasNoHands", &[Equals(Form::M, 0)], true),
                Branch::new("MoreHands", &[AtLeast(Form::N_MINUS_M, 1)], true),
                Branch::new("TwoBehind", &[AtLeast(Form::M_MINUS_N, 2)], false),
                Branch::new(
                    "OneBehindCanEqualize",
                    &[
                        AtLeast(Form::M_MINUS_N, 1),
                        Equals(Form::C, 0),
                        AtLeast(Form::D, 1),
                        Odd(Form::B),
                    ],
                    true,
                ),
                Branch::new("OneBehind", &[AtLeast(Form::M_MINUS_N, 1)], false),
                Branch::new("EqualOddOnes", &[Equals(Form::D, 0), Odd(Form::A)], false),
                Branch::new("Equal", &[], true),
            ],
        }
    }

    /// Returns the index of the branch that decides `s`, or `None` when no branch applies.
    ///
    /// # Constraints
    /// As for [`Form::at`].
    ///
    /// # Complexity
    /// O(conditions).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{spec::RuleSpec, State};
    /// let spec = RuleSpec::fast_rule();
    /// assert_eq!(spec.decide(State::new(1, 0, 1, 0)).map(|i| spec.branches[i].name.as_str()), Some("EqualOddOnes"));
    /// ```
    pub fn decide(&self, s: State) -> Option<usize> {
        self.branches
            .iter()
            .position(|b| b.when.iter().all(|a| a.holds(s)))
    }

    /// Returns the branch that decides `s`; a fixed "NoBranch" (mover loses) when none does.
    ///
    /// # Constraints
    /// As for [`Form::at`].
    ///
    /// # Complexity
    /// O(conditions).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{spec::RuleSpec, State};
    /// assert_eq!(RuleSpec::fast_rule().branch(State::new(0, 0, 3, 1)).name, "NoHands");
    /// ```
    pub fn branch(&self, s: State) -> Branch {
        self.decide(s)
            .map(|i| self.branches[i].clone())
            .unwrap_or_else(|| Branch::new("NoBranch", &[], false))
    }

    /// Returns whether the player to move wins `s`, by this rule.
    ///
    /// # Constraints
    /// As for [`Form::at`].
    ///
    /// # Complexity
    /// O(conditions).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::{spec::RuleSpec, State};
    /// let spec = RuleSpec::fast_rule();
    /// assert!(spec.wins(State::new(1, 0, 1, 1)) && !spec.wins(State::new(1, 0, 1, 0)));
    /// ```
    pub fn wins(&self, s: State) -> bool {
        self.decide(s).is_some_and(|i| self.branches[i].wins)
    }

    /// Returns every condition of the rule with its place: (branch, index in the branch).
    ///
    /// # Example
    /// ```
    /// use gamecheck::chopsticks::spec::{Atom, Form, RuleSpec};
    /// let spec = RuleSpec::fast_rule();
    /// assert!(spec.atoms().any(|(i, j, a)| (i, j, a) == (4, 3, Atom::Odd(Form::B))));
    /// ```
    pub fn atoms(&self) -> impl Iterator<Item = (usize, usize, Atom)> + '_ {
        self.branches
            .iter()
            .enumerate()
            .flat_map(|(i, b)| b.when.iter().enumerate().map(move |(j, a)| (i, j, *a)))
    }
}

impl fmt::Display for RuleSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.branches.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{b}")?;
        }
        Ok(())
    }
}
