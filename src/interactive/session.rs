//! One run: the judge writes the games one after another to a peer (a program, or a
//! person at the terminal), plays each from the oracle, and keeps the transcript.

use std::sync::Arc;

use super::remoteness::Value;
use super::strategy::{Defence, Judge, Policy, Rank};
use super::{Interactive, Parse};
use crate::game_trait::{Game, Outcome};
use crate::stress::Verdict;
use crate::stress::{Entry, Player, Transcript};

/// How a peer ended a run early: a verdict and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    pub verdict: Verdict,
    pub detail: String,
}

impl Ended {
    pub(crate) fn new(verdict: Verdict, detail: &str) -> Ended {
        Ended {
            verdict,
            detail: detail.to_owned(),
        }
    }
}

/// Who the judge plays against.
pub(crate) trait Peer {
    /// Writes `text` (whole lines) to the peer.
    fn send(&mut self, text: &str);
    /// Returns the peer's next line.
    fn receive(&mut self) -> Result<String, Ended>;
    /// Ends the run after the last game.
    fn finish(&mut self) -> Result<(), Ended>;
    /// Told of each line of the transcript as it is made (a person sees the verdicts).
    fn told(&mut self, _entry: &Entry) {}
}

/// What a run came to.
#[derive(Clone, Debug)]
pub struct RunResult<P> {
    pub verdict: Verdict,
    pub detail: String,
    /// Every game played, the failing one last.
    pub transcripts: Vec<Transcript>,
    /// The index (from 0) of the failing game, if one failed.
    pub failed_game: Option<usize>,
    /// The judge's moves in the failing game, in order, each with the position it was
    /// made from (a line of play to replay).
    pub judge_line: Vec<(P, P)>,
    /// Moves made in all, by both players.
    pub moves: u64,
    /// How many judge moves each defence chose.
    pub defences: Vec<(Defence, u64)>,
    /// The judge could not go on (no move found beyond the oracle's reach): not the
    /// program's fault, so no verdict on it.
    pub judge_error: Option<String>,
}

/// The settings of a run besides the game.
pub(crate) struct Setup<'a, G: Game> {
    pub game: &'a Arc<G>,
    pub format: &'a Interactive<G>,
    pub budget: usize,
}

/// Plays `starts` (with one policy each) against `peer` and returns the verdict and the
/// transcripts.
pub(crate) fn run<G: Game>(
    setup: &Setup<'_, G>,
    starts: &[G::Position],
    policies: &[Policy<G::Position>],
    peer: &mut dyn Peer,
) -> RunResult<G::Position> {
    let mut result = RunResult {
        verdict: Verdict::Ok,
        detail: String::new(),
        transcripts: Vec::new(),
        failed_game: None,
        judge_line: Vec::new(),
        moves: 0,
        defences: Vec::new(),
        judge_error: None,
    };
    peer.send(&setup.format.start_text(setup.game, starts));
    for (g, (start, policy)) in starts.iter().zip(policies).enumerate() {
        let mut game = GameRun {
            setup,
            judge: Judge::new(Arc::clone(setup.game), start, policy, setup.budget),
            transcript: Transcript {
                game: g + 1,
                start: setup.game.describe(start),
                start_text: setup.format.game_text(start),
                entries: Vec::new(),
                moves: 0,
            },
            judge_line: Vec::new(),
            defences: &mut result.defences,
        };
        let failed = game.play(start, peer);
        result.moves += game.transcript.moves as u64;
        let (transcript, judge_line) = (game.transcript, game.judge_line);
        result.transcripts.push(transcript);
        if let Err(ended) = failed {
            if ended.verdict == Verdict::Ok {
                result.judge_error = Some(ended.detail);
                return result;
            }
            result.verdict = ended.verdict;
            result.detail = ended.detail;
            result.failed_game = Some(g);
            result.judge_line = judge_line;
            return result;
        }
    }
    if let Err(ended) = peer.finish() {
        result.verdict = ended.verdict;
        result.detail = ended.detail;
    }
    result
}

struct GameRun<'s, 'a, G: Game> {
    setup: &'s Setup<'a, G>,
    judge: Judge<G>,
    transcript: Transcript,
    judge_line: Vec<(G::Position, G::Position)>,
    defences: &'s mut Vec<(Defence, u64)>,
}

fn wa(detail: String) -> Ended {
    Ended {
        verdict: Verdict::WrongAnswer,
        detail,
    }
}

impl<G: Game> GameRun<'_, '_, G> {
    fn entry(
        &mut self,
        peer: &mut dyn Peer,
        by: Player,
        wrote: &str,
        p: &G::Position,
        note: String,
        defence: Option<Defence>,
    ) {
        let entry = Entry {
            by,
            wrote: wrote.to_owned(),
            position: self.setup.game.describe(p),
            note,
            defence: defence.map(Defence::name),
        };
        peer.told(&entry);
        self.transcript.entries.push(entry);
    }

    /// Writes the end token `token` (the format's `won` or `lost`) to the program and
    /// enters it in the transcript as the judge's, at `p`.
    fn end(
        &mut self,
        peer: &mut dyn Peer,
        token: &str,
        p: &G::Position,
        note: String,
        defence: Option<Defence>,
    ) {
        peer.send(&format!("{token}\n"));
        self.entry(peer, Player::Judge, token, p, note, defence);
    }

    /// Reads the side the program takes at `start` (ranked `start_rank`) of `[first,
    /// second]` and returns whether it moves first; `Err` when it writes no side or takes
    /// the losing one.
    fn take_side(
        &mut self,
        start: &G::Position,
        start_rank: &Rank,
        [first, second]: [&str; 2],
        peer: &mut dyn Peer,
    ) -> Result<bool, Ended> {
        let line = self.receive(peer, "its side")?;
        // Only ASCII spaces around it: a no-break space is part of the word.
        let word = line.trim_matches(|c: char| c.is_ascii_whitespace());
        let program_to_move = if word == first {
            true
        } else if word == second {
            false
        } else {
            let why = format!(
                "expected `{first}` or `{second}`, read `{}`",
                crate::shown::escaped(line.as_bytes(), 60)
            );
            self.entry(
                peer,
                Player::Program,
                word,
                start,
                format!("not a side: {why}"),
                None,
            );
            return Err(Ended::new(Verdict::PresentationError, &why));
        };
        // The start's standing for the side the program took.
        let took = match (start_rank.outcome(), program_to_move) {
            (Some(o), true) => Some(o),
            (Some(Outcome::Win), false) => Some(Outcome::Loss),
            (Some(Outcome::Loss), false) => Some(Outcome::Win),
            (o, _) => o,
        };
        let right = if start_rank.outcome() == Some(Outcome::Loss) {
            second
        } else {
            first
        };
        let note = match took {
            Some(Outcome::Loss) => format!("the wrong side: the start is {start_rank}, `{right}` wins"),
            Some(Outcome::Win) => format!("the right side: the start is {start_rank}"),
            Some(Outcome::Draw) => format!("the start is {start_rank}"),
            None => "the start's standing is out of the judge's reach".to_owned(),
        };
        self.entry(peer, Player::Program, word, start, note, None);
        if took == Some(Outcome::Loss) {
            self.end(
                peer,
                self.setup.format.lost,
                start,
                "the judge stops: the program chose the losing side".into(),
                None,
            );
            return Err(wa(format!(
                "game {}: chose `{word}` at {}, where `{right}` wins ({start_rank})",
                self.transcript.game, self.transcript.start
            )));
        }
        Ok(program_to_move)
    }

    /// Plays one game from `start`; `Err` with the verdict when the program failed.
    fn play(&mut self, start: &G::Position, peer: &mut dyn Peer) -> Result<(), Ended> {
        let format = self.setup.format;
        peer.send(&format.game_text(start));
        let start_rank = self.judge.rank(start);
        let mut program_to_move = true;
        if let Some(sides) = format.sides {
            program_to_move = self.take_side(start, &start_rank, sides, peer)?;
        }
        // The limit binds where the oracle ranks the start within it: a winner who hastens
        // finishes within the start's remoteness.
        let limit_binds = matches!(start_rank, Rank::Exact(Value::Win(r) | Value::Loss(r)) if u64::from(r) <= format.max_moves);
        let mut p = start.clone();
        loop {
            // Only where the program waits for the judge's reply, which is then the end.
            if !program_to_move && self.transcript.moves as u64 >= format.max_moves {
                return self.at_limit(peer, &p, limit_binds, program_to_move);
            }
            if program_to_move {
                let before = self.judge.rank(&p);
                let line = self.receive(peer, "its move")?;
                let q = match format.read_move(&p, &line) {
                    Ok(q) => q,
                    Err(Parse::Malformed(why)) => {
                        return Err(Ended::new(
                            Verdict::PresentationError,
                            &format!(
                                "game {}: `{}`: {why}",
                                self.transcript.game,
                                crate::shown::escaped(line.as_bytes(), 60)
                            ),
                        ));
                    }
                    Err(Parse::NoPosition(why)) => return self.illegal(peer, &p, &line, &why),
                };
                if !self.setup.game.is_move(&p, &q) {
                    return self.illegal(peer, &p, &line, "not a move of the game");
                }
                self.transcript.moves += 1;
                let after = self.judge.rank(&q);
                let note = judge_move_note(before, after);
                self.entry(peer, Player::Program, line.trim_ascii(), &q, note, None);
                p = q;
                if !self.judge.has_move(&p) {
                    self.end(peer, format.won, &p, "the program won".into(), None);
                    return Ok(());
                }
                program_to_move = false;
            } else {
                if !self.judge.has_move(&p) {
                    self.end(
                        peer,
                        format.won,
                        &p,
                        "the judge cannot move: the program won".into(),
                        None,
                    );
                    return Ok(());
                }
                let before = self.judge.rank(&p);
                let Some((q, defence)) = self.judge.choose(&p) else {
                    return Err(Ended::new(
                        Verdict::Ok,
                        &format!(
                            "the judge found no move at {} (beyond the oracle's reach)",
                            self.setup.game.describe(&p)
                        ),
                    ));
                };
                *self.count(defence) += 1;
                self.transcript.moves += 1;
                self.judge_line.push((p.clone(), q.clone()));
                let after = self.judge.rank(&q);
                if !self.judge.has_move(&q) {
                    // The judge's move ends the game: it writes `lost` instead.
                    let wrote = format.move_text(&p, &q).unwrap_or_default();
                    let note = format!("the judge's move {wrote} ends the game: the program lost");
                    self.end(peer, format.lost, &q, note, Some(defence));
                    let why = self.blunder().unwrap_or_else(|| "it lost".into());
                    return Err(wa(format!(
                        "game {}: the program lost: {why}",
                        self.transcript.game
                    )));
                }
                let Some(text) = format.move_text(&p, &q) else {
                    return Err(Ended::new(
                        Verdict::Ok,
                        "the judge's move cannot be written in the notation",
                    ));
                };
                peer.send(&format!("{text}\n"));
                let note = format!(
                    "{} ({}; program: {after})",
                    defence.name(),
                    judge_rank_word(before)
                );
                self.entry(peer, Player::Judge, &text, &q, note, Some(defence));
                p = q;
                program_to_move = true;
            }
        }
    }

    /// Returns the peer's next line; when it has none, the transcript says what the
    /// judge waited for and why it stopped.
    fn receive(&mut self, peer: &mut dyn Peer, what: &str) -> Result<String, Ended> {
        peer.receive().map_err(|ended| {
            let game = self.transcript.game;
            let p = self
                .transcript
                .entries
                .last()
                .map(|e| e.position.clone())
                .unwrap_or_else(|| self.transcript.start.clone());
            self.transcript.entries.push(Entry {
                by: Player::Program,
                wrote: String::new(),
                position: p,
                note: format!("{}: {}", ended.verdict, ended.detail),
                defence: None,
            });
            Ended {
                verdict: ended.verdict,
                detail: format!("game {game}: waiting for {what}: {}", ended.detail),
            }
        })
    }

    fn count(&mut self, defence: Defence) -> &mut u64 {
        let i = match self.defences.iter().position(|(d, _)| *d == defence) {
            Some(i) => i,
            None => {
                self.defences.push((defence, 0));
                self.defences.len() - 1
            }
        };
        &mut self.defences[i].1
    }

    /// Returns the program's first move that threw a win or a draw away, as words.
    fn blunder(&self) -> Option<String> {
        let e = self.transcript.entries.iter().find(|e| {
            e.by == Player::Program && (e.note.starts_with("throws") || e.note.starts_with("loses the draw"))
        })?;
        Some(format!("its move `{}` (to {}) {}", e.wrote, e.position, e.note))
    }

    fn illegal(&mut self, peer: &mut dyn Peer, p: &G::Position, line: &str, why: &str) -> Result<(), Ended> {
        let format = self.setup.format;
        self.entry(
            peer,
            Player::Program,
            line.trim(),
            p,
            format!("illegal: {why}"),
            None,
        );
        self.end(
            peer,
            format.lost,
            p,
            "the judge stops: an illegal move".into(),
            None,
        );
        Err(wa(format!(
            "game {}: illegal move `{}` at {}: {why}",
            self.transcript.game,
            crate::shown::escaped(line.trim().as_bytes(), 60),
            self.setup.game.describe(p)
        )))
    }

    /// The move limit reached: where it binds a winner should have finished; elsewhere
    /// the game is adjudicated by the program's standing at `p`.
    fn at_limit(
        &mut self,
        peer: &mut dyn Peer,
        p: &G::Position,
        binds: bool,
        program_to_move: bool,
    ) -> Result<(), Ended> {
        let format = self.setup.format;
        let limit = format.max_moves;
        let rank = self.judge.rank(p);
        let standing = match (rank.outcome(), program_to_move) {
            (o, true) => o,
            (Some(Outcome::Win), false) => Some(Outcome::Loss),
            (Some(Outcome::Loss), false) => Some(Outcome::Win),
            (o, false) => o,
        };
        let kept = matches!(standing, Some(Outcome::Win | Outcome::Draw));
        if kept && (!binds || standing == Some(Outcome::Draw)) {
            let note = format!(
                "adjudicated at the move limit ({limit}; the start's remoteness is beyond it or out of the oracle's reach): \
                 the program keeps its {}",
                if standing == Some(Outcome::Draw) {
                    "draw"
                } else {
                    "win"
                }
            );
            self.end(peer, format.won, p, note, None);
            return Ok(());
        }
        self.end(
            peer,
            format.lost,
            p,
            format!("the move limit ({limit}) is reached"),
            None,
        );
        let why = if kept {
            "a winner who hastens finishes within the start's remoteness".to_owned()
        } else {
            self.blunder()
                .unwrap_or_else(|| "it does not stand in a won position".into())
        };
        Err(wa(format!(
            "game {}: not finished within {limit} moves: {why}",
            self.transcript.game
        )))
    }
}

/// Returns the oracle's verdict on a program's move from a position ranked `before`
/// (for the program) to one ranked `after` (for the judge).
fn judge_move_note(before: Rank, after: Rank) -> String {
    match (before.outcome(), after.outcome()) {
        (Some(Outcome::Win), Some(Outcome::Loss)) => format!("keeps the win (judge: {after})"),
        (Some(Outcome::Win), Some(_)) => format!("throws the win away (was {before}; judge now: {after})"),
        (Some(Outcome::Draw), Some(Outcome::Win)) => format!("loses the draw (judge now: {after})"),
        (Some(Outcome::Draw), _) => "keeps the draw".to_owned(),
        (Some(Outcome::Loss), _) => format!("in a lost position (judge: {after})"),
        _ => format!("judge: {after}"),
    }
}

/// Returns the judge's standing before its move, in words.
fn judge_rank_word(before: Rank) -> String {
    format!("judge was {before}")
}
