// Where a board's tiles are written in its TOML text, for the workbench's hover cards,
// click-to-line and dragging: a small reader of the TOML the board format uses (tables, arrays,
// inline tables, strings, numbers, comments) that keeps every number's place in the text, so that
// a dragged tile's two numbers are replaced in place and every comment and line break stays.
"use strict";

(function () {
  /** Reads `text`; throws an Error where it cannot follow it (the page then only drops dragging). */
  function read(text) {
    let i = 0;
    const n = text.length;
    const fail = (what) => {
      throw new Error(`${what} at offset ${i}`);
    };
    /** Skips blanks, and with `lines` also line breaks and comments. */
    function blank(lines) {
      while (i < n) {
        const c = text[i];
        if (c === " " || c === "\t" || c === "\r") i++;
        else if (lines && c === "\n") i++;
        else if (c === "#") while (i < n && text[i] !== "\n") i++;
        else break;
      }
    }
    function string() {
      const q = text[i];
      const triple = text.startsWith(q.repeat(3), i);
      const end = triple ? q.repeat(3) : q;
      const start = i;
      i += end.length;
      let s = "";
      while (i < n && !text.startsWith(end, i)) {
        if (q === '"' && text[i] === "\\") {
          s += text[i + 1] || "";
          i += 2;
        } else {
          if (!triple && text[i] === "\n") fail("an unclosed string");
          s += text[i++];
        }
      }
      if (i >= n) fail("an unclosed string");
      i += end.length;
      return { str: s, start, end: i };
    }
    function key() {
      const parts = [];
      for (;;) {
        blank(false);
        if (text[i] === '"' || text[i] === "'") parts.push(string().str);
        else {
          const m = /^[A-Za-z0-9_-]+/.exec(text.slice(i, i + 200));
          if (!m) fail("a key");
          parts.push(m[0]);
          i += m[0].length;
        }
        blank(false);
        if (text[i] !== ".") return parts.join(".");
        i++;
      }
    }
    function value() {
      blank(false);
      const c = text[i];
      const start = i;
      if (c === "[") {
        i++;
        const arr = [];
        for (;;) {
          blank(true);
          if (text[i] === "]") break;
          arr.push(value());
          blank(true);
          if (text[i] === ",") i++;
          else if (text[i] !== "]") fail("',' or ']'");
        }
        i++;
        return { arr, start, end: i };
      }
      if (c === "{") {
        i++;
        const tbl = {};
        for (;;) {
          blank(false);
          if (text[i] === "}") break;
          const k = key();
          if (text[i] !== "=") fail("'='");
          i++;
          tbl[k] = value();
          blank(false);
          if (text[i] === ",") i++;
          else if (text[i] !== "}") fail("',' or '}'");
        }
        i++;
        return { tbl, start, end: i };
      }
      if (c === '"' || c === "'") return string();
      const m = /^[^\s,\]}#]+/.exec(text.slice(i, i + 100));
      if (!m) fail("a value");
      i += m[0].length;
      return { tok: m[0], num: Number(m[0].replace(/_/g, "")), start, end: i };
    }

    const board = { track: [], players: [], grid: false };
    let section = "";
    let player = null;
    for (;;) {
      blank(true);
      if (i >= n) break;
      if (text[i] === "[") {
        const double = text[i + 1] === "[";
        i += double ? 2 : 1;
        const name = key();
        i += double ? 2 : 1;
        section = name;
        if (double && name === "players") {
          player = { name: "", start: null, steps: null, base: [], goal: [] };
          board.players.push(player);
        }
        continue;
      }
      const k = key();
      if (text[i] !== "=") fail("'='");
      i++;
      const v = value();
      if (section === "track" && k === "tiles") board.track = points(v);
      else if (section === "board" && k === "grid") board.grid = true;
      else if (section === "players" && player) {
        if (k === "name" && "str" in v) player.name = v.str;
        else if (k === "start" && "num" in v) player.start = v.num;
        else if (k === "track_steps" && "num" in v) player.steps = v.num;
        else if (k === "base" || k === "goal") player[k] = points(v);
      }
    }
    return board;
  }

  /** The `[x, y]` points of an array value, each with its two numbers' places in the text. */
  function points(v) {
    if (!v.arr) throw new Error("not an array of points");
    return v.arr.map((p) => {
      if (!p.arr || p.arr.length !== 2 || !p.arr.every((q) => "num" in q)) throw new Error("not a point");
      return { x: p.arr[0], y: p.arr[1], start: p.start, end: p.end };
    });
  }

  /** The goal tile's letter, as the renderer writes it. */
  function goalLabel(g) {
    return g < 26 ? String.fromCharCode(97 + g) : `g${g}`;
  }

  /**
   * The tiles of board text `text` in the renderer's order (the track, then each player's waiting
   * and goal tiles), each with `what` (its name), `x`, `y` (as written), `start`/`end` (the
   * point's place in the text) and `xs`/`ys` (its two numbers' places); and `grid`. Null where
   * the text cannot be read.
   */
  function tiles(text) {
    let board;
    try {
      board = read(text);
    } catch (_) {
      return null;
    }
    const out = [];
    const add = (p, what, role) =>
      out.push({ what, role, x: p.x.num, y: p.y.num, start: p.start, end: p.end, xs: p.x, ys: p.y });
    board.track.forEach((p, k) => add(p, `track tile ${k}`, { track: k }));
    for (const pl of board.players) {
      pl.base.forEach((p, k) => add(p, `${pl.name}'s waiting tile ${k + 1}`, { base: pl.name }));
      pl.goal.forEach((p, k) => add(p, `${pl.name}'s goal tile ${goalLabel(k)}`, { goal: pl.name }));
    }
    return { tiles: out, grid: board.grid, board };
  }

  /** Who uses the tiles at point (`x`, `y`): players' starts, tracks, waiting and goal tiles. */
  function users(read, x, y) {
    const n = read.board.track.length;
    const said = [];
    for (const t of read.tiles) {
      if (t.x !== x || t.y !== y) continue;
      if ("track" in t.role) {
        const k = t.role.track;
        const starts = read.board.players.filter((p) => p.start === k).map((p) => p.name);
        if (starts.length) said.push(`start of ${starts.join(", ")}`);
        const on = read.board.players
          .filter((p) => p.start !== null && (((k - p.start) % n) + n) % n < (p.steps === null ? n : p.steps))
          .map((p) => p.name);
        said.push(on.length ? `on the track of ${on.join(", ")}` : "on no player's track");
      } else {
        said.push(t.what);
      }
    }
    return said;
  }

  window.boardpath = Object.assign(window.boardpath || {}, { tomlTiles: tiles, tileUsers: users });
})();
