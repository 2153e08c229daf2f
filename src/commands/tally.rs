//! The arithmetic of a simulation: a win rate with its 95% confidence
//! interval (Wilson), the paired difference of two win rates (or mean
//! scores) on the same seeds, and a text histogram of scores.

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of `wins` out of `games`: sound near 0 and 1,
/// where the plain normal interval is not.
pub(crate) fn wilson(wins: usize, games: usize) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean of `a - b` over paired outcomes (a win 1, else 0; or scores) and
/// its 95% interval.
pub(crate) fn paired_difference(a: &[f64], b: &[f64]) -> (f64, (f64, f64)) {
    let n = a.len().min(b.len());
    if n == 0 {
        return (0.0, (0.0, 0.0));
    }
    let diffs: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let mean = diffs.iter().sum::<f64>() / n as f64;
    let variance = if n > 1 {
        diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64
    } else {
        0.0
    };
    let half = Z95 * (variance / n as f64).sqrt();
    (mean, (mean - half, mean + half))
}

/// One bar per score value (or per range of values when there are many),
/// scaled to `width` characters.
pub(crate) fn histogram(values: &[i64], width: usize) -> String {
    let (Some(&low), Some(&high)) = (values.iter().min(), values.iter().max()) else {
        return String::new();
    };
    // In i128: scores anywhere in i64 span more than an i64 holds.
    let (low, high) = (i128::from(low), i128::from(high));
    let span = high - low + 1;
    let step = ((span + 19) / 20).max(1);
    let buckets = (span + step - 1) / step;
    let mut counts = vec![0usize; buckets as usize];
    for v in values {
        counts[((i128::from(*v) - low) / step) as usize] += 1;
    }
    let most = *counts.iter().max().unwrap_or(&1);
    let mut out = String::new();
    let mut i = 0;
    while i < counts.len() {
        let from = low + i as i128 * step;
        // A run of empty buckets is one line, not a screenful of zeros.
        let empty = counts[i..].iter().take_while(|&&c| c == 0).count();
        if empty > 1 {
            let to = (from + empty as i128 * step - 1).min(high);
            out += &format!("  {:>7} (none)\n", format!("{from}–{to}"));
            i += empty;
            continue;
        }
        let count = counts[i];
        let label = if step == 1 {
            format!("{from}")
        } else {
            format!("{from}–{}", (from + step - 1).min(high))
        };
        let bar = "█".repeat((count * width).div_ceil(most.max(1)).min(width));
        out += &format!("  {label:>7} {bar} {count}\n");
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_of_empty_buckets_is_one_line() {
        let drawn = histogram(&[0, 0, 1, 100], 10);
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines.len(), 3, "{drawn}");
        assert_eq!(lines[1].trim(), "6–95 (none)", "{drawn}");
        // One empty bucket alone keeps its line and its zero.
        let single = histogram(&[1, 3], 10);
        assert_eq!(single.lines().count(), 3, "{single}");
    }

    #[test]
    fn wilson_matches_known_values() {
        let (low, high) = wilson(50, 100);
        assert!(
            (low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3,
            "{low} {high}"
        );
        let (low, high) = wilson(0, 10);
        assert!(low.abs() < 1e-12, "{low}");
        assert!((high - 0.2775).abs() < 1e-3, "{high}");
    }

    #[test]
    fn paired_difference_of_equal_outcomes_is_zero_with_no_spread() {
        let a = [1.0, 0.0, 1.0];
        assert_eq!(paired_difference(&a, &a), (0.0, (0.0, 0.0)));
        let (mean, (low, high)) = paired_difference(&[1.0, 1.0, 1.0, 0.0], &[0.0, 1.0, 0.0, 0.0]);
        assert!((mean - 0.5).abs() < 1e-12, "{mean}");
        assert!(low < 0.5 && high > 0.5);
    }

    #[test]
    fn a_histogram_of_the_most_extreme_scores_has_its_bars() {
        let text = histogram(&[i64::MIN, 0, i64::MAX], 4);
        // Three bars, the empty buckets between them one line each side.
        assert_eq!(text.lines().count(), 5, "{text}");
        assert_eq!(text.matches("(none)").count(), 2, "{text}");
        assert!(text.starts_with(&format!("  {}–", i64::MIN)), "{text}");
    }

    #[test]
    fn a_histogram_has_a_bar_per_value_scaled_to_the_largest() {
        let text = histogram(&[0, 0, 0, 0, 2], 8);
        assert_eq!(text, "        0 ████████ 4\n        1  0\n        2 ██ 1\n");
    }
}
