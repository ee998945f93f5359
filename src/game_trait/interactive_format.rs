//! The interactive format of a game, described as data: what the judge writes first, the
//! program's choice of side, the move notation, how a game ends, and the limits.

use std::time::Duration;

use super::{Format, Game, Position};

/// How a move is written, in each direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `i y`: count i (1-based) becomes y; one count changes per move.
    Change,
    /// The whole position after the move: its counts on one line.
    Position,
}

/// The interactive format of a [`Game`]: built by [`Interactive::new`] over the ordinary
/// [`Format`] (its T range, header and a game's lines say what the judge writes first),
/// then its sides, notation, end tokens and limits.
///
/// The judge writes the header (if any), then `T`; then for each game the start
/// position's lines. With sides, the program answers with the first or the second token
/// and that player moves first; without, the program moves first. After each move of
/// the program the judge writes `won` when the program has just ended the game (the
/// judge cannot move), `lost` when the move was illegal, else its own move; when its own
/// move would end the game (the judge wins), or the program chose the losing side, it
/// writes `lost` instead. After `lost` the judge stops and the program must exit. When
/// the program chose the second side at a start with no move, the judge writes `won` at
/// once.
///
/// # Example
/// ```
/// use gamecheck::game::{Field, Format, Game};
/// use gamecheck::interactive::{Interactive, Notation};
/// #[derive(Default)]
/// struct Take12;
/// impl Game for Take12 {
///     type Position = u64;
///     const NAME: &'static str = "take12";
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend([1, 2].into_iter().filter_map(|m| n.checked_sub(m)));
///     }
/// }
/// let format = Interactive::new(Format::cases(1..=10).line([Field::number("n", 0..=100)]))
///     .notation(Notation::Position)
///     .ends("0", "-1");
/// assert_eq!(format.start_text(&Take12, &[5, 7]), "2\n");
/// assert_eq!(format.game_text(&7), "7\n");
/// assert_eq!(format.move_text(&7, &5), Some("5".to_owned()));
/// ```
pub struct Interactive<G> {
    pub(crate) format: Format<G>,
    pub(crate) sides: Option<[&'static str; 2]>,
    pub(crate) notation: Notation,
    pub(crate) won: &'static str,
    pub(crate) lost: &'static str,
    pub(crate) max_moves: u64,
    pub(crate) move_time: Duration,
}

impl<G: Game> Interactive<G> {
    /// Returns the interactive format whose start positions are written as `format`
    /// writes a case (after its header and `T`), with sides `First` / `Second`, the
    /// notation `i y`, end tokens `0 0` (won) and `-1 -1` (illegal or lost), at most
    /// 100,000 moves a game and 1 s of CPU time a move.
    pub fn new(format: Format<G>) -> Interactive<G> {
        Interactive {
            format,
            sides: Some(["First", "Second"]),
            notation: Notation::Change,
            won: "0 0",
            lost: "-1 -1",
            max_moves: 100_000,
            move_time: Duration::from_secs(1),
        }
    }

    /// Returns the format in which the program chooses its side with `first` or
    /// `second`.
    pub fn sides(mut self, first: &'static str, second: &'static str) -> Interactive<G> {
        self.sides = Some([first, second]);
        self
    }

    /// Returns the format without a choice of side: the program always moves first.
    pub fn program_first(mut self) -> Interactive<G> {
        self.sides = None;
        self
    }

    /// Returns the format with moves written in `notation`.
    pub fn notation(mut self, notation: Notation) -> Interactive<G> {
        self.notation = notation;
        self
    }

    /// Returns the format whose judge writes `won` when the program ended a game and
    /// `lost` after an illegal move or a lost game.
    pub fn ends(mut self, won: &'static str, lost: &'static str) -> Interactive<G> {
        self.won = won;
        self.lost = lost;
        self
    }

    /// Returns the format whose games last at most `moves` moves (both players'). A game
    /// that reaches it unfinished is a wrong answer where the oracle ranks the start (a
    /// winner who hastens finishes within the start's remoteness); beyond the oracle's
    /// reach it is adjudicated: the program wins it if it kept its win (or draw) by the
    /// game's fast path, and the judge writes `won`.
    pub fn max_moves(mut self, moves: u64) -> Interactive<G> {
        self.max_moves = moves;
        self
    }

    /// Returns the format whose program may spend `time` of CPU time on a move.
    pub fn move_time(mut self, time: Duration) -> Interactive<G> {
        self.move_time = time;
        self
    }

    /// Returns the ordinary format the start positions are written in.
    pub fn format(&self) -> &Format<G> {
        &self.format
    }

    /// Returns why this interactive format is a mistake for `game`, naming the game and
    /// the part: its start format's mistake ([`Format`]'s), a side or end token that is
    /// empty, holds a line break, or equals the other (the program, or the judge's
    /// reader, could not tell them apart), or no time for a move.
    ///
    /// # Errors
    /// The first mistake found.
    pub(crate) fn mistake(&self, game: &G) -> Result<(), String> {
        self.format.mistake(game)?;
        let named = |why: String| format!("the interactive format of {}: {why}", G::NAME);
        let token = |what: &str, t: &str| -> Result<(), String> {
            if t.trim().is_empty() || t.contains(['\n', '\r']) || t.trim() != t {
                return Err(named(format!(
                    "the {what} token {t:?} is empty, spans lines or has spaces around it"
                )));
            }
            Ok(())
        };
        // The judge reads a side as one word, as a contest's checker does.
        let side = |what: &str, t: &str| -> Result<(), String> {
            token(what, t)?;
            if t.contains(char::is_whitespace) {
                return Err(named(format!("the {what} {t:?} is more than one word")));
            }
            Ok(())
        };
        if let Some([first, second]) = self.sides {
            side("first side", first)?;
            side("second side", second)?;
            if first == second {
                return Err(named(format!("both sides are written {first:?}")));
            }
        }
        token("won", self.won)?;
        token("lost", self.lost)?;
        if self.won == self.lost {
            return Err(named(format!(
                "a won and a lost game both end with {:?}",
                self.won
            )));
        }
        if self.max_moves == 0 {
            return Err(named("a game may last 0 moves (max_moves)".to_owned()));
        }
        if self.move_time.is_zero() {
            return Err(named("a move's time is 0".to_owned()));
        }
        Ok(())
    }

    /// Returns what the judge writes before the first game: the header's lines and `T`
    /// (the number of `starts`), each ending in a newline.
    pub fn start_text(&self, _game: &G, starts: &[G::Position]) -> String {
        let mut out = String::new();
        if let Some(header) = self.format.write_header() {
            out.push_str(&header);
            out.push('\n');
        }
        if self.format.t_range().is_some() {
            out.push_str(&format!("{}\n", starts.len()));
        }
        out
    }

    /// Returns the lines that start a game at `start`, ending in a newline.
    pub fn game_text(&self, start: &G::Position) -> String {
        self.format.write_case(&start.counts()) + "\n"
    }

    /// Returns the move from `from` to `to` in the format's notation (no newline), or
    /// `None` when `i y` cannot write it (more than one count changed).
    pub fn move_text(&self, from: &G::Position, to: &G::Position) -> Option<String> {
        let (a, b) = (from.counts(), to.counts());
        match self.notation {
            Notation::Position => Some(b.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")),
            Notation::Change => {
                if a.len() != b.len() {
                    return None;
                }
                let changed: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
                match changed[..] {
                    [i] => Some(format!("{} {}", i + 1, b[i])),
                    _ => None,
                }
            }
        }
    }

    /// Returns the position a program's line `text` moves to from `from`.
    ///
    /// # Errors
    /// [`Parse::Malformed`] when the line is not the notation's numbers,
    /// [`Parse::NoPosition`] when its numbers name no position (count 0 or past the
    /// last).
    pub fn read_move(&self, from: &G::Position, text: &str) -> Result<G::Position, Parse> {
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        // Digits only, without a sign or a leading zero, as `solve` reads a count.
        let number = |w: &str| {
            let canonical = w.bytes().all(|b| b.is_ascii_digit()) && (w == "0" || !w.starts_with('0'));
            canonical
                .then(|| w.parse::<u64>().ok())
                .flatten()
                .ok_or_else(|| Parse::Malformed(format!("`{w}` is not a count")))
        };
        let mut counts = from.counts();
        match self.notation {
            Notation::Change => {
                let [i, y] = words[..] else {
                    return Err(Parse::Malformed(format!(
                        "a move is two numbers `i y`, this line has {} words",
                        words.len()
                    )));
                };
                let (i, y) = (number(i)?, number(y)?);
                let slot = usize::try_from(i)
                    .ok()
                    .and_then(|i| i.checked_sub(1))
                    .filter(|&i| i < counts.len())
                    .ok_or_else(|| {
                        Parse::NoPosition(format!("there is no count {i} (1..={})", counts.len()))
                    })?;
                counts[slot] = y;
            }
            Notation::Position => {
                if words.len() != counts.len() {
                    return Err(Parse::Malformed(format!(
                        "a move is the {} counts of the position, this line has {} words",
                        counts.len(),
                        words.len()
                    )));
                }
                counts = words.into_iter().map(number).collect::<Result<_, _>>()?;
            }
        }
        G::Position::from_counts(&counts)
            .ok_or_else(|| Parse::NoPosition("the counts make no position".into()))
    }
}

/// Why a program's line is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parse {
    /// Not the notation's tokens: a presentation error.
    Malformed(String),
    /// Numbers that name no position: an illegal move.
    NoPosition(String),
}
