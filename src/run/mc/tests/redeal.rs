//! Worlds of a ruleset that deals afresh what the player has not seen (`fn
//! redeal_unseen`): they show the table as the player sees it, and deal its
//! face-down cards as the ruleset's own games do.

use super::*;
use std::collections::BTreeMap;

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
        let options = program.ruleset().declared.defaults();
        let deal = Deal {
            seed: 11,
            stack: None,
        };
        let plan = |choices: &[Choice], answerer| unchecked(&options, 11, choices, answerer);
        let whole = play(&program, plan(&[], Answerer::RandomBot));
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
/// worlds are drawn as its games draw them: counted by card, the two
/// tallies differ by little (their total variation distance; a redeal
/// that filled thin rooms with treasure was at 0.2).
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
        assert!(real.total > 1000, "{name}: {} face-down cards", real.total);
        let distance = real.distance(&dealt);
        assert!(
            distance < 0.07,
            "{name}: {distance:.3} apart\n{real:?}\n{dealt:?}"
        );
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

/// How many face-down cards the rules made, by card.
#[derive(Debug, Default)]
struct Tally {
    cards: BTreeMap<String, usize>,
    total: usize,
}

impl Tally {
    fn add(&mut self, table: &crate::game::table::Table) {
        for (_, _, card) in face_down(table) {
            *self.cards.entry(card.to_string()).or_default() += 1;
            self.total += 1;
        }
    }

    /// Half the summed difference of the two tallies' shares.
    fn distance(&self, other: &Tally) -> f64 {
        let share = |t: &Tally, card: &String| {
            t.cards.get(card).copied().unwrap_or(0) as f64 / t.total.max(1) as f64
        };
        let cards: std::collections::BTreeSet<_> =
            self.cards.keys().chain(other.cards.keys()).collect();
        cards
            .into_iter()
            .map(|c| (share(self, c) - share(other, c)).abs())
            .sum::<f64>()
            / 2.0
    }
}
