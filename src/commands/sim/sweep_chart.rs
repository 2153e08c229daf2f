//! A sweep drawn as SVG: win rate against the option's value, one line per
//! bot, each with its 95% interval as a shaded band and a bar at each
//! point. Values that are all numbers are spaced by their size; others
//! evenly, in the order given. Plain SVG text, no script, every piece of
//! text escaped.

use crate::file_kind::CHART_FIRST_LINE;
use std::fmt::Write as _;

/// One value under one bot.
#[derive(Debug, serde::Serialize)]
pub(super) struct Point {
    pub value: String,
    pub bot: &'static str,
    pub games: usize,
    pub wins: usize,
    pub win_rate: f64,
    pub ci95: [f64; 2],
    pub mean_score: Option<f64>,
}

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 440.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 150.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 56.0;
/// A line's colour by the bot's place in the sweep (a palette that stays
/// apart for people who see colours differently).
const COLOURS: [&str; 6] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
];

/// Where values and rates fall on the drawing.
struct Frame<'a> {
    values: &'a [String],
    positions: Vec<f64>,
    low: f64,
    high: f64,
    /// The rate axis ends at the first grid line past the highest interval.
    top_rate: f64,
    /// Between two grid lines.
    step: f64,
}

const PLOT_WIDTH: f64 = WIDTH - LEFT - RIGHT;
const PLOT_HEIGHT: f64 = HEIGHT - TOP - BOTTOM;
const INSET: f64 = 24.0;

impl Frame<'_> {
    fn x_of(&self, value: &str) -> f64 {
        let i = self.values.iter().position(|v| v == value).unwrap_or(0);
        if self.high > self.low {
            // Inset from the axes, so the first and last bars stand clear.
            let inner = PLOT_WIDTH - 2.0 * INSET;
            LEFT + INSET + inner * (self.positions[i] - self.low) / (self.high - self.low)
        } else {
            LEFT + PLOT_WIDTH / 2.0
        }
    }

    fn y_of(&self, rate: f64) -> f64 {
        TOP + PLOT_HEIGHT * (1.0 - rate / self.top_rate)
    }
}

/// The chart of `points`, whose values are `values` in order.
pub(super) fn svg(title: &str, name: &str, values: &[String], points: &[Point]) -> String {
    let numbers: Option<Vec<f64>> = values.iter().map(|v| v.parse::<f64>().ok()).collect();
    let positions: Vec<f64> = match numbers {
        Some(numbers) => numbers,
        None => (0..values.len()).map(|i| i as f64).collect(),
    };
    let (low, high) = positions
        .iter()
        .fold((f64::MAX, f64::MIN), |(l, h), p| (l.min(*p), h.max(*p)));
    let highest = points.iter().map(|p| p.ci95[1]).fold(0.0_f64, f64::max);
    let (top_rate, step) = rate_axis(highest);
    let frame = Frame {
        values,
        positions,
        low,
        high,
        top_rate,
        step,
    };
    let mut svg = format!(
        "{CHART_FIRST_LINE}\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{LEFT}\" y=\"22\" font-size=\"14\">{}</text>\n",
        escape(title)
    );
    axes(&mut svg, &frame, name);
    // A band, a line and bars per bot, in the order the bots came.
    let mut bots: Vec<&str> = Vec::new();
    for p in points {
        if !bots.contains(&p.bot) {
            bots.push(p.bot);
        }
    }
    for (i, bot) in bots.iter().enumerate() {
        let mine: Vec<&Point> = points.iter().filter(|p| p.bot == *bot).collect();
        line(&mut svg, &frame, i, bot, &mine);
    }
    svg += "</svg>\n";
    svg
}

/// The rate axis for rates up to `highest`: where it ends and the step
/// between its grid lines, 1, 2 or 5 times a power of ten, at most ten
/// steps; so 0% to 1.4% reads in steps of 0.2%, 0% to 53% in steps of 10%,
/// and rates that are all 0 on an axis to 1%.
fn rate_axis(highest: f64) -> (f64, f64) {
    let highest = highest.clamp(0.01, 1.0);
    let step = (-4..=0)
        .flat_map(|power| [1.0, 2.0, 5.0].map(|m| m * 10f64.powi(power)))
        .find(|step| (highest / step - 1e-9).ceil() <= 10.0)
        .unwrap_or(0.1);
    let steps = (highest / step - 1e-9).ceil().max(1.0);
    ((steps * step).min(1.0), step)
}

/// A grid line's rate as a percentage, with the decimals its step needs.
fn percent(rate: f64, step: f64) -> String {
    let decimals = (-(step * 100.0).log10().floor()).max(0.0) as usize;
    format!("{:.decimals$}%", rate * 100.0)
}

/// The rate's grid, each value's tick, the axes and their names.
fn axes(svg: &mut String, frame: &Frame, name: &str) {
    let steps = (frame.top_rate / frame.step).round() as usize;
    for step in 0..=steps {
        let rate = step as f64 * frame.step;
        let y = frame.y_of(rate);
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            LEFT + PLOT_WIDTH,
            LEFT - 6.0,
            y + 4.0,
            percent(rate, frame.step)
        );
    }
    let axis_y = TOP + PLOT_HEIGHT;
    for value in frame.values {
        let x = frame.x_of(value);
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{axis_y:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#333\"/><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            axis_y + 5.0,
            axis_y + 18.0,
            escape(&crate::read::excerpt(value))
        );
    }
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" y1=\"{axis_y:.1}\" x2=\"{:.1}\" y2=\"{axis_y:.1}\" stroke=\"#333\"/><line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{axis_y:.1}\" stroke=\"#333\"/>",
        LEFT + PLOT_WIDTH
    );
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text><text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">win rate</text>",
        LEFT + PLOT_WIDTH / 2.0,
        HEIGHT - 14.0,
        escape(name),
        TOP + PLOT_HEIGHT / 2.0
    );
}

/// One bot's points: the band of their intervals, the line through them,
/// a bar and a dot at each, and the bot in the legend.
fn line(svg: &mut String, frame: &Frame, i: usize, bot: &str, mine: &[&Point]) {
    let colour = COLOURS[i % COLOURS.len()];
    let at = |p: &Point, rate: f64| format!("{:.1},{:.1}", frame.x_of(&p.value), frame.y_of(rate));
    let upper = mine.iter().map(|p| at(p, p.ci95[1]));
    let lower = mine.iter().rev().map(|p| at(p, p.ci95[0]));
    let band: Vec<String> = upper.chain(lower).collect();
    let points: Vec<String> = mine.iter().map(|p| at(p, p.win_rate)).collect();
    let _ = writeln!(
        svg,
        "<polygon points=\"{}\" fill=\"{colour}\" fill-opacity=\"0.15\"/>\n<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>",
        band.join(" "),
        points.join(" ")
    );
    for p in mine {
        let x = frame.x_of(&p.value);
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"{colour}\"/><circle cx=\"{x:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"{colour}\"><title>{} {}: {:.1}% ({:.1}%–{:.1}%)</title></circle>",
            frame.y_of(p.ci95[0]),
            frame.y_of(p.ci95[1]),
            frame.y_of(p.win_rate),
            escape(bot),
            escape(&p.value),
            100.0 * p.win_rate,
            100.0 * p.ci95[0],
            100.0 * p.ci95[1]
        );
    }
    let legend_y = TOP + 10.0 + 20.0 * i as f64;
    let legend_x = WIDTH - RIGHT + 16.0;
    let _ = writeln!(
        svg,
        "<line x1=\"{legend_x:.1}\" y1=\"{legend_y:.1}\" x2=\"{:.1}\" y2=\"{legend_y:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/><text x=\"{:.1}\" y=\"{:.1}\">{} bot</text>",
        legend_x + 20.0,
        legend_x + 26.0,
        legend_y + 4.0,
        escape(bot)
    );
}

/// Text as SVG shows it: the five characters XML reserves escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(value: &str, bot: &'static str, rate: f64) -> Point {
        Point {
            value: value.into(),
            bot,
            games: 100,
            wins: (rate * 100.0) as usize,
            win_rate: rate,
            ci95: [rate - 0.05, rate + 0.05],
            mean_score: None,
        }
    }

    #[test]
    fn a_chart_has_a_line_and_a_band_per_bot_and_escapes_its_text() {
        let values = vec!["3".to_string(), "5".into(), "10".into()];
        let points: Vec<Point> = ["heuristic", "random"]
            .iter()
            .flat_map(|bot| values.iter().map(|v| point(v, bot, 0.3)))
            .collect();
        let svg = svg("a <b> & c", "limit", &values, &points);
        assert!(svg.starts_with(CHART_FIRST_LINE), "{svg}");
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert_eq!(svg.matches("<polygon").count(), 2);
        assert_eq!(svg.matches("<circle").count(), 6);
        assert!(svg.contains("a &lt;b&gt; &amp; c"), "{svg}");
        assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
        // Numbers are spaced by their size: 5 is nearer 3 than 10.
        let x = |v: &str| {
            let at = svg.find(&format!(">{v}</text>")).unwrap();
            let start = svg[..at].rfind("<text x=\"").unwrap() + 9;
            svg[start..]
                .split('"')
                .next()
                .unwrap()
                .parse::<f64>()
                .unwrap()
        };
        assert!(x("5") - x("3") < x("10") - x("5"));
    }

    #[test]
    fn the_rate_axis_reads_well_at_any_range() {
        let grid = |highest: f64| {
            let (top, step) = rate_axis(highest);
            let steps = (top / step).round() as usize;
            (0..=steps)
                .map(|i| percent(i as f64 * step, step))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            grid(0.014),
            ["0.0%", "0.2%", "0.4%", "0.6%", "0.8%", "1.0%", "1.2%", "1.4%"]
        );
        assert_eq!(grid(0.53), ["0%", "10%", "20%", "30%", "40%", "50%", "60%"]);
        assert_eq!(
            grid(0.0),
            [
                "0.0%", "0.1%", "0.2%", "0.3%", "0.4%", "0.5%", "0.6%", "0.7%", "0.8%", "0.9%",
                "1.0%"
            ]
        );
        assert_eq!(grid(1.0).last().map(String::as_str), Some("100%"));
        assert_eq!(grid(0.031).last().map(String::as_str), Some("3.5%"));
        // A sweep of the random bot (0% to 1.4%) shows its rates apart.
        let values = vec!["3".to_string(), "10".into()];
        let mut points = [point("3", "random", 0.0), point("10", "random", 0.01)];
        points[0].ci95 = [0.0, 0.004];
        points[1].ci95 = [0.006, 0.014];
        let chart = svg("t", "n", &values, &points);
        assert!(chart.contains(">0.6%</text>"), "{chart}");
    }

    #[test]
    fn one_value_or_words_make_a_chart_too() {
        let one = svg("t", "n", &["7".into()], &[point("7", "heuristic", 0.0)]);
        assert!(!one.contains("NaN"), "{one}");
        let words = vec!["take".to_string(), "ask".into()];
        let points = [point("take", "random", 0.9), point("ask", "random", 0.95)];
        let chart = svg("t", "n", &words, &points);
        assert!(
            chart.contains(">ask</text>") && !chart.contains("NaN"),
            "{chart}"
        );
    }
}
