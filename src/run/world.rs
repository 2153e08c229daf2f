//! Determinized worlds: games the player could not tell apart from the real
//! one. A run may *watch* what the player sees: at every decision put to
//! the player it digests the narration since the last one, the prompt and
//! the table as shown (face-down cards only as such; the named state as the
//! ruleset's view and status show it, where it has them), and notes which
//! cards lay face up at a decision or when something was said, so which
//! places of which shuffle the player has seen (a card carries its place in
//! the last shuffle that left it, `pile::Origin`). A
//! *world* replays the same choices with a fresh stream: each past shuffle
//! keeps the cards the player saw where they lay and deals the others at
//! random among the other places; the script's random numbers, past and
//! future, and later shuffles are fresh (a past number kept from the real
//! game could have made a face-down card; numbers to come are drawn from a
//! stream per place in the scripts, so options compare alike), unless the ruleset deals afresh
//! what lies face down itself (`fn redeal_unseen`). A world is accepted
//! only if every digest matches the real game's (rejection sampling), so no
//! rule declares what is hidden and no world can show a face-down card that
//! differs from what the player could infer.

use crate::game::card::Card;
use crate::game::decision::Prompt;
use crate::game::pile::Origin;
use crate::game::random::Random;
use crate::game::table::Table;
use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

/// What a watched run records: enough to replay worlds of it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sight {
    /// The script's random numbers, in order.
    randoms: Vec<usize>,
    /// Each shuffle's result, bottom to top.
    shuffles: Vec<Vec<Card>>,
    /// The places of shuffles whose card lay face up (or stood in the
    /// game's state) at some moment before it was shuffled again.
    pins: HashSet<Origin>,
    /// One digest per decision put to the player: the narration, the
    /// prompt and the cards as shown.
    digests: Vec<u64>,
    /// The named state at each decision, hashed.
    states: Vec<u64>,
    /// At each decision, what the view and status showed of the state,
    /// hashed, where they are how the ruleset shows it (`told`).
    told: Vec<Option<u64>>,
}

impl Sight {
    /// Whether the script drew random numbers of its own, which worlds can
    /// not keep: what they made may show.
    pub(crate) fn drew_randoms(&self) -> bool {
        !self.randoms.is_empty()
    }

    /// Whether the player saw the card that a shuffle left at this place.
    pub(crate) fn saw(&self, origin: &Origin) -> bool {
        self.pins.contains(origin)
    }
}

/// How a run watches: the real game records what the player saw; a world
/// also replays the past of the real game's `Sight` and must match it.
#[derive(Clone, Debug, Default)]
pub(crate) enum Watch {
    #[default]
    Off,
    Record,
    World(Arc<Sight>),
}

/// A watched run's state.
#[derive(Debug)]
pub(crate) struct Watcher {
    sight: Sight,
    real: Option<Arc<Sight>>,
    /// A world keeps the real game's past random numbers.
    keeps_randoms: bool,
    /// A world's seed, and its numbers to come, a stream per place in the
    /// scripts that draws them.
    seed: u64,
    streams: HashMap<u64, Random>,
    /// Events already digested.
    digested: usize,
    pub(crate) rejected: bool,
}

impl Watcher {
    pub(crate) fn new(watch: Watch, keeps_randoms: bool, seed: u64) -> Option<Watcher> {
        let real = match watch {
            Watch::Off => return None,
            Watch::Record => None,
            Watch::World(real) => Some(real),
        };
        Some(Watcher {
            sight: Sight::default(),
            real,
            keeps_randoms,
            seed,
            streams: HashMap::new(),
            digested: 0,
            rejected: false,
        })
    }

    pub(crate) fn is_world(&self) -> bool {
        self.real.is_some()
    }

    /// Whether a world still replays the player's past.
    pub(crate) fn in_past(&self) -> bool {
        self.real
            .as_ref()
            .is_some_and(|r| self.sight.digests.len() < r.digests.len())
    }

    /// A number in `0..n` for the rules, drawn at `site`. A world draws it
    /// afresh, for a past number kept from the real game could have made a
    /// face-down card, unless the ruleset deals afresh what the player has
    /// not seen itself (`fn redeal_unseen`): then the past keeps the game's
    /// own. Past the player's moment, each place in the scripts draws from a
    /// stream of its own, so that two options played out in one world meet
    /// the same numbers where they do the same (the same level laid out),
    /// though one drew more elsewhere (a chest's offer): their difference
    /// is then the options', not the dice's.
    pub(crate) fn random(&mut self, n: usize, site: u64, fresh: &mut Random) -> usize {
        let k = self.sight.randoms.len();
        let past = self.real.as_ref().and_then(|r| r.randoms.get(k));
        let value = match past {
            // Only while the past lasts: a world that drew fewer numbers
            // must not hand the real game's later ones to what comes after.
            Some(&past) if self.keeps_randoms && self.in_past() && past < n => past,
            _ if self.is_world() && !self.in_past() => {
                let seed = self.seed ^ site;
                self.streams
                    .entry(site)
                    .or_insert_with(|| Random::new(seed))
                    .below(n)
            }
            _ => fresh.below(n),
        };
        self.sight.randoms.push(value);
        value
    }

    /// Whether this world replaces the game's own shuffle `nth`.
    pub(crate) fn shuffles_past(&self, nth: usize) -> bool {
        self.real.as_ref().is_some_and(|r| nth < r.shuffles.len())
    }

    /// The `nth` shuffle of a world: the seen cards where the player saw
    /// them, the others at random in the other places.
    pub(crate) fn shuffle(&self, cards: &mut Vec<Card>, nth: usize, fresh: &mut Random) {
        let Some(real) = self.real.as_ref().and_then(|r| r.shuffles.get(nth)) else {
            fresh.shuffle(cards);
            return;
        };
        let pins = &self.real.as_ref().expect("a world").pins;
        if real.len() != cards.len() {
            fresh.shuffle(cards);
            return;
        }
        let mut pool = std::mem::take(cards);
        let mut placed: Vec<Option<Card>> = vec![None; real.len()];
        for (place, card) in real.iter().enumerate() {
            if pins.contains(&Origin {
                shuffle: nth,
                place,
            }) {
                if let Some(j) = pool.iter().position(|c| c == card) {
                    placed[place] = Some(pool.remove(j));
                }
            }
        }
        fresh.shuffle(&mut pool);
        let mut rest = pool.into_iter();
        *cards = placed
            .into_iter()
            .map(|c| c.or_else(|| rest.next()))
            .collect::<Option<Vec<Card>>>()
            .expect("as many places as cards");
    }

    /// Notes a shuffle's result.
    pub(crate) fn shuffled(&mut self, cards: &[Card]) {
        self.sight.shuffles.push(cards.to_vec());
    }

    /// A moment of the real game when something is said: the cards lying
    /// face up then are seen, for a card may be turned up, named and put
    /// away between two decisions. A card turned up and down again with
    /// nothing said is not seen. Worlds need not note it.
    pub(crate) fn glimpse(&mut self, table: &Table) {
        if self.real.is_none() {
            pin_seen(&mut self.sight.pins, table);
        }
    }

    /// Whether the next decision needs `told`, the text of the ruleset's
    /// view and status: always in the real game where they show its named
    /// state (`shows_state`); in a world only where its named state is
    /// not the real game's, to compare what each showed of it.
    pub(crate) fn wants_told(&self, table: &Table, shows_state: bool) -> bool {
        let Some(real) = self.real.as_ref() else {
            return shows_state;
        };
        let k = self.sight.digests.len();
        real.told.get(k).is_some_and(Option::is_some)
            && real.states.get(k) != Some(&state_digest(table))
    }

    /// A decision put to the player: digests what they see; false if a
    /// world has shown something the player did not see. The named state
    /// is seen as the ruleset shows it: a world whose state differs from
    /// the real game's must show alike in `told` (the text of its view and
    /// status, where the ruleset has them, `wants_told`), else it differs.
    pub(crate) fn saw(
        &mut self,
        said: &[String],
        prompt: &Prompt,
        table: &Table,
        told: Option<&str>,
    ) -> bool {
        let mut hasher = DefaultHasher::new();
        said.hash(&mut hasher);
        prompt.question.hash(&mut hasher);
        for offer in &prompt.options {
            (&offer.key, &offer.label).hash(&mut hasher);
        }
        hash_cards(table, &mut hasher);
        if self.real.is_none() {
            pin_seen(&mut self.sight.pins, table);
        }
        let digest = hasher.finish();
        let state = state_digest(table);
        let told = told.map(|text| {
            let mut hasher = DefaultHasher::new();
            text.hash(&mut hasher);
            hasher.finish()
        });
        let k = self.sight.digests.len();
        self.sight.digests.push(digest);
        self.sight.states.push(state);
        self.sight.told.push(told);
        let matches = self.real.as_ref().is_none_or(|r| {
            r.digests.get(k).is_none_or(|&d| d == digest)
                && (r.states.get(k).is_none_or(|&s| s == state)
                    || r.told
                        .get(k)
                        .copied()
                        .flatten()
                        .is_some_and(|t| Some(t) == told))
        });
        if !matches {
            self.rejected = true;
        }
        matches
    }

    /// How many events of the run were digested.
    pub(crate) fn digested(&mut self, total: usize) -> usize {
        std::mem::replace(&mut self.digested, total)
    }
}

/// The table as the plain listing shows it: face-down cards only as
/// such, and every named state.
fn hash_shown(table: &Table, hasher: &mut DefaultHasher) {
    hash_cards(table, hasher);
    hash_state(table, hasher);
}

/// The piles as the player sees them: face-down cards only as such.
fn hash_cards(table: &Table, hasher: &mut DefaultHasher) {
    for pile in table.piles() {
        pile.name.hash(hasher);
        pile.len().hash(hasher);
        for placed in pile.placed() {
            if placed.face_up {
                Some(&placed.card).hash(hasher);
            } else {
                None::<&Card>.hash(hasher);
            }
        }
    }
}

/// The named state, hashed alone.
fn state_digest(table: &Table) -> u64 {
    let mut hasher = DefaultHasher::new();
    hash_state(table, &mut hasher);
    hasher.finish()
}

/// Every named state, as the plain listing shows it.
fn hash_state(table: &Table, hasher: &mut DefaultHasher) {
    for (name, value) in &table.state {
        (name, value.to_string()).hash(hasher);
    }
}

/// A digest of the table as the player sees it, to tell whether a change
/// touched anything but face-down cards.
pub(crate) fn shown(table: &Table) -> u64 {
    let mut hasher = DefaultHasher::new();
    hash_shown(table, &mut hasher);
    hasher.finish()
}

/// Notes the places of the shuffles whose cards the player sees now: the
/// cards lying face up. A card named in the game's state shows what it is,
/// not where it lies: a world that puts it elsewhere is turned away if that
/// changes what the player sees.
fn pin_seen(pins: &mut HashSet<Origin>, table: &Table) {
    let placed = table
        .piles()
        .iter()
        .flat_map(crate::game::pile::Pile::placed);
    pins.extend(placed.filter(|p| p.face_up).filter_map(|p| p.origin));
}

/// What a watched run hands back: what the player saw, and whether a world
/// was rejected for showing something else (or for ending before it came
/// to the decisions the player met).
#[derive(Clone, Debug)]
pub(crate) struct Watched {
    pub sight: Arc<Sight>,
    pub rejected: bool,
}

impl From<Watcher> for Watched {
    fn from(watcher: Watcher) -> Watched {
        Watched {
            rejected: watcher.rejected || watcher.in_past(),
            sight: Arc::new(watcher.sight),
        }
    }
}
