//! How sure a hint may be of a paired difference while it keeps adding
//! worlds: a time-uniform (anytime-valid) interval of a mean, which holds at
//! its level at every number of worlds at once, so the hint may look after
//! every world and stop when it likes. A fixed-size 95% interval looked at
//! after each world would be wrong far more often than 5% of the time: the
//! chance that some look is wrong grows with the looks.
//!
//! The interval is Robbins' normal mixture with the running standard
//! deviation in place of the true one: the asymptotic confidence sequence
//! of Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas ("Time-uniform
//! central limit theory and asymptotic confidence sequences", Annals of
//! Statistics 2024). Like any interval from a normal approximation it
//! trusts the mean of the worlds to be near normal; to keep a few lucky
//! worlds from making it narrow, the deviation counts one world more that
//! differs by the spread of all the results seen.

/// The error a hint allows in all its claims together: 5%.
pub(crate) const ALPHA: f64 = 0.05;

/// The number of worlds at which the interval is narrowest: a typical
/// decision's worlds in a second. It is valid at any number.
const TIGHTEST_AT: f64 = 32.0;

/// Half the width of the interval of the mean of `n` differences whose
/// squared deviations from their mean sum to `squares`, with `spread`
/// the deviation of one world more, at error `alpha` (two-sided).
pub(crate) fn half_width(n: usize, squares: f64, spread: f64, alpha: f64) -> f64 {
    if n < 2 {
        return f64::INFINITY;
    }
    let t = n as f64;
    let deviation = ((squares + spread * spread) / t).sqrt();
    let l = -2.0 * alpha.ln();
    let rho2 = (l + (l + 1.0).ln()) / TIGHTEST_AT;
    let mixed = t * rho2 + 1.0;
    deviation * (2.0 * mixed / (t * t * rho2) * (mixed.sqrt() / alpha).ln()).sqrt()
}

/// The error allowed each comparison of the best with another of `options`
/// (Bonferroni): a wrong best needs the true best to lose one of them.
pub(crate) fn alpha_each(options: usize) -> f64 {
    ALPHA / options.saturating_sub(1).max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::random::Random;

    /// A uniform draw in (0, 1) from the host's stream.
    fn uniform(random: &mut Random) -> f64 {
        (random.below(1 << 30) as f64 + 0.5) / f64::from(1 << 30)
    }

    /// A normal draw (Box-Muller).
    fn normal(random: &mut Random) -> f64 {
        let (u, v) = (uniform(random), uniform(random));
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    /// Of `runs` sequences of up to 500 differences with mean 0 from
    /// `draw`, the share in which a test that looks after every world from
    /// the eighth on ever claims a mean above 0, with `width` its
    /// half-width after `n` worlds.
    fn ever_wrong(
        runs: usize,
        draw: &dyn Fn(&mut Random) -> f64,
        width: &dyn Fn(usize, f64) -> f64,
    ) -> f64 {
        let mut random = Random::new(7);
        let mut wrong = 0;
        for _ in 0..runs {
            let (mut sum, mut sum2) = (0.0, 0.0);
            for n in 1..=500 {
                let d = draw(&mut random);
                sum += d;
                sum2 += d * d;
                let mean = sum / n as f64;
                let squares = (sum2 - n as f64 * mean * mean).max(0.0);
                if n >= 8 && mean - width(n, squares) > 0.0 {
                    wrong += 1;
                    break;
                }
            }
        }
        f64::from(wrong) / runs as f64
    }

    #[test]
    fn looked_at_after_every_world_it_is_wrong_less_than_its_error_a_fixed_interval_far_more() {
        let runs = 2000;
        let anytime = |spread: f64| move |n, squares| half_width(n, squares, spread, ALPHA);
        // One-sided claims of a two-sided interval: at most half its error,
        // whether the differences are normal or rare (two options that part
        // in one world of 25, either way: wins, whose spread is 0.5).
        let normal_wrong = ever_wrong(runs, &normal, &anytime(1.0));
        let rare = |r: &mut Random| match r.below(50) {
            0 => 1.0,
            1 => -1.0,
            _ => 0.0,
        };
        let rare_wrong = ever_wrong(runs, &rare, &anytime(0.5));
        for wrong in [normal_wrong, rare_wrong] {
            assert!(wrong < ALPHA / 2.0 + 0.01, "wrong in {wrong}");
        }
        // The 95% interval of a fixed number of worlds, looked at as often.
        let fixed =
            |n: usize, squares: f64| 1.96 * (squares / (n as f64 - 1.0)).sqrt() / (n as f64).sqrt();
        assert!(ever_wrong(runs, &normal, &fixed) > 0.2);
        // What no interval from the worlds sees: a large loss in a few
        // worlds, after a steady small gain in the rest (a point more in
        // nine worlds of ten, nine less in the tenth, scores that range
        // over 20). The one world more at half that range keeps it wrong
        // in under 10% of such runs, looked at after every world, where one
        // look at a fixed 95% interval of 30 worlds is wrong in 18%.
        let skewed = |r: &mut Random| if r.below(10) == 0 { -9.0 } else { 1.0 };
        let skewed_wrong = ever_wrong(runs, &skewed, &anytime(10.0));
        assert!(skewed_wrong < 0.1, "wrong in {skewed_wrong}");
    }

    #[test]
    fn it_narrows_with_worlds_and_widens_with_the_comparisons() {
        let at = |n: usize| half_width(n, n as f64, 0.0, ALPHA);
        assert!(at(10) > at(32) && at(32) > at(100) && at(100) > at(1000));
        // Near its tightest it is about 1.5 times a fixed 95% interval's.
        let ratio = at(32) * 32f64.sqrt() / 1.96;
        assert!((1.3..1.7).contains(&ratio), "{ratio}");
        assert!(half_width(32, 32.0, 0.0, alpha_each(20)) > at(32));
        assert!(half_width(1, 0.0, 0.0, ALPHA).is_infinite());
        // Eight wins where the other lost, in eight worlds, are sure at 5%
        // shared among ten options; three are not.
        assert!(half_width(8, 0.0, 0.5, alpha_each(10)) < 1.0);
        assert!(half_width(3, 0.0, 0.5, alpha_each(10)) > 1.0 || 3 < crate::run::mc::FEWEST_WORLDS);
    }
}
