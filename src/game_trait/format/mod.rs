//! A contest's input and output for a [`Game`], described as data: single case or `T`
//! cases, the fields of a case line by line (fixed numbers, a length then that many
//! numbers), a header that builds the game, limits on sums, and the answer with its
//! checker. [`Game::format`] returns it; `solve`, `stress`, `repro` and the stress judge
//! read, write, generate and judge through it, so every generated or shrunk input is
//! valid.
//!
//! # Example
//! ```
//! use gamecheck::game::{Field, Format, Game, Output};
//! /// Nim: take any number of stones from one pile.
//! struct Nim;
//! impl Game for Nim {
//!     type Position = Vec<u64>;
//!     const NAME: &'static str = "nim";
//!     fn moves(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
//!         for (i, &x) in piles.iter().enumerate() {
//!             out.extend((0..x).map(|y| { let mut q = piles.clone(); q[i] = y; q }));
//!         }
//!     }
//!     fn format(&self) -> Format<Nim> {
//!         Format::cases(1..=1000)
//!             .line([Field::len("n", 1..=100)])
//!             .line([Field::list("x_i", 0..=10u64.pow(18))])
//!             .sum("n", 10_000)
//!             .answer(Output::Move { lost: "lose" })
//!     }
//! }
//! assert_eq!(Nim.format().write(&[vec![1, 2]], |c| c.clone()), "1\n2\n1 2\n");
//! ```

pub(crate) mod draw;
pub(crate) mod read;

use std::ops::RangeInclusive;

use super::{Game, Play, Position};

/// One number of a line of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// One count of the position, in `range`.
    Number {
        name: &'static str,
        range: RangeInclusive<u64>,
    },
    /// How many numbers the list holds, in `range`.
    Len {
        name: &'static str,
        range: RangeInclusive<u64>,
    },
    /// The list: as many counts of the position as the [`Field::Len`] says, each in
    /// `range`, on one line.
    List {
        name: &'static str,
        range: RangeInclusive<u64>,
    },
    /// The list written one value per line (`N`, then `a_1`, …, `a_N` on lines of their
    /// own): as [`Field::List`] otherwise. It is the last field of its line, and takes
    /// that line's place.
    Column {
        name: &'static str,
        range: RangeInclusive<u64>,
    },
    /// The number of cases T, in the range [`Format::cases`] gives, inside a line of
    /// [`Format::common`] (`K L m`) instead of on its own line.
    Cases { name: &'static str },
    /// A grid: a line `r c`, then r lines of c characters from an alphabet
    /// ([`Field::grid`]). Its counts are r, c, then each cell's index in the alphabet,
    /// row by row. It is alone on its line and takes the list's place: a position has a
    /// grid or a list, not both.
    Grid(GridField),
}

/// The shape of a [`Field::Grid`]: its alphabet, the range of each side and of the
/// number of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridField {
    name: &'static str,
    alphabet: &'static str,
    sides: RangeInclusive<u64>,
    cells: RangeInclusive<u64>,
    /// The indices of the alphabet's characters, the cells' counts.
    codes: RangeInclusive<u64>,
}

impl GridField {
    /// Returns the grid [`Field::grid`] describes.
    pub(crate) fn new(
        name: &'static str,
        alphabet: &'static str,
        sides: RangeInclusive<u64>,
        cells: RangeInclusive<u64>,
    ) -> GridField {
        let codes = 0..=(alphabet.len() as u64).saturating_sub(1);
        GridField {
            name,
            alphabet,
            sides,
            cells,
            codes,
        }
    }

    /// Returns the characters a cell may hold; a cell's count is its index here.
    pub fn alphabet(&self) -> &'static str {
        self.alphabet
    }

    /// Returns the range of the number of rows r, and of columns c.
    pub fn sides(&self) -> &RangeInclusive<u64> {
        &self.sides
    }

    /// Returns the range of the number of cells r × c.
    pub fn cells(&self) -> &RangeInclusive<u64> {
        &self.cells
    }

    /// Returns the character of a cell's count, if the alphabet has one.
    pub(crate) fn char_of(&self, code: u64) -> Option<u8> {
        usize::try_from(code)
            .ok()
            .and_then(|i| self.alphabet.as_bytes().get(i).copied())
    }

    /// Returns the count of a cell's character, if it is in the alphabet.
    pub(crate) fn code_of(&self, c: u8) -> Option<u64> {
        self.alphabet.bytes().position(|a| a == c).map(|i| i as u64)
    }

    /// Returns the alphabet as the messages show it: `` `.`, `#` ``.
    pub(crate) fn shown_alphabet(&self) -> String {
        self.alphabet
            .chars()
            .map(|c| format!("`{c}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Returns why the grid cannot be read or written, if it cannot: an alphabet empty,
    /// not ASCII, with a space or a character twice, or a side or the cells' range empty.
    fn mistake(&self) -> Option<String> {
        let name = self.name;
        let a = self.alphabet.as_bytes();
        if a.is_empty() || !self.alphabet.is_ascii() || a.iter().any(|&b| b.is_ascii_whitespace()) {
            return Some(format!(
                "the grid `{name}` has an alphabet of printable ASCII characters, at least one"
            ));
        }
        if (1..a.len()).any(|i| a[..i].contains(&a[i])) {
            return Some(format!("the alphabet of grid `{name}` has a character twice"));
        }
        if self.sides.is_empty() || *self.sides.start() == 0 {
            return Some(format!("the sides of grid `{name}` range over at least 1"));
        }
        if self.cells.is_empty() || *self.cells.end() < self.sides.start().saturating_mul(*self.sides.start())
        {
            return Some(format!("no grid `{name}` has a number of cells in its range"));
        }
        None
    }

    /// Returns the counts' rows as text, or `None` when the counts are not `r c` and
    /// r × c cells of the alphabet.
    pub(crate) fn rows_of(&self, counts: &[u64]) -> Option<Vec<String>> {
        let (&r, rest) = counts.split_first()?;
        let (&c, cells) = rest.split_first()?;
        if r.checked_mul(c)? != cells.len() as u64 || c == 0 {
            return None;
        }
        cells
            .chunks(c as usize)
            .map(|row| row.iter().map(|&v| self.char_of(v).map(char::from)).collect())
            .collect()
    }

    /// Returns `r c` and the rows of `counts`, joined by newlines; cells outside the
    /// alphabet as `?`.
    pub(crate) fn write(&self, counts: &[u64]) -> String {
        let (r, c) = (
            counts.first().copied().unwrap_or(0),
            counts.get(1).copied().unwrap_or(0),
        );
        let mut text = format!("{r} {c}");
        if c > 0 {
            for row in counts.get(2..).unwrap_or_default().chunks(c as usize) {
                text.push('\n');
                text.extend(row.iter().map(|&v| self.char_of(v).map_or('?', char::from)));
            }
        }
        text
    }
}

impl Field {
    /// Returns a count of the position in `range`.
    pub fn number(name: &'static str, range: RangeInclusive<u64>) -> Field {
        Field::Number { name, range }
    }

    /// Returns the length of the list, in `range`.
    pub fn len(name: &'static str, range: RangeInclusive<u64>) -> Field {
        Field::Len { name, range }
    }

    /// Returns the list, its numbers each in `range`, on one line.
    pub fn list(name: &'static str, range: RangeInclusive<u64>) -> Field {
        Field::List { name, range }
    }

    /// Returns the list written one number per line, each in `range`.
    pub fn column(name: &'static str, range: RangeInclusive<u64>) -> Field {
        Field::Column { name, range }
    }

    /// Returns the number of cases T, written where this field stands.
    pub fn cases(name: &'static str) -> Field {
        Field::Cases { name }
    }

    /// Returns a grid: a line `r c`, then r lines of c characters of `alphabet`, each
    /// side in `sides` and r × c in `cells`. A position's counts are r, c and each cell's
    /// index in the alphabet, row by row.
    ///
    /// # Example
    /// ```
    /// use gamecheck::game::{Field, Format, Game};
    /// /// Cram on a board of `.` (empty) and `#` (filled): a move fills two adjacent
    /// /// empty cells. A position is `r, c`, then each cell (0 empty, 1 filled).
    /// struct Cram;
    /// impl Game for Cram {
    ///     type Position = Vec<u64>;
    ///     const NAME: &'static str = "cram";
    ///     fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
    ///         let c = p[1] as usize;
    ///         for i in 2..p.len() {
    ///             for j in [i + 1, i + c] {
    ///                 let beside = j != i + 1 || (i - 2) % c + 1 < c;
    ///                 if beside && j < p.len() && p[i] == 0 && p[j] == 0 {
    ///                     let mut q = p.clone();
    ///                     (q[i], q[j]) = (1, 1);
    ///                     out.push(q);
    ///                 }
    ///             }
    ///         }
    ///     }
    ///     fn format(&self) -> Format<Cram> {
    ///         Format::cases(1..=100).line([Field::grid("board", ".#", 1..=8, 1..=16)])
    ///     }
    /// }
    /// assert_eq!(Cram.format().write(&[vec![2, 3, 0, 0, 1, 1, 0, 0]], |p| p.clone()), "1\n2 3\n..#\n#..\n");
    /// ```
    pub fn grid(
        name: &'static str,
        alphabet: &'static str,
        sides: RangeInclusive<u64>,
        cells: RangeInclusive<u64>,
    ) -> Field {
        Field::Grid(GridField::new(name, alphabet, sides, cells))
    }

    /// Returns the field's name.
    pub fn name(&self) -> &'static str {
        match self {
            Field::Number { name, .. }
            | Field::Len { name, .. }
            | Field::List { name, .. }
            | Field::Column { name, .. }
            | Field::Cases { name }
            | Field::Grid(GridField { name, .. }) => name,
        }
    }

    /// Returns the field's range (T's is the format's, not the field's: `0..=u64::MAX`;
    /// a grid's, its sides').
    pub fn range(&self) -> &RangeInclusive<u64> {
        const ANY: RangeInclusive<u64> = 0..=u64::MAX;
        match self {
            Field::Number { range, .. }
            | Field::Len { range, .. }
            | Field::List { range, .. }
            | Field::Column { range, .. } => range,
            Field::Grid(g) => &g.sides,
            Field::Cases { .. } => &ANY,
        }
    }

    /// Returns the grid, if the field is one.
    pub(crate) fn as_grid(&self) -> Option<&GridField> {
        match self {
            Field::Grid(g) => Some(g),
            _ => None,
        }
    }

    /// Returns whether the field holds a variable number of counts: the list or a grid.
    pub(crate) fn is_variable(&self) -> bool {
        self.is_list() || self.as_grid().is_some()
    }

    /// Returns whether the field is the list (on a line or a column).
    pub(crate) fn is_list(&self) -> bool {
        matches!(self, Field::List { .. } | Field::Column { .. })
    }

    /// Returns whether the field is one count of the position (not a length, not T).
    pub(crate) fn is_number(&self) -> bool {
        matches!(self, Field::Number { .. })
    }

    /// Returns whether the field holds counts of the position.
    pub(crate) fn is_count(&self) -> bool {
        self.is_number() || self.is_variable()
    }
}

/// How many cases an input holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cases {
    /// One case, no count before it.
    Single,
    /// A line `T`, T in the range, then T cases.
    Many(RangeInclusive<u64>),
}

/// What a solution prints for a case, and how it is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Who wins: `win` when the player to move wins, `loss` when they lose, `draw` for a
    /// draw (loopy games). A name may be several words (`Stan wins`); the line's words
    /// are read as one answer.
    Winner {
        win: &'static str,
        loss: &'static str,
        draw: Option<&'static str>,
    },
    /// The Grundy value (normal play).
    Grundy,
    /// The number of winning moves: the distinct positions one move reaches that are
    /// lost for the player to move then.
    WinningMoves,
    /// One token over the positions `from..=n` of a one-count game, the case being n:
    /// `win` or `loss` per position (`WLWWL`).
    Range { from: u64, win: char, loss: char },
    /// A winning move `i y` (count i, 1-based, becomes y), or `lost` where the player
    /// to move loses. Any winning move is right: the checker confirms that it is legal
    /// ([`Game::is_move`]) and leads to a lost position, and that `lost` is printed
    /// exactly at lost positions.
    Move { lost: &'static str },
    /// Who wins on one line (`win` / `loss`), then, where the player to move wins, a
    /// second line: the position a winning move leads to, written as a case is (the new
    /// count, for one count), or `none` where they win without a move (misère play, no
    /// move left). Any winning move is right, checked as for [`Output::Move`].
    WinnerThenMove {
        win: &'static str,
        loss: &'static str,
        none: &'static str,
    },
}

impl Output {
    /// Returns the answer `win` / `loss` (no draw).
    pub fn winner(win: &'static str, loss: &'static str) -> Output {
        Output::Winner {
            win,
            loss,
            draw: None,
        }
    }
}

/// The header: numbers before the cases that build the game (a move set).
pub(crate) struct Header<G> {
    pub(crate) lines: Vec<Vec<Field>>,
    /// This game's numbers, without the lengths.
    pub(crate) values: Vec<u64>,
    pub(crate) build: fn(&[u64]) -> Result<G, String>,
}

/// The contest format of a game: built by [`Format::cases`] or [`Format::single`], then
/// its lines, header, sums and answer.
pub struct Format<G> {
    pub(crate) cases: Cases,
    /// T's contest and extended bounds in stress, when not the range's end.
    pub(crate) generated_t: Option<(u64, u64)>,
    pub(crate) header: Option<Header<G>>,
    /// Lines before the cases whose numbers are counts of every case's position, the
    /// same in all cases of an input (a move set the input states).
    pub(crate) common: Vec<Vec<Field>>,
    pub(crate) lines: Vec<Vec<Field>>,
    /// Every case on one line, one after another.
    pub(crate) inline: bool,
    pub(crate) sums: Vec<(&'static str, u64)>,
    pub(crate) output: Output,
    /// The answers of all cases on one line, joined by this (`""`: one token).
    pub(crate) joined: Option<&'static str>,
    /// The end rule the statement plays by, whatever the flags say.
    pub(crate) play: Option<Play>,
    /// The report labels of the counts and of the list's length, when not the fields'.
    pub(crate) labels: Option<(&'static str, &'static str)>,
    /// The counts' label made from the fields' names, once.
    pub(crate) count_label: std::sync::OnceLock<&'static str>,
    /// Whether `stress` draws half its cases from [`Settings::strategy`](super::Settings::strategy).
    pub(crate) game_draws: bool,
}

impl<G> Format<G> {
    fn new(cases: Cases) -> Format<G> {
        Format {
            cases,
            generated_t: None,
            header: None,
            common: Vec::new(),
            lines: Vec::new(),
            inline: false,
            sums: Vec::new(),
            output: Output::Winner {
                win: "First",
                loss: "Second",
                draw: Some("Draw"),
            },
            joined: None,
            play: None,
            labels: None,
            count_label: std::sync::OnceLock::new(),
            game_draws: false,
        }
    }

    /// Returns the format of a line `T`, T in `t`, then T cases (no lines yet; the
    /// answer `First` / `Second` / `Draw`).
    pub fn cases(t: RangeInclusive<u64>) -> Format<G> {
        Format::new(Cases::Many(t))
    }

    /// Returns the format of an input of one case.
    pub fn single() -> Format<G> {
        Format::new(Cases::Single)
    }

    /// Returns the format with one more line of each case.
    pub fn line(mut self, fields: impl Into<Vec<Field>>) -> Format<G> {
        self.lines.push(fields.into());
        self
    }

    /// Returns the format with one more line before the cases whose numbers are counts
    /// of every case's position, written once and the same in all cases (`K L` of a
    /// game whose moves the input states). A position's counts are these lines' numbers,
    /// then its case's, in the order the input shows them. T may stand in such a line
    /// ([`Field::cases`]), else it has a line of its own after them.
    ///
    /// Unlike [`Format::header`], which builds one game from flags, these numbers are
    /// generated within their ranges for every input `stress` writes, and shrunk.
    pub fn common(mut self, fields: impl Into<Vec<Field>>) -> Format<G> {
        self.common.push(fields.into());
        self
    }

    /// Returns the format with every case on one line (`3 12 113`): a case is then one
    /// line of fields.
    pub fn cases_on_one_line(mut self) -> Format<G> {
        self.inline = true;
        self
    }

    /// Returns the format whose answers are all on one line, joined by `separator`:
    /// `""` makes one token (`ABAAB`), each answer then one character.
    pub fn answers_on_one_line(mut self, separator: &'static str) -> Format<G> {
        self.joined = Some(separator);
        self
    }

    /// Returns the format of a statement played under misère play (the player who
    /// cannot move wins), as part of the game: `solve`, `stress` and `check` ask the
    /// misère question without `--misere`.
    pub fn misere(mut self) -> Format<G> {
        self.play = Some(Play::Misere);
        self
    }

    /// Returns the format with a header before the cases: its `lines`, the numbers that
    /// this game writes there (without the lengths), and how a game is built from the
    /// numbers read (`solve` answers with that game).
    pub fn header(
        mut self,
        lines: Vec<Vec<Field>>,
        values: Vec<u64>,
        build: fn(&[u64]) -> Result<G, String>,
    ) -> Format<G> {
        self.header = Some(Header { lines, values, build });
        self
    }

    /// Returns the format whose `stress` inputs hold up to `contest` cases, or up to
    /// `extended` with `--extended`, when T's range allows more.
    pub fn generated(mut self, contest: u64, extended: u64) -> Format<G> {
        self.generated_t = Some((contest, extended));
        self
    }

    /// Returns the format whose `stress` inputs draw half their cases from the game's
    /// own [`Settings::strategy`](super::Settings::strategy) (within the fields' ranges), the rest uniformly: for a
    /// game whose rule is about positions uniform counts almost never hit (Moore's
    /// P-positions of equal large piles). Ignored with sums or common lines.
    pub fn drawn_by_game(mut self) -> Format<G> {
        self.game_draws = true;
        self
    }

    /// Returns the format with the sum over the cases of field `name` at most `limit`.
    pub fn sum(mut self, name: &'static str, limit: u64) -> Format<G> {
        self.sums.push((name, limit));
        self
    }

    /// Returns the format with `output` as the answer.
    pub fn answer(mut self, output: Output) -> Format<G> {
        self.output = output;
        self
    }

    /// Returns the fields whose numbers make a position, in order: the common lines',
    /// then a case's.
    pub(crate) fn fields(&self) -> impl Iterator<Item = &Field> {
        self.common.iter().chain(&self.lines).flatten()
    }

    /// Returns the fields that are counts of the position, in order.
    fn counts(&self) -> impl Iterator<Item = &Field> {
        self.fields().filter(|f| f.is_count())
    }

    /// Returns how many counts of a position are fixed numbers (not the list's).
    pub(crate) fn fixed(&self) -> usize {
        self.fields().filter(|f| f.is_number()).count()
    }

    /// Returns the list's length field, if a position has one.
    pub(crate) fn len_field(&self) -> Option<&Field> {
        self.fields().find(|f| matches!(f, Field::Len { .. }))
    }

    /// Returns where T is written: inside a common line.
    pub(crate) fn t_inside(&self) -> bool {
        self.common
            .iter()
            .flatten()
            .any(|f| matches!(f, Field::Cases { .. }))
    }

    /// Returns how many of a position's `len` counts the common lines hold.
    pub(crate) fn common_len(&self, len: usize) -> usize {
        let common_fixed = self.common.iter().flatten().filter(|f| f.is_number()).count();
        if self.common.iter().flatten().any(Field::is_list) {
            let case_fixed = self.lines.iter().flatten().filter(|f| f.is_number()).count();
            len.saturating_sub(case_fixed)
        } else {
            common_fixed.min(len)
        }
    }

    /// Returns the range of each count of a position with `len` counts, in order, or
    /// `None` when no position has that many.
    pub(crate) fn count_ranges(&self, len: usize) -> Option<Vec<&RangeInclusive<u64>>> {
        let list = len.checked_sub(self.fixed())?;
        let mut out = Vec::with_capacity(len);
        for f in self.counts() {
            match f {
                f if f.is_list() => out.extend(std::iter::repeat_n(f.range(), list)),
                Field::Grid(g) => {
                    out.extend([&g.sides, &g.sides]);
                    out.extend(std::iter::repeat_n(&g.codes, list.checked_sub(2)?));
                }
                _ => out.push(f.range()),
            }
        }
        let has_list = self.fields().any(Field::is_variable);
        (out.len() == len && (has_list || list == 0)).then_some(out)
    }

    /// Returns whether a position with these counts is one the format admits: each
    /// count in its field's range and the list's length in its own.
    pub(crate) fn admits(&self, counts: &[u64]) -> bool {
        let Some(ranges) = self.count_ranges(counts.len()) else {
            return false;
        };
        let len_ok = match self.len_field() {
            Some(f) => f.range().contains(&((counts.len() - self.fixed()) as u64)),
            None => true,
        };
        len_ok && counts.iter().zip(ranges).all(|(v, r)| r.contains(v)) && self.grid_admits(counts)
    }

    /// Returns the grid of a position, and where its counts start, if the format has one.
    pub(crate) fn grid(&self) -> Option<(&GridField, usize)> {
        let mut at = 0;
        for f in self.counts() {
            match f {
                Field::Grid(g) => return Some((g, at)),
                _ => at += 1,
            }
        }
        None
    }

    /// Returns whether the grid of a position with these counts (if the format has one)
    /// has r × c cells, r × c in its range.
    fn grid_admits(&self, counts: &[u64]) -> bool {
        let Some((g, at)) = self.grid() else {
            return true;
        };
        let (Some(&r), Some(&c)) = (counts.get(at), counts.get(at + 1)) else {
            return false;
        };
        let cells = counts.len() - self.fixed() - 2;
        r.checked_mul(c)
            .is_some_and(|n| n == cells as u64 && g.cells.contains(&n))
    }

    /// Returns why the format cannot describe positions of type `P`, if it cannot: more
    /// than one list, a list without its length (or the reverse), a list for a fixed
    /// number of counts or the wrong number of fixed counts, an empty range, a column
    /// not last on its line, T misplaced, a sum over a field a case does not have, a
    /// joined answer that is not one character per case.
    pub(crate) fn check<P: Position>(&self) -> Result<(), String> {
        let header = self.header.iter().flat_map(|h| h.lines.iter());
        for line in self.fields_lines().chain(header.clone()) {
            if let Some(i) = line.iter().position(|f| matches!(f, Field::Column { .. }))
                && i + 1 != line.len()
            {
                return Err(format!(
                    "the column `{}` is written one number per line, so it ends its line",
                    line[i].name()
                ));
            }
        }
        let lists = self.fields().filter(|f| f.is_list()).count();
        let lens = self.fields().filter(|f| matches!(f, Field::Len { .. })).count();
        if lists > 1 || lens != lists {
            return Err("a position has at most one list, with one length before it".into());
        }
        if let Some(why) = self.grid_mistake(lists, header.clone().flatten()) {
            return Err(why);
        }
        if let Some(f) = self
            .fields()
            .chain(header.clone().flatten())
            .find(|f| !matches!(f, Field::Cases { .. }) && f.range().is_empty())
        {
            return Err(format!("the range of field `{}` is empty", f.name()));
        }
        self.check_cases(header.flatten())?;
        self.check_arity::<P>(lists + self.fields().filter(|f| f.as_grid().is_some()).count())?;
        self.check_case_lines()?;
        if let Cases::Many(t) = &self.cases
            && t.is_empty()
        {
            return Err("the range of T is empty".into());
        }
        self.check_output()
    }

    /// Returns why T (the number of cases) is misplaced, if it is: it stands once, in a
    /// common line, and only when the input has many cases.
    fn check_cases<'a>(&'a self, header: impl Iterator<Item = &'a Field>) -> Result<(), String> {
        let t_fields = self
            .fields()
            .chain(header)
            .filter(|f| matches!(f, Field::Cases { .. }));
        let in_common = self
            .common
            .iter()
            .flatten()
            .filter(|f| matches!(f, Field::Cases { .. }))
            .count();
        match (t_fields.count(), in_common, &self.cases) {
            (0, _, _) => {}
            (1, 1, Cases::Many(_)) => {}
            (_, _, Cases::Single) => return Err("T stands in a line, but the input has one case".into()),
            _ => return Err("T stands once, in a common line".into()),
        }
        Ok(())
    }

    /// Returns why a position of type `P` does not fit the format's counts (`lists`
    /// lists or grids among them), if it does not.
    fn check_arity<P: Position>(&self, lists: usize) -> Result<(), String> {
        let fixed = self.fixed();
        match (P::ARITY, lists) {
            (Some(k), 0) if k == fixed => Ok(()),
            (Some(k), _) => {
                let names: Vec<&str> = self.counts().map(Field::name).collect();
                Err(format!(
                    "a position ({}) has {k} counts, the format's fields {fixed}{} ({})",
                    std::any::type_name::<P>(),
                    if lists > 0 { " and a list" } else { "" },
                    names.join(", ")
                ))
            }
            (None, _) => Ok(()),
        }
    }

    /// Returns why a case's lines are a mistake, if they are: cases on one line with
    /// more than one line of fields or a column, a sum over a field a case lacks.
    fn check_case_lines(&self) -> Result<(), String> {
        if self.inline && self.lines.len() != 1 {
            return Err(format!(
                "the cases are on one line, so a case is one line of fields, not {}",
                self.lines.len()
            ));
        }
        let mut case_fields = self.lines.iter().flatten();
        if self.inline && case_fields.any(|f| matches!(f, Field::Column { .. })) {
            return Err("the cases are on one line, so a case has no column".into());
        }
        for (name, _) in &self.sums {
            if !self
                .lines
                .iter()
                .flatten()
                .any(|f| f.name() == *name && !matches!(f, Field::Cases { .. }))
            {
                let names: Vec<&str> = self.lines.iter().flatten().map(Field::name).collect();
                return Err(format!(
                    "`.sum(\"{name}\", …)` is over a field a case does not have (its fields: {})",
                    names.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// Returns why the answers cannot be written, if they cannot: an answer over a range
    /// of n without n first, or answers joined into one token that are not one character.
    fn check_output(&self) -> Result<(), String> {
        if let Output::Range { .. } = self.output
            && !self.fields().next().is_some_and(Field::is_number)
        {
            return Err("an answer over a range of n needs n, a number, as a position's first count".into());
        }
        if self.joined == Some("") {
            let one_char = |s: &str| s.chars().count() == 1;
            let ok = match &self.output {
                Output::Winner { win, loss, draw } => {
                    one_char(win) && one_char(loss) && draw.is_none_or(one_char)
                }
                _ => false,
            };
            if !ok {
                return Err("answers joined into one token are one character each (`A` / `B`)".into());
            }
        }
        Ok(())
    }

    /// Returns why the format's grid is a mistake, if it is: a grid beside a list or
    /// another grid, not alone on its line, in a common line or the header, in cases on
    /// one line, or a shape that makes no grid.
    fn grid_mistake<'a>(
        &'a self,
        lists: usize,
        mut header: impl Iterator<Item = &'a Field>,
    ) -> Option<String> {
        let grids = self.fields().filter(|f| f.as_grid().is_some()).count();
        if grids == 0 && !header.any(|f| f.as_grid().is_some()) {
            return None;
        }
        if grids != 1 || lists > 0 {
            return Some("a position has at most one grid, and no list beside it".into());
        }
        if self.common.iter().flatten().any(|f| f.as_grid().is_some()) {
            return Some("a grid is a case's, not a common line's".into());
        }
        if self.inline {
            return Some("the cases are on one line, so a case has no grid".into());
        }
        let line = self
            .lines
            .iter()
            .find(|l| l.iter().any(|f| f.as_grid().is_some()))?;
        let grid = line.iter().find_map(Field::as_grid)?;
        if line.len() != 1 {
            return Some(format!(
                "the grid `{}` takes lines of its own (`r c`, then its rows): it is alone on its line",
                grid.name
            ));
        }
        grid.mistake()
    }

    /// Returns the common lines, then a case's.
    fn fields_lines(&self) -> impl Iterator<Item = &Vec<Field>> + Clone {
        self.common.iter().chain(&self.lines)
    }

    /// Returns the input of `cases` (each a position's counts by `counts`): the header,
    /// the common lines (from the first case), `T` when the format has it, then the
    /// cases.
    pub fn write<C>(&self, cases: &[C], counts: impl Fn(&C) -> Vec<u64>) -> String {
        let mut out = String::new();
        if let Some(h) = &self.header {
            out.push_str(&write_lines(&h.lines, &h.values, 0));
            out.push('\n');
        }
        let t = cases.len() as u64;
        if !self.common.is_empty() {
            let first = cases.first().map(&counts).unwrap_or_default();
            let n = self.common_len(first.len());
            out.push_str(&write_lines(&self.common, &first[..n], t));
            out.push('\n');
        }
        if let Cases::Many(_) = self.cases
            && !self.t_inside()
        {
            out.push_str(&format!("{t}\n"));
        }
        let mut sep = "";
        for c in cases {
            out.push_str(sep);
            out.push_str(&self.write_case(&counts(c)));
            sep = if self.inline { " " } else { "\n" };
        }
        if !cases.is_empty() {
            out.push('\n');
        }
        out
    }

    /// Returns the header's lines (no newline at the end), if the format has a header.
    pub(crate) fn write_header(&self) -> Option<String> {
        self.header.as_ref().map(|h| write_lines(&h.lines, &h.values, 0))
    }

    /// Returns the range of T, or `None` for an input of one case.
    pub(crate) fn t_range(&self) -> Option<RangeInclusive<u64>> {
        match &self.cases {
            Cases::Many(t) => Some(t.clone()),
            Cases::Single => None,
        }
    }

    /// Returns one case's lines of a position's counts, joined by newlines (no newline
    /// at the end).
    pub(crate) fn write_case(&self, counts: &[u64]) -> String {
        let n = self.common_len(counts.len());
        write_lines(&self.lines, &counts[n..], 0)
    }
}

/// Returns `lines` filled with `values` (the lengths computed, T as `t`), joined by
/// newlines; a column takes one line per number.
fn write_lines(lines: &[Vec<Field>], values: &[u64], t: u64) -> String {
    let fixed = lines.iter().flatten().filter(|f| f.is_number()).count();
    let list = values.len().saturating_sub(fixed);
    let mut next = values.iter();
    let mut text: Vec<String> = Vec::new();
    for line in lines {
        let mut words: Vec<String> = Vec::new();
        for f in line {
            match f {
                Field::Number { .. } => words.extend(next.next().map(u64::to_string)),
                Field::Len { .. } => words.push(list.to_string()),
                Field::List { .. } => words.extend(next.by_ref().take(list).map(u64::to_string)),
                Field::Cases { .. } => words.push(t.to_string()),
                Field::Column { .. } => {
                    if !words.is_empty() {
                        text.push(words.join(" "));
                    }
                    text.extend(next.by_ref().take(list).map(u64::to_string));
                    words = Vec::new();
                    break;
                }
                Field::Grid(g) => {
                    // Alone on its line: `r c`, then its rows.
                    let counts: Vec<u64> = next.by_ref().take(list).copied().collect();
                    text.push(g.write(&counts));
                    break;
                }
            }
        }
        let own_lines = |f: &Field| matches!(f, Field::Column { .. } | Field::Grid(_));
        if !words.is_empty() || !line.iter().any(own_lines) {
            text.push(words.join(" "));
        }
    }
    text.join("\n")
}

impl<G: Game> Format<G> {
    /// Returns the format every game has unless it says otherwise: a line `T`, then T
    /// lines, each one position's counts (for a list: its length, then its counts); the
    /// answer `First`, `Second` or `Draw`, or with `--grundy` the Grundy value.
    pub fn default_for(game: &G) -> Format<G> {
        let max = game.max_count();
        let line = match G::Position::ARITY {
            Some(k) => {
                let names = G::Position::names();
                (0..k)
                    .map(|i| Field::number(names.get(i).copied().unwrap_or("a count"), 0..=max))
                    .collect()
            }
            None => vec![
                Field::len("the number of counts", 0..=game.max_len() as u64),
                Field::list("a count", 0..=max),
            ],
        };
        // T = 0 is an input, as the built-in formats read it: no case, no answer.
        let mut format = Format::cases(0..=MAX_T).line(line).generated(20, 1000);
        format.labels = Some(("counts", "counts per position"));
        format
    }

    /// Returns why this format is a mistake for `game`, naming the game and the field:
    /// what [`Format::check`] refuses, or a count's range above [`Game::max_count`],
    /// which would be cut short without a word.
    pub(crate) fn mistake(&self, game: &G) -> Result<(), String> {
        let named = |why: String| format!("the format of {}: {why}", G::NAME);
        self.check::<G::Position>().map_err(named)?;
        let max = game.max_count();
        if let Some(f) = self.counts().find(|f| *f.range().end() > max) {
            return Err(named(format!(
                "field `{}` goes up to {}, above the game's max_count {max}; \
                 lower the field's range or raise max_count",
                f.name(),
                f.range().end()
            )));
        }
        Ok(())
    }
}

/// The most cases per input of the default format that `solve` and the judge accept.
pub(crate) const MAX_T: u64 = 1_000_000;
