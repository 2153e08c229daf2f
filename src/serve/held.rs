//! What the server holds while it runs, shared by every request: the
//! games, the rulesets it offers, the names a request may be addressed to,
//! the connections, the work under way and the budget for bodies.

use super::connections::Connections;
use super::rulesets::Rulesets;
use super::searches::Searches;
use super::sessions::Sessions;
use super::work::Work;
use std::sync::Arc;
use tokio::sync::Semaphore;

pub(crate) struct App {
    pub(crate) sessions: Sessions,
    pub(crate) rulesets: Rulesets,
    /// The addresses a request may name in `Host` (and `Origin`).
    pub(crate) hosts: [String; 2],
    pub(crate) origins: [String; 2],
    pub(crate) connections: Connections,
    pub(crate) work: Work,
    /// The searches for winnable deals, and odds hints, apart from game work.
    pub(crate) searches: Searches,
    /// The bytes of bodies held at once (`guard::BODIES`).
    pub(crate) bodies: Arc<Semaphore>,
}
