//! A bot's reason for its choice (`because`), kept only while a person
//! asks the bot: the solver and the Monte Carlo worlds ask it thousands of
//! times and never read one.

use super::Runtime;

#[derive(Default)]
pub(crate) struct Reason {
    pub(crate) asked: bool,
    pub(crate) said: Option<String>,
}

impl Runtime {
    /// The reason the bot last gave (`because`), taken.
    pub(crate) fn take_reason(&mut self) -> Option<String> {
        self.reason.said.take()
    }

    /// The reason of the bot's choice, among those it gave.
    pub(crate) fn keep_reason(&mut self, why: Option<String>) {
        self.reason.said = why;
    }

    /// Whether the bot's reasons are kept: while a person asks it.
    pub(crate) fn explain(&mut self, explaining: bool) {
        self.reason.asked = explaining;
    }

    /// A reason the bot gives: kept while a person asks.
    pub(crate) fn give_reason(&mut self, why: &str) {
        if self.reason.asked {
            self.reason.said = Some(why.to_string());
        }
    }
}
