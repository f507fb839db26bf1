// The viewer of `boardpath render -o FILE.html` and `boardpath serve`: the SVG that `boardpath
// render` draws, with players and pieces shown or hidden, one player's moves walked in order with
// a marker, each move described on hover, and downloads. Plain script: no build step, no network.
//
// Everything it needs is in the SVG: `g.panel[data-player]` per player; per drawn move a
// `g.segment` with `data-pieces` (the pieces making it), `data-move` (its number along the path, 0
// for entering), `data-from` and `data-to` (tile centres in the panel's pixels) and a `<title>`.
"use strict";

(function () {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);

  /** The piece numbers of an element's `data-pieces` ("1 2 3"). */
  function pieces(el) {
    return (el.getAttribute("data-pieces") || "").split(" ").filter(Boolean).map(Number);
  }

  /** The point an attribute such as `data-to="12.5 40"` holds. */
  function point(el, name) {
    const [x, y] = el.getAttribute(name).split(" ").map(Number);
    return { x, y };
  }

  /** A move's description: its `<title>`. */
  function title(el) {
    const t = el.querySelector("title");
    return t ? t.textContent : "";
  }

  /** Offers `data` (text or a Blob) as a file named `name`. */
  function save(name, type, data) {
    const blob = data instanceof Blob ? data : new Blob([data], { type });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  /** The SVG text drawn on a canvas at its own size, as a PNG Blob. */
  function rasterise(svgText) {
    return new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () => {
        const canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext("2d").drawImage(img, 0, 0);
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the picture is too large for a PNG"))), "image/png");
      };
      img.onerror = () => reject(new Error("the picture could not be drawn"));
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svgText);
    });
  }

  class Viewer {
    /**
     * `sources`: `file()` (the board file's name), `toml()` (its text) and `solution()` (a
     * Promise of the `solve --format json` document). `firstPlayerOnly`: the first picture shows
     * the first player alone (the others can be switched on).
     */
    constructor(sources, firstPlayerOnly = false) {
      this.sources = sources;
      this.firstPlayerOnly = firstPlayerOnly;
      this.shown = false;
      this.svgText = "";
      this.svg = null;
      this.panels = [];
      this.hiddenPlayers = new Set();
      this.hiddenPieces = new Set();
      this.walkPlayer = null;
      this.position = 0;
      this.steps = [];
      $("walk").addEventListener("input", () => this.go(Number($("walk").value)));
      $("walk-first").addEventListener("click", () => this.go(0));
      $("walk-prev").addEventListener("click", () => this.go(this.position - 1));
      $("walk-next").addEventListener("click", () => this.go(this.position + 1));
      $("walk-last").addEventListener("click", () => this.go(this.steps.length));
      $("walk-player").addEventListener("change", () => {
        // The player walked is shown.
        this.walkPlayer = $("walk-player").value;
        this.hiddenPlayers.delete(this.walkPlayer);
        this.position = 0;
        this.toggles();
        this.apply();
      });
      this.zoom = null;
      this.keys();
      this.zoomAndPan();
      window.addEventListener("resize", () => this.svg && this.fit());
      $("drawing").addEventListener("mouseover", (e) => {
        const move = e.target.closest && e.target.closest("[data-move]");
        if (move) $("hover").textContent = title(move);
      });
      $("download-toml").addEventListener("click", () =>
        save(this.name("toml"), "application/toml", this.sources.toml()));
      $("download-svg").addEventListener("click", () =>
        save(this.name("svg"), "image/svg+xml", this.svgText));
      $("download-png").addEventListener("click", () =>
        rasterise(this.svgText).then((b) => save(this.name("png"), "image/png", b), (e) => this.say(e)));
      $("download-json").addEventListener("click", () =>
        this.sources.solution().then((t) => save(this.name("json"), "application/json", t), (e) => this.say(e)));
    }

    /** A download's name: the board file's, with extension `ext`. */
    name(ext) {
      return this.sources.file().replace(/\.toml$/i, "") + "." + ext;
    }

    /** Shows a failure where hover text goes. */
    say(error) {
      $("hover").textContent = String(error.message || error);
    }

    /** Shows `svgText`, keeping the players and pieces hidden and the move walked to. */
    show(svgText) {
      $("drawing").innerHTML = svgText;
      this.attach(svgText);
    }

    /** Takes over the SVG already in `#drawing`, whose text is `svgText`. */
    attach(svgText) {
      this.svgText = svgText;
      this.svg = $("drawing").querySelector("svg");
      this.viewBox = this.svg.getAttribute("viewBox");
      this.size = [this.svg.getAttribute("width"), this.svg.getAttribute("height")];
      this.panels = Array.from(this.svg.querySelectorAll("g.panel"));
      // Each panel's box as drawn, before a marker or a hidden player can change it.
      this.boxes = new Map(this.panels.map((p) => [p, p.getBBox()]));
      if (this.firstPlayerOnly && !this.shown) {
        this.panels.slice(1).forEach((p) => this.hiddenPlayers.add(p.getAttribute("data-player")));
      }
      this.shown = true;
      this.toggles();
      this.apply();
    }

    /** One checkbox per player and per piece number, and the walk's player list. */
    toggles() {
      const players = this.panels.map((p) => p.getAttribute("data-player"));
      const most = Math.max(0, ...Array.from(this.svg.querySelectorAll('g.segment[data-move="0"]'), (e) => Math.max(...pieces(e))));
      const box = (fieldset, label, values, hidden) => {
        fieldset.querySelectorAll("label").forEach((l) => l.remove());
        for (const v of values) {
          const l = document.createElement("label");
          const c = document.createElement("input");
          c.type = "checkbox";
          c.checked = !hidden.has(v);
          c.dataset.value = v;
          c.addEventListener("change", () => {
            if (c.checked) hidden.delete(v);
            else hidden.add(v);
            this.apply();
          });
          l.append(c, " " + label(v));
          fieldset.appendChild(l);
        }
      };
      box($("players"), (p) => p, players, this.hiddenPlayers);
      box($("pieces"), (k) => String(k), Array.from({ length: most }, (_, i) => i + 1), this.hiddenPieces);
      const select = $("walk-player");
      select.replaceChildren(...players.map((p) => new Option(p, p)));
      if (!players.includes(this.walkPlayer)) this.walkPlayer = players[0] || null;
      select.value = this.walkPlayer || "";
    }

    /** Hides what is switched off, fits the picture to the players shown, and rebuilds the walk. */
    apply() {
      for (const p of this.panels) {
        p.classList.toggle("hidden", this.hiddenPlayers.has(p.getAttribute("data-player")));
      }
      for (const el of this.svg.querySelectorAll("[data-pieces]")) {
        const ks = pieces(el);
        el.classList.toggle("hidden", ks.length > 0 && ks.every((k) => this.hiddenPieces.has(k)));
      }
      this.fit();
      this.walk();
    }

    /**
     * Lays the panels shown out in as many columns as fit the page at full size (one at least),
     * so that a player's board and legend keep their size however many players are shown; sets
     * the picture's box to them, or to the part zoomed into.
     */
    fit() {
      const shown = this.panels.filter((p) => !p.classList.contains("hidden"));
      const room = Math.max(200, $("drawing").clientWidth || 800);
      const boxes = shown.map((p) => this.boxes.get(p));
      const gap = 24;
      const widest = Math.max(1, ...boxes.map((b) => b.width));
      const cols = Math.max(1, Math.min(shown.length, Math.floor((room + gap) / (widest + gap))));
      let [x1, y1, rowTop, rowHeight] = [0, 0, 0, 0];
      shown.forEach((p, k) => {
        const b = boxes[k];
        const col = k % cols;
        if (col === 0 && k > 0) {
          rowTop += rowHeight + gap;
          rowHeight = 0;
        }
        const x = col * (widest + gap);
        p.setAttribute("transform", `translate(${x - b.x} ${rowTop - b.y})`);
        rowHeight = Math.max(rowHeight, b.height);
        x1 = Math.max(x1, x + b.width);
        y1 = Math.max(y1, rowTop + b.height);
      });
      this.box = shown.length ? [0, 0, x1, y1] : this.viewBox.split(/[ ,]+/).map(Number);
      const [bx, by, bw, bh] = this.zoom || this.box;
      this.svg.setAttribute("viewBox", `${bx} ${by} ${bw} ${bh}`);
      this.svg.setAttribute("width", String(this.box[2]));
      this.svg.setAttribute("height", String(this.box[3]));
    }

    /** Zooms by `factor` (above 1: closer) about the picture's point (`x`, `y`), or its centre. */
    zoomBy(factor, x, y) {
      if (!this.svg) return;
      const [bx, by, bw, bh] = this.zoom || this.box;
      if (x === undefined) [x, y] = [bx + bw / 2, by + bh / 2];
      const w = Math.min(this.box[2] * 4, Math.max(this.box[2] / 20, bw / factor));
      const k = w / bw;
      this.zoom = [x - (x - bx) * k, y - (y - by) * k, bw * k, bh * k];
      this.fit();
    }

    /** The whole picture again. */
    unzoom() {
      this.zoom = null;
      if (this.svg) this.fit();
    }

    /** The wheel zooms about the pointer; dragging the background pans; buttons and keys too. */
    zoomAndPan() {
      const drawing = $("drawing");
      const at = (e) => {
        const m = this.svg.getScreenCTM().inverse();
        const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
        return [p.x, p.y];
      };
      drawing.addEventListener("wheel", (e) => {
        if (!this.svg) return;
        e.preventDefault();
        this.zoomBy(Math.exp(-e.deltaY / 500), ...at(e));
      }, { passive: false });
      drawing.addEventListener("pointerdown", (e) => {
        if (!this.svg || e.button !== 0 || e.defaultPrevented) return;
        if (e.target.closest("circle.tile, [data-move]")) return;
        const [x0, y0] = at(e);
        drawing.setPointerCapture(e.pointerId);
        drawing.classList.add("panning");
        const move = (m) => {
          const [x, y] = at(m);
          const [bx, by, bw, bh] = this.zoom || this.box;
          this.zoom = [bx - (x - x0), by - (y - y0), bw, bh];
          this.fit();
        };
        const up = () => {
          drawing.removeEventListener("pointermove", move);
          drawing.classList.remove("panning");
        };
        drawing.addEventListener("pointermove", move);
        drawing.addEventListener("pointerup", up, { once: true });
      });
      $("zoom-in").addEventListener("click", () => this.zoomBy(1.25));
      $("zoom-out").addEventListener("click", () => this.zoomBy(0.8));
      $("zoom-fit").addEventListener("click", () => this.unzoom());
    }

    /** The step controls from the keyboard: arrows, Home and End; + - and 0 zoom. */
    keys() {
      document.addEventListener("keydown", (e) => {
        const t = e.target;
        const typing = t.isContentEditable || t.tagName === "TEXTAREA" || t.tagName === "SELECT" ||
          (t.tagName === "INPUT" && !["checkbox", "button"].includes(t.type));
        if (typing || e.altKey || e.ctrlKey || e.metaKey) return;
        const act = {
          ArrowRight: () => this.go(this.position + 1),
          ArrowLeft: () => this.go(this.position - 1),
          Home: () => this.go(0),
          End: () => this.go(this.steps.length),
          "+": () => this.zoomBy(1.25),
          "=": () => this.zoomBy(1.25),
          "-": () => this.zoomBy(0.8),
          "0": () => this.unzoom(),
        }[e.key];
        if (act && this.svg) {
          e.preventDefault();
          act();
        }
      });
    }

    /** The walk: the chosen player's shown pieces in finishing order, each entering, then its moves. */
    walk() {
      this.svg.querySelectorAll("circle.marker").forEach((m) => m.remove());
      this.steps = [];
      this.marker = null;
      const panel = this.panels.find((p) => p.getAttribute("data-player") === this.walkPlayer);
      if (panel && !panel.classList.contains("hidden")) {
        const moves = Array.from(panel.querySelectorAll("g.segment[data-move]"));
        const enters = moves.filter((m) => m.getAttribute("data-move") === "0");
        for (const enter of enters) {
          const k = pieces(enter)[0];
          if (this.hiddenPieces.has(k)) continue;
          this.steps.push(enter);
          const own = moves.filter((m) => m.getAttribute("data-move") !== "0" && pieces(m).includes(k));
          own.sort((a, b) => Number(a.getAttribute("data-move")) - Number(b.getAttribute("data-move")));
          this.steps.push(...own);
        }
        if (this.steps.length) {
          const tile = panel.querySelector("circle.tile");
          this.marker = document.createElementNS(SVG_NS, "circle");
          this.marker.setAttribute("class", "marker");
          this.marker.setAttribute("r", String(0.6 * Number(tile ? tile.getAttribute("r") : 8)));
          panel.appendChild(this.marker);
        }
      }
      $("walk").max = String(this.steps.length);
      this.go(this.position);
    }

    /** Puts the marker after move `i` of the walk (0: before the first). */
    go(i) {
      const n = this.steps.length;
      i = Math.max(0, Math.min(n, Number.isFinite(i) ? i : 0));
      this.position = i;
      $("walk").value = String(i);
      this.svg.querySelectorAll("g.segment.current").forEach((s) => s.classList.remove("current"));
      if (!this.marker) {
        $("walk-caption").textContent = "no moves to walk: the player or all its pieces are hidden";
        return;
      }
      const at = i === 0 ? point(this.steps[0], "data-from") : point(this.steps[i - 1], "data-to");
      this.marker.setAttribute("cx", String(at.x));
      this.marker.setAttribute("cy", String(at.y));
      if (i === 0) {
        $("walk-caption").textContent = `${this.walkPlayer}: before the first move (${n} moves)`;
      } else {
        this.steps[i - 1].classList.add("current");
        $("walk-caption").textContent = `${i} of ${n}: ${title(this.steps[i - 1])}`;
      }
    }
  }

  window.boardpath = { Viewer };

  // `render -o FILE.html`: the picture and the data are in the page.
  if (document.body.dataset.mode === "standalone") {
    const data = JSON.parse($("boardpath-data").textContent);
    const viewer = new Viewer({
      file: () => data.file,
      toml: () => data.toml,
      solution: () => Promise.resolve(data.solution),
    });
    const svg = $("drawing").querySelector("svg");
    if (svg) viewer.attach(new XMLSerializer().serializeToString(svg));
  }
})();
