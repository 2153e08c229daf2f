//! A run of a ruleset: the script played from the start with a plan (the
//! options, the deal, the choices to replay) and an answerer for decisions
//! past them. This module owns the decision protocol ("replay this choice,
//! else let the answerer answer, else pause"): the script's `ask` calls
//! `protocol::decide`, and every mode of delve asks for a run through
//! `play` (on the calling thread) or `live::LiveRun` (kept alive on its own
//! thread between a person's answers).

pub(crate) mod advance;
pub(crate) mod budget;
mod inspect;
pub(crate) mod live;
pub(crate) mod mc;
mod pick;
pub(crate) mod protocol;
mod runtime;
pub(crate) use runtime::RuleValues;
mod board_play;
pub(crate) mod search;
pub(crate) mod solve;
pub(crate) mod steer;
mod steps;
#[cfg(test)]
mod testing;
mod trial;
mod verdict;
pub(crate) mod world;

use crate::game::deal::DealFile;
use crate::game::decision::{Choice, Prompt};
use crate::script::declare::Options;
use crate::script::error::ErrorKind;
use crate::script::face::Faces;
use crate::script::layout::Layout;
use crate::script::shape::Shape;
use crate::script::status::Status;
use crate::script::ScriptError;
pub(crate) use runtime::{Runtime, LONE_CYCLE};

/// A ruleset compiled to run here: the script layer's program acting on
/// this layer's state of a run.
pub type Program = crate::script::Program<Runtime>;
use crate::game::table::Table;
use std::rc::Rc;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;

/// Who answers a decision past the replayed choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answerer {
    /// The person: in a live run they answer through its link; otherwise
    /// the run stops there and hands back the prompt.
    Person,
    /// Uniform among the options, from the bots' own stream.
    RandomBot,
    /// The ruleset's own `fn bot`, reading only what the player sees.
    ScriptBot,
    /// The solver's search (`plan.steering`), which reads everything.
    Solver,
}

/// What a game needs besides its options and choices.
#[derive(Clone, Debug, Default)]
pub struct Deal {
    pub seed: u64,
    pub stack: Option<Arc<DealFile>>,
}

/// How to run: from the start, replaying `choices`, then `answerer`.
#[derive(Clone, Debug)]
pub struct Plan {
    pub options: Options,
    pub deal: Deal,
    pub choices: Vec<Choice>,
    pub answerer: Answerer,
    /// Check card conservation at every decision and at the end.
    pub check_cards: bool,
    /// Keep narration and choices as events (sim does not need them).
    pub record_events: bool,
    /// At every decision past the replayed choices, look at it as a player
    /// would: the view, every label and key, the bot (`delve check`).
    pub inspect: bool,
    /// Watch what the player sees, or replay a world of it.
    pub(crate) watch: world::Watch,
    /// The solver's search, for `Answerer::Solver`.
    pub(crate) steering: Option<steer::Steering>,
    /// A stop put over the run on a live game's thread up to its first
    /// decision (`script::cancel`): the time of the work that started it.
    pub(crate) stop: Option<crate::script::cancel::Cancel>,
}

impl Plan {
    pub fn new(options: Options, deal: Deal, choices: Vec<Choice>, answerer: Answerer) -> Plan {
        Plan {
            options,
            deal,
            choices,
            answerer,
            check_cards: cfg!(debug_assertions),
            record_events: true,
            inspect: false,
            watch: world::Watch::Off,
            steering: None,
            stop: None,
        }
    }
}

/// Something the game said or did, in order; the log and transcripts show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Say(String),
    /// A lone option, taken without asking: said, not recorded as a choice.
    Took {
        question: String,
        key: String,
        label: String,
    },
    Chose {
        question: String,
        label: String,
    },
}

impl Event {
    /// What a person is told of it: the text said, or the lone option taken.
    pub fn text(&self) -> String {
        match self {
            Event::Say(text) => text.clone(),
            Event::Took {
                question, label, ..
            } => format!("{question}: {label} (the only choice)."),
            Event::Chose { label, .. } => format!("→ {label}"),
        }
    }

    /// Whether this is a choice made, not something said.
    pub fn is_choice(&self) -> bool {
        matches!(self, Event::Chose { .. })
    }
}

/// How a game ended, as the script's `end(outcome, score, summary)` put it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `win`, `loss`, or a word of the game's own.
    pub result: String,
    /// A number, or text when a game scores in another shape (e.g. `3/41`).
    pub score: serde_json::Value,
    pub summary: String,
}

impl Outcome {
    pub fn is_win(&self) -> bool {
        self.result == "win"
    }

    /// The score as a number: a number as it is, a text like `3/41` by its
    /// last number, so `sim` and the statistics count it alike. A number
    /// past what a float holds (a text of 400 digits) counts as none, as a
    /// text without digits does: a mean of it would be infinite, which
    /// JSON can not say, and a shard file could not keep it.
    pub(crate) fn score_number(&self) -> Option<f64> {
        let number: f64 = match &self.score {
            serde_json::Value::Number(n) => n.as_f64()?,
            serde_json::Value::String(s) => s
                .rsplit(|c: char| !c.is_ascii_digit() && c != '-')
                .find(|p| !p.is_empty())?
                .parse()
                .ok()?,
            _ => return None,
        };
        number.is_finite().then_some(number)
    }

    pub fn score_text(&self) -> String {
        match &self.score {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    }
}

/// Where a run stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// At a decision past the replayed choices, for the person to answer.
    Asking(Prompt),
    Ended(Outcome),
    Failed(ScriptError),
}

/// A replayed choice that no longer fits (the script changed): its position
/// and the key that was not offered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    pub at: usize,
    pub key: String,
}

/// What a run tells when it stops: what happened since its last report,
/// the table as it stands, and why it stopped.
#[derive(Clone, Debug)]
pub struct Report {
    pub choices: Vec<Choice>,
    pub events: Vec<Event>,
    pub table: Table,
    pub stop: Stop,
    /// The script's picture of the table (live runs only, if it has a view).
    pub view: Option<Result<String, ScriptError>>,
    /// Where the script would like its piles drawn (live runs only, if it
    /// has `fn layout`).
    pub layout: Option<Result<Layout, ScriptError>>,
    /// What the player reads beside the cards (live runs only, if it has
    /// `fn status`).
    pub status: Option<Result<Status, ScriptError>>,
    /// The faces of the custom cards (live runs only, if it has `fn faces`).
    pub faces: Option<Result<Faces, ScriptError>>,
    pub diverged: Option<Divergence>,
    /// What the player saw, if the run was watched.
    pub(crate) watched: Option<world::Watched>,
    /// The values the ruleset's rules gave cards (live runs only, at a
    /// decision): a card's value never changes within a game.
    pub(crate) values: runtime::RuleValues,
}

/// What a person (on another thread) asks of a live run paused at a decision.
#[derive(Debug)]
pub(crate) enum Request {
    Answer(usize),
    /// What the ruleset's bot would choose here.
    Hint,
    /// Abandon this run and start another.
    Start(Box<Plan>),
}

/// A live run's end of the line to the person.
pub(crate) struct Link {
    pub requests: Receiver<Request>,
    pub reports: Sender<Reply>,
}

/// What a live run sends back.
#[derive(Debug)]
pub(crate) enum Reply {
    Stopped(Box<Report>),
    Hint(Result<BotChoice, ScriptError>),
}

/// What the ruleset's bot chooses at a decision, and why, if it says.
#[derive(Clone, Debug, PartialEq)]
pub struct BotChoice {
    pub index: usize,
    pub why: Option<String>,
}

/// Plays `plan` on this thread with `program`, to its end or (for the
/// person) to the first decision past the plan's choices.
pub fn play(program: &Program, plan: Plan) -> Report {
    run(program, plan, None, false)
}

/// One run of `play()`. With a link, the person answers through it; the
/// run then ends only when the game does, fails, or is abandoned.
fn run(program: &Program, plan: Plan, link: Option<Rc<Link>>, with_view: bool) -> Report {
    let again = plan.clone();
    let mut report = run_once(program, plan, link, with_view);
    if let Stop::Failed(error) = &mut report.stop {
        if error.unplaced.is_some() {
            *error = place_by_tracing(program, again, error.clone());
        }
    }
    report
}

/// Rhai loses the place of a stack overflow or a text grown too long: the
/// same game run again on a traced program stops at the same step, and the
/// trace's last place is where it broke.
fn place_by_tracing(program: &Program, mut plan: Plan, error: ScriptError) -> ScriptError {
    // The choices made up to the failing step replay to it, where the same
    // answerer meets the same failure.
    plan.choices = program.host().borrow().made();
    let Ok(traced) = Program::load_traced(program.ruleset().file.clone()) else {
        return error;
    };
    let _ = run_once(&traced, plan, None, false);
    match traced.last_place() {
        Some((file, position)) => error.placed_at(&file, position),
        None => error,
    }
}

fn run_once(program: &Program, plan: Plan, link: Option<Rc<Link>>, with_view: bool) -> Report {
    program.host().borrow_mut().begin(plan, link);
    let result = match program.ruleset().shape {
        Shape::Story => program.call("play"),
        Shape::Positions => {
            let rt = program.host().clone();
            program.drive(Box::new(move |ctx| steps::play(ctx, &rt)))
        }
    };
    let stop = program.host().borrow_mut().take_stop();
    let stop = match (stop, result) {
        (Some(stop), _) => stop,
        (None, Err(error)) => Stop::Failed(error),
        (None, Ok(_)) => Stop::Failed(ScriptError::new(
            ErrorKind::NoEnding,
            format!(
                "{}: play() returned without calling end(outcome, score, summary)",
                program.ruleset().file.origin
            ),
        )),
    };
    if matches!(stop, Stop::Ended(_)) {
        program.host().borrow_mut().show_whole_table();
    }
    let view = if with_view { program.view() } else { None };
    let mut report = program.host().borrow_mut().report(stop, view);
    report.layout = if with_view { program.layout() } else { None };
    report.status = if with_view { program.status() } else { None };
    report.faces = if with_view { program.faces() } else { None };
    report
}

#[cfg(test)]
mod tests {
    use super::Outcome;

    fn scored(score: serde_json::Value) -> Option<f64> {
        let outcome = Outcome {
            result: "win".into(),
            score,
            summary: String::new(),
        };
        outcome.score_number()
    }

    #[test]
    fn text_scores_count_by_their_last_number() {
        assert_eq!(scored(serde_json::json!(7)), Some(7.0));
        assert_eq!(scored(serde_json::json!("3/41")), Some(41.0));
        assert_eq!(scored(serde_json::json!("none")), None);
    }
}
