// The editor of `boardpath serve`: the board's TOML in a text area with line numbers; as you type
// (after a pause) the board goes to the server, which answers with the picture or with every
// problem at its line and column; the viewer shows the picture. Method and rule overrides are
// query parameters of the API; compare and dice run on request. Plain script, no build step.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("boardpath-data").textContent);
  const choices = JSON.parse($("extra-data").textContent);
  const editor = $("toml");
  const PAUSE_MS = 300;

  const method = $("method");
  for (const m of choices.methods) {
    const o = new Option(m.name, m.name);
    o.title = m.summary + (m.exact ? "" : " (not exact)");
    method.add(o);
  }
  method.value = choices.default_method;
  for (const key of ["metric", "rounding", "goal-mode"]) {
    const select = $("rule-" + key);
    select.add(new Option("as the board says", ""));
    for (const v of choices[key]) select.add(new Option(v, v));
  }

  /** The query for `endpoint`: the file's name, the method and rule overrides chosen, `more`. */
  function query(endpoint, more) {
    const q = new URLSearchParams({ file: data.file });
    if (endpoint === "solve" || endpoint === "render") q.set("method", method.value);
    if (endpoint === "render" && $("labels").checked) q.set("labels", "true");
    for (const el of document.querySelectorAll("#rules [data-option]")) {
      if (el.value.trim()) q.set(el.dataset.option, el.value.trim());
    }
    const inGoal = $("rule-moves-in-goal").value;
    if (inGoal === "yes") q.set("moves-in-goal", "true");
    if (inGoal === "no") q.set("no-moves-in-goal", "true");
    for (const [k, v] of Object.entries(more)) if (v !== null && v !== undefined) q.set(k, v);
    return q;
  }

  /** A problem as the command line prints it: `file:line:column: message`. */
  function describe(p) {
    const where = p.file ? (p.line ? `${p.file}:${p.line}:${p.column}: ` : `${p.file}: `) : "";
    return where + p.message;
  }

  /** POSTs the board to `/api/endpoint`; a failure throws an Error carrying the problems. */
  async function post(endpoint, q) {
    const r = await fetch(`/api/${endpoint}?${q}`, {
      method: "POST",
      body: editor.value,
      headers: { "Content-Type": "application/toml" },
    });
    if (r.ok) return r;
    let problems;
    try {
      problems = await r.json();
    } catch (_) {
      problems = [{ file: null, line: null, column: null, message: `${r.status} ${r.statusText}` }];
    }
    const e = new Error(problems.map(describe).join("\n"));
    e.problems = problems;
    throw e;
  }

  const viewer = new window.boardpath.Viewer({
    file: () => data.file,
    toml: () => editor.value,
    solution: () => post("solve", query("solve", { player: "all" })).then((r) => r.text()),
  }, true);

  // Line numbers, with the lines that have a problem marked and the problem as their tooltip.
  let problems = [];
  let lineCount = 0;
  function drawGutter() {
    const marked = new Map();
    for (const p of problems) {
      if (p.line) marked.set(p.line, (marked.has(p.line) ? marked.get(p.line) + "\n" : "") + p.message);
    }
    lineCount = editor.value.split("\n").length;
    const rows = document.createDocumentFragment();
    for (let i = 1; i <= lineCount; i++) {
      const d = document.createElement("div");
      d.textContent = String(i);
      d.dataset.line = String(i);
      if (marked.has(i)) {
        d.className = "error";
        d.title = marked.get(i);
      }
      rows.appendChild(d);
    }
    // Room for the text area's scroll bar, so that the last numbers line up with their lines.
    const end = document.createElement("div");
    end.style.height = "40px";
    rows.appendChild(end);
    $("gutter").replaceChildren(rows);
    $("gutter").scrollTop = editor.scrollTop;
  }

  /** Puts the cursor at `line`, `column` (from 1; columns count characters), selecting `length`
   * characters, and scrolls the text there. */
  function goTo(line, column, length = 0) {
    const rows = editor.value.split("\n");
    let at = 0;
    for (let i = 0; i < line - 1 && i < rows.length; i++) at += rows[i].length + 1;
    at += Array.from(rows[line - 1] || "").slice(0, Math.max(0, column - 1)).join("").length;
    editor.focus();
    editor.setSelectionRange(at, at + length);
    const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 18;
    editor.scrollTop = Math.max(0, (line - 4) * lineHeight);
  }

  function showProblems(list) {
    problems = list;
    const items = list.map((p) => {
      const li = document.createElement("li");
      li.textContent = describe(p);
      if (p.line) {
        li.dataset.line = String(p.line);
        li.dataset.column = String(p.column);
        li.title = "go to line " + p.line;
        li.addEventListener("click", () => goTo(p.line, p.column));
      }
      return li;
    });
    $("diagnostics").replaceChildren(...items);
    drawGutter();
  }

  /** The status line; `state` is `busy`, `ok` or `bad` (also its `data-state`, for tests). */
  function status(text, state) {
    const s = $("status");
    s.textContent = text;
    s.dataset.state = state;
    s.classList.toggle("bad", state === "bad");
  }

  // Each refresh has a number: an answer that arrives after a newer request was sent is dropped.
  let generation = 0;
  async function refresh() {
    const mine = ++generation;
    status("checking and solving\u2026", "busy");
    const started = performance.now();
    for (const id of ["compare", "dice"]) $(id).classList.add("stale");
    const sent = editor.value;
    try {
      const r = await post("render", query("render", { player: "all" }));
      const svg = await r.text();
      if (mine !== generation) return;
      drawn = window.boardpath.tomlTiles(sent);
      drawnText = sent;
      viewer.show(svg);
      $("drawing").classList.remove("stale");
      showPending();
      showProblems([]);
      status(`valid, solved and drawn in ${Math.round(performance.now() - started)} ms${notice}`, "ok");
      notice = "";
    } catch (e) {
      if (mine !== generation) return;
      $("drawing").classList.add("stale");
      showProblems(e.problems || [{ file: null, line: null, column: null, message: String(e.message || e) }]);
      const n = problems.length;
      status(n === 1 ? "1 problem" : `${n} problems`, "bad");
    }
  }

  let timer = null;
  editor.addEventListener("input", () => {
    typed();
    if (editor.value.split("\n").length !== lineCount) drawGutter();
    clearTimeout(timer);
    timer = setTimeout(refresh, PAUSE_MS);
  });
  editor.addEventListener("scroll", () => {
    $("gutter").scrollTop = editor.scrollTop;
  });
  for (const el of document.querySelectorAll("#editor select, #editor input")) {
    el.addEventListener("change", refresh);
  }

  /** One table: `columns` are [heading, cell(row), class]. */
  function table(rows, columns) {
    const t = document.createElement("table");
    const head = t.createTHead().insertRow();
    for (const [h] of columns) {
      const th = document.createElement("th");
      th.textContent = h;
      head.appendChild(th);
    }
    const body = t.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      for (const [, cell, cls] of columns) {
        const td = tr.insertCell();
        const v = cell(row);
        td.textContent = v === null || v === undefined ? "" : String(v);
        if (cls) td.className = cls;
      }
    }
    return t;
  }

  function duration(ns) {
    if (ns >= 1e9) return (ns / 1e9).toFixed(2) + " s";
    if (ns >= 1e6) return (ns / 1e6).toFixed(2) + " ms";
    return (ns / 1e3).toFixed(1) + " \u00b5s";
  }

  /** Runs `endpoint` for the player walked in the viewer and shows `show(document)` in `#id`. */
  async function tool(endpoint, id, busy, show) {
    const out = $(id);
    out.classList.remove("stale");
    out.textContent = busy;
    try {
      const r = await post(endpoint, query(endpoint, { player: viewer.walkPlayer }));
      out.replaceChildren(...show(await r.json()));
    } catch (e) {
      out.textContent = e.message;
    }
  }

  $("run-compare").addEventListener("click", () =>
    tool("compare", "compare", "running every method\u2026", compareTable));

  $("run-dice").addEventListener("click", () =>
    tool("dice", "dice", "solving the real-dice model\u2026", (doc) =>
      doc.results.map((a) => {
        const cm = a.expected_distance_cm === null ? "" : ` = ${a.expected_distance_cm.toFixed(4)} cm`;
        const median = (a.turns_percentiles.find(([p]) => p === 50) || [50, ""])[1];
        return table([a], [
          ["player", (x) => x.player],
          ["states", (x) => x.states, "num"],
          ["expected turns", (x) => x.expected_turns.toFixed(4), "num"],
          ["expected rolls", (x) => x.expected_rolls.toFixed(4), "num"],
          ["expected distance", (x) => `${x.expected_distance.toFixed(1)} ${x.unit}${cm}`, "num"],
          ["median turns", () => median, "num"],
        ]);
      })));

  // The board text the picture was drawn from, and its tiles (`tomltiles.js`): the i-th
  // `circle.tile` of a panel is tile i of that list.
  let drawn = null;
  let drawnText = null;

  /** The line and column (from 1) of offset `at` in the text. */
  function lineOf(at) {
    const before = editor.value.slice(0, at);
    return { line: before.split("\n").length, column: at - before.lastIndexOf("\n") };
  }

  /** The tile a `circle.tile` stands for, when the picture shows the text as it is now. */
  function tileOf(circle) {
    const panel = circle.closest("g.panel");
    const all = Array.from(panel.querySelectorAll("circle.tile"));
    const index = all.indexOf(circle);
    const current = drawn && drawnText === editor.value && drawn.tiles.length === all.length;
    return { index, panel, all, tile: current ? drawn.tiles[index] : null };
  }

  /** Selects tile `t`'s point in the text and scrolls there. */
  function showTile(t) {
    const at = lineOf(t.start);
    goTo(at.line, at.column, t.end - t.start);
  }

  // Hover cards: the tile's name and index, where it is written, and who uses it.
  const card = $("card");
  function showCard(circle) {
    const { index, tile } = tileOf(circle);
    $("card-title").textContent = tile ? `${tile.what} (tile ${index})` : `tile ${index}`;
    if (tile) {
      $("card-at").textContent = `at [${tile.xs.tok}, ${tile.ys.tok}], line ${lineOf(tile.start).line}`;
      $("card-users").textContent = "used by: " + window.boardpath.tileUsers(drawn, tile.x, tile.y).join("; ");
    } else {
      $("card-at").textContent = drawnText === editor.value
        ? "its place in the text was not found (written in a form the editor does not follow)"
        : "the picture is being redrawn";
      $("card-users").textContent = "";
    }
    card.dataset.tile = String(index);
    const r = circle.getBoundingClientRect();
    card.hidden = false;
    const left = Math.min(r.right + 8, window.innerWidth - card.offsetWidth - 4);
    card.style.left = `${Math.max(4, left)}px`;
    card.style.top = `${Math.max(4, Math.min(r.top, window.innerHeight - card.offsetHeight - 4))}px`;
  }
  let carded = null;
  $("drawing").addEventListener("mousemove", (e) => {
    const circle = tileAt(e);
    if (circle === carded) return;
    carded = circle;
    if (circle) showCard(circle);
    else card.hidden = true;
  });
  $("drawing").addEventListener("mouseleave", () => {
    carded = null;
    card.hidden = true;
  });

  // A move clicked: the text of the tile it ends on.
  $("drawing").addEventListener("click", (e) => {
    const move = e.target.closest && e.target.closest("[data-move]");
    if (!move || tileAt(e)) return;
    const panel = move.closest("g.panel");
    let segment = move;
    if (!segment.hasAttribute("data-to")) {
      // A roll's number: the move of the same number made by the first of its pieces.
      const first = (move.dataset.pieces || "").split(" ")[0];
      segment = Array.from(panel.querySelectorAll(`g.segment[data-move="${move.dataset.move}"]`))
        .find((s) => s.dataset.pieces.split(" ").includes(first));
    }
    if (!segment) return;
    const [x, y] = segment.getAttribute("data-to").split(" ").map(Number);
    const circle = Array.from(panel.querySelectorAll("circle.tile")).find((c) =>
      Math.abs(Number(c.getAttribute("cx")) - x) < 0.01 && Math.abs(Number(c.getAttribute("cy")) - y) < 0.01);
    const t = circle && tileOf(circle).tile;
    if (t) showTile(t);
  });

  /** Board units from a panel's pixels, fitted on the tiles drawn (the renderer's map is linear). */
  function units(all) {
    const ts = drawn.tiles;
    const px = (k, a) => Number(all[k].getAttribute(a));
    const fit = (key, attr) => {
      let lo = 0;
      let hi = 0;
      ts.forEach((t, k) => {
        if (t[key] < ts[lo][key]) lo = k;
        if (t[key] > ts[hi][key]) hi = k;
      });
      if (ts[hi][key] === ts[lo][key]) return null;
      const a = (px(hi, attr) - px(lo, attr)) / (ts[hi][key] - ts[lo][key]);
      return { a, b: px(lo, attr) - a * ts[lo][key] };
    };
    let fx = fit("x", "cx");
    let fy = fit("y", "cy");
    fx = fx || { a: fy ? fy.a : 1, b: px(0, "cx") - (fy ? fy.a : 1) * ts[0].x };
    fy = fy || { a: fx.a, b: px(0, "cy") - fx.a * ts[0].y };
    return (x, y) => [(x - fx.b) / fx.a, (y - fy.b) / fy.a];
  }

  // Dragging a tile moves it; its two numbers are rewritten in place, rounded to whole grid cells
  // on a grid board (to whole units otherwise). A press without a drag goes to its line.
  /** The tile at the pointer, also under a path drawn over it (a roll's number stays a move). */
  function tileAt(e) {
    if (!e.target.closest || e.target.closest("g.roll")) return null;
    return e.target.closest("circle.tile") ||
      document.elementsFromPoint(e.clientX, e.clientY).find((el) => el.matches("#drawing circle.tile")) || null;
  }
  $("drawing").addEventListener("pointerdown", (e) => {
    const circle = tileAt(e);
    if (!circle || e.button !== 0) return;
    e.preventDefault();
    const { index, panel, all, tile } = tileOf(circle);
    if (!tile) return;
    const toUnits = units(all);
    const inverse = panel.getScreenCTM().inverse();
    const local = (ev) => new DOMPoint(ev.clientX, ev.clientY).matrixTransform(inverse);
    const p0 = local(e);
    const [cx0, cy0] = [Number(circle.getAttribute("cx")), Number(circle.getAttribute("cy"))];
    let moved = false;
    circle.setPointerCapture(e.pointerId);
    const move = (ev) => {
      if (Math.hypot(ev.clientX - e.clientX, ev.clientY - e.clientY) > 4) moved = true;
      if (!moved) return;
      const p = local(ev);
      circle.setAttribute("cx", String(cx0 + p.x - p0.x));
      circle.setAttribute("cy", String(cy0 + p.y - p0.y));
      circle.classList.add("dragged");
    };
    circle.addEventListener("pointermove", move);
    circle.addEventListener("pointerup", (ev) => {
      circle.removeEventListener("pointermove", move);
      if (!moved) {
        showTile(tile);
        return;
      }
      const p = local(ev);
      const [x, y] = toUnits(cx0 + p.x - p0.x, cy0 + p.y - p0.y).map(Math.round);
      moveTile(index, x, y);
    }, { once: true });
  });

  /** Writes tile `index` at (`x`, `y`) in the text, in place. */
  function moveTile(index, x, y) {
    const t = drawn.tiles[index];
    const text = editor.value;
    const next = text.slice(0, t.xs.start) + x + text.slice(t.xs.end, t.ys.start) + y + text.slice(t.ys.end);
    if (next === text) {
      viewer.show(viewer.svgText);
      return;
    }
    change(next);
    editor.setSelectionRange(t.start, t.start);
  }

  // Undo and redo over whole texts: typing within a second is one step; a drag is one step.
  const past = [];
  const future = [];
  let committed = data.toml;
  let lastTyped = 0;
  function buttons() {
    $("undo").disabled = past.length === 0;
    $("redo").disabled = future.length === 0;
  }
  function typed() {
    const now = performance.now();
    if (now - lastTyped > 1000 || past.length === 0) past.push(committed);
    lastTyped = now;
    committed = editor.value;
    future.length = 0;
    buttons();
  }
  /** Puts `text` in the editor as one step of the history, and redraws. */
  function change(text, from = past, to = null) {
    if (to) to.push(editor.value);
    else {
      from.push(editor.value);
      future.length = 0;
    }
    editor.value = text;
    committed = text;
    lastTyped = 0;
    buttons();
    drawGutter();
    clearTimeout(timer);
    refresh();
  }
  function undo() {
    if (past.length) change(past.pop(), null, future);
  }
  function redo() {
    if (future.length) change(future.pop(), null, past);
  }
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  editor.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey)) return;
    const k = e.key.toLowerCase();
    if (k === "z" && !e.shiftKey) undo();
    else if ((k === "z" && e.shiftKey) || k === "y") redo();
    else return;
    e.preventDefault();
  });

  // Skipped methods run on request, one at a time, into their row of the table.
  let compared = null;
  function compareTable(doc) {
    compared = doc;
    const t = table(doc.results.rows, [
      ["method", (r) => r.method],
      ["exact", (r) => (r.exact ? "yes" : "no")],
      ["status", (r) => r.status],
      ["length", (r) => r.length, "num"],
      ["excess", (r) => r.excess, "num"],
      ["optimal", (r) => (r.optimal === null ? "" : r.optimal ? "yes" : "no")],
      ["rolls", (r) => r.rolls, "num"],
      ["nodes", (r) => r.nodes, "num"],
      ["time", (r) => (r.time ? duration(r.time.median_ns) : ""), "num"],
      ["note", (r) => r.note, "note"],
    ]);
    doc.results.rows.forEach((r, k) => {
      const tr = t.tBodies[0].rows[k];
      tr.dataset.method = r.method;
      if (r.status !== "skipped") return;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "run-method";
      b.textContent = "run it";
      b.title = `run ${r.method} on this board (compare --method ${r.method})`;
      b.addEventListener("click", () => runOne(r.method, b));
      tr.cells[tr.cells.length - 1].append(" ", b);
    });
    const parts = [t];
    for (const m of doc.results.mismatches) {
      const p = document.createElement("p");
      p.className = "caption bad";
      p.textContent = "mismatch: " + m;
      parts.push(p);
    }
    return parts;
  }
  async function runOne(name, button) {
    button.disabled = true;
    button.textContent = "running\u2026";
    try {
      const r = await post("compare", query("compare", { player: viewer.walkPlayer, method: name }));
      const row = (await r.json()).results.rows.find((x) => x.method === name);
      const rows = compared.results.rows;
      rows[rows.findIndex((x) => x.method === name)] = row;
      $("compare").replaceChildren(...compareTable(compared));
    } catch (e) {
      button.textContent = "failed";
      button.title = e.message;
    }
  }

  // The share link: the board (deflated, base64url) and the settings in the fragment, which a
  // browser never sends to a server.
  const b64 = (bytes) => {
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  const unb64 = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const through = async (bytes, stream) =>
    new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
  async function pack(text) {
    const bytes = new TextEncoder().encode(text);
    if (!window.CompressionStream) return "t" + b64(bytes);
    return "z" + b64(await through(bytes, new CompressionStream("deflate-raw")));
  }
  async function unpack(v) {
    const bytes = unb64(v.slice(1));
    return new TextDecoder().decode(v[0] === "z" ? await through(bytes, new DecompressionStream("deflate-raw")) : bytes);
  }
  const SETTINGS = ["method", "rule-metric", "rule-rounding", "rule-goal-mode", "rule-moves-in-goal", "rule-die"];
  $("share").addEventListener("click", async () => {
    const q = new URLSearchParams({ file: data.file });
    for (const id of SETTINGS) if ($(id).value) q.set(id, $(id).value);
    if ($("labels").checked) q.set("labels", "1");
    if (viewer.walkPlayer) q.set("player", viewer.walkPlayer);
    q.set("board", await pack(editor.value));
    const out = $("share-url");
    out.value = location.href.split("#")[0] + "#" + q;
    out.hidden = false;
    out.select();
    if (navigator.clipboard) navigator.clipboard.writeText(out.value).catch(() => {});
    status(`share link made (${out.value.length} characters; the board is in its fragment, sent nowhere)`, "ok");
  });
  let pendingPlayer = null;
  // Said once after the first drawing: why a shared link's board was not used.
  let notice = "";
  function showPending() {
    if (pendingPlayer === null) return;
    const select = $("walk-player");
    if (Array.from(select.options).some((o) => o.value === pendingPlayer)) {
      select.value = pendingPlayer;
      select.dispatchEvent(new Event("change"));
    }
    pendingPlayer = null;
  }
  async function start() {
    editor.value = data.toml;
    const q = new URLSearchParams(location.hash.slice(1));
    if (q.has("board")) {
      try {
        editor.value = await unpack(q.get("board"));
        const file = q.get("file") || "";
        if (/^[\w.-]+\.toml$/.test(file)) data.file = file;
        for (const id of SETTINGS) if (q.has(id)) $(id).value = q.get(id);
        $("labels").checked = q.get("labels") === "1";
        pendingPlayer = q.get("player");
      } catch (e) {
        editor.value = data.toml;
        notice = `; the link's board could not be read (${e.message}), so this is the server's board`;
      }
    }
    committed = editor.value;
    drawGutter();
    refresh();
  }
  start();
})();
