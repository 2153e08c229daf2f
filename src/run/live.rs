//! A run kept alive on its own thread between a person's answers: the
//! script waits inside `ask` for the next answer, so a step costs the same
//! at decision 80 as at decision 5. Undo, load and reload start a fresh run
//! on the same thread, which replays. Rhai's engine can not move between
//! threads, so the thread loads the ruleset itself and sends back what it is.
//! A thread the machine will not start is said to be the machine's fault
//! (`threads::NoThread`); a `LiveRun` dropped waits for its thread to end,
//! so its stack is given back before the next one is asked for.

use super::Program;
use super::{run, BotChoice, Link, Plan, Reply, Report, Request, Stop};
use crate::script::catalog::ScriptFile;
use crate::script::engine::INTERRUPT;
use crate::script::error::ErrorKind;
use crate::script::{Ruleset, ScriptError};
use anyhow::{anyhow, Result};
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

pub struct LiveRun {
    requests: Sender<Request>,
    /// The run's thread, joined on drop.
    thread: Option<std::thread::JoinHandle<()>>,
    replies: Receiver<Reply>,
    /// Whether the run waits for an answer (else it has ended or failed).
    asking: bool,
}

impl LiveRun {
    /// Loads `file` on a new thread; the run and what the ruleset declares.
    pub fn load(file: ScriptFile) -> Result<(LiveRun, Arc<Ruleset>)> {
        let (requests, request_end) = channel();
        let (reply_end, replies) = channel();
        let (loaded_end, loaded) = channel();
        let thread = crate::threads::spawn("delve-run", move || {
            serve(&file, request_end, reply_end, &loaded_end);
        })?;
        let ruleset = loaded
            .recv()
            .map_err(|_| anyhow!("the thread that runs the game stopped while loading"))??;
        let live = LiveRun {
            requests,
            thread: Some(thread),
            replies,
            asking: false,
        };
        Ok((live, ruleset))
    }

    /// Abandons any run and starts `plan`; its first report.
    pub fn start(&mut self, plan: Plan) -> Report {
        self.send(Request::Start(Box::new(plan)))
    }

    /// Whether a run waits at a decision (none after a run failed).
    pub fn is_asking(&self) -> bool {
        self.asking
    }

    /// Answers the decision the run waits at.
    pub fn answer(&mut self, index: usize) -> Report {
        if self.asking {
            self.send(Request::Answer(index))
        } else {
            internal_failure("there is no decision to answer")
        }
    }

    /// What the ruleset's own bot would choose at this decision.
    pub fn hint(&mut self) -> Result<BotChoice, ScriptError> {
        if !self.asking {
            return Err(internal_error("there is no decision to hint"));
        }
        INTERRUPT.store(false, Ordering::Relaxed);
        if self.requests.send(Request::Hint).is_err() {
            return Err(internal_error("the game's thread has stopped"));
        }
        match self.replies.recv() {
            Ok(Reply::Hint(hint)) => hint,
            _ => Err(internal_error("the game's thread did not answer")),
        }
    }

    fn send(&mut self, request: Request) -> Report {
        INTERRUPT.store(false, Ordering::Relaxed);
        if self.requests.send(request).is_err() {
            self.asking = false;
            return internal_failure("the game's thread has stopped");
        }
        let report = match self.replies.recv() {
            Ok(Reply::Stopped(report)) => *report,
            _ => internal_failure("the game's thread did not answer"),
        };
        self.asking = matches!(report.stop, Stop::Asking(_));
        report
    }
}

impl Drop for LiveRun {
    /// Ends the thread: with no more requests to come, a run waiting in
    /// `ask` is abandoned and the thread returns (between requests it only
    /// waits, so this is quick).
    fn drop(&mut self) {
        let (closed, _) = channel();
        drop(std::mem::replace(&mut self.requests, closed));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The thread's life: load, then run each plan it is given; a run waits in
/// `ask` for answers and ends when the game ends, fails or is abandoned.
fn serve(
    file: &ScriptFile,
    requests: Receiver<Request>,
    replies: Sender<Reply>,
    loaded: &Sender<Result<Arc<Ruleset>>>,
) {
    let program = match Program::load(file.clone()) {
        Ok(program) => {
            let _ = loaded.send(Ok(program.ruleset().clone()));
            program
        }
        Err(error) => {
            let _ = loaded.send(Err(error));
            return;
        }
    };
    let link = Rc::new(Link {
        requests,
        reports: replies,
    });
    let mut next: Option<Plan> = None;
    loop {
        let plan = match next.take() {
            Some(plan) => plan,
            None => match link.requests.recv() {
                Ok(Request::Start(plan)) => *plan,
                // Nothing waits for an answer: the session does not send one.
                Ok(_) => continue,
                Err(_) => return,
            },
        };
        let report = match plan.stop.clone() {
            Some(stop) => stop.over(|| run(&program, plan, Some(link.clone()), true)),
            None => run(&program, plan, Some(link.clone()), true),
        };
        if let Some(plan) = program.host().borrow_mut().take_restart() {
            next = Some(plan);
            continue;
        }
        if link.reports.send(Reply::Stopped(Box::new(report))).is_err() {
            return;
        }
    }
}

fn internal_error(what: &str) -> ScriptError {
    ScriptError::new(ErrorKind::Runtime, format!("delve: {what}"))
}

fn internal_failure(what: &str) -> Report {
    Report {
        choices: Vec::new(),
        events: Vec::new(),
        table: crate::game::table::Table::default(),
        stop: Stop::Failed(internal_error(what)),
        view: None,
        layout: None,
        status: None,
        faces: None,
        diverged: None,
        watched: None,
        values: Vec::new(),
    }
}
