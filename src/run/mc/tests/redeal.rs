//! Worlds of a ruleset that deals afresh what the player has not seen (`fn
//! redeal_unseen`): they show the table as the player sees it, and deal its
//! face-down cards as the ruleset's own games do.

use super::*;
use std::collections::{BTreeMap, BTreeSet};

/// The face-down cards of a table that the rules made rather than a
/// shuffle dealt (worlds deal a shuffle's afresh on their own): pile, place
/// and card.
fn face_down(table: &crate::game::table::Table) -> Vec<(usize, usize, crate::game::card::Card)> {
    let mut hidden = Vec::new();
    for (p, pile) in table.piles().iter().enumerate() {
        for (at, placed) in pile.placed().iter().enumerate() {
            if !placed.face_up && placed.origin.is_none() {
                hidden.push((p, at, placed.card.clone()));
            }
        }
    }
    hidden
}

/// A shipped ruleset that deals afresh what the player has not seen (`fn
/// redeal_unseen`, its worlds keeping the past random numbers): at the
/// moment of a random game with the most face-down cards, its accepted worlds show the table as the player
/// sees it, and their face-down cards are not the real game's.
#[test]
fn worlds_of_a_ruleset_that_redeals_hide_its_face_down_cards() {
    let mut checked = 0;
    for name in crate::script::catalog::names() {
        let program = Program::load_named(&name).unwrap();
        if !program.ruleset().has_fn("redeal_unseen", 0) {
            continue;
        }
        let (options, deal, whole) = random_game(&program);
        let plan = |choices: &[Choice], answerer| unchecked(&options, 11, choices, answerer);
        // The latest moment of the game with the most face-down cards.
        let (real, choices) = (1..whole.choices.len())
            .map(|k| {
                let choices = &whole.choices[..k];
                (play(&program, plan(choices, Answerer::Person)), choices)
            })
            .max_by_key(|(report, _)| face_down(&report.table).len())
            .unwrap();
        let hidden = face_down(&real.table);
        assert!(hidden.len() >= 3, "{name}: too few face-down cards to test");
        let (_, sight) = sight(&program, &options, &deal, choices).unwrap();
        let worlds = accepted_worlds(&program, &options, choices, &sight, 7);
        let (accepted, mut differs) = (worlds.len(), 0);
        for (w, world) in worlds {
            assert_eq!(
                world.stop, real.stop,
                "{name}: world {w} asks something else"
            );
            assert_eq!(
                crate::run::world::shown(&world.table),
                crate::run::world::shown(&real.table),
                "{name}: world {w} shows another table"
            );
            differs += usize::from(face_down(&world.table) != hidden);
        }
        assert!(accepted >= 6, "{name}: {accepted} of 12 worlds accepted");
        assert_eq!(
            differs, accepted,
            "{name}: a world kept the real face-down cards"
        );
        checked += 1;
    }
    assert!(checked > 0, "no shipped ruleset redeals what is unseen");
}

/// Over many random games, the face-down cards of a redealing ruleset's
/// worlds are drawn as its games draw them: counted by card, and by each
/// value of each of their properties, the tallies differ by little (their
/// total variation distance). For Dungeon Solitaire's redeal: by card,
/// exits and object 0.063, 0.030 and 0.026; two halves of the real games,
/// half as many cards each, 0.071, 0.039 and 0.022. A first redeal, which
/// filled thin rooms with treasure, was 0.161 apart by card and 0.139 by
/// exits; one that counted every exit toward a gap in a room's worth, 0.059
/// by object.
#[test]
fn worlds_of_a_ruleset_that_redeals_deal_its_cards_as_its_games_do() {
    for name in crate::script::catalog::names() {
        let program = Program::load_named(&name).unwrap();
        if !program.ruleset().has_fn("redeal_unseen", 0) {
            continue;
        }
        let options = program.ruleset().declared.defaults();
        let (mut real, mut dealt) = (Tally::default(), Tally::default());
        for seed in 0..300 {
            let plan = |choices: &[Choice], answerer| unchecked(&options, seed, choices, answerer);
            let whole = play(&program, plan(&[], Answerer::RandomBot));
            let choices = &whole.choices[..whole.choices.len() / 2];
            let deal = Deal { seed, stack: None };
            let (_, sight) = sight(&program, &options, &deal, choices).unwrap();
            let Some(world) = first_accepted_world(&program, &options, choices, &sight, seed)
            else {
                continue;
            };
            real.add(&play(&program, plan(choices, Answerer::Person)).table);
            dealt.add(&world.table);
        }
        assert!(real.total > 2000, "{name}: {} face-down cards", real.total);
        for (feature, distance) in real.distances(&dealt) {
            let most = if feature == CARD { 0.08 } else { 0.045 };
            assert!(
                distance < most,
                "{name}: by {feature}, {distance:.3} apart\n{real:?}\n{dealt:?}"
            );
        }
    }
}

/// The first of 12 worlds of the moment after `choices` that replays what
/// the player saw.
fn first_accepted_world(
    program: &Program,
    options: &Options,
    choices: &[Choice],
    sight: &Arc<Sight>,
    salt: u64,
) -> Option<Report> {
    (0..12).find_map(|w| {
        let seed = world_seed(salt, choices.len(), w);
        let mut plan = unchecked(options, seed, choices, Answerer::Person);
        plan.watch = Watch::World(sight.clone());
        let world = play(program, plan);
        (!world.watched.as_ref().unwrap().rejected).then_some(world)
    })
}

/// The tally of whole cards; the others are of a property's values.
const CARD: &str = "card";

/// How many face-down cards the rules made: by card, and by each value of
/// each of their properties.
#[derive(Debug, Default)]
struct Tally {
    counts: BTreeMap<String, BTreeMap<String, usize>>,
    total: usize,
}

impl Tally {
    fn add(&mut self, table: &crate::game::table::Table) {
        for (_, _, card) in face_down(table) {
            self.count(CARD, card.to_string());
            for (key, value) in card.props().into_iter().flatten() {
                self.count(key, format!("{value:?}"));
            }
            self.total += 1;
        }
    }

    fn count(&mut self, feature: &str, value: String) {
        *self
            .counts
            .entry(feature.to_string())
            .or_default()
            .entry(value)
            .or_default() += 1;
    }

    /// By feature, half the summed difference of the two tallies' shares.
    fn distances(&self, other: &Tally) -> Vec<(String, f64)> {
        let features: BTreeSet<&String> = self.counts.keys().chain(other.counts.keys()).collect();
        features
            .into_iter()
            .map(|feature| {
                let (mine, theirs) = (self.counts.get(feature), other.counts.get(feature));
                let share =
                    |t: &Tally, counts: Option<&BTreeMap<String, usize>>, value: &String| {
                        counts.and_then(|c| c.get(value)).copied().unwrap_or(0) as f64
                            / t.total.max(1) as f64
                    };
                let values: BTreeSet<&String> = mine
                    .into_iter()
                    .chain(theirs)
                    .flat_map(BTreeMap::keys)
                    .collect();
                let distance = values
                    .into_iter()
                    .map(|v| (share(self, mine, v) - share(other, theirs, v)).abs())
                    .sum::<f64>()
                    / 2.0;
                (feature.clone(), distance)
            })
            .collect()
    }
}
