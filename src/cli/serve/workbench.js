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

  /** Puts the cursor at `line`, `column` (from 1; columns count characters). */
  function goTo(line, column) {
    const rows = editor.value.split("\n");
    let at = 0;
    for (let i = 0; i < line - 1 && i < rows.length; i++) at += rows[i].length + 1;
    at += Array.from(rows[line - 1] || "").slice(0, Math.max(0, column - 1)).join("").length;
    editor.focus();
    editor.setSelectionRange(at, at);
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
    try {
      const r = await post("render", query("render", { player: "all" }));
      const svg = await r.text();
      if (mine !== generation) return;
      viewer.show(svg);
      $("drawing").classList.remove("stale");
      showProblems([]);
      status(`valid, solved and drawn in ${Math.round(performance.now() - started)} ms`, "ok");
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
    tool("compare", "compare", "running every method\u2026", (doc) => {
      const rows = doc.results.rows;
      const parts = [
        table(rows, [
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
        ]),
      ];
      for (const m of doc.results.mismatches) {
        const p = document.createElement("p");
        p.className = "caption bad";
        p.textContent = "mismatch: " + m;
        parts.push(p);
      }
      return parts;
    }));

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

  editor.value = data.toml;
  drawGutter();
  refresh();
})();
