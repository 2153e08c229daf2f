//! Calls that repeat, in the chain of rule functions an error passed: a
//! rule that calls itself, or a ring of rules that call each other (a
//! variant's rule that calls back into itself through `base::`). Each
//! ring is told once with how many times it turned, and a ring through
//! `base::` is named first, at the author's call.

/// One call the error passed: the function called, and where the call is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Frame {
    pub name: String,
    pub place: String,
}

/// The longest ring looked for: a loop through more rules than this is
/// shown call by call.
const LONGEST_RING: usize = 4;

/// The calls, innermost first, as lines: a stretch that repeats a ring of
/// calls is shown once, with the count on its last line.
pub(super) fn folded(frames: &[Frame]) -> String {
    let mut text = String::new();
    let mut i = 0;
    while i < frames.len() {
        let (length, times) = ring_at(frames, i);
        for (k, frame) in frames[i..i + length].iter().enumerate() {
            text += &format!("\n  in {}() at {}", frame.name, frame.place);
            if times > 1 && k + 1 == length {
                text += &if length == 1 {
                    format!(" ({times} times)")
                } else {
                    format!(" (these {length} calls {times} times)")
                };
            }
        }
        i += length * times;
    }
    text
}

/// The shortest ring that starts at `i` and turns at least twice, with how
/// many times it turns; `(1, 1)` when none does.
fn ring_at(frames: &[Frame], i: usize) -> (usize, usize) {
    for length in 1..=LONGEST_RING {
        let ring = &frames[i..(i + length).min(frames.len())];
        let mut times = 1;
        while frames
            .get(i + times * length..i + (times + 1) * length)
            .is_some_and(|next| next == ring)
        {
            times += 1;
        }
        if times > 1 {
            return (length, times);
        }
    }
    (1, 1)
}

/// Where a rule calls back into itself through `base::`, said at the
/// author's `base::` call: "`F` calls `base::G`, which calls `F` again".
pub(super) fn through_base(frames: &[Frame]) -> Option<String> {
    let mut i = 0;
    while i < frames.len() {
        let (length, times) = ring_at(frames, i);
        let ring = &frames[i..i + length];
        if times > 1 && length > 1 {
            if let Some(k) = ring.iter().position(|f| f.name.starts_with("base::")) {
                // A call at ring[k] stands in the function ring[k + 1] names
                // (the next one out); inward, the ring goes k - 1, k - 2, …
                let caller = &ring[(k + 1) % length].name;
                let between: Vec<String> = (1..length - 1)
                    .map(|m| format!("`{}`", ring[(k + length - m) % length].name))
                    .collect();
                let then = if between.is_empty() {
                    String::new()
                } else {
                    format!("{}, then ", between.join(", "))
                };
                return Some(format!(
                    "{}: `{caller}` calls `{}`, which calls {then}`{caller}` again, without end",
                    ring[k].place, ring[k].name
                ));
            }
        }
        i += length * times;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(name: &str, place: &str) -> Frame {
        Frame {
            name: name.into(),
            place: place.into(),
        }
    }

    #[test]
    fn a_ring_through_base_is_folded_and_named_at_the_authors_call() {
        let mut frames = vec![frame("power_of", "base.rhai:9:1")];
        for _ in 0..3 {
            frames.push(frame("base::turn", "house.rhai:3:5"));
            frames.push(frame("play_a_card", "base.rhai:5:9"));
        }
        frames.push(frame("turn", "base.rhai:2:9"));
        assert_eq!(
            folded(&frames),
            "\n  in power_of() at base.rhai:9:1\
             \n  in base::turn() at house.rhai:3:5\
             \n  in play_a_card() at base.rhai:5:9 (these 2 calls 3 times)\
             \n  in turn() at base.rhai:2:9"
        );
        assert_eq!(
            through_base(&frames).unwrap(),
            "house.rhai:3:5: `play_a_card` calls `base::turn`, which calls `play_a_card` again, without end"
        );
        let plain = vec![frame("descend", "d.rhai:5:13"); 4];
        assert_eq!(folded(&plain), "\n  in descend() at d.rhai:5:13 (4 times)");
        assert_eq!(through_base(&plain), None);
    }
}
