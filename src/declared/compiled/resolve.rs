//! A declared game compiled (`Compiled::of`): each declaration resolved
//! against the table and the options, pile names to pile numbers, build
//! rules to tables of which card goes onto which. A game that does not fit
//! a board (non-standard cards, state that is not a count its moves
//! spend, moves from sources of the dungeon kind) is refused, and stays
//! with the host's general run.

use super::judgement::Judge;
use super::stranded::Strands;
use super::{
    Action, Autoplay, Builds, Compiled, Kind, Refusal, Repeats, RunRule, Won, MOST_CARDS,
    MOST_PILES,
};
use crate::game::table::Value;
use crate::script::api::piles_named;
use crate::script::declare::option_is_on;
use crate::script::host::Host;
use crate::script::move_kind::{Build, Count, MoveKind, Runs};
use crate::script::position_rules::{Repetition, RepetitionEnd};
use crate::script::turn_rules::WonTest;

/// What resolving reads: the host at the first decision.
struct Resolver<'a> {
    host: &'a dyn Host,
    /// The named counts, in the board's order.
    counts: Vec<String>,
    /// Each pile's interchangeable family, if it has one.
    family: Vec<Option<u8>>,
}

impl Compiled {
    /// Compiles the game the host holds at a decision, with its options.
    pub(crate) fn of(host: &dyn Host) -> Result<Compiled, Refusal> {
        let wiring = host.wiring();
        if !(wiring.host_lists && wiring.host_applies) {
            return Err("the ruleset lists or applies its own moves".into());
        }
        let table = host.table();
        if table.piles().len() > MOST_PILES || table.card_count() > MOST_CARDS {
            return Err("more piles or cards than a board holds".into());
        }
        let family = table
            .piles()
            .iter()
            .map(|p| wiring.position.family_of(&p.name).map(|f| f as u8))
            .collect();
        let resolver = Resolver {
            host,
            counts: counts(host)?,
            family,
        };
        resolver.compile()
    }
}

impl Resolver<'_> {
    fn compile(self) -> Result<Compiled, Refusal> {
        let wiring = self.host.wiring();
        let mut kinds = Vec::new();
        for kind in wiring.moves.iter() {
            kinds.push(self.kind(kind)?);
        }
        let (safe, in_force) = match self.autoplay(&kinds)? {
            Some((ruling, on)) => (Some(ruling), on),
            None => (None, false),
        };
        let autoplay = if in_force { safe.clone() } else { None };
        let kinds: Vec<Kind> = kinds.into_iter().flatten().collect();
        // Where cards may come back from home, a card home may be brought
        // back to hold one out, and itself be held: a move home is safe
        // for a search to take alone only once every card that could want
        // the card, and every card that could want one of those, and so
        // on down, is home; and the same of the card it covers there,
        // which could have come back before and now can not (where homes
        // build by suit that card's chain is home already; where they
        // build by rank alone it may not be). Nothing then ever needs a
        // card back.
        let safe = safe.map(|ruling| {
            if gives_back(&kinds, &ruling.homes) {
                ruling.closed()
            } else {
                ruling
            }
        });
        let turn = &wiring.turn;
        let mut turn_up = Vec::new();
        for (name, _) in &turn.turn_up {
            turn_up.extend(self.one(name)?);
        }
        let won = match turn.won.as_ref().map(|w| &w.test) {
            Some(WonTest::AllIn(name)) => Some(Won::AllIn(self.one(name)?)),
            Some(WonTest::Empty(name)) => Some(Won::Empty(self.one(name)?)),
            None => None,
        };
        let Some(score) = &turn.score else {
            return Err("no declared score".into());
        };
        if turn.stuck.is_none() {
            return Err("no declared end for a game with no move left".into());
        }
        let strands = Strands::new(&kinds, won.as_ref(), self.family.len());
        let judge = Judge::new(&kinds, won.as_ref(), autoplay.as_ref().map(|a| a.kind));
        let repeats = match wiring.position.repetition.as_ref() {
            None => Repeats::Never,
            Some(Repetition {
                times,
                end: RepetitionEnd::Lost(_),
            }) => Repeats::Lost(*times),
            Some(_) => Repeats::ByScript,
        };
        Ok(Compiled {
            up: self
                .host
                .table()
                .piles()
                .iter()
                .map(|p| p.face_up)
                .collect(),
            alike: alike(&kinds),
            sinks: sinks(self.family.len(), &kinds, safe.as_ref()),
            families: self.families(),
            in_family: self.family.iter().map(Option::is_some).collect(),
            score: self.one(&score.cards_in)?,
            kinds,
            turn_up,
            autoplay,
            safe,
            won,
            judge,
            strands,
            counts: self.counts,
            takes_lone: true,
            repeats,
        })
    }

    /// The piles `names` stand for, by number.
    fn piles(&self, names: &[String]) -> Result<Vec<u8>, Refusal> {
        piles_named(self.host, names)
            .map(|found| found.into_iter().map(|p| p as u8).collect())
            .map_err(|e| e.to_string())
    }

    fn one(&self, name: &str) -> Result<Vec<u8>, Refusal> {
        self.piles(&[name.to_string()])
    }

    /// The one pile `name` stands for.
    fn single(&self, name: &str) -> Result<u8, Refusal> {
        match self.one(name)?[..] {
            [one] => Ok(one),
            _ => Err(format!("`{name}` names a family, where one pile is wanted")),
        }
    }

    /// Whether an option is on.
    fn on(&self, name: &str) -> bool {
        self.host.option(name).is_some_and(option_is_on)
    }

    /// A kind as this game plays it; none where its option is off.
    fn kind(&self, kind: &MoveKind) -> Result<Option<Kind>, Refusal> {
        if kind.when.as_deref().is_some_and(|w| !self.on(w)) {
            return Ok(None);
        }
        if !kind.sources.is_empty() || kind.onto.is_some() {
            return Err(format!("kind `{}` takes its cards from sources", kind.name));
        }
        let action = if let Some(build) = &kind.build {
            let resolved = build.under_options(|name| self.on(name));
            self.builds(resolved.as_ref().unwrap_or(build))
                .map(|b| Action::Build(Box::new(b)))?
        } else if let Some(deals) = &kind.deals {
            Action::Deal {
                from: self.single(&deals.from)?,
                to: self.single(&deals.to)?,
                count: self.deal_count(&deals.count)?,
            }
        } else {
            Action::Nothing
        };
        Ok(Some(Kind {
            name: kind.name.clone(),
            when_empty: kind
                .when_empty
                .as_deref()
                .map(|p| self.single(p))
                .transpose()?,
            while_left: self.count(kind.while_left.as_deref(), "while_left")?,
            unless_empty: kind
                .unless_empty
                .as_deref()
                .map(|p| self.single(p))
                .transpose()?,
            action,
            spends: self.count(kind.spends.as_deref(), "spends")?,
        }))
    }

    fn deal_count(&self, count: &Count) -> Result<usize, Refusal> {
        match count {
            Count::Cards(n) => Ok(*n),
            Count::All => Ok(usize::MAX),
            Count::Option(name) => self
                .host
                .option(name)
                .and_then(|v| v.as_int().ok())
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| format!("option `{name}` is no count")),
        }
    }

    /// The board's count a kind reads or spends; none for a state that
    /// holds nothing (no limit).
    fn count(&self, name: Option<&str>, key: &str) -> Result<Option<usize>, Refusal> {
        let Some(name) = name else { return Ok(None) };
        if let Some(at) = self.counts.iter().position(|c| c == name) {
            return Ok(Some(at));
        }
        match self.host.table().state.get(name) {
            Some(Value::Nothing) => Ok(None),
            _ => Err(format!("`{key}` state `{name}` is no count")),
        }
    }

    /// A build kind's piles and its rule as tables of cards.
    fn builds(&self, build: &Build) -> Result<Builds, Refusal> {
        let mut onto = vec![0u64; 52];
        for (card, bits) in onto.iter_mut().enumerate() {
            for under in 0..52 {
                if build.fits(rank_suit(card), rank_suit(under)) {
                    *bits |= 1 << under;
                }
            }
        }
        let mut run_onto = vec![0u64; 52];
        for (card, bits) in run_onto.iter_mut().enumerate() {
            for under in 0..52 {
                if build.holds_together_ranks(rank_suit(card), rank_suit(under)) {
                    *bits |= 1 << under;
                }
            }
        }
        let mut starts = [false; 14];
        for (rank, start) in starts.iter_mut().enumerate().skip(1) {
            *start = build.empty.takes(Some(rank as u8));
        }
        let runs = match &build.runs {
            Runs::Top => RunRule::Top,
            Runs::Built | Runs::FaceUp => RunRule::Built,
            Runs::Limited { free, empty } => RunRule::Limited {
                free: free
                    .as_deref()
                    .map(|f| self.one(f))
                    .transpose()?
                    .unwrap_or_default(),
                empty: self.one(empty)?,
            },
        };
        Ok(Builds {
            sources: self.piles(&build.from)?,
            targets: self.one(&build.to)?,
            onto,
            run_onto,
            starts,
            one_empty: build.one_empty,
            runs,
            family: self.family.clone(),
            rule: build.clone(),
        })
    }

    /// The autoplay ruling resolved where its kind is played, and whether
    /// its option is on; `kinds` are every declared kind in order, those
    /// whose option is off as none.
    fn autoplay(&self, kinds: &[Option<Kind>]) -> Result<Option<(Autoplay, bool)>, Refusal> {
        let wiring = self.host.wiring();
        let Some(rule) = &wiring.turn.autoplay else {
            return Ok(None);
        };
        let on = rule.when.as_deref().is_none_or(|w| self.on(w));
        let Some(at) = wiring.moves.iter().position(|k| k.name == rule.kind) else {
            return Err(format!("autoplay names no kind `{}`", rule.kind));
        };
        let Some(home) = wiring.moves[at].build.as_ref() else {
            return Err(format!("autoplay's kind `{}` carries no cards", rule.kind));
        };
        if kinds[at].is_none() {
            return Ok(None);
        }
        let tableau: Vec<Build> = wiring
            .moves
            .iter()
            .filter(|k| k.name != rule.kind)
            .filter(|k| k.when.as_deref().is_none_or(|w| self.on(w)))
            .filter_map(|k| k.build.as_ref())
            .filter(|b| b.rule.is_some())
            .map(|b| {
                b.under_options(|name| self.on(name))
                    .unwrap_or_else(|| b.clone())
            })
            .collect();
        let ruling = Autoplay {
            kind: kinds.iter().take(at).flatten().count(),
            homes: self.one(&home.to)?,
            wanted: wanted(home, &tableau),
            covered_counts: false,
        };
        Ok(Some((ruling, on)))
    }

    /// The interchangeable families, each its piles.
    fn families(&self) -> Vec<Vec<u8>> {
        let count = self.host.wiring().position.interchangeable.len();
        (0..count as u8)
            .map(|f| {
                (0..self.family.len() as u8)
                    .filter(|&p| self.family[usize::from(p)] == Some(f))
                    .collect()
            })
            .collect()
    }
}

impl Autoplay {
    /// The ruling with each card's wanters closed under wanting: the cards
    /// that could want it, those that could want them, and so on; and the
    /// card a move home covers judged as the card it sends.
    fn closed(mut self) -> Autoplay {
        self.covered_counts = true;
        loop {
            let before = self.wanted.clone();
            for card in 0..self.wanted.len() {
                let mut mask = self.wanted[card];
                let mut wanters = mask;
                while wanters != 0 {
                    let wanter = wanters.trailing_zeros() as usize;
                    wanters &= wanters - 1;
                    mask |= before[wanter];
                }
                self.wanted[card] = mask;
            }
            if self.wanted == before {
                return self;
            }
        }
    }
}

/// Whether a kind takes cards from one of `homes`.
fn gives_back(kinds: &[Kind], homes: &[u8]) -> bool {
    kinds.iter().any(|kind| match &kind.action {
        Action::Build(builds) => builds.sources.iter().any(|s| homes.contains(s)),
        _ => false,
    })
}

/// The named state that moves spend, as counts; any other state (but
/// bookkeeping, and counts that hold nothing, which never change) keeps
/// the game from compiling.
fn counts(host: &dyn Host) -> Result<Vec<String>, Refusal> {
    let wiring = host.wiring();
    let spent: Vec<&String> = wiring
        .moves
        .iter()
        .filter_map(|k| k.spends.as_ref())
        .collect();
    let mut counts = Vec::new();
    for (name, value) in &host.table().state {
        if wiring.position.bookkeeping.contains(name) || matches!(value, Value::Nothing) {
            continue;
        }
        if !spent.contains(&name) || !matches!(value, Value::Int(_)) {
            return Err(format!("state `{name}` is not a count the moves spend"));
        }
        counts.push(name.clone());
    }
    Ok(counts)
}

/// The piles no move takes a card from and no rule reads below the top.
fn sinks(piles: usize, kinds: &[Kind], autoplay: Option<&Autoplay>) -> Vec<bool> {
    (0..piles as u8)
        .map(|pile| {
            let taken = kinds.iter().any(|k| k.takes_from(pile));
            let read = autoplay.is_some_and(|a| !a.homes.contains(&pile));
            !taken && !read
        })
        .collect()
}

/// For each card, the first card that every kind treats as it as a card
/// to build on: the same cards may go onto both.
fn alike(kinds: &[Kind]) -> Vec<u8> {
    let takers = |under: usize| -> Vec<u64> {
        kinds
            .iter()
            .filter_map(|k| match &k.action {
                Action::Build(b) => Some(
                    (0..52)
                        .filter(|&card| b.onto[card] & (1 << under) != 0)
                        .fold(0u64, |mask, card| mask | 1 << card),
                ),
                _ => None,
            })
            .collect()
    };
    let signatures: Vec<Vec<u64>> = (0..52).map(takers).collect();
    (0..52)
        .map(|card| {
            signatures
                .iter()
                .position(|s| *s == signatures[card])
                .unwrap_or(card) as u8
        })
        .collect()
}

/// A card number's (rank, suit), as build rules read cards.
fn rank_suit(card: usize) -> (u8, u8) {
    ((card % 13) as u8 + 1, (card / 13) as u8)
}

/// For each card, the cards out that could want it: those a tableau rule
/// lets go onto it, but for a card that may start an empty home.
fn wanted(home: &Build, tableau: &[Build]) -> Vec<u64> {
    (0..52)
        .map(|under| {
            let mut mask = 0u64;
            for other in 0..52 {
                let card = rank_suit(other);
                if home.empty.takes(Some(card.0)) {
                    continue;
                }
                if tableau.iter().any(|b| b.fits(card, rank_suit(under))) {
                    mask |= 1 << other;
                }
            }
            mask
        })
        .collect()
}
