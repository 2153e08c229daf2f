//! THROWAWAY research dump (not committed).
use super::*;
use std::io::Write;

#[test]
#[ignore]
fn dump_worlds() {
    let game = std::env::var("DUMP_GAME").unwrap();
    let worlds: usize = std::env::var("DUMP_WORLDS").unwrap().parse().unwrap();
    let stride: usize = std::env::var("DUMP_STRIDE").unwrap().parse().unwrap();
    let count: usize = std::env::var("DUMP_COUNT").unwrap().parse().unwrap();
    let out = std::env::var("DUMP_OUT").unwrap();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .unwrap();
    let program = Program::load_named(&game).unwrap();
    let options = program.ruleset().declared.defaults();
    let mut done = 0;
    let mut seed = 0;
    while done < count {
        let deal = Deal { seed, stack: None };
        let whole = play(
            &program,
            unchecked(&options, seed, &[], Answerer::ScriptBot),
        );
        let n = whole.choices.len();
        let mut at = (seed as usize) % stride;
        while at < n && done < count {
            let choices = &whole.choices[..at];
            let moment = match Moment::look(&program, &options, &deal, choices) {
                Ok(m) => m,
                Err(_) => {
                    at += stride;
                    continue;
                }
            };
            let settings = Settings {
                worlds,
                rollout: Answerer::ScriptBot,
                prune: false,
                seed: deal.seed,
                ..Settings::default()
            };
            let started = std::time::Instant::now();
            let e = estimate(
                &program,
                &options,
                &moment,
                &settings,
                &|| false,
                &mut |_, _| {},
            )
            .unwrap();
            let cpu = started.elapsed().as_secs_f64();
            let opts: Vec<serde_json::Value> = e
                .options
                .iter()
                .map(|o| {
                    serde_json::json!({
                        "index": o.index, "label": o.label,
                        "played": o.played.iter().map(|p| (p.win, p.score)).collect::<Vec<_>>(),
                        "keys": o.keys,
                    })
                })
                .collect();
            let line = serde_json::json!({"game": game, "seed": seed, "at": at, "seconds": cpu, "worlds": e.worlds, "objective": moment.objective.word(), "options": opts});
            writeln!(file, "{line}").unwrap();
            file.flush().unwrap();
            done += 1;
            at += stride;
        }
        seed += 1;
    }
}
