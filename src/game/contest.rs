//! Any [`Game`]'s contest input and output, through its [`Format`]
//! ([`Game::format`]; by default a line `T`, then T lines, each one position's counts,
//! and one answer per line, `First`, `Second` or `Draw`, or the Grundy value).

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::format::{Cases, Field, Format, Output};
use super::problem::GameProblem;
use super::{Answer, Game, Move, Outcome, Position, Question};
use crate::input::InputError;
use crate::problem::{Bounds, Constraints, ContestFormat, Dimension, SolveError};
use crate::tokens::Tokens;

/// Returns a count near a boundary of `lo..=hi`: tiny, the top and its neighbours, or
/// uniform.
fn count(rng: &mut ChaCha8Rng, lo: u64, hi: u64) -> u64 {
    let span = hi - lo;
    lo + match rng.random_range(0..6) {
        0..=1 => rng.random_range(0..=span.min(5)),
        2 => span - rng.random_range(0..=span.min(2)),
        _ => rng.random_range(0..=span),
    }
}

/// Returns the next number of the line, named `name`, in `range`.
fn read_in(
    tokens: &mut Tokens<'_>,
    name: &str,
    range: &std::ops::RangeInclusive<u64>,
) -> Result<u64, InputError> {
    let line = tokens.line();
    let v = tokens.u64_on_line_at_most(name, *range.end(), &format!("{name} is at most {}", range.end()))?;
    if v < *range.start() {
        return Err(InputError::OutOfRange {
            line,
            token: v.to_string(),
            why: format!("{name} is at least {}", range.start()),
        });
    }
    Ok(v)
}

/// Returns the numbers of `lines` read from `tokens`, the lengths left out, each line
/// ended.
fn read_lines(tokens: &mut Tokens<'_>, lines: &[Vec<Field>]) -> Result<Vec<u64>, InputError> {
    let mut values = Vec::new();
    let mut len = 0;
    for line in lines {
        for field in line {
            match field {
                Field::Number { name, range } => values.push(read_in(tokens, name, range)?),
                Field::Len { name, range } => len = read_in(tokens, name, range)?,
                Field::List { name, range } => {
                    for _ in 0..len {
                        values.push(read_in(tokens, name, range)?);
                    }
                }
            }
        }
        tokens.end_line(line.last().map_or("an empty line", Field::name))?;
    }
    Ok(values)
}

impl<G: Game> GameProblem<G> {
    fn format(&self) -> &Format<G> {
        self.contest_format()
    }

    /// Returns the answer the problem prints: the format's, or the Grundy value when the
    /// question asks for it.
    fn output(&self) -> Output {
        match self.question() {
            Question { grundy: true, .. } => Output::Grundy,
            _ => self.format().output.clone(),
        }
    }

    /// Returns the position a case of these counts is, checked against the game's
    /// domain; `line` is where the case began.
    fn position(&self, counts: &[u64], line: usize) -> Result<G::Position, InputError> {
        let position = G::Position::from_counts(counts).ok_or_else(|| InputError::OutOfRange {
            line,
            token: format!("{counts:?}"),
            why: "these counts make no position".into(),
        })?;
        let max = self.game().max_count();
        if let Some(v) = counts.iter().find(|&&v| v > max) {
            return Err(InputError::OutOfRange {
                line,
                token: v.to_string(),
                why: format!("a count is at most {max}"),
            });
        }
        self.game()
            .check_position(&position)
            .map_err(|why| InputError::OutOfRange {
                line,
                token: self.game().describe(&position),
                why,
            })?;
        Ok(position)
    }

    /// Reads the header and checks that it is this game's.
    fn read_header(&self, tokens: &mut Tokens<'_>) -> Result<(), InputError> {
        let Some(header) = &self.format().header else {
            return Ok(());
        };
        let line = tokens.line();
        let values = read_lines(tokens, &header.lines)?;
        if values != header.values {
            return Err(InputError::OutOfRange {
                line,
                token: format!("{values:?}"),
                why: format!(
                    "this input's header is another game than `{}`'s; give the flags that build it",
                    self.args()
                ),
            });
        }
        Ok(())
    }

    /// Reads the line of T, in its range (1 when the format has one case).
    pub(crate) fn read_t(&self, tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
        let Cases::Many(range) = &self.format().cases else {
            return Ok(1);
        };
        let line = tokens.line();
        let name = "the number of cases T";
        let t = tokens.u64_anywhere_at_most(name, *range.end(), &format!("T is at most {}", range.end()))?;
        if t < *range.start() {
            return Err(InputError::OutOfRange {
                line,
                token: t.to_string(),
                why: format!("T is at least {}", range.start()),
            });
        }
        tokens.end_line(name)?;
        Ok(t)
    }

    /// Reads one case of a format without sums: its lines, then its position.
    pub(crate) fn read_one_case(&self, tokens: &mut Tokens<'_>) -> Result<G::Position, InputError> {
        let line = tokens.line();
        let counts = read_lines(tokens, &self.format().lines)?;
        self.position(&counts, line)
    }

    /// Reads T (when the format has it), then the cases, then the end of the input.
    fn read_body(&self, tokens: &mut Tokens<'_>) -> Result<Vec<G::Position>, InputError> {
        let format = self.format();
        let t = self.read_t(tokens)?;
        let mut sums = vec![0u128; format.sums.len()];
        let mut cases = Vec::new();
        for _ in 0..t {
            let line = tokens.line();
            let counts = read_lines(tokens, &format.lines)?;
            for ((name, limit), sum) in format.sums.iter().zip(&mut sums) {
                *sum += self.field_total(name, &counts);
                if *sum > u128::from(*limit) {
                    return Err(InputError::OutOfRange {
                        line,
                        token: sum.to_string(),
                        why: format!("the sum of {name} over the cases is at most {limit}"),
                    });
                }
            }
            cases.push(self.position(&counts, line)?);
        }
        tokens.end_of_input(&match format.cases {
            Cases::Single => "the case".to_owned(),
            Cases::Many(_) => format!("the last of the {t} cases"),
        })?;
        Ok(cases)
    }

    /// Returns the sum of field `name` in a case of these counts: the value of a number,
    /// the length of the list, or the sum of its numbers.
    fn field_total(&self, name: &str, counts: &[u64]) -> u128 {
        let format = self.format();
        if format.count_ranges(counts.len()).is_none() {
            return 0;
        }
        let fixed = format
            .lines
            .iter()
            .flatten()
            .filter(|f| matches!(f, Field::Number { .. }))
            .count();
        let mut total = 0u128;
        let mut i = 0;
        for f in format.lines.iter().flatten() {
            match f {
                Field::Number { name: n, .. } => {
                    if *n == name {
                        total += u128::from(counts[i]);
                    }
                    i += 1;
                }
                Field::Len { name: n, .. } if *n == name => total += (counts.len() - fixed) as u128,
                Field::Len { .. } => {}
                Field::List { name: n, .. } => {
                    let len = counts.len() - fixed;
                    if *n == name {
                        total += counts[i..i + len].iter().map(|&v| u128::from(v)).sum::<u128>();
                    }
                    i += len;
                }
            }
        }
        total
    }

    /// Returns the position `i` of a range answer.
    fn range_position(&self, i: u64) -> Result<G::Position, String> {
        G::Position::from_counts(&[i]).ok_or_else(|| "a range answer needs a one-count position".to_owned())
    }

    /// Returns the fast path's outcome at `p` under the question's play.
    fn outcome_here(&self, p: &G::Position) -> Result<Outcome, String> {
        self.fast_outcome(p, self.question().play)
    }

    /// Returns the move `m` from `p` as a position, or why it names no position.
    fn after(&self, p: &G::Position, m: Move) -> Result<G::Position, String> {
        let mut c = p.counts();
        let len = c.len();
        let slot = usize::try_from(m.index)
            .ok()
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| c.get_mut(i))
            .ok_or_else(|| format!("`{m}` names count {} of {len}", m.index))?;
        *slot = m.value;
        G::Position::from_counts(&c).ok_or_else(|| format!("`{m}` makes no position"))
    }

    /// Returns the move to `q` as the format prints it: the one count it changes.
    fn printed(&self, p: &G::Position, q: &G::Position) -> Result<Move, String> {
        let (a, b) = (p.counts(), q.counts());
        let changed: Vec<usize> = (0..a.len().min(b.len())).filter(|&i| a[i] != b[i]).collect();
        match changed[..] {
            [i] if a.len() == b.len() => Ok(Move {
                index: i as u64 + 1,
                value: b[i],
            }),
            _ => Err(format!(
                "the move to {} changes other than one count, which `i y` cannot print",
                self.game().describe(q)
            )),
        }
    }

    /// Checks a printed move at `p`: `None` exactly at lost positions, else a legal move
    /// to a position lost for the player to move then.
    fn check_move(
        &self,
        p: &G::Position,
        want: &Answer,
        got: Option<Move>,
        lost: &str,
    ) -> Result<(), String> {
        let here = self.outcome_here(p)?;
        let example = match want {
            Answer::Move(Some(m)) => format!(" such as `{m}`"),
            _ => String::new(),
        };
        match got {
            None if here == Outcome::Loss => Ok(()),
            None => Err(format!("expected a winning move{example}, found `{lost}`")),
            Some(m) if here == Outcome::Loss => {
                Err(format!("expected `{lost}` (every move loses), found `{m}`"))
            }
            Some(m) => {
                let q = self.after(p, m)?;
                if !self.game().is_move(p, &q) {
                    return Err(format!(
                        "`{m}` is not a legal move (expected a winning move{example})"
                    ));
                }
                match self.outcome_here(&q)? {
                    Outcome::Loss => Ok(()),
                    after => Err(format!(
                        "`{m}` is legal but leaves a position {} for the player to move (expected a winning move{example})",
                        match after {
                            Outcome::Win => "won",
                            _ => "drawn",
                        }
                    )),
                }
            }
        }
    }
}

impl<G: Game> ContestFormat for GameProblem<G> {
    fn constraints(&self) -> Result<Constraints, String> {
        let format = self.format();
        format
            .check::<G::Position>()
            .map_err(|why| format!("the format of {}: {why}", G::NAME))?;
        let mut dimensions = Vec::new();
        if let Cases::Many(t) = &format.cases {
            let (contest, extended) = format.generated_t.unwrap_or((*t.end(), *t.end()));
            dimensions.push(Dimension {
                contest,
                extended,
                min: *t.start(),
                ..Dimension::cases_per_input(*t.end())
            });
        }
        let counts: Vec<&Field> = format
            .lines
            .iter()
            .flatten()
            .filter(|f| !matches!(f, Field::Len { .. }))
            .collect();
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
                    .map(|i| self.outcome_here(&self.range_position(i)?))
                    .collect::<Result<_, _>>()
                    .map(Answer::Outcomes)
            }
            Output::Move { .. } => match self.fast_move(p)? {
                Some(q) => self.printed(p, &q).map(|m| Answer::Move(Some(m))),
                None => Ok(Answer::Move(None)),
            },
        }
    }

    fn accept(&self, p: &G::Position, want: &Answer, got: &Answer) -> Result<(), String> {
        match (self.output(), want, got) {
            (Output::Move { lost }, _, Answer::Move(m)) => self.check_move(p, want, *m, lost),
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
            out.push(("cases", cases.len() as u64));
        }
        out.push(("count", cases.iter().flat_map(|p| p.counts()).max().unwrap_or(0)));
        if format.len_field().is_some() {
            let fixed = format
                .lines
                .iter()
                .flatten()
                .filter(|f| matches!(f, Field::Number { .. }))
                .count();
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
        let mut left: Vec<u64> = format.sums.iter().map(|&(_, limit)| limit).collect();
        let mut cases = Vec::new();
        'cases: for _ in 0..t {
            // A domain that rejects most counts may take a few draws; give up on a case
            // after 100 rather than loop.
            for _ in 0..100 {
                let mut budget = left.clone();
                let mut draw = |name: &str, range: &std::ops::RangeInclusive<u64>, cap: u64| -> Option<u64> {
                    let mut hi = (*range.end()).min(cap.max(*range.start()));
                    for ((sum, _), b) in format.sums.iter().zip(&budget) {
                        if *sum == name {
                            hi = hi.min(*b);
                        }
                    }
                    let v = (hi >= *range.start()).then(|| count(rng, *range.start(), hi))?;
                    for ((sum, _), b) in format.sums.iter().zip(&mut budget) {
                        if *sum == name {
                            *b -= v;
                        }
                    }
                    Some(v)
                };
                let mut counts = Vec::new();
                let mut len = 0;
                let mut drawn = true;
                for f in format.lines.iter().flatten() {
                    match f {
                        Field::Number { name, range } => match draw(name, range, cap) {
                            Some(v) => counts.push(v),
                            None => drawn = false,
                        },
                        Field::Len { name, range } => match draw(name, range, most) {
                            Some(v) => len = v,
                            None => drawn = false,
                        },
                        Field::List { name, range } => {
                            for _ in 0..len {
                                match draw(name, range, cap) {
                                    Some(v) => counts.push(v),
                                    None => drawn = false,
                                }
                            }
                        }
                    }
                }
                if !drawn {
                    // The sums are spent: the input ends here.
                    break 'cases;
                }
                if let Some(p) = G::Position::from_counts(&counts).filter(|p| self.valid(p)) {
                    cases.push(p);
                    left = budget;
                    break;
                }
            }
        }
        cases
    }

    fn solve_stream(
        &self,
        input: &mut dyn std::io::Read,
        output: &mut dyn std::io::Write,
        explain: bool,
    ) -> Result<(), SolveError> {
        if self.one_case_per_line() {
            return crate::problem::solve_lines(self, input, output, explain);
        }
        let Some(header) = &self.format().header else {
            return crate::problem::solve_cases(self, input, output, explain);
        };
        // The header builds the game that answers the cases.
        self.constraints().map_err(SolveError::Problem)?;
        let mut tokens = Tokens::new(std::io::BufReader::with_capacity(1 << 16, input));
        let line = tokens.line();
        let values = read_lines(&mut tokens, &header.lines);
        if let Some(e) = tokens.take_io_error() {
            return Err(SolveError::Read(e));
        }
        let values = values?;
        let game = (header.build)(&values).map_err(|why| InputError::OutOfRange {
            line,
            token: format!("{values:?}"),
            why,
        })?;
        let problem = self
            .rebuilt(game)
            .map_err(|e| SolveError::Problem(e.to_string()))?;
        let cases = problem.read_body(&mut tokens);
        if let Some(e) = tokens.take_io_error() {
            return Err(SolveError::Read(e));
        }
        let mut out = std::io::BufWriter::new(output);
        for case in &cases? {
            let mut line = problem.write_answer(&problem.answer(case).map_err(SolveError::Answer)?);
            if explain {
                line.push_str("  ");
                line.push_str(&crate::problem::Problem::describe(&problem, case));
            }
            line.push('\n');
            std::io::Write::write_all(&mut out, line.as_bytes()).map_err(SolveError::Write)?;
        }
        std::io::Write::flush(&mut out).map_err(SolveError::Write)
    }
}
