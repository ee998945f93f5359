//! The problem core: the small set of traits every engine is written over.
//!
//! A *problem* asks one question about a game: who wins a Chopsticks position, whether a
//! Moore's Nim position is a P-position, how many losing sequences a counting instance
//! has. It has a fast answer (the closed form under test) and slow oracles written from
//! the rules. Each engine — `check`, the least-counterexample search, claims, `prove`,
//! `repro`, `solve` and `stress` — is written once over these traits, the way
//! ac-library-rs writes `Segtree<M: Monoid>` once and lets every operation plug in.
//!
//! The capabilities are split by concern, so a game implements only what it supports:
//! - [`Problem`]: cases, the fast answer, every implementation's answer side by side;
//! - [`Order`]: the total order of least counterexamples, with the descent and the
//!   bounded enumeration below a case;
//! - [`Properties`]: the properties `check` runs and the tests call;
//! - [`ContestFormat`]: the contest's input and output, for `solve` and `stress`;
//! - [`Claims`]: the truth for claims, the exhaustive and random domains, and the
//!   variables typed claims may use;
//! - `prove`'s `Provable`: a finite domain `prove` checks exhaustively, in shards;
//!
//! What a problem adds to the command line beyond the engines (its `prove`, `plot`, typed
//! claims) is the registry's `Commands`, above the engines.
//!
//! Cases and answers stay typed until the output edge, as proptest keeps
//! `TestError::Fail(reason, T)`: engines compare answers with `==`, never as text.

mod evaluation;
mod flags;
mod least;
mod property;
mod sealed;

pub use evaluation::{Evaluation, Said, disagreements};
pub use flags::{Flag, FlagError, FlagKind, FlagValue, Flags, GameError, with_defaults};
pub(crate) use least::gallop;
pub use least::{Below, Least, least, least_within};
pub use property::{Budget, CaseError, Check, Property, Share};
pub(crate) use sealed::Sealed;

// The claims engine's traits (claims::check_claim is written over them).
mod claims;
mod typed_claims;
pub use claims::{Domain, Sample, both_searched};
pub use typed_claims::{Claimed, Predicate, TypedClaims};

// --- contest format: bounds and solving (stress-engine) ---
mod bounds;
mod line_stream;
mod reach;
mod solve;

pub use bounds::{Bounds, BoundsError, Constraints, Dimension, RAMP_INPUTS, Range, SMALL_LENGTH};
pub(crate) use line_stream::{LineCases, solve_lines};
pub use reach::{Beyond, Reach};
pub use solve::{SolveError, solve_cases};
// --- end contest format ---

use std::fmt::{Debug, Display};

/// A question about a game with a fast answer and oracles that judge it. Sealed: a game
/// is a `Game` (`gamecheck::game`), which gets every problem trait.
pub trait Problem: Sealed + Send + Sync {
    /// One instance of the question.
    type Case: Clone + Debug + PartialEq + Send + Sync + 'static;
    /// What the question asks for; compared with `==`.
    type Answer: Clone + Debug + PartialEq + Display + Send + Sync + 'static;

    /// Returns the problem's name on the command line and in reports.
    fn name(&self) -> &'static str;

    /// Returns the game the problem is about, the first column of `check`'s report.
    fn game(&self) -> &'static str {
        self.name()
    }

    /// Returns the fast answer, or why the fast solution cannot answer `case`.
    fn solve(&self, case: &Self::Case) -> Result<Self::Answer, String>;

    /// Returns every implementation's answer at `case`, the fast solution first, with the
    /// checks (certificates, consistency) that apply there. Oracles out of reach say so.
    fn evaluate(&self, case: &Self::Case) -> Vec<Evaluation<Self::Answer>>;

    /// Returns a one-line description of `case` for people, the title of `repro`.
    fn describe(&self, case: &Self::Case) -> String;

    /// Returns `case` as JSON, for reports.
    fn to_json(&self, case: &Self::Case) -> serde_json::Value;

    /// Returns the command that replays `case` with `gamecheck repro`.
    fn repro_command(&self, case: &Self::Case) -> String;

    /// Returns why the problem's domain last rejected a generated case, if it keeps that:
    /// what a run that drew no valid case reports. Default: `None`.
    fn last_rejection(&self) -> Option<String> {
        None
    }
}

/// The total order in which a least counterexample is least.
pub trait Order: Problem {
    /// The sort key: a smaller key is a smaller case.
    type Key: Ord;

    /// Returns the sort key of `case`.
    fn key(&self, case: &Self::Case) -> Self::Key;

    /// Returns cases one step smaller than `case` that a descent tries, most aggressive
    /// first. Every one must be a valid case.
    fn smaller(&self, case: &Self::Case) -> Vec<Self::Case>;

    /// Returns the numeric coordinates of `case` that a descent may bisect, if any.
    fn coordinates(&self, _case: &Self::Case) -> Vec<u128> {
        Vec::new()
    }

    /// Returns `case` with coordinate `i` set to `value`, or `None` when that is not a
    /// valid case.
    fn with_coordinate(&self, _case: &Self::Case, _i: usize, _value: u128) -> Option<Self::Case> {
        None
    }

    /// Returns `case` with each coordinate `i` of `values` set to its value, or `None`
    /// when that is not a valid case. The default sets them one at a time; a problem
    /// whose case is a list overrides it to build the case once, not once a coordinate
    /// (10^5 heaps set to the top: one copy, not 10^5).
    fn with_coordinates(&self, case: &Self::Case, values: &[(usize, u128)]) -> Option<Self::Case> {
        values
            .iter()
            .try_fold(case.clone(), |c, &(i, value)| self.with_coordinate(&c, i, value))
    }

    /// Returns `case` with only the coordinates at `keep` (ascending indices), or `None`
    /// when that is not a valid case: a list of counts drops the others, a case of
    /// fixed coordinates has no such case.
    fn keeping(&self, _case: &Self::Case, _keep: &[usize]) -> Option<Self::Case> {
        None
    }

    /// Returns the cases before `case` in the order that a search of about `budget`
    /// candidates can afford, in order, with what finding one or none there proves.
    fn below(&self, case: &Self::Case, budget: u64) -> Below<'_, Self::Case>;
}

/// The properties `check` runs, and the tests call, for one problem.
pub trait Properties: Order + Sized {
    /// Returns the properties, in report order.
    fn properties(&self) -> Vec<Property<Self>>;

    /// Returns where proptest keeps this problem's failures, relative to the directory
    /// the caller chooses.
    fn regressions(&self) -> &'static str;

    /// Returns how many candidates the least-counterexample search of a failure may try.
    fn search_budget(&self) -> u64;
}

/// Returns whether `token` says the player to move wins (`First`) or loses (`Second`):
/// the answer of every "who wins" problem.
///
/// # Example
/// ```
/// assert_eq!(gamecheck::problem::first_wins("First"), Ok(true));
/// assert!(gamecheck::problem::first_wins("first").is_err());
/// ```
pub fn first_wins(token: &str) -> Result<bool, String> {
    match token {
        "First" => Ok(true),
        "Second" => Ok(false),
        _ => Err("expected `First` or `Second`".to_owned()),
    }
}

/// Returns each line's words as one case's answer, numbered from 1, or why there are not
/// `cases` lines: [`ContestFormat::split_answers`]'s default.
///
/// # Errors
/// Not `cases` lines.
///
/// # Example
/// ```
/// use gamecheck::problem::one_answer_per_line;
/// assert_eq!(one_answer_per_line(&["First", " 1 2"], 2), Ok(vec![(1, vec!["First"]), (2, vec!["1", "2"])]));
/// assert!(one_answer_per_line(&["First"], 2).is_err());
/// ```
pub fn one_answer_per_line<'a>(
    lines: &[&'a str],
    cases: usize,
) -> Result<Vec<(usize, Vec<&'a str>)>, String> {
    if lines.len() != cases {
        return Err(format!("expected {cases} line(s), found {}", lines.len()));
    }
    Ok(lines
        .iter()
        .enumerate()
        .map(|(i, line)| (i + 1, line.split(is_space).filter(|t| !t.is_empty()).collect()))
        .collect())
}

/// Whether `c` separates tokens: ASCII whitespace as C's `isspace` has it, what `scanf`
/// skips.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

/// The contest's input and output, for `solve` and `stress`: how a contest input is
/// read and written, what its constraints are, how random inputs are drawn, and how
/// answers are printed and read back. `solve` and the stress engine are written once
/// over this trait.
pub trait ContestFormat: Problem {
    /// Returns the constraints of the input, stated once: every dimension with its
    /// contest bound, its extended bound and the limit gamecheck can judge; or why this
    /// instance of the problem (its parameters) cannot be judged at all.
    fn constraints(&self) -> Result<Constraints, String>;

    /// Returns the cases of a whole contest input read from `tokens`, or the first error
    /// with its line and token. Values beyond the constraints' limits are refused with
    /// [`InputError::OutOfRange`](crate::input::InputError::OutOfRange).
    fn read_cases(
        &self,
        tokens: &mut crate::tokens::Tokens<'_>,
    ) -> Result<Vec<Self::Case>, crate::input::InputError>;

    /// Returns the cases of a whole contest input, or the first error with its line and
    /// token.
    fn read_input(&self, input: &[u8]) -> Result<Vec<Self::Case>, crate::input::InputError> {
        self.read_cases(&mut crate::tokens::Tokens::new(input))
    }

    /// Returns `cases` written as contest input.
    /// Returns the case that the numbers after `gamecheck repro <problem>` describe, or
    /// what they should be.
    fn case_from_numbers(&self, numbers: &[u64]) -> Result<Self::Case, String>;

    /// Returns the case that the words after `gamecheck repro <problem>` describe, or
    /// what they should be. Default: the words as numbers, read by
    /// [`ContestFormat::case_from_numbers`]; a problem whose cases are not numbers (a
    /// Domineering board) reads its contest input's tokens instead.
    ///
    /// # Errors
    /// A word that is not a number (named), or numbers that make no case.
    fn case_from_words(&self, words: &[String]) -> Result<Self::Case, String> {
        let numbers = words
            .iter()
            .map(|w| {
                w.parse::<u64>().map_err(|_| {
                    format!(
                        "token `{}` is not a number (the case is: {})",
                        crate::shown::escaped(w.as_bytes(), 40),
                        self.numbers_text()
                    )
                })
            })
            .collect::<Result<Vec<u64>, String>>()?;
        self.case_from_numbers(&numbers)
    }

    /// Returns what [`ContestFormat::case_from_numbers`] reads, for `repro --help`
    /// ("a c b d").
    fn numbers_text(&self) -> &'static str {
        "the case's numbers"
    }

    /// Returns `cases` written as contest input: by default the usual shape, `T` on a
    /// line, then one line per case.
    fn write_input(&self, cases: &[Self::Case]) -> String {
        let mut out = format!("{}\n", cases.len());
        for case in cases {
            out.push_str(&self.write_case(case));
            out.push('\n');
        }
        out
    }

    /// Returns one case as the input writes it, for reports (no newline at the end).
    fn write_case(&self, case: &Self::Case) -> String;

    /// Returns one answer as the contest prints it (one line, no newline).
    fn write_answer(&self, answer: &Self::Answer) -> String;

    /// Returns the answer a solution printed as `token`, or why it is not one.
    fn read_answer(&self, token: &str) -> Result<Self::Answer, String>;

    /// Returns the answer a solution printed as the words of one line, or why it is not
    /// one. Default: one word, read by [`ContestFormat::read_answer`].
    fn read_answer_words(&self, words: &[&str]) -> Result<Self::Answer, String> {
        match words {
            [word] => self.read_answer(word),
            _ => Err(format!("expected one answer ({} token(s))", words.len())),
        }
    }

    /// Returns the answers to all cases as the contest prints them. Default: one line
    /// each, by [`ContestFormat::write_answer`].
    fn write_answers(&self, answers: &[Self::Answer]) -> String {
        answers.iter().map(|a| self.write_answer(a) + "\n").collect()
    }

    /// Returns the words of each case's answer in a solution's output `lines` (trailing
    /// blank lines dropped), with the line it starts on (from 1), or why the output has
    /// not `cases` answers. Default: one line per case, [`one_answer_per_line`]; a format
    /// whose answers share a line or span several splits them its own way.
    ///
    /// # Errors
    /// The wrong number of lines or answers.
    fn split_answers<'a>(
        &self,
        lines: &[&'a str],
        cases: usize,
    ) -> Result<Vec<(usize, Vec<&'a str>)>, String> {
        one_answer_per_line(lines, cases)
    }

    /// Returns the expected answer to `case`, what `solve` prints and the judge compares
    /// with. Default: the fast answer, [`Problem::solve`].
    fn answer(&self, case: &Self::Case) -> Result<Self::Answer, String> {
        self.solve(case)
    }

    /// Returns the expected answer to `case` as `stress` judges a run by it: enough for
    /// [`Self::accept`], which checks a solution's own move rather than compare it with one
    /// (who wins, where any winning move is right). The expected output that a failure
    /// shows is [`Self::answer`]'s. Default: [`Self::answer`].
    fn judged_answer(&self, case: &Self::Case) -> Result<Self::Answer, String> {
        self.answer(case)
    }

    /// Returns what `stress`'s answer-boundary generator compares along a coordinate:
    /// the part of the expected answer that changes at a boundary (who wins, not which
    /// winning move), as cheap as the problem can answer it. Default: [`Self::answer`].
    fn boundary_answer(&self, case: &Self::Case) -> Result<Self::Answer, String> {
        self.answer(case)
    }

    /// Returns `Ok` when `got` is a right answer to `case`, whose expected answer is
    /// `want`, else why not, as the judge reports it. Default: `got == want`; a problem
    /// where several answers are right (a winning move) checks `got` instead.
    fn accept(&self, _case: &Self::Case, want: &Self::Answer, got: &Self::Answer) -> Result<(), String> {
        if got == want {
            Ok(())
        } else {
            Err(format!(
                "expected {}, found {}",
                self.write_answer(want),
                self.write_answer(got)
            ))
        }
    }

    /// Returns the size of an input in each dimension of the constraints, as pairs of
    /// flag and size (the largest value, the most values per case, …).
    fn extent(&self, cases: &[Self::Case]) -> Vec<(&'static str, u64)>;

    /// Returns the cases of one random input within `bounds`, biased toward the
    /// boundaries of those bounds.
    fn generate(&self, rng: &mut rand_chacha::ChaCha8Rng, bounds: &Bounds) -> Vec<Self::Case>;

    /// Writes the answer to every case of the contest input `input` to `output`, one line
    /// each; with `explain`, each line also says why. Memory stays bounded by the
    /// constraints' limits whatever `input` holds: reading stops at the first invalid
    /// token.
    fn solve_stream(
        &self,
        input: &mut dyn std::io::Read,
        output: &mut dyn std::io::Write,
        explain: bool,
    ) -> Result<(), SolveError> {
        solve_cases(self, input, output, explain)
    }

    /// Returns why `answer` is the answer at `case`, for `solve --explain`: the deciding
    /// case of the rule and a winning move where the problem has them; by default `case`
    /// as [`Problem::describe`] gives it.
    fn explain(&self, case: &Self::Case, _answer: &Self::Answer) -> String {
        self.describe(case)
    }

    /// Returns a case one winning move from `case` by the fast solution's own move, a
    /// case the fast solution calls lost: where `stress` draws near the losses, which are
    /// sparse in many games. Default: none.
    fn lost_after(&self, _case: &Self::Case) -> Option<Self::Case> {
        None
    }

    /// Drops what the expected answers memoized (a game's searches, each bounded by its
    /// budget). Default: nothing is held.
    fn forget(&self) {}

    /// Returns how far the expected answers reach within `bounds`, for `stress` to state
    /// before it runs and to keep its inputs within; `None` when every input within the
    /// bounds is judged. Default: `None`.
    fn reach(&self, _bounds: &Bounds) -> Option<Reach> {
        None
    }

    /// Returns the fields the `count` dimension covers, each its name, least and top, for
    /// stress's ranges line to give each its own bound where they differ. Default: none
    /// (the dimension's label and maximum say it).
    fn count_fields(&self) -> Vec<(&'static str, u64, u64)> {
        Vec::new()
    }

    /// Returns the context of `solve`'s errors: `invalid chopsticks input on stdin`.
    fn solve_context(&self) -> String {
        format!("invalid {} input on stdin", self.name())
    }
}

/// The reference's answer at one case of a claim, and the audit of the fast solution it
/// relied on there ([`Claims::audited_reference`]).
pub struct Audited<A> {
    /// [`Claims::audit`] at the case.
    pub audit: Option<Result<(), String>>,
    /// [`Claims::judged_reference`] at the case.
    pub reference: Result<(A, &'static str), String>,
}

/// What claims about a problem are checked against, and on which cases.
pub trait Claims: Order {
    /// Returns the true answer at `case` and which implementation gave it.
    fn reference(&self, case: &Self::Case) -> (Self::Answer, &'static str);

    /// Returns the true answer at `case` and which implementation gave it, or why none
    /// could (a search out of its budget): such a case is unjudged, never a value.
    /// Default: [`Claims::reference`], which always answers.
    ///
    /// # Errors
    /// Why no implementation answers at `case`, naming the budget that stopped it.
    fn judged_reference(&self, case: &Self::Case) -> Result<(Self::Answer, &'static str), String> {
        Ok(self.reference(case))
    }

    // --- The claims engine (claims::check_claim) ---

    /// Returns the cases every claim is checked on first, all of them, in order.
    fn exhaustive(&self) -> Domain<'_, Self::Case>;

    /// Returns the random cases tried after the exhaustive domain.
    fn random(&self) -> Sample<Self::Case>;

    /// Returns how many candidates the least-counterexample search of a claim's failure
    /// may try.
    fn least_budget(&self) -> u64;

    /// Returns how [`Claims::reference`] decides, for the evidence.
    fn reference_text(&self) -> String;

    /// Returns a check, at `case`, of the fast solution the reference relies on beyond
    /// the oracles' reach (its Bellman consistency there, or its agreement with an oracle
    /// where both reach), so that a wrong reference cannot pass silently; `None` where
    /// nothing is checked.
    fn audit(&self, _case: &Self::Case) -> Option<Result<(), String>> {
        None
    }

    /// Returns [`Claims::audit`] and [`Claims::judged_reference`] at `case`: what the
    /// claims engine asks of every case. Default: the two, one after the other.
    fn audited_reference(&self, case: &Self::Case) -> Audited<Self::Answer> {
        Audited {
            audit: self.audit(case),
            reference: self.judged_reference(case),
        }
    }

    /// Returns the note on `audited` cases whose reference passed [`Claims::audit`], if
    /// they are worth one.
    fn audited_note(&self, _audited: u64) -> Option<String> {
        None
    }

    /// Returns `case` as a claim's counterexample shows it.
    fn counterexample_json(&self, case: &Self::Case) -> serde_json::Value {
        self.to_json(case)
    }

    /// Returns `answer` as a claim's verdict reads ("First", "loss (P-position)").
    fn answer_text(&self, answer: &Self::Answer) -> String {
        answer.to_string()
    }

    /// Returns the true `answer` at a counterexample as shown, given by `by`.
    fn truth_text(&self, answer: &Self::Answer, _by: &'static str) -> String {
        self.answer_text(answer)
    }
}
