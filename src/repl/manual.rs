//! Every REPL command as a person learns it: its name, its arguments, its
//! line in `help`, and its longer help with examples (`help COMMAND`). The
//! parsing is in `command.rs`, what a command does in `mod.rs`; both match
//! on the `Command` that the parser makes of a line.

/// One command of the REPL, as `help` shows it.
pub(crate) struct Manual {
    pub name: &'static str,
    pub args: &'static str,
    pub summary: &'static str,
    /// What it does at more length, with an example; `{game}` and `{opt}`
    /// stand for a real ruleset and one of its options.
    pub details: &'static str,
}

/// Every command, in help order.
pub(crate) const COMMANDS: &[Manual] = &[
    Manual {
        name: "help",
        args: "[COMMAND]",
        summary: "this list, or the help of one command",
        details: "Lists the commands, or explains one.\nExample: help undo",
    },
    Manual {
        name: "list",
        args: "",
        summary: "the rulesets and variants you can play",
        details: "Lists every ruleset and variant you can play, one line each.\nExample: list",
    },
    Manual {
        name: "play",
        args: "GAME [SEED] [--opt K=V]...",
        summary: "start a game: a name from `list` or a path to a .rhai file",
        details: "Starts a game of a ruleset from `list`, or of a script file you name by its path. \
         A seed picks the deal; without one you get a fresh deal and its seed is shown. \
         A ruleset that deals the field's numbered deals takes its deal numbers as seeds. \
         --opt KEY=VALUE sets one of the ruleset's options (`options` lists them once a \
         game is on); repeat it for more. At a terminal, a game in progress is only \
         replaced after you say yes.\n\
         Examples: play {game}\n          play {game} 7\n          play {game} 7 --opt {opt}\n          \
         play my-variant.rhai",
    },
    Manual {
        name: "resume",
        args: "[N | NAME]",
        summary: "bring back an unfinished game (saved after every choice)",
        details: "Brings back an unfinished game: delve saves each game after every choice, so it \
         survives quitting, a closed terminal or a crash. With one unfinished game, `resume` \
         brings it back; with several it lists them, and `resume N` (or its name) picks one. \
         A game you leave for another (`play`, `new`, `load`) stays saved as you left it. \
         From the shell: `delve resume`; `delve resume --forget N` forgets a game, and \
         `--forget finished` every game that ended.\n\
         Examples: resume\n          resume 2",
    },
    Manual {
        name: "rules",
        args: "[GAME]",
        summary: "the rules of the current game, or of any ruleset",
        details: "Prints the rules of the game in progress, or of the ruleset you name.\n\
         Example: rules {game}",
    },
    Manual {
        name: "options",
        args: "",
        summary: "the current game's options, their values and meaning",
        details: "Lists the game's options with their values, defaults and meaning.\nExample: options",
    },
    Manual {
        name: "show",
        args: "",
        summary: "the table and the question again",
        details: "Shows the table and the question again.\nExample: show",
    },
    Manual {
        name: "moves",
        args: "",
        summary: "every option of the question, listed",
        details: "Lists every option of the question. On a short terminal the moves that carry a \
         card are counted rather than listed, so the table stays on the screen: type a move as \
         its card and where it goes (`8c 9h`, `8c foundation`), or list them with `moves`.\n\
         Example: moves",
    },
    Manual {
        name: "undo",
        args: "[N | all]",
        summary: "take back the last choice, N of them, or all",
        details: "Takes back your last choice and says which it was; undo again to go further \
         back. With a number it takes back that many choices at once, and `undo all` \
         goes back to the start of the deal. `redo` makes them again.\n\
         Examples: undo\n          undo 3\n          undo all",
    },
    Manual {
        name: "redo",
        args: "[N | all]",
        summary: "make undone choices again",
        details: "Makes the last undone choice again; with a number that many, and `redo all` \
         every undone choice. A new choice of your own clears what is left to redo.\n\
         Examples: redo\n          redo all",
    },
    Manual {
        name: "restart",
        args: "",
        summary: "the same deal from the start (redo steps forward again)",
        details: "Goes back to the start of the same deal; `redo` steps through your choices again.\n\
         Example: restart",
    },
    Manual {
        name: "new",
        args: "[SEED]",
        summary: "a new deal: the next seed, or the one given",
        details: "Deals a new game: the next seed, or the seed you give.\nExample: new 42",
    },
    Manual {
        name: "save",
        args: "FILE",
        summary: "save the game to a JSON file",
        details: "Saves the game to a file (JSON): the ruleset, options, deal and your choices. \
         `~/` stands for your home folder. At a terminal, replacing a file asks first. \
         You need not save to keep a game: it is saved as you play (see `resume`).\n\
         Examples: save dungeon.json\n          save ~/games/dungeon.json",
    },
    Manual {
        name: "record",
        args: "FILE",
        summary: "write the game so far as a transcript, for `delve test`",
        details: "Writes the game so far as a transcript: the header lines that set up the same \
         game (game, seed, options, deal), then one answer per line. `delve replay FILE` \
         plays it back, and `delve test` replays every transcript in a folder and compares \
         what it shows with the snapshot stored beside it (`delve test --accept` stores it). \
         Answers are written by key, so the transcript still replays after options are \
         reordered or relabelled. A game played from a script file is named by its path \
         from the transcript's folder, which `delve test` reads only there or below: record \
         beside the script, or in a folder that holds it.\nExample: record tests/first-turn.txt",
    },
    Manual {
        name: "load",
        args: "FILE",
        summary: "load a saved game, or a transcript to step through",
        details: "Loads a saved game, replaying its choices; if the script changed since, they \
         replay as far as they still fit. From the shell: `delve play --load FILE`. A \
         transcript (a `delve solve --line` file, or one `record` wrote) deals its game at \
         the start and keeps its lines for `step`.\n\
         Examples: load dungeon.json\n          load 617-line.txt",
    },
    Manual {
        name: "step",
        args: "[N | all]",
        summary: "type the next line of a loaded transcript",
        details: "After `load` of a transcript (a `delve solve --line` file, or one `record` \
         wrote), types its next line as if you had, and shows what it did: a solver's winning \
         line followed a move at a time. `step N` types the next N lines, `step all` the rest. \
         You may take over at any point: undo, hint, or a move of your own.\n\
         Examples: step\n          step 5",
    },
    Manual {
        name: "reload",
        args: "",
        summary: "re-read the script and replay your choices (for rule authors)",
        details: "Reads the script again and replays your choices as far as they still fit: for \
         rule authors changing a rule while they play.\nExample: reload",
    },
    Manual {
        name: "log",
        args: "",
        summary: "everything said and chosen in this game so far",
        details: "Shows everything said and chosen in this game so far.\nExample: log",
    },
    Manual {
        name: "hint",
        args: "[mc]",
        summary: "what the ruleset's own bot would choose, or Monte Carlo estimates",
        details: "Asks the ruleset's own bot what it would choose now. `hint mc` (or `hint` where the ruleset has no bot) plays every option out in many worlds that differ from this game only in what you have not seen, and shows each option's win rate, its margin and mean score, best first: no face-down card is looked at. Ctrl-C gives the best so far.\nExample: hint mc",
    },
    Manual {
        name: "stats",
        args: "[GAME]",
        summary: "games played and won, streaks and scores",
        details: "Your games of each ruleset and set of options: played, won, win rate, the \
         current and best winning streak, the best and mean score. A game counts once, \
         when it first ends. From the shell: `delve stats [GAME] [--json]`.\n\
         Examples: stats\n          stats {game}",
    },
    Manual {
        name: "quit",
        args: "",
        summary: "leave delve (also Ctrl-D)",
        details: "Leaves delve (also `exit`, `q` or Ctrl-D). The game is saved as you play, so \
         `delve resume` brings it back; at a terminal you are asked first.\nExample: quit",
    },
];
