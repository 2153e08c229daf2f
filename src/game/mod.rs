//! The game's pieces, which know nothing of scripts or sessions: cards
//! (`card.rs`, custom cards with properties), piles (`pile.rs`), the table of
//! piles and cards in play (`table.rs`), the seeded random stream
//! (`random.rs`), stacked deals (`deal.rs`), the field's own deal
//! numbers (`deal_numbers.rs`) and a decision's options and
//! choices (`decision.rs`).

pub(crate) mod card;
pub(crate) mod deal;
pub(crate) mod deal_numbers;
pub(crate) mod decision;
pub(crate) mod pile;
pub(crate) mod random;
pub(crate) mod table;
