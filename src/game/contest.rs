//! The default contest format of any [`Game`]: a line `T`, then T lines, each one
//! position's counts (for a list: its length, then its counts); one answer per line,
//! `First`, `Second` or `Draw`, or the Grundy value.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::problem::GameProblem;
use super::{Answer, Game, Outcome, Position};
use crate::input::InputError;
use crate::problem::{Bounds, Constraints, ContestFormat, Dimension};
use crate::tokens::Tokens;

/// The most positions per input `solve` and the judge accept.
const MAX_T: u64 = 1_000_000;

impl<G: Game> GameProblem<G> {
    /// Returns a count near a boundary of `0..=cap`: tiny, the cap and its neighbours, or
    /// uniform.
    fn count(rng: &mut ChaCha8Rng, cap: u64) -> u64 {
        match rng.random_range(0..6) {
            0..=1 => rng.random_range(0..=cap.min(5)),
            2 => cap - rng.random_range(0..=cap.min(2)),
            _ => rng.random_range(0..=cap),
        }
    }

    fn read_position(&self, tokens: &mut Tokens<'_>) -> Result<G::Position, InputError> {
        let line = tokens.line();
        let names = G::Position::names();
        let max = self.game().max_count();
        let why = format!("a count is at most {max}");
        let counts: Vec<u64> = match G::Position::ARITY {
            Some(k) => (0..k)
                .map(|i| tokens.u64_on_line_at_most(names.get(i).copied().unwrap_or("a count"), max, &why))
                .collect::<Result<_, _>>()?,
            None => {
                let most = self.game().max_len() as u64;
                let len = tokens.u64_on_line_at_most(
                    "the number of counts",
                    most,
                    &format!("at most {most} counts"),
                )?;
                (0..len)
                    .map(|_| tokens.u64_on_line_at_most("a count", max, &why))
                    .collect::<Result<_, _>>()?
            }
        };
        tokens.end_line("a position")?;
        let position = G::Position::from_counts(&counts).ok_or_else(|| InputError::OutOfRange {
            line,
            token: format!("{counts:?}"),
            why: "these counts make no position".into(),
        })?;
        self.game()
            .check_position(&position)
            .map_err(|why| InputError::OutOfRange {
                line,
                token: self.game().describe(&position),
                why,
            })?;
        Ok(position)
    }
}

impl<G: Game> ContestFormat for GameProblem<G> {
    fn constraints(&self) -> Result<Constraints, String> {
        let max = self.game().max_count();
        let mut dimensions = vec![
            Dimension::cases_per_input(MAX_T),
            Dimension {
                flag: "count",
                label: "counts",
                min: 0,
                start: 3,
                contest: max,
                extended: max,
                limit: max,
            },
        ];
        if G::Position::ARITY.is_none() {
            let most = self.game().max_len() as u64;
            dimensions.push(Dimension {
                flag: "n",
                label: "counts per position",
                min: 0,
                start: 1,
                contest: most,
                extended: most,
                limit: most,
            });
        }
        Ok(Constraints { dimensions })
    }

    fn read_cases(&self, tokens: &mut Tokens<'_>) -> Result<Vec<G::Position>, InputError> {
        let t =
            tokens.u64_anywhere_at_most("the number of cases T", MAX_T, &format!("T is at most {MAX_T}"))?;
        tokens.end_line("the number of cases T")?;
        let mut cases = Vec::new();
        for _ in 0..t {
            cases.push(self.read_position(tokens)?);
        }
        tokens.end_of_input(&format!("the last of the {t} cases"))?;
        Ok(cases)
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
        let p = G::Position::from_counts(numbers).ok_or_else(|| {
            format!(
                "a {} position is {} counts, not {}",
                G::NAME,
                G::Position::ARITY.map_or("a list of".to_owned(), |k| k.to_string()),
                numbers.len()
            )
        })?;
        self.game().check_position(&p)?;
        if let Some(v) = numbers.iter().find(|&&v| v > self.game().max_count()) {
            return Err(format!(
                "{v} is above the largest count, {}",
                self.game().max_count()
            ));
        }
        Ok(p)
    }

    fn write_case(&self, p: &G::Position) -> String {
        let c = p.counts();
        let mut words: Vec<String> = Vec::new();
        if G::Position::ARITY.is_none() {
            words.push(c.len().to_string());
        }
        words.extend(c.iter().map(u64::to_string));
        words.join(" ")
    }

    fn write_answer(&self, answer: &Answer) -> String {
        answer.to_string()
    }

    fn read_answer(&self, token: &str) -> Result<Answer, String> {
        if self.question().grundy {
            return token
                .parse::<u64>()
                .ok()
                .filter(|_| {
                    token.bytes().all(|b| b.is_ascii_digit()) && (token == "0" || !token.starts_with('0'))
                })
                .map(Answer::Grundy)
                .ok_or_else(|| "expected a Grundy value (a number)".to_owned());
        }
        match token {
            "First" => Ok(Answer::Outcome(Outcome::Win)),
            "Second" => Ok(Answer::Outcome(Outcome::Loss)),
            "Draw" => Ok(Answer::Outcome(Outcome::Draw)),
            _ => Err("expected `First`, `Second` or `Draw`".to_owned()),
        }
    }

    fn extent(&self, cases: &[G::Position]) -> Vec<(&'static str, u64)> {
        let largest = cases.iter().flat_map(|p| p.counts()).max().unwrap_or(0);
        let mut out = vec![("cases", cases.len() as u64), ("count", largest)];
        if G::Position::ARITY.is_none() {
            let most = cases.iter().map(|p| p.counts().len() as u64).max().unwrap_or(0);
            out.push(("n", most));
        }
        out
    }

    fn generate(&self, rng: &mut ChaCha8Rng, bounds: &Bounds) -> Vec<G::Position> {
        let cap = bounds.max_or("count", self.game().max_count());
        let most = bounds.max_or("n", self.game().max_len() as u64);
        let mut cases = Vec::new();
        for _ in 0..bounds.draw_cases(rng) {
            // A domain that rejects most counts may take a few draws; give up on a case
            // after 100 rather than loop.
            for _ in 0..100 {
                let len = match G::Position::ARITY {
                    Some(k) => k,
                    None => rng.random_range(0..=most) as usize,
                };
                let counts: Vec<u64> = (0..len).map(|_| Self::count(rng, cap)).collect();
                if let Some(p) =
                    G::Position::from_counts(&counts).filter(|p| self.game().check_position(p).is_ok())
                {
                    cases.push(p);
                    break;
                }
            }
        }
        cases
    }
}
