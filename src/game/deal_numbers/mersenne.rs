//! PySolFC's deals above 32,000: Python's own generator (`random.Random`,
//! a Mersenne Twister seeded from the deal number's 32-bit words, low word
//! first) drives a Fisher-Yates shuffle run from the end of the deck, each
//! index drawn by scaling a 53-bit fraction, as PySolFC draws it.

use rand_mt::Mt;

/// Python's `random.Random(number)`: the key is the number's 32-bit words,
/// least significant first, and at least one.
fn python_random(number: u64) -> Mt {
    let low = number as u32;
    let high = (number >> 32) as u32;
    if high == 0 {
        Mt::new_with_key([low])
    } else {
        Mt::new_with_key([low, high])
    }
}

/// Python's `random()`: a fraction in [0, 1) from 53 bits of two draws.
fn fraction(mt: &mut Mt) -> f64 {
    let a = f64::from(mt.next_u32() >> 5);
    let b = f64::from(mt.next_u32() >> 6);
    (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
}

/// Shuffles `deck` (given in PySol's order, index 0 first) as deal `number`
/// does, leaving the first card dealt last.
pub(super) fn shuffle<T>(number: u64, deck: &mut [T]) {
    let mut mt = python_random(number);
    for last in (1..deck.len()).rev() {
        // PySol's `randint(0, last)`: the fraction scaled and truncated.
        let drawn = (fraction(&mut mt) * (last + 1) as f64) as usize;
        deck.swap(last, drawn);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_gives_pythons_numbers() {
        // `random.Random(1).random()` and `random.Random(2**32).random()`
        // in CPython, printed with `repr` (which reads back bit for bit).
        let first = |number| fraction(&mut python_random(number)).to_bits();
        assert_eq!(first(1), 0.134_364_244_112_401_22_f64.to_bits());
        assert_eq!(first(1 << 32), 0.112_994_300_956_364_09_f64.to_bits());
    }
}
