//! Microsoft's deal numbers, as the patience games shipped with Windows
//! numbered their deals: the C runtime's `rand()` (a linear congruential
//! generator seeded with the deal number) draws the cards one by one from
//! a deck laid ace to king, each rank clubs, diamonds, hearts, spades.
//! PySolFC deals its numbers up to 32,000 the same way.

/// The C runtime's generator: 15 bits a call, from a 32-bit state.
struct CRuntimeRand {
    state: u32,
}

impl CRuntimeRand {
    fn next(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(214_013).wrapping_add(2_531_011);
        (self.state >> 16) & 0x7fff
    }
}

/// Shuffles `deck` (given in Microsoft's order, index 0 first) as deal
/// `number` does, leaving the first card dealt last: each draw takes a
/// random card of those left and puts the last of them in its place, which
/// is a Fisher-Yates shuffle run from the end.
pub(super) fn shuffle<T>(number: u32, deck: &mut [T]) {
    let mut rand = CRuntimeRand { state: number };
    for last in (1..deck.len()).rev() {
        let drawn = rand.next() as usize % (last + 1);
        deck.swap(last, drawn);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_generator_gives_the_c_runtimes_numbers() {
        // srand(1): rand() gives 41, 18467, 6334, 26500 in every C runtime
        // of this family.
        let mut rand = super::CRuntimeRand { state: 1 };
        let first: Vec<u32> = (0..4).map(|_| rand.next()).collect();
        assert_eq!(first, [41, 18467, 6334, 26500]);
    }
}
