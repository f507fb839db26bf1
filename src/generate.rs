//! Random valid boards from a seed: the generator behind `boardpath generate` and the property tests.
//!
//! The random sequence is the project's SplitMix64 ([`crate::random`]), so a seed gives the same
//! board on every machine and every version of every dependency: a scaling study can be rerun from
//! its seeds.

use crate::board::format::sha256_hex_of;
use crate::board::{Board, BoardRules, GoalMode, Grid, Metric, Player, Point, Rounding};
use crate::random::SplitMix64;
use std::io::{self, Write};

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateOptions {
    /// Track tiles (at least 2).
    pub tiles: usize,
    /// Players (at least 1, at most `tiles`).
    pub players: usize,
    /// Pieces per player (at least 1).
    pub pieces: usize,
    /// Die faces: the die is 1..=faces unless `vary_rules` picks a subset.
    pub faces: u32,
    /// Random seed.
    pub seed: u64,
    /// Also draw the rules, the coordinate style and the die set at random (for property tests);
    /// otherwise the paper's rules, die 1..=faces and unit coordinates.
    pub vary_rules: bool,
}

/// Spacing of neighbouring tiles in generated boards, in units.
const SPACING: f64 = 100.0;

/// A random valid board as TOML text on which every piece can finish (see [`write_board`]).
pub fn generate(o: &GenerateOptions) -> String {
    let mut text = Vec::new();
    write_board(o, &mut text).expect("writing to memory does not fail");
    String::from_utf8(text).expect("the generator writes ASCII")
}

/// Writes a random valid board as TOML to `out`, as it is formatted: a 1,000,000-tile board is
/// drawn (16 bytes a tile) and checked, never held as text. Every piece can finish: the die
/// always has face 1, which is enough except under `slots` without moves in the goal, where a goal
/// tile beyond the first needs a roll that jumps to it; where the drawn die lacks one, the same
/// board is written with `moves_in_goal = true` (the file says so in a comment).
pub fn write_board(o: &GenerateOptions, out: &mut dyn Write) -> io::Result<()> {
    Drawn::checked(o)?.write(out)
}

/// A board drawn from a seed, before it is written.
struct Drawn {
    options: GenerateOptions,
    /// Positions are grid cells (else units).
    grid: bool,
    die: Vec<u32>,
    metric: Metric,
    rounding: Rounding,
    goal_mode: GoalMode,
    moves_in_goal: bool,
    /// Moves in the goal switched on after the draw, so that every piece can finish.
    open_goal: bool,
    track: Vec<[f64; 2]>,
    players: Vec<DrawnPlayer>,
}

struct DrawnPlayer {
    start: usize,
    track_steps: usize,
    base: Vec<[f64; 2]>,
    goal: Vec<[f64; 2]>,
}

/// The rules drawn for a varied board (metric, rounding, goal mode, moves in the goal), else
/// the plain ones without drawing.
fn draw_rules(rng: &mut SplitMix64, vary: bool) -> (Metric, Rounding, GoalMode, bool) {
    if vary {
        (
            Metric::ALL[rng.range(0, 2) as usize].1,
            if rng.range(0, 3) == 0 {
                Rounding::Exact
            } else {
                Rounding::PerMove
            },
            if rng.coin() {
                GoalMode::Stack
            } else {
                GoalMode::Slots
            },
            rng.coin(),
        )
    } else {
        (Metric::Euclidean, Rounding::PerMove, GoalMode::Slots, false)
    }
}

/// The tile at column `c`, row `r`: exact on a grid board, else in units and jittered.
fn place(rng: &mut SplitMix64, grid: bool, c: f64, r: f64) -> [f64; 2] {
    if grid {
        [c, r]
    } else {
        let j = SPACING * 0.4;
        [
            round1(c * SPACING + rng.float(-j, j)),
            round1(r * SPACING + rng.float(-j, j)),
        ]
    }
}

/// How the drawn track lies, which each player's tiles are placed around.
struct Layout {
    grid: bool,
    goal_mode: GoalMode,
    /// Tiles per row of the track.
    width: usize,
    /// Rows of the track.
    rows: f64,
}

/// Player `p` of `o` (its sizes already clamped): start, track length, waiting and goal tiles.
fn draw_player(rng: &mut SplitMix64, o: &GenerateOptions, at: &Layout, p: usize) -> DrawnPlayer {
    let (tiles, pieces) = (o.tiles, o.pieces);
    let start = if o.vary_rules {
        rng.range(0, tiles as u64 - 1) as usize
    } else {
        p * tiles / o.players
    };
    let track_steps = if o.vary_rules && rng.coin() {
        rng.range(1, tiles as u64) as usize
    } else {
        tiles
    };
    let goal_len = match at.goal_mode {
        GoalMode::Slots => pieces,
        GoalMode::Stack => rng.range(1, pieces as u64 + 2) as usize,
    };
    // Waiting tiles in a row below the board, goal tiles in a column beside it, one per player.
    let x0 = (p * (pieces + 1)) as f64;
    let base = (0..pieces)
        .map(|i| place(rng, at.grid, x0 + i as f64, at.rows + 1.0))
        .collect();
    let goal = (0..goal_len)
        .map(|j| place(rng, at.grid, at.width as f64 + 1.0 + p as f64, j as f64))
        .collect();
    DrawnPlayer {
        start,
        track_steps,
        base,
        goal,
    }
}

impl Drawn {
    /// Draws everything, in the order the seed's sequence is used.
    fn new(o: &GenerateOptions) -> Drawn {
        let mut rng = SplitMix64::new(o.seed);
        let tiles = o.tiles.max(2);
        let players = o.players.clamp(1, tiles);
        let pieces = o.pieces.max(1);
        let faces = o.faces.max(1);
        let options = GenerateOptions {
            tiles,
            players,
            pieces,
            faces,
            ..o.clone()
        };
        let grid = o.vary_rules && rng.coin();
        let mut die: Vec<u32> = vec![1];
        for f in 2..=faces {
            if !o.vary_rules || rng.coin() {
                die.push(f);
            }
        }
        let (metric, rounding, goal_mode, moves_in_goal) = draw_rules(&mut rng, o.vary_rules);

        // The track snakes through rows of random width; unit boards jitter every tile so that no
        // two moves cost the same by accident, and with one decimal so rounding matters.
        let width = if o.vary_rules {
            rng.range(2, (tiles as f64).sqrt().ceil() as u64 + 3) as usize
        } else {
            ((tiles as f64).sqrt().ceil() as usize).max(2)
        };
        let track: Vec<[f64; 2]> = (0..tiles)
            .map(|i| {
                let (r, c) = (i / width, i % width);
                let c = if r % 2 == 0 { c } else { width - 1 - c };
                place(&mut rng, grid, c as f64, r as f64)
            })
            .collect();
        let layout = Layout {
            grid,
            goal_mode,
            width,
            rows: tiles.div_ceil(width) as f64,
        };
        let players = (0..players)
            .map(|p| draw_player(&mut rng, &options, &layout, p))
            .collect();
        Drawn {
            options,
            grid,
            die,
            metric,
            rounding,
            goal_mode,
            moves_in_goal,
            open_goal: false,
            track,
            players,
        }
    }

    /// The board for `o`, with moves in the goal switched on if a piece could not finish without.
    fn checked(o: &GenerateOptions) -> io::Result<Drawn> {
        let mut drawn = Drawn::new(o);
        let board = drawn.board()?;
        if !(0..board.players.len()).all(|p| crate::race::check(&board, p).is_ok()) {
            drawn.open_goal = true;
        }
        Ok(drawn)
    }

    /// The board the text describes, as loading it gives it (its SHA-256 from a first pass of the
    /// text through the hash).
    fn board(&self) -> io::Result<Board> {
        let grid = self.grid.then_some(Grid {
            origin: Point::new(0.0, 0.0),
            spacing: SPACING,
        });
        let points = |ps: &[[f64; 2]]| -> Vec<Point> {
            ps.iter()
                .map(|&[x, y]| grid.map_or(Point::new(x, y), |g| g.point(x, y)))
                .collect()
        };
        let seed = self.options.seed;
        Ok(Board {
            origin: "generated".into(),
            sha256: sha256_hex_of(|w| self.write(w))?,
            name: format!("random board {seed}"),
            description: None,
            source: Some(format!("boardpath::board::generate, seed {seed}")),
            unit: "units".into(),
            scale: None,
            grid,
            rules: BoardRules {
                die: self.die.clone(),
                metric: self.metric,
                rounding: self.rounding,
                goal_mode: self.goal_mode,
                moves_in_goal: self.moves_in_goal || self.open_goal,
            },
            track: points(&self.track),
            safe: Vec::new(),
            players: self
                .players
                .iter()
                .enumerate()
                .map(|(p, d)| Player {
                    name: format!("p{p}"),
                    start: d.start,
                    track_steps: d.track_steps,
                    base: points(&d.base),
                    goal: points(&d.goal),
                    color: None,
                })
                .collect(),
            game_rules: None,
            warnings: Vec::new(),
        })
    }

    /// Writes the board as TOML.
    fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        let o = &self.options;
        writeln!(
            out,
            "# Generated by boardpath generate --tiles {} --players {} --pieces {} --faces {} --seed {}{}",
            o.tiles,
            o.players,
            o.pieces,
            o.faces,
            o.seed,
            if o.vary_rules { " (varied rules)" } else { "" }
        )?;
        if self.open_goal {
            writeln!(
                out,
                "# moves_in_goal is on: with this die a piece could not otherwise reach every goal tile."
            )?;
        }
        writeln!(out, "[board]\nname = \"random board {}\"", o.seed)?;
        writeln!(
            out,
            "source = \"boardpath::board::generate, seed {}\"",
            o.seed
        )?;
        if self.grid {
            writeln!(out, "grid = {{ origin = [0, 0], spacing = {SPACING} }}")?;
        }
        let dies: Vec<String> = self.die.iter().map(u32::to_string).collect();
        writeln!(
            out,
            "\n[rules]\ndie = [{}]\nmetric = \"{}\"\nrounding = \"{}\"\ngoal_mode = \"{}\"\nmoves_in_goal = {}",
            dies.join(", "),
            self.metric.name(),
            self.rounding.name(),
            self.goal_mode.name(),
            self.moves_in_goal || self.open_goal
        )?;
        write!(out, "\n[track]\ntiles = [")?;
        points(out, &self.track)?;
        writeln!(out, "]")?;
        for (p, d) in self.players.iter().enumerate() {
            write!(
                out,
                "\n[[players]]\nname = \"p{p}\"\nstart = {}\ntrack_steps = {}\nbase = [",
                d.start, d.track_steps
            )?;
            points(out, &d.base)?;
            write!(out, "]\ngoal = [")?;
            points(out, &d.goal)?;
            writeln!(out, "]")?;
        }
        Ok(())
    }
}

fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// `[x, y], [x, y], ...`
fn points(out: &mut dyn Write, ps: &[[f64; 2]]) -> io::Result<()> {
    for (i, [x, y]) in ps.iter().enumerate() {
        if i > 0 {
            out.write_all(b", ")?;
        }
        write!(out, "[{x}, {y}]")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_boards_parse_and_repeat() {
        for seed in 0..50 {
            let o = GenerateOptions {
                tiles: 30,
                players: 3,
                pieces: 4,
                faces: 6,
                seed,
                vary_rules: seed % 2 == 0,
            };
            let text = generate(&o);
            assert_eq!(text, generate(&o), "seed {seed} is not deterministic");
            let b = Board::from_toml(&text, "gen")
                .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            assert_eq!(b.track.len(), 30);
            assert_eq!(b.players.len(), 3);
        }
    }

    /// The board checked before writing is the board the text loads as, to the last bit and the
    /// file's hash, for every rule and coordinate style.
    #[test]
    fn the_checked_board_is_the_written_one() {
        let mut opened = 0;
        for seed in 0..200 {
            for (tiles, players, pieces, faces) in [(12, 2, 4, 1), (30, 3, 2, 6), (2, 1, 2, 1)] {
                let o = GenerateOptions {
                    tiles,
                    players,
                    pieces,
                    faces,
                    seed,
                    vary_rules: seed % 3 != 0,
                };
                let drawn = Drawn::checked(&o).unwrap().board().unwrap();
                let text = generate(&o);
                opened += usize::from(text.contains("# moves_in_goal is on"));
                let loaded = Board::from_toml(&text, "generated").unwrap();
                assert_eq!(drawn, loaded, "seed {seed}");
            }
        }
        assert!(opened > 0, "no board needed moves in the goal switched on");
    }

    #[test]
    fn every_generated_piece_can_finish() {
        // Seed 7859048714970042535 drew die [1] under slots for 2 pieces: goal tile b needed a 2.
        let o = GenerateOptions {
            tiles: 2,
            players: 1,
            pieces: 2,
            faces: 1,
            seed: 7859048714970042535,
            vary_rules: true,
        };
        let text = generate(&o);
        assert!(text.contains("moves_in_goal = true"), "{text}");
        for seed in 0..300 {
            for (pieces, faces) in [(4, 1), (8, 6), (3, 2)] {
                let o = GenerateOptions {
                    tiles: 12,
                    players: 2,
                    pieces,
                    faces,
                    seed,
                    vary_rules: seed % 2 == 0,
                };
                let b = Board::from_toml(&generate(&o), "gen").unwrap();
                for p in 0..b.players.len() {
                    assert!(
                        crate::race::check(&b, p).is_ok(),
                        "seed {seed} {pieces} pieces {faces} faces"
                    );
                }
            }
        }
    }
}
