//! The rule syntax `PRESET[,SWITCH=VALUE...]` (`game::Rules::parse`), a board file's `[game]
//! rules` (`game::Rules::for_board`), and, switch by switch, that each switch changes play.

use boardpath::board::Board;
use boardpath::game::{
    Game, GameConfig, GameError, Move, RuleSet, Rules, State, WAITING, apply, legal_moves,
};

const W: u32 = WAITING;

/// The message of a refused rule text.
fn refused(text: &str) -> String {
    match Rules::parse(text) {
        Ok(r) => panic!("{text:?} parsed to {r:?}"),
        Err(e) => e.to_string(),
    }
}

/// Every switch set to each value it can take other than the preset's, one at a time.
fn one_switch_changed(base: &Rules) -> Vec<Rules> {
    let mut all = Vec::new();
    let flips: [fn(&mut Rules); 9] = [
        |r| r.bonus_roll = !r.bonus_roll,
        |r| r.clear_start = !r.clear_start,
        |r| r.must_enter = !r.must_enter,
        |r| r.compulsory_capture = !r.compulsory_capture,
        |r| r.safe_tiles = !r.safe_tiles,
        |r| r.jump_in_goal = !r.jump_in_goal,
        |r| r.first_piece_out = !r.first_piece_out,
        |r| r.three_bonus_forfeit = !r.three_bonus_forfeit,
        |r| r.enter_on = if r.enter_on.is_some() { None } else { Some(5) },
    ];
    for flip in flips {
        let mut r = base.clone();
        flip(&mut r);
        all.push(r);
    }
    for face in [1, 6, 7, 1000, u32::MAX] {
        let mut r = base.clone();
        r.enter_on = Some(face);
        all.push(r);
    }
    for tries in 1..=Rules::MAX_TRIES {
        let mut r = base.clone();
        r.tries = tries;
        all.push(r);
    }
    all
}

#[test]
fn what_describe_writes_parses_back_to_the_same_rules() {
    for set in RuleSet::NAMES {
        let base = RuleSet::parse(set).unwrap().rules();
        assert_eq!(Rules::parse(set).unwrap(), base);
        assert_eq!(base.describe(), set);
        let mut everything = base.clone();
        for r in one_switch_changed(&base) {
            let text = r.describe();
            assert_eq!(Rules::parse(&text).unwrap(), r, "{text}");
        }
        // Every switch changed at once, too.
        everything.bonus_roll = !base.bonus_roll;
        everything.clear_start = !base.clear_start;
        everything.must_enter = !base.must_enter;
        everything.compulsory_capture = !base.compulsory_capture;
        everything.safe_tiles = !base.safe_tiles;
        everything.jump_in_goal = !base.jump_in_goal;
        everything.first_piece_out = !base.first_piece_out;
        everything.three_bonus_forfeit = !base.three_bonus_forfeit;
        everything.enter_on = Some(4);
        everything.tries = Rules::MAX_TRIES;
        let text = everything.describe();
        assert_eq!(text.split(',').count(), 1 + Rules::SWITCHES.len(), "{text}");
        assert_eq!(Rules::parse(&text).unwrap(), everything, "{text}");
        // Written in any order, with spaces, the same rules.
        let mut items: Vec<&str> = text.split(',').collect();
        items[1..].reverse();
        assert_eq!(
            Rules::parse(&format!(" {} ", items.join(" , "))).unwrap(),
            everything
        );
    }
}

/// `Rules::SWITCHES` lists exactly the names `describe` writes, in its order.
#[test]
fn the_switch_list_is_what_describe_writes() {
    let mut r = Rules::openspiel();
    r.enter_on = Some(5);
    r.bonus_roll = false;
    r.clear_start = false;
    r.must_enter = false;
    r.tries = 2;
    r.compulsory_capture = true;
    r.safe_tiles = true;
    r.jump_in_goal = false;
    r.first_piece_out = true;
    r.three_bonus_forfeit = true;
    let names: Vec<String> = r
        .describe()
        .split(',')
        .skip(1)
        .map(|s| s.split('=').next().unwrap().to_string())
        .collect();
    let listed: Vec<&str> = Rules::SWITCHES.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, listed);
    for (name, what) in Rules::SWITCHES {
        assert!(!what.is_empty(), "{name}");
    }
}

#[test]
fn a_switch_set_to_its_preset_s_value_is_the_preset() {
    assert_eq!(
        Rules::parse("openspiel,tries=1,bonus-roll=true,enter-on=highest").unwrap(),
        Rules::openspiel()
    );
    assert_eq!(
        Rules::parse("schmidt,tries=1").unwrap().describe(),
        "schmidt,tries=1"
    );
    let r = Rules::parse("ludo,enter-on=6").unwrap();
    assert_eq!(
        (r.enter_on, r.describe().as_str()),
        (Some(6), "ludo,enter-on=6")
    );
}

#[test]
fn hostile_rule_texts_are_refused_with_what_is_valid() {
    let switches = "enter-on, bonus-roll, clear-start, must-enter, tries, compulsory-capture, \
                    safe-tiles, jump-in-goal, first-piece-out, three-bonus-forfeit";
    for (text, want) in [
        (
            "",
            "rules \"\": no preset; write PRESET[,SWITCH=VALUE...], e.g. openspiel,bonus-roll=false,tries=3 (presets: openspiel, schmidt, ludo)".to_string(),
        ),
        ("   ", "no preset".to_string()),
        (",tries=3", "no preset".to_string()),
        (
            "chess",
            "unknown rules \"chess\" (valid: openspiel, schmidt, ludo)".to_string(),
        ),
        (
            "chess,tries=3",
            "unknown rules \"chess\" (valid: openspiel, schmidt, ludo)".to_string(),
        ),
        ("OpenSpiel", "unknown rules \"OpenSpiel\"".to_string()),
        (
            "openspiel,",
            format!("rules \"openspiel,\": an empty switch (a comma too many?); after the preset give SWITCH=VALUE, one of {switches}"),
        ),
        ("openspiel,,tries=3", "an empty switch".to_string()),
        (
            "openspiel,trie=3",
            format!("rules \"openspiel,trie=3\": unknown switch \"trie\" (valid: {switches})"),
        ),
        ("openspiel,=true", "unknown switch \"\"".to_string()),
        ("openspiel,bonus_roll=false", "unknown switch \"bonus_roll\"".to_string()),
        (
            "openspiel,tries=3,tries=2",
            "rules \"openspiel,tries=3,tries=2\": switch \"tries\" is given twice; give each switch once".to_string(),
        ),
        ("openspiel,tries=1,tries=1", "is given twice".to_string()),
        (
            "openspiel,tries=0",
            "rules \"openspiel,tries=0\": tries=0: valid is 1 to 10".to_string(),
        ),
        ("openspiel,tries=11", "tries=11: valid is 1 to 10".to_string()),
        ("openspiel,tries=-1", "tries=-1: valid is 1 to 10".to_string()),
        ("openspiel,tries=+3", "tries=+3: valid is 1 to 10".to_string()),
        ("openspiel,tries=3.0", "tries=3.0: valid is 1 to 10".to_string()),
        (
            "openspiel,tries=99999999999999999999999999999999",
            "tries=99999999999999999999999999999999: valid is 1 to 10".to_string(),
        ),
        ("openspiel,tries=", "tries=: valid is 1 to 10".to_string()),
        (
            "openspiel,bonus-roll=yes",
            "bonus-roll=yes: valid is true or false".to_string(),
        ),
        ("openspiel,bonus-roll=True", "bonus-roll=True: valid is true or false".to_string()),
        ("openspiel,safe-tiles=1", "safe-tiles=1: valid is true or false".to_string()),
        (
            "openspiel,enter-on=0",
            "enter-on=0: valid is a face of the die (a whole number, 1 or more) or highest".to_string(),
        ),
        ("openspiel,enter-on=-6", "enter-on=-6: valid is a face".to_string()),
        ("openspiel,enter-on=4294967296", "enter-on=4294967296: valid is a face".to_string()),
        ("openspiel,enter-on=six", "enter-on=six: valid is a face".to_string()),
        (
            "openspiel,tries",
            "switch \"tries\" needs a value: tries=VALUE, VALUE 1 to 10".to_string(),
        ),
        ("openspiel,bonus-roll", "bonus-roll=VALUE, VALUE true or false".to_string()),
        (
            "openspiel,ludo",
            "\"ludo\" is a preset; give one preset, first, then SWITCH=VALUE".to_string(),
        ),
        ("openspiel,whatever", "\"whatever\" is not SWITCH=VALUE".to_string()),
        (
            "tries=3",
            "\"tries=3\" comes first, but the first item names the preset (openspiel, schmidt, ludo); write PRESET[,SWITCH=VALUE...], e.g. openspiel,tries=3".to_string(),
        ),
        ("a=b", "comes first, but the first item names the preset".to_string()),
        ("openspiel,tries=3=4", "tries=3=4: valid is 1 to 10".to_string()),
        ("openspiel\u{1b}[2J", "unknown rules".to_string()),
    ] {
        let got = refused(text);
        assert!(got.contains(&want), "{text:?}: {got}");
    }
    // A long text is refused as any other (no panic, no quadratic work).
    let long = format!("openspiel{}", ",tries=3".repeat(100_000));
    assert!(refused(&long).contains("is given twice"));
    let long = format!("openspiel,{}", "x".repeat(1_000_000));
    assert!(refused(&long).contains("is not SWITCH=VALUE"));
}

/// `--rules` on the command line, then the board's `[game] rules`, then `openspiel`.
#[test]
fn the_command_line_overrides_the_board_which_overrides_openspiel() {
    let ludo = Board::load("ludo").unwrap();
    let official = Board::load("maedn-official").unwrap();
    let maedn = Board::load("maedn").unwrap();
    assert_eq!(ludo.game_rules.as_ref().unwrap().text, "ludo");
    assert_eq!(Rules::for_board(&ludo, None).unwrap(), Rules::ludo());
    assert_eq!(Rules::for_board(&official, None).unwrap(), Rules::schmidt());
    assert_eq!(Rules::for_board(&maedn, None).unwrap(), Rules::openspiel());
    assert!(maedn.game_rules.is_none());
    let cli = Rules::for_board(&ludo, Some("openspiel,tries=3")).unwrap();
    assert_eq!(cli.describe(), "openspiel,tries=3");
    // The command line's errors are its own, without the board's place.
    let e = Rules::for_board(&ludo, Some("ludo,tries=0")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "rules \"ludo,tries=0\": tries=0: valid is 1 to 10"
    );
    // The entry roll must be a face of the board's die.
    let e = Rules::for_board(&maedn, Some("openspiel,enter-on=7")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "rules \"openspiel,enter-on=7\": enter-on=7: the board's die [1, 2, 3, 4, 5, 6] has no such face; valid: one of its faces, or highest"
    );
}

/// The standard board's text with a `[game]` table (or anything) appended.
fn with_game(table: &str) -> String {
    let (_, text) = boardpath::board::embedded::BOARDS[0];
    format!("{text}\n{table}\n")
}

/// The line of the appended table's first line in [`with_game`]'s text.
fn appended_line() -> usize {
    boardpath::board::embedded::BOARDS[0].1.lines().count() + 2
}

#[test]
fn a_board_s_game_rules_are_read_and_checked_at_their_place() {
    let line = appended_line();
    let board = Board::from_toml(&with_game("[game]\nrules = \"ludo,tries=3\""), "b.toml").unwrap();
    let rules = Rules::for_board(&board, None).unwrap();
    assert_eq!(rules.describe(), "ludo,tries=3");
    assert_eq!(
        board.game_rules.as_ref().unwrap().position,
        Some((line + 1, 9))
    );
    // An empty table, and one that is not there: the default.
    let board = Board::from_toml(&with_game("[game]"), "b.toml").unwrap();
    assert_eq!(Rules::for_board(&board, None).unwrap(), Rules::openspiel());

    // Rules the game layer refuses: at the place of the value, naming the key.
    for (value, want) in [
        (
            "\"ludo,trie=3\"",
            "game.rules \"ludo,trie=3\": unknown switch \"trie\" (valid: enter-on,",
        ),
        (
            "\"chess\"",
            "game.rules \"chess\": unknown rules \"chess\" (valid: openspiel, schmidt, ludo)",
        ),
        ("\"ludo,\"", "game.rules \"ludo,\": an empty switch"),
        (
            "\"ludo,tries=999\"",
            "game.rules \"ludo,tries=999\": tries=999: valid is 1 to 10",
        ),
        (
            "\"ludo,tries=2,tries=3\"",
            "switch \"tries\" is given twice",
        ),
        (
            "\"openspiel,enter-on=7\"",
            "enter-on=7: the board's die [1, 2, 3, 4, 5, 6] has no such face",
        ),
    ] {
        let board =
            Board::from_toml(&with_game(&format!("[game]\nrules = {value}")), "b.toml").unwrap();
        let e = Rules::for_board(&board, None).unwrap_err();
        let GameError::BoardRules(d) = &e else {
            panic!("{value}: {e:?}")
        };
        assert_eq!(d.position, Some((line + 1, 9)), "{value}");
        let text = e.to_string();
        assert!(
            text.starts_with(&format!("b.toml:{}:9: ", line + 1)) && text.contains(want),
            "{value}: {text}"
        );
        // The command line still overrides a board whose own rules are wrong.
        assert_eq!(
            Rules::for_board(&board, Some("schmidt")).unwrap(),
            Rules::schmidt()
        );
    }

    // What the board layer refuses itself: types, keys, an empty or invisible value.
    for (table, want) in [
        (
            "[game]\nrules = 3",
            (1, 9, "invalid type: integer `3`, expected a string"),
        ),
        (
            "[game]\nrules = [\"ludo\"]",
            (1, 9, "invalid type: sequence, expected a string"),
        ),
        (
            "[game]\nrules = true",
            (1, 9, "invalid type: boolean `true`, expected a string"),
        ),
        (
            "[game]\nrulez = \"ludo\"",
            (1, 1, "unknown field `rulez`, expected `rules`"),
        ),
        (
            "[game]\nrules = \"ludo\"\nplayers = 2",
            (2, 1, "unknown field `players`"),
        ),
        (
            "[game]\nrules = \"ludo\"\nrules = \"schmidt\"",
            (2, 1, "duplicate key"),
        ),
        (
            "[game]\nrules = \"\"",
            (1, 9, "game.rules is empty; give a rule set"),
        ),
        ("[game]\nrules = \"  \"", (1, 9, "game.rules is empty")),
        (
            "[game]\nrules = \"ludo\\u001b[2J\"",
            (1, 9, "game.rules \"ludo\\u{001B}[2J\" holds U+001B"),
        ),
        ("[game]\nrules = \"ludo\u{200b}\"", (1, 14, "holds U+200B")),
    ] {
        let text = with_game(table);
        let e = Board::from_toml(&text, "b.toml").unwrap_err().to_string();
        let (dl, col, message) = want;
        let place = format!("b.toml:{}:{col}: ", line + dl);
        assert!(e.starts_with(&place) && e.contains(message), "{table}: {e}");
    }
    let long = format!("[game]\nrules = \"ludo{}\"", ",tries=3".repeat(200));
    let e = Board::from_toml(&with_game(&long), "b.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("game.rules is 1604 bytes long; a rule set (a preset and at most ten switches) takes far fewer: at most 1000"), "{e}");
}

/// A game of `rules` on `board` with `players` players.
fn game(board: &str, players: usize, rules: &str) -> Game {
    let board = Board::load(board).unwrap();
    let config = GameConfig {
        rules: Rules::parse(rules).unwrap(),
        ..GameConfig::new(players)
    };
    Game::new(&board, &config).unwrap()
}

/// The legal moves of `roll` in `state`, as (from, to, captures) triples.
fn moves(game: &Game, state: &State, roll: u32) -> Vec<(u32, u32, bool)> {
    let mut out: Vec<Move> = Vec::new();
    legal_moves(game, state, roll, &mut out);
    out.iter()
        .map(|m| (m.from, m.to, m.capture.is_some()))
        .collect()
}

/// Who rolls after `roll` and the first legal move (or a pass) in `state`.
fn after(game: &Game, mut state: State, roll: u32) -> State {
    let mut out: Vec<Move> = Vec::new();
    legal_moves(game, &state, roll, &mut out);
    apply(game, &mut state, roll, out.first());
    state
}

/// Each switch, flipped from `openspiel` (on the standard board, two players opposite: player
/// 1's step `s` is track tile `s + 20`), changes what is legal or who rolls next.
#[test]
fn every_switch_changes_play() {
    let on = |rules: &str| game("maedn", 2, rules);
    let at = |g: &Game, steps: &[u32]| State::from_steps(g, steps, 0).unwrap();

    // enter-on=5: a 5 brings a piece in, a 6 no longer does.
    let (a, b) = (on("openspiel"), on("openspiel,enter-on=5"));
    let start = [W, W, W, W, W, W, W, W];
    assert_eq!(moves(&a, &at(&a, &start), 5), []);
    assert_eq!(moves(&b, &at(&b, &start), 5), [(W, 0, false)]);
    assert_eq!(moves(&b, &at(&b, &start), 6), []);

    // bonus-roll=false: a 6 passes the turn.
    let (a, b) = (on("openspiel"), on("openspiel,bonus-roll=false"));
    assert_eq!(after(&a, at(&a, &start), 6).to_move(), 0);
    assert_eq!(after(&b, at(&b, &start), 6).to_move(), 1);

    // clear-start=false: pieces wait and one stands on the start tile; any piece may move.
    let (a, b) = (on("openspiel"), on("openspiel,clear-start=false"));
    let s = [0, 10, W, W, W, W, W, W];
    assert_eq!(moves(&a, &at(&a, &s), 3), [(0, 3, false)]);
    assert_eq!(moves(&b, &at(&b, &s), 3), [(0, 3, false), (10, 13, false)]);

    // must-enter=false: with a 6, entering is one choice among others.
    let (a, b) = (on("openspiel"), on("openspiel,must-enter=false"));
    let s = [10, W, W, W, W, W, W, W];
    assert_eq!(moves(&a, &at(&a, &s), 6), [(W, 0, false)]);
    assert_eq!(moves(&b, &at(&b, &s), 6), [(W, 0, false), (10, 16, false)]);

    // tries=3: with nothing on the track, a roll that cannot move is tried again.
    let (a, b) = (on("openspiel"), on("openspiel,tries=3"));
    assert_eq!(after(&a, at(&a, &start), 2).to_move(), 1);
    let once = after(&b, at(&b, &start), 2);
    assert_eq!((once.to_move(), once.tries()), (0, 1));
    let twice = after(&b, once, 2);
    assert_eq!((twice.to_move(), twice.tries()), (0, 2));
    assert_eq!(after(&b, twice, 2).to_move(), 1);

    // compulsory-capture=true: when a move captures, only capturing moves remain. Player 1's
    // step 28 is track tile 8, player 0's step 8.
    let (a, b) = (on("openspiel"), on("openspiel,compulsory-capture=true"));
    let s = [5, 10, W, W, 28, W, W, W];
    assert_eq!(moves(&a, &at(&a, &s), 3), [(5, 8, true), (10, 13, false)]);
    assert_eq!(moves(&b, &at(&b, &s), 3), [(5, 8, true)]);

    // jump-in-goal=false: a piece may not pass an own piece inside the goal (steps 40 to 43).
    let (a, b) = (on("openspiel"), on("openspiel,jump-in-goal=false"));
    let s = [38, 41, W, W, W, W, W, W];
    assert_eq!(moves(&a, &at(&a, &s), 4), [(38, 42, false)]);
    assert_eq!(moves(&b, &at(&b, &s), 4), []);

    // first-piece-out=true: each player's first piece starts on its start tile.
    let (a, b) = (on("openspiel"), on("openspiel,first-piece-out=true"));
    assert_eq!(State::initial(&a).pieces_of(0), [W, W, W, W]);
    assert_eq!(State::initial(&b).pieces_of(0), [0, W, W, W]);
    assert_eq!(State::initial(&b).pieces_of(1), [0, W, W, W]);

    // three-bonus-forfeit=true: a third 6 in a row has no move and ends the turn.
    let (a, b) = (on("openspiel"), on("openspiel,three-bonus-forfeit=true"));
    let s = [10, W, W, W, W, W, W, W];
    let third = |g: &Game| State::from_steps(g, &s, 0).unwrap().with_turn(0, 2);
    assert_eq!(moves(&a, &third(&a), 6), [(W, 0, false)]);
    assert_eq!(moves(&b, &third(&b), 6), []);
    assert_eq!(after(&a, third(&a), 6).to_move(), 0);
    assert_eq!(after(&b, third(&b), 6).to_move(), 1);

    // safe-tiles=true: on Ludo's safe square 8 nothing is captured and two players may share it.
    // Two players sit opposite: player 1 (blue) starts on track tile 26, so its step 34 is tile 8.
    let (a, b) = (
        game("ludo", 2, "openspiel"),
        game("ludo", 2, "openspiel,safe-tiles=true"),
    );
    let s = [5, W, W, W, 34, W, W, W];
    assert_eq!(moves(&a, &at(&a, &s), 3), [(5, 8, true)]);
    assert_eq!(moves(&b, &at(&b, &s), 3), [(5, 8, false)]);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 2000, ..Default::default() })]

    /// Any text, made mostly of the syntax's own words: refused with a message or parsed, never a
    /// panic; what parses writes itself back to the same rules.
    #[test]
    fn any_text_parses_or_is_refused_and_what_parses_round_trips(
        items in proptest::collection::vec(
            "(openspiel|schmidt|ludo|tries|enter-on|bonus-roll|safe-tiles|highest|true|false|[0-9]{1,3}|=|,| |[a-z\u{e9}\u{200b}-]{0,4})",
            0..12,
        )
    ) {
        let text: String = items.concat();
        if let Ok(rules) = Rules::parse(&text) {
            proptest::prop_assert_eq!(Rules::parse(&rules.describe()).unwrap(), rules);
        } else {
            proptest::prop_assert!(!Rules::parse(&text).unwrap_err().to_string().is_empty());
        }
    }
}
