//! What every [`Game`] gets from `prove` and `plot`: the fast path against the rules
//! oracle on every position of a box, and a picture over two counts.

use std::ops::Range;

use super::problem::GameProblem;
use super::{Answer, FromFlags, Game, Outcome, Play, Position};
use crate::plot::{Axis, Cell, Kind, Mark, Panel, Picture, PlotCommand, PlotError, Rgb};
use crate::problem::{Flag, Flags};
use crate::prove::{ProofProgress, ProofRun, ProveCommand, ProveError, prove_bounded};
use crate::prove::{Provable, Tally};

/// The box `prove` checks: every count below `max_count` (for a list, every list of at
/// most two such counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameDomain {
    pub max_count: u64,
}

impl<G: Game> GameProblem<G> {
    fn box_len(&self) -> usize {
        G::Position::ARITY.unwrap_or(2)
    }
}

impl<G: Game> Provable for GameProblem<G> {
    type Domain = GameDomain;
    type Oracle = ();
    type Worker = ();

    fn domain_size(&self, d: &GameDomain) -> Result<u64, ProveError> {
        let l = d.max_count;
        let size = match G::Position::ARITY {
            Some(k) => u32::try_from(k).ok().and_then(|k| l.checked_pow(k)),
            None => l.checked_mul(l).and_then(|s| s.checked_add(l + 1)),
        };
        size.filter(|&s| s > 0).ok_or_else(|| {
            ProveError::Range(format!(
                "--max-count {l}: the box must hold between 1 and 2^64 - 1 positions"
            ))
        })
    }

    fn case(&self, d: &GameDomain, index: u64) -> G::Position {
        let l = d.max_count;
        let counts: Vec<u64> = match G::Position::ARITY {
            Some(k) => {
                let mut rest = index;
                let mut c = vec![0; k];
                for v in c.iter_mut().rev() {
                    *v = rest % l;
                    rest /= l;
                }
                c
            }
            // The empty list, then the lists of one count, then of two.
            None if index == 0 => vec![],
            None if index <= l => vec![index - 1],
            None => vec![(index - l - 1) / l, (index - l - 1) % l],
        };
        debug_assert!(counts.len() <= self.box_len());
        G::Position::from_counts(&counts).unwrap_or_else(|| self.case(d, 0))
    }

    fn prepare(&self, d: &GameDomain, _range: &Range<u64>) -> Result<(), ProveError> {
        if d.max_count > self.game().oracle_reach().saturating_add(1) {
            return Err(ProveError::Range(format!(
                "--max-count {}: the rules oracle reaches counts up to {} for {}",
                d.max_count,
                self.game().oracle_reach(),
                G::NAME
            )));
        }
        Ok(())
    }

    fn worker(&self, _: &()) {}

    fn oracle_answer(&self, _: &(), _: &mut (), p: &G::Position) -> Result<Answer, String> {
        self.truth(p, self.question())
            .map(|(a, _)| a)
            .ok_or_else(|| "out of the oracles' reach".to_owned())
    }

    /// The default, but outside the game's domain (a count of 0 where the numbers are
    /// positive) nothing is claimed, so nothing is compared.
    fn prove_range(
        &self,
        domain: &GameDomain,
        oracle: &(),
        worker: &mut (),
        range: Range<u64>,
        tally: &mut Tally<G::Position, Answer>,
    ) {
        for index in range {
            let case = self.case(domain, index);
            if self.game().check_position(&case).is_err() {
                tally.outside_domain();
                continue;
            }
            let fast = crate::problem::Problem::solve(self, &case);
            let judged = self.oracle_answer(oracle, worker, &case);
            tally.compare(index, case, fast, judged);
        }
    }

    fn statement(&self, d: &GameDomain) -> String {
        format!(
            "{} {} = rules oracle, every position with counts below {}",
            self.args(),
            self.question().name(),
            d.max_count
        )
    }

    fn parameters(&self, d: &GameDomain) -> serde_json::Value {
        serde_json::json!({ "max_count": d.max_count })
    }

    fn unit(&self) -> &'static str {
        "positions"
    }

    fn oracle_name(&self) -> &'static str {
        "rules oracle"
    }
}

fn as_prove<G: ProveCommand>(game: &G) -> &dyn ProveCommand {
    game
}

fn as_plot<G: PlotCommand>(game: &G) -> &dyn PlotCommand {
    game
}

impl<G: Game> GameProblem<G> {
    /// Returns the problem whose `prove` is the game's own, in place of the generic one:
    /// what a built-in registry line's `[own_prove]` does, and what a user's own
    /// registry's `visit` does through `visit_line`.
    pub fn own_prove(mut self) -> Self
    where
        G: ProveCommand,
    {
        self.own.prove = Some(as_prove::<G>);
        self
    }

    /// Returns the problem whose `plot` is the game's own, in place of the generic one
    /// (as [`GameProblem::own_prove`] for `prove`).
    pub fn own_plot(mut self) -> Self
    where
        G: PlotCommand,
    {
        self.own.plot = Some(as_plot::<G>);
        self
    }

    /// Returns the game's own `prove`, when its registry line gives it one.
    pub(crate) fn own_prove_command(&self) -> Option<&dyn ProveCommand> {
        self.own.prove.map(|own| own(self.game()))
    }

    /// Returns the game's own `plot`, when its registry line gives it one.
    pub(crate) fn own_plot_command(&self) -> Option<&dyn PlotCommand> {
        self.own.plot.map(|own| own(self.game()))
    }
}

impl<G: Game + FromFlags> ProveCommand for GameProblem<G> {
    fn about(&self) -> &'static str {
        "The game's fast path against the rules oracle on every position with counts below L."
    }

    fn flags(&self) -> Vec<Flag> {
        let mut flags = GameProblem::<G>::flags();
        flags.push(Flag::number("max-count", "L: every count runs over 0..L.", "16", 1).value_name("L"));
        flags
    }

    fn run(&self, flags: &Flags, progress: &ProofProgress) -> Result<ProofRun, ProveError> {
        let domain = GameDomain {
            max_count: flags.number("max-count")?,
        };
        prove_bounded(self, &domain, progress)
    }
}

const VALUE_COLOURS: [Rgb; 8] = [
    Rgb(0, 0, 0),
    Rgb(166, 206, 227),
    Rgb(178, 223, 138),
    Rgb(253, 191, 111),
    Rgb(202, 178, 214),
    Rgb(251, 154, 153),
    Rgb(255, 255, 153),
    Rgb(177, 89, 40),
];

impl<G: Game + FromFlags> PlotCommand for GameProblem<G> {
    fn about(&self) -> &'static str {
        "The answers over two counts (or a one-count game's Grundy values against n), crossed where the fast path and the rules oracle disagree."
    }

    fn flags(&self) -> Vec<Flag> {
        let mut flags = GameProblem::<G>::flags();
        flags.push(
            Flag::number(
                "max",
                "The counts run over 0..=MAX; for a one-count game n runs over 0..=MAX, MAX at most 255.",
                "40",
                0,
            )
            .value_name("MAX"),
        );
        flags
    }

    fn picture(&self, flags: &Flags) -> Result<Picture, PlotError> {
        let max = flags.number("max")?;
        let disagrees = |p: &G::Position| match (self.fast(p), self.truth(p, self.question())) {
            (Ok(f), Some((t, _))) => f != t,
            (Err(_), _) => true,
            _ => false,
        };
        let title = format!("{}: {}", self.args(), self.question().name());
        if G::Position::ARITY == Some(1) {
            if max > 255 {
                return Err(PlotError::Range(format!(
                    "--max {max}: a one-count game's picture draws n over 0..=255 at most"
                )));
            }
            // n against its Grundy value (normal play), or its outcome.
            let values: Vec<Option<u64>> = (0..=max)
                .map(|n| {
                    let p = G::Position::from_counts(&[n])?;
                    match self.fast(&p).ok()? {
                        Answer::Grundy(g) => Some(g),
                        Answer::Outcome(Outcome::Loss) => Some(0),
                        Answer::Outcome(_) => Some(1),
                        _ => None,
                    }
                })
                .collect();
            let top = values.iter().flatten().copied().max().unwrap_or(0).min(255);
            let panel = Panel::from_fn(
                title.clone(),
                Axis::new("n", 0..=max),
                Axis::new(
                    if self.question().grundy {
                        "G(n)"
                    } else {
                        "win (1) or loss (0)"
                    },
                    0..=top,
                ),
                |n, v| {
                    let here = values.get(n as usize).copied().flatten() == Some(v);
                    let cell = Cell::new(usize::from(!here));
                    match G::Position::from_counts(&[n]) {
                        Some(p) if here && disagrees(&p) => cell.with_mark(Mark::Cross),
                        _ => cell,
                    }
                },
            )?;
            return Ok(Picture {
                title,
                panels: vec![panel],
                kinds: vec![
                    Kind::new("the answer at n", Rgb(0, 0, 0)),
                    Kind::new("", Rgb(255, 255, 255)),
                ],
                marks: vec![(
                    Mark::Cross,
                    "the fast path differs from the rules oracle".to_owned(),
                )],
                notes: vec![],
            });
        }
        let kind = |a: Answer| match a {
            Answer::Outcome(Outcome::Loss) => 0,
            Answer::Outcome(Outcome::Win) => 1,
            Answer::Outcome(Outcome::Draw) => 2,
            Answer::Grundy(g) => g.min(7) as usize,
            _ => 2,
        };
        let panel = Panel::from_fn(
            title.clone(),
            Axis::new("x", 0..=max),
            Axis::new("y", 0..=max),
            |x, y| {
                let Some(p) =
                    G::Position::from_counts(&[x, y]).filter(|p| self.game().check_position(p).is_ok())
                else {
                    return Cell::new(if self.question().grundy { 7 } else { 2 });
                };
                let cell = Cell::new(self.fast(&p).map_or(2, kind));
                if disagrees(&p) {
                    cell.with_mark(Mark::Cross)
                } else {
                    cell
                }
            },
        )?;
        let kinds = if self.question().grundy {
            (0..8)
                .map(|g| {
                    Kind::new(
                        if g < 7 {
                            format!("G = {g}")
                        } else {
                            "G >= 7".into()
                        },
                        VALUE_COLOURS[g],
                    )
                })
                .collect()
        } else {
            let play = if self.question().play == Play::Misere {
                " (misère)"
            } else {
                ""
            };
            vec![
                Kind::new(format!("the player to move loses{play}"), Rgb(0, 0, 0)),
                Kind::new("the player to move wins", Rgb(166, 206, 227)),
                Kind::new("draw, or not a position", Rgb(200, 200, 200)),
            ]
        };
        Ok(Picture {
            title,
            panels: vec![panel],
            kinds,
            marks: vec![(
                Mark::Cross,
                "the fast path differs from the rules oracle".to_owned(),
            )],
            notes: vec![],
        })
    }
}
