//! Any [`Game`]'s contest input and output, through its [`Format`]
//! ([`Game::format`]; by default a line `T`, then T lines, each one position's counts,
//! and one answer per line, `First`, `Second` or `Draw`, or the Grundy value).
//!
//! The format itself is data with its reader, writer and drawer in one place,
//! `src/game_trait/format/` (`read.rs`, `mod.rs`, `draw.rs`), shared with partizan
//! families; here a game's problem uses them: [`reader`] reads an input's cases against the
//! game's domain and the format's sums, the [`ContestFormat`] impl writes inputs and
//! answers and draws inputs, and [`replies`] judges a program's answer by the rules.

mod reader;
mod replies;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::problem::GameProblem;
use super::{Answer, Game, Move, Outcome, Position, Question};
use crate::game_trait::format::draw::{draw_lines, drawn};
use crate::game_trait::format::read::read_lines;
use crate::game_trait::format::{Cases, Field, Format, Output};
use crate::input::InputError;
use crate::problem::{Bounds, Constraints, ContestFormat, Dimension, SolveError};
use crate::tokens::Tokens;

/// Returns `counts` as one line of words.
fn write_words(counts: &[u64]) -> String {
    counts.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

impl<G: Game> GameProblem<G> {
    pub(super) fn format(&self) -> &Format<G> {
        self.contest_format()
    }

    /// Returns the answer the problem prints: the format's, or the Grundy value when the
    /// question asks for it.
    pub(super) fn output(&self) -> Output {
        match self.question() {
            Question { grundy: true, .. } => Output::Grundy,
            _ => self.format().output.clone(),
        }
    }
}

impl<G: Game> ContestFormat for GameProblem<G> {
    fn constraints(&self) -> Result<Constraints, String> {
        let format = self.format();
        format.mistake(self.game())?;
        let mut dimensions = Vec::new();
        if let Cases::Many(t) = &format.cases {
            let (contest, extended) = format.generated_t.unwrap_or((*t.end(), *t.end()));
            dimensions.push(Dimension {
                contest,
                extended,
                // A generated input holds a case, though `solve` reads T = 0 where the
                // format admits it.
                min: (*t.start()).max(1).min(*t.end()),
                ..Dimension::cases_per_input(*t.end())
            });
        }
        let counts: Vec<&Field> = format.fields().filter(|f| f.is_count()).collect();
        let (count_label, len_label) = format.labels.unwrap_or_else(|| {
            // Named once per format: the judge asks for the constraints on every run.
            let label = *format.count_label.get_or_init(|| {
                let names: Vec<&str> = counts.iter().map(|f| f.name()).collect();
                Box::leak(names.join(", ").into_boxed_str())
            });
            (label, format.len_field().map_or("n", Field::name))
        });
        if !counts.is_empty() {
            let max = counts
                .iter()
                .map(|f| *f.range().end())
                .max()
                .unwrap_or(0)
                .min(self.game().max_count());
            dimensions.push(Dimension {
                flag: "count",
                label: count_label,
                min: counts
                    .iter()
                    .map(|f| *f.range().start())
                    .min()
                    .unwrap_or(0)
                    .min(max),
                start: 3,
                contest: max,
                extended: max,
                limit: max,
            });
        }
        if let Some((grid, _)) = format.grid() {
            dimensions.push(Dimension {
                flag: "n",
                label: "cells of the grid",
                min: *grid.cells().start(),
                start: (*grid.cells().start()).max(1),
                contest: *grid.cells().end(),
                extended: *grid.cells().end(),
                limit: *grid.cells().end(),
            });
        }
        if let Some(len) = format.len_field() {
            dimensions.push(Dimension {
                flag: "n",
                label: len_label,
                min: *len.range().start(),
                start: 1,
                contest: *len.range().end(),
                extended: *len.range().end(),
                limit: *len.range().end(),
            });
        }
        Ok(Constraints { dimensions })
    }

    fn count_fields(&self) -> Vec<(&'static str, u64, u64)> {
        let max = self.game().max_count();
        let fields = self.format().fields().filter(|f| f.is_count());
        fields
            .map(|f| (f.name(), *f.range().start(), (*f.range().end()).min(max)))
            .collect()
    }

    fn read_cases(&self, tokens: &mut Tokens<'_>) -> Result<Vec<G::Position>, InputError> {
        self.read_header(tokens)?;
        self.read_body(tokens)
    }

    fn numbers_text(&self) -> &'static str {
        match G::Position::ARITY {
            // A position's names may go on to name summaries (Wythoff's `j`).
            Some(k) => Box::leak(
                G::Position::names()[..k.min(G::Position::names().len())]
                    .join(" ")
                    .into_boxed_str(),
            ),
            None => "the counts of the list",
        }
    }

    fn case_from_numbers(&self, numbers: &[u64]) -> Result<G::Position, String> {
        if let Some(v) = numbers.iter().find(|&&v| v > self.game().max_count()) {
            return Err(format!(
                "{v} is above the largest count, {}",
                self.game().max_count()
            ));
        }
        let p = G::Position::from_counts(numbers).ok_or_else(|| match G::Position::ARITY {
            Some(k) if k != numbers.len() => {
                format!("a {} position is {k} counts, not {}", G::NAME, numbers.len())
            }
            _ => format!("the counts {numbers:?} make no {} position", G::NAME),
        })?;
        self.game().check_position(&p)?;
        if !self.format().admits(numbers) {
            return Err(format!("{numbers:?} is not a case of the contest format"));
        }
        Ok(p)
    }

    fn write_input(&self, cases: &[G::Position]) -> String {
        self.format().write(cases, Position::counts)
    }

    fn write_case(&self, p: &G::Position) -> String {
        self.format().write_case(&p.counts())
    }

    /// The game's own reason ([`Game::explain`]); else the position, then why: the fast
    /// path's winning move and the loss it leaves, or why there is none.
    fn explain(&self, p: &G::Position, answer: &Answer) -> String {
        self.game().explain(p, answer).unwrap_or_else(|| {
            format!(
                "{}: {}",
                crate::problem::Problem::describe(self, p),
                self.explanation(p, answer)
            )
        })
    }

    fn write_answer(&self, answer: &Answer) -> String {
        match (self.output(), answer) {
            (Output::Winner { win, loss, draw }, Answer::Outcome(o)) => match o {
                Outcome::Win => win.to_owned(),
                Outcome::Loss => loss.to_owned(),
                Outcome::Draw => draw.unwrap_or("Draw").to_owned(),
            },
            (Output::Range { win, loss, .. }, Answer::Outcomes(v)) => v
                .iter()
                .map(|o| match o {
                    Outcome::Win => win,
                    _ => loss,
                })
                .collect(),
            (Output::Move { lost }, Answer::Move(None)) => lost.to_owned(),
            (Output::WinnerThenMove { loss, .. }, Answer::Outcome(_)) => loss.to_owned(),
            (Output::WinnerThenMove { win, none, .. }, Answer::Won(to)) => match to {
                Some(counts) => format!("{win}\n{}", write_words(counts)),
                None => format!("{win}\n{none}"),
            },
            _ => answer.to_string(),
        }
    }

    fn read_answer(&self, token: &str) -> Result<Answer, String> {
        self.read_answer_words(&[token])
    }

    fn read_answer_words(&self, words: &[&str]) -> Result<Answer, String> {
        let number = |word: &str| {
            word.parse::<u64>().ok().filter(|_| {
                word.bytes().all(|b| b.is_ascii_digit()) && (word == "0" || !word.starts_with('0'))
            })
        };
        match self.output() {
            Output::Winner { win, loss, draw } => {
                let is = |name: &str| name.split_whitespace().eq(words.iter().copied());
                if is(win) {
                    Ok(Answer::Outcome(Outcome::Win))
                } else if is(loss) {
                    Ok(Answer::Outcome(Outcome::Loss))
                } else if draw.is_some_and(is) {
                    Ok(Answer::Outcome(Outcome::Draw))
                } else {
                    Err(match draw {
                        Some(d) => format!("expected `{win}`, `{loss}` or `{d}`"),
                        None => format!("expected `{win}` or `{loss}`"),
                    })
                }
            }
            Output::Grundy | Output::WinningMoves => match words {
                [word] => number(word)
                    .map(|n| {
                        if self.output() == Output::Grundy {
                            Answer::Grundy(n)
                        } else {
                            Answer::Count(n)
                        }
                    })
                    .ok_or_else(|| "expected a number".to_owned()),
                _ => Err(format!("expected one number ({} token(s))", words.len())),
            },
            Output::Range { win, loss, .. } => match words {
                [word] => word
                    .chars()
                    .map(|c| match c {
                        c if c == win => Ok(Outcome::Win),
                        c if c == loss => Ok(Outcome::Loss),
                        _ => Err(format!("expected a string of `{win}` and `{loss}`")),
                    })
                    .collect::<Result<_, _>>()
                    .map(Answer::Outcomes),
                _ => Err(format!(
                    "expected one string of `{win}` and `{loss}` ({} token(s))",
                    words.len()
                )),
            },
            Output::WinnerThenMove { win, loss, none } => match words {
                [word] if *word == loss => Ok(Answer::Outcome(Outcome::Loss)),
                [first, rest @ ..] if *first == win => match rest {
                    [word] if *word == none => Ok(Answer::Won(None)),
                    [] => Err(format!("expected the move after `{win}`, on the next line")),
                    _ => rest
                        .iter()
                        .map(|w| number(w))
                        .collect::<Option<Vec<u64>>>()
                        .map(|c| Answer::Won(Some(c)))
                        .ok_or_else(|| format!("expected `{none}` or the position after the move")),
                },
                _ => Err(format!("expected `{win}` or `{loss}`")),
            },
            Output::Move { lost } => match words {
                [word] if *word == lost => Ok(Answer::Move(None)),
                [i, y] => match (number(i), number(y)) {
                    (Some(index), Some(value)) => Ok(Answer::Move(Some(Move { index, value }))),
                    _ => Err(format!("expected `{lost}` or a move `i y` of two numbers")),
                },
                _ => Err(format!("expected `{lost}` or a move `i y`")),
            },
        }
    }

    /// Who wins, where any winning move is right: `check_reply` checks the
    /// solution's own move, and the expected one costs a listing of the moves.
    fn judged_answer(&self, p: &G::Position) -> Result<Answer, String> {
        match self.output() {
            Output::WinnerThenMove { .. } => {
                self.game().check_position(p)?;
                Ok(Answer::Outcome(self.outcome_here(p)?))
            }
            _ => self.answer(p),
        }
    }

    /// Who wins, where the answer also names moves: a boundary is where that changes, and
    /// a winning move costs a listing of the moves.
    fn boundary_answer(&self, p: &G::Position) -> Result<Answer, String> {
        match self.output() {
            Output::WinnerThenMove { .. } | Output::WinningMoves | Output::Move { .. } => {
                self.game().check_position(p)?;
                Ok(Answer::Outcome(self.outcome_here(p)?))
            }
            _ => self.answer(p),
        }
    }

    fn answer(&self, p: &G::Position) -> Result<Answer, String> {
        match self.output() {
            Output::Winner { .. } | Output::Grundy => crate::problem::Problem::solve(self, p),
            Output::WinningMoves => {
                if let Some(c) = self.game().move_count(p).filter(|&c| c > super::MOVES_LISTED) {
                    return Err(format!("{c} moves are too many to count"));
                }
                let mut moves = Vec::new();
                self.game().moves(p, &mut moves);
                moves.sort_unstable();
                moves.dedup();
                let mut wins = 0;
                for q in &moves {
                    if self.outcome_here(q)? == Outcome::Loss {
                        wins += 1;
                    }
                }
                Ok(Answer::Count(wins))
            }
            Output::Range { from, .. } => {
                let n = p.counts().first().copied().unwrap_or(0);
                (from..=n)
                    .map(|i| self.outcome_here(&self.range_position(p, i)?))
                    .collect::<Result<_, _>>()
                    .map(Answer::Outcomes)
            }
            Output::WinnerThenMove { .. } => match self.outcome_here(p)? {
                Outcome::Win => match self.fast_move(p)? {
                    Some(q) => Ok(Answer::Won(Some(self.case_part(&q)))),
                    None if self.stuck(p) => Ok(Answer::Won(None)),
                    None => Err(format!(
                        "the fast path calls {} won but finds no winning move",
                        self.game().describe(p)
                    )),
                },
                o => Ok(Answer::Outcome(o)),
            },
            Output::Move { .. } => match self.fast_move(p)? {
                Some(q) => self.printed(p, &q).map(|m| Answer::Move(Some(m))),
                None => Ok(Answer::Move(None)),
            },
        }
    }

    fn accept(&self, p: &G::Position, want: &Answer, got: &Answer) -> Result<(), String> {
        match (self.output(), want, got) {
            (Output::Move { lost }, _, Answer::Move(m)) => self.check_move(p, want, *m, lost),
            (Output::WinnerThenMove { .. }, _, got) => self.check_reply(p, want, got),
            (Output::Range { from, .. }, Answer::Outcomes(w), Answer::Outcomes(g)) if w != g => {
                let why = match w.iter().zip(g).position(|(a, b)| a != b) {
                    Some(i) => format!("first wrong at n = {}", from + i as u64),
                    None => format!("{} positions, not {}", w.len(), g.len()),
                };
                Err(format!(
                    "expected {}, found {} ({why})",
                    self.write_answer(want),
                    self.write_answer(got)
                ))
            }
            _ if want == got => Ok(()),
            _ => Err(format!(
                "expected {}, found {}",
                self.write_answer(want),
                self.write_answer(got)
            )),
        }
    }

    fn extent(&self, cases: &[G::Position]) -> Vec<(&'static str, u64)> {
        let format = self.format();
        let mut out = Vec::new();
        if let Cases::Many(_) = format.cases {
            // Cases whose common lines differ (a shrinking step on one of them) are no
            // input: a count of cases no bound admits says so.
            let common = |p: &G::Position| {
                let c = p.counts();
                let n = format.common_len(c.len());
                c[..n].to_vec()
            };
            let first = cases.first().map(common);
            let agree = format.common.is_empty() || cases.iter().all(|p| Some(common(p)) == first);
            out.push(("cases", if agree { cases.len() as u64 } else { u64::MAX }));
        }
        out.push(("count", cases.iter().flat_map(|p| p.counts()).max().unwrap_or(0)));
        if format.grid().is_some() {
            let fixed = format.fixed();
            let most = cases
                .iter()
                .map(|p| p.counts().len().saturating_sub(fixed + 2) as u64)
                .max()
                .unwrap_or(0);
            out.push(("n", most));
        }
        if format.len_field().is_some() {
            let fixed = format.fixed();
            let most = cases
                .iter()
                .map(|p| p.counts().len().saturating_sub(fixed) as u64)
                .max()
                .unwrap_or(0);
            out.push(("n", most));
        }
        out
    }

    fn generate(&self, rng: &mut ChaCha8Rng, bounds: &Bounds) -> Vec<G::Position> {
        let format = self.format();
        let cap = bounds.max_or("count", u64::MAX);
        let most = bounds.max_or("n", u64::MAX);
        let t = match &format.cases {
            Cases::Single => 1,
            Cases::Many(range) => bounds.draw_cases(rng).max(*range.start()),
        };
        // The common lines are drawn once per input, within their ranges and the size's.
        let common = draw_lines(rng, &format.common, &[], &mut [], cap, most);
        let Some(common) = common else {
            return Vec::new();
        };
        let mut left: Vec<u64> = format.sums.iter().map(|&(_, limit)| limit).collect();
        let mut cases = Vec::new();
        // Half the cases, where the format asks and every case stands alone, are the
        // game's own draw ([`Settings::strategy`](super::Settings::strategy)).
        let own = (format.game_draws && format.sums.is_empty() && format.common.is_empty()).then(|| {
            let len = format.len_field().map_or(0, |f| *f.range().end()).min(most);
            self.settings()
                .strategy_of(self.game(), cap, usize::try_from(len).unwrap_or(usize::MAX))
        });
        'cases: for _ in 0..t {
            if let Some(strategy) = own.as_ref().filter(|_| rng.random_bool(0.5)) {
                // The case judged is the one its counts state: a game's own draw may hold
                // state the input does not show (a pile's amounts taken), as a move does.
                let p = drawn(rng, strategy)
                    .and_then(|p| G::Position::from_counts(&p.counts()))
                    .filter(|p| format.admits(&p.counts()) && self.valid(p));
                if let Some(p) = p {
                    cases.push(p);
                    continue;
                }
            }
            // A domain that rejects most counts may take a few draws; give up on a case
            // after 100 rather than loop.
            for _ in 0..100 {
                let mut budget = left.clone();
                let own = draw_lines(rng, &format.lines, &format.sums, &mut budget, cap, most);
                let Some(own) = own else {
                    // The sums are spent: the input ends here.
                    break 'cases;
                };
                let mut counts = common.clone();
                counts.extend(own);
                if let Some(p) = G::Position::from_counts(&counts).filter(|p| self.valid(p)) {
                    cases.push(p);
                    left = budget;
                    break;
                }
            }
        }
        cases
    }

    fn lost_after(&self, p: &G::Position) -> Option<G::Position> {
        GameProblem::lost_after(self, p)
    }

    fn forget(&self) {
        GameProblem::forget(self);
    }

    fn reach(&self, bounds: &Bounds) -> Option<crate::stress::Reach> {
        self.stress_reach(bounds)
    }

    fn solve_stream(
        &self,
        input: &mut dyn std::io::Read,
        output: &mut dyn std::io::Write,
        explain: bool,
    ) -> Result<(), SolveError> {
        let format = self.format();
        if self.one_case_per_line() {
            return crate::problem::solve_lines(self, input, output, explain);
        }
        if format.header.is_none() && format.joined.is_none() {
            return crate::problem::solve_cases(self, input, output, explain);
        }
        self.constraints().map_err(SolveError::Problem)?;
        let mut tokens = Tokens::new(std::io::BufReader::with_capacity(1 << 16, input));
        // A header builds the game that answers the cases.
        let rebuilt = match &format.header {
            Some(header) => {
                let line = tokens.line();
                let values = read_lines(&mut tokens, &header.lines, None, true);
                if let Some(e) = tokens.take_io_error() {
                    return Err(SolveError::Read(e));
                }
                let (values, _) = values?;
                let game = (header.build)(&values).map_err(|why| InputError::OutOfRange {
                    line,
                    token: format!("{values:?}"),
                    why,
                })?;
                Some(
                    self.rebuilt(game)
                        .map_err(|e| SolveError::Problem(e.to_string()))?,
                )
            }
            None => None,
        };
        let problem = rebuilt.as_ref().unwrap_or(self);
        let cases = problem.read_body(&mut tokens);
        if let Some(e) = tokens.take_io_error() {
            return Err(SolveError::Read(e));
        }
        let mut out = std::io::BufWriter::new(output);
        let mut answers = Vec::new();
        for case in &cases? {
            let answer = problem.answer(case).map_err(SolveError::Answer)?;
            if format.joined.is_some() {
                answers.push(answer);
                continue;
            }
            let mut line = problem.write_answer(&answer);
            if explain {
                line.push_str("  ");
                line.push_str(&problem.explain(case, &answer));
            }
            line.push('\n');
            std::io::Write::write_all(&mut out, line.as_bytes()).map_err(SolveError::Write)?;
        }
        if format.joined.is_some() {
            let text = problem.write_answers(&answers);
            std::io::Write::write_all(&mut out, text.as_bytes()).map_err(SolveError::Write)?;
        }
        std::io::Write::flush(&mut out).map_err(SolveError::Write)
    }

    fn write_answers(&self, answers: &[Answer]) -> String {
        match self.format().joined {
            Some(separator) => {
                let words: Vec<String> = answers.iter().map(|a| self.write_answer(a)).collect();
                words.join(separator) + "\n"
            }
            None => answers.iter().map(|a| self.write_answer(a) + "\n").collect(),
        }
    }

    fn split_answers<'a>(
        &self,
        lines: &[&'a str],
        cases: usize,
    ) -> Result<Vec<(usize, Vec<&'a str>)>, String> {
        match self.format().joined {
            None if matches!(self.output(), Output::WinnerThenMove { .. }) => {
                self.split_replies(lines, cases)
            }
            None => crate::problem::one_answer_per_line(lines, cases),
            Some(separator) => {
                let [line] = lines else {
                    return Err(format!("expected 1 line, found {}", lines.len()));
                };
                let words: Vec<&str> = match separator.trim() {
                    // One token: an answer per character.
                    "" if separator.is_empty() => line
                        .trim()
                        .char_indices()
                        .map(|(i, c)| &line.trim()[i..i + c.len_utf8()])
                        .collect(),
                    "" => line.split_whitespace().collect(),
                    sep => line.split(sep).map(str::trim).collect(),
                };
                if words.len() != cases {
                    return Err(format!(
                        "expected {cases} answer(s) on the line, found {}",
                        words.len()
                    ));
                }
                Ok(words.into_iter().map(|w| (1, vec![w])).collect())
            }
        }
    }
}
