//! What a problem adds to the command line beyond the engines: a `prove` with its own
//! flags, a `plot`, an interactive format, and the typed claims of `claim`. All are
//! optional; the binary lists the problems that have them. They sit above the engines
//! and the problem core, which never name `prove`, `plot` or the claims engine for them.

use crate::claims::{ClaimReport, ExprError, check_typed_claim};
use crate::game::count_question::CountQuestion;
use crate::game::{FromFlags, Game, GameProblem, Outcome, Position};
use crate::partizan::PartizanProblem;
use crate::partizan::family::Family;
use crate::plot::PlotCommand;
use crate::prove::ProveCommand;

/// The subcommands a problem adds, found through the registry. Sealed, as
/// [`Problem`](crate::problem::Problem) is: every method has a default, yet no other crate
/// can implement it.
///
/// ```compile_fail
/// struct Mine;
/// impl gamecheck::games::Commands for Mine {}
/// ```
pub trait Commands: crate::problem::Sealed {
    /// Returns the problem's `prove <problem>`, if it has one.
    fn prove_command(&self) -> Option<&dyn ProveCommand> {
        None
    }

    /// Returns the problem's `plot <problem>`, if it has one.
    fn plot_command(&self) -> Option<&dyn PlotCommand> {
        None
    }

    /// Returns the problem's interactive format, served by `stress` and `play`, if it
    /// has one.
    fn interactive_command(&self) -> Option<Box<dyn crate::interactive::InteractiveCommand>> {
        None
    }

    /// Returns the verdict on `text`, a claim typed over the problem's vocabulary, checked
    /// by [`check_typed_claim`] under `seed` with `cases` random cases; or `None` when
    /// claims about this problem cannot be typed.
    fn typed_claim(&self, _text: &str, _seed: u64, _cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        None
    }

    /// Returns what a typed claim reads, for `gamecheck claim --help`: its variables and
    /// what it claims.
    fn claim_vocabulary(&self) -> Option<&'static str> {
        None
    }
}

/// A game gets the generic `prove` and `plot` (the fast path against the rules oracle on
/// a box, the answers over two counts) unless its registry line gives it its own, and
/// typed claims over its counts' names.
impl<G: Game + FromFlags> Commands for GameProblem<G> {
    fn prove_command(&self) -> Option<&dyn ProveCommand> {
        self.own_prove_command().or(Some(self))
    }

    fn plot_command(&self) -> Option<&dyn PlotCommand> {
        if let Some(own) = self.own_plot_command() {
            return Some(own);
        }
        (G::Position::ARITY.is_none() || G::Position::ARITY <= Some(2)).then_some(self as &dyn PlotCommand)
    }

    fn interactive_command(&self) -> Option<Box<dyn crate::interactive::InteractiveCommand>> {
        self.game().interactive()?;
        let game = std::sync::Arc::clone(self.game_arc());
        let starts = GameProblem::interactive_starts(std::sync::Arc::clone(&game)).map_err(|e| e.to_string());
        Some(Box::new(crate::interactive::InteractiveGame { game, starts }))
    }

    fn typed_claim(&self, text: &str, seed: u64, cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        if <G::Position as Position>::names().is_empty() || self.question().grundy {
            return None;
        }
        Some(check_typed_claim(self, text, seed, cases))
    }

    fn claim_vocabulary(&self) -> Option<&'static str> {
        let names = <G::Position as Position>::names();
        (!names.is_empty()).then(|| {
            &*Box::leak(
                format!(
                    "EXPR over {} claims \"the player to move {}\"; `loss: EXPR; draw: EXPR` claims each outcome where its EXPR holds (the one left out elsewhere)",
                    names.join(", "),
                    if self.settings().claim_outcome == Outcome::Win { "wins" } else { "loses" }
                )
                .into_boxed_str(),
            )
        })
    }
}

impl<Q: CountQuestion> Commands for Q {
    fn typed_claim(&self, text: &str, seed: u64, cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        CountQuestion::typed_claim(self, text, seed, cases)
    }

    fn claim_vocabulary(&self) -> Option<&'static str> {
        CountQuestion::claim_vocabulary(self)
    }
}

impl<G: Family> Commands for PartizanProblem<G> {
    fn plot_command(&self) -> Option<&dyn PlotCommand> {
        Some(self)
    }

    fn typed_claim(&self, text: &str, seed: u64, cases: u32) -> Option<Result<ClaimReport, ExprError>> {
        Some(crate::partizan::claim::check(self, text, seed, cases))
    }

    fn claim_vocabulary(&self) -> Option<&'static str> {
        Some(
            "`value == V`, `outcome == C`, `mean == X` or `temperature == X`: V a value in CGSuite's notation \
             (`+-1`, `{2|1/2}`, `^*`), C one of L, R, N, P, X a number m/2^k; or `A REL B` with REL one of \
             == != >= <= > < || <| |> and A, B values in which `value` and atomic_weight(…), temperature(…), \
             mean(…), left_stop(…), right_stop(…), birthday(…), reduced(…), cool(…, t) may stand \
             (`value >= 0`, `atomic_weight(value) == 1`)",
        )
    }
}
