// Finding Atlantis on a phone: the seat's own sonar chart, its cards, and every choice of its
// turn. Everything drawn comes from the seat message (its view only). A card is aimed as on
// the desktop: tap it, then answer one question at a time (a compass point, a line, how far,
// row or column, a submarine, a jump, a space of the chart); only values some legal action
// still has are offered, and the last answer sends that action's id. Pencil marks are the
// seat's own notes: they go to the table as "note" messages, never as moves.
"use strict";
(() => {
  const css = document.createElement("link");
  css.rel = "stylesheet"; css.href = "finding.css";
  document.head.appendChild(css);

  const store = window.sessionStorage;
  const ui = {
    heat: store.getItem("f-heat") === "1",
    opp: store.getItem("f-opp") === "1",
    tool: "",          // the pencil tool in hand ("" = none)
    aim: null,         // {key, chosen: {param: value}} while a card is being aimed
    burn: false,       // burn mode: the next card tapped is burned
    version: -1,
  };
  const POINTS = ["NW", "N", "NE", "W", "", "E", "SW", "S", "SE"];
  const LINES = { "N-S": ["N", "S"], "E-W": ["E", "W"], "NE-SW": ["NE", "SW"], "NW-SE": ["NW", "SE"] };
  const ASK = {
    direction: "Which way?", compass: "Which compass point?", line: "Which line?",
    distance: "How far?", reveal: "Show your row or your column?", seat: "Which submarine?",
    cell: "Tap a lit space of your chart.", offset: "Where to jump? (you are in the middle)",
  };
  // clue kind -> [where in the cell, the symbol]
  const GLYPH = {
    trace: ["tr", "◆"], no_trace: ["tr", "⊘"], atlantis: ["mid", "A"], not_atlantis: ["tl", "A̸"],
    artifact: ["mid", "★"], recovered: ["mid", "☆"], clear: ["bl", "✓"], mine: ["br", "✱"],
    count: ["foot", ""],
  };
  const PENCIL = { cross: "✕", black: "■", question: "?", note: "" };
  const TOOLS = [["cross", "✕"], ["black", "■"], ["question", "?"], ["note", "note"], ["erase", "erase"]];

  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const button = (text, cls, onclick) => {
    const b = el("button", cls, text);
    b.type = "button"; b.onclick = onclick;
    return b;
  };
  const place = (size, cell) => String.fromCharCode(65 + (cell % size)) + (Math.floor(cell / size) + 1);

  // --- the legal actions, grouped as the desktop's slots ---------------------------------------
  function slotKey(a) {
    const p = a.params;
    if (a.kind === "burn") return "burn:" + (p.card === "captain" ? "captain" : "card:" + p.card);
    if (a.kind === "captain") return "captain";
    if (a.kind === "artifact") return "art:" + p.name;
    if (a.kind === "start_move") return "start";
    return "card:" + a.kind;
  }
  function valueOf(a, param) {
    if (param === "offset") return a.params.dx + "," + a.params.dy;
    return a.params[param];
  }
  function candidates(msg, aim) {
    return msg.legal.filter((a) => slotKey(a) === aim.key &&
      Object.entries(aim.chosen).every(([k, v]) => valueOf(a, k) === v));
  }
  function question(msg, aim) {
    const spec = msg.payload.aims[aim.key];
    const cands = candidates(msg, aim);
    if (!spec || !cands.length) return null;
    for (const param of spec.params) {
      if (param in aim.chosen) continue;
      const values = [];
      for (const a of cands) { const v = valueOf(a, param); if (!values.includes(v)) values.push(v); }
      return { param, values };
    }
    return null;
  }
  function choose(msg, act, param, value) {
    ui.aim.chosen[param] = value;
    const cands = candidates(msg, ui.aim);
    if (cands.length === 1 && question(msg, ui.aim) === null) {
      const id = cands[0].id;
      ui.aim = null; ui.burn = false;
      act(id);
      return true;
    }
    return false;
  }

  // --- drawing -----------------------------------------------------------------------------------
  function render(msg, root, act) {
    const P = msg.payload;
    if (msg.version !== ui.version) {  // the table moved on: a half-aimed card is put back
      ui.version = msg.version;
      const keep = ui.aim && msg.payload.aims[ui.aim.key];
      if (!keep) { ui.aim = null; ui.burn = false; }
      else if (candidates(msg, ui.aim).length === 0) ui.aim = null;
    }
    if (msg.decision && msg.decision.kind === "start_move" && !ui.aim && P.aims.start) {
      ui.aim = { key: "start", chosen: {} };
    }
    const again = () => render(msg, root, act);
    root.textContent = "";
    root.classList.add("finding");
    root.appendChild(topLine(msg));
    const q = ui.aim ? question(msg, ui.aim) : null;
    const pick = pickable(msg, q);
    root.appendChild(chart(msg, pick, act, again));
    root.appendChild(aidsRow(msg, again));
    root.appendChild(decide(msg, act, q, again));
    root.appendChild(hand(msg, act, again));
    root.appendChild(subs(msg));
    root.appendChild(logBox(msg));
    const prompt = document.getElementById("prompt");
    if (prompt && msg.decision) prompt.textContent = msg.decision.prompt;
    return true;
  }

  function topLine(msg) {
    const P = msg.payload;
    const box = el("div", "f-top");
    let words;
    if (P.over) {
      words = P.winner === null || P.winner === undefined ? "The game is over: nobody found Atlantis."
        : P.winner === msg.seat ? "You found Atlantis!" : P.names[P.winner] + " found Atlantis.";
    } else if (P.phase === "captain" || P.phase === "start") {
      // before round 1: the set-up, as the desktop's status line says it
      words = P.phase === "captain" ? "Setting out: each captain keeps one of two"
        : "Diving: each submarine makes one hidden first move";
      words += msg.decision ? " · your choice" : " · waiting for the others";
    } else {
      const whose = P.turn === msg.seat ? "your turn" : P.names[P.turn] + "'s turn";
      words = "Round " + P.round + " of " + P.max_rounds + " · " + whose;
      if (P.phase === "play" && P.turn === msg.seat) words += " · " + P.acts + " action" + (P.acts === 1 ? "" : "s") + " left";
    }
    box.appendChild(el("span", "f-round", words));
    const at = P.chart ? P.chart.me : null;
    const me = el("span", "f-me c-" + P.colours[msg.seat], P.hand.lost ? "lost at sea" :
      at === null ? "position unknown" : "you: " + place(P.size, at));
    box.appendChild(me);
    return box;
  }

  // cells a tap chooses now: a claim's next space, an Atlas Shard's space
  function pickable(msg, q) {
    const out = new Map();
    if (q && q.param === "cell") for (const v of q.values) out.set(v, ["cell", v]);
    for (const a of msg.legal) if (a.kind === "claim") out.set(a.params.cell, ["claim", a.id]);
    return out;
  }

  // a chart not worked out yet: the grid alone (its spaces can still be tapped)
  const BLANK = { marks: {}, counts: [], me: null, route: [], lost: false, others: {}, seen: {}, landed: null };

  function chart(msg, pick, act, again) {
    const P = msg.payload, size = P.size, C = P.chart || BLANK;
    const wrap = el("div", "f-chart-wrap");
    const grid = el("div", "f-chart");
    grid.style.gridTemplateColumns = "1.3em repeat(" + size + ", 1fr)";
    grid.dataset.size = size;
    grid.appendChild(el("span", "f-lab"));
    for (let x = 0; x < size; x++) grid.appendChild(el("span", "f-lab", String.fromCharCode(65 + x)));
    const pencil = new Map(((msg.notes || {}).pencil || []).map(([c, k, t]) => [c, [k, t]]));
    const heat = ui.heat && P.heat ? P.heat : null;
    const best = new Set(heat ? heat.best : []);
    const route = new Map(C.route.map((c, i) => [c, i + 1]));
    const claim = new Set(P.claim);
    for (let y = 0; y < size; y++) {
      grid.appendChild(el("span", "f-lab", String(y + 1)));
      for (let x = 0; x < size; x++) {
        const cell = y * size + x;
        const b = el("button", "f-cell");
        b.type = "button"; b.dataset.cell = cell;
        const marks = C.marks[String(cell)] || [];
        const kinds = marks.map((m) => m[0]);
        if (kinds.includes("seamount")) b.classList.add("seamount");
        else if (kinds.includes("deep")) b.classList.add("deep");
        if (heat) {
          const p = heat.p[cell];
          b.style.setProperty("--heat", String(Math.min(1, p * 1.6)));
          b.classList.add("heat");
          if (p >= 0.005) b.appendChild(el("span", "f-pct", Math.round(p * 100) + "%"));
          if (best.has(cell)) b.classList.add("best");
        }
        for (const [kind, text] of marks) {
          if (kind === "danger") { b.appendChild(el("span", "g bl danger", text === "mine" ? "✱" : "!")); continue; }
          if (kind === "not_city") { b.classList.add("not-city"); continue; }
          const g = GLYPH[kind];
          if (!g) continue;
          const span = el("span", "g " + g[0] + " " + kind, kind === "count" ? text : g[1]);
          if (kind === "trace" && text) span.textContent = "◇";
          b.appendChild(span);
        }
        if (route.has(cell) && C.me !== cell) b.appendChild(el("span", "g route", "•"));
        if (C.me === cell) b.appendChild(el("span", "boat c-" + P.colours[msg.seat], "●"));
        if (C.landed === cell) b.classList.add("landed");
        if (ui.opp) {
          const dots = el("span", "opp");
          for (const [q, cells] of Object.entries(C.others)) {
            if (cells.includes(cell) && cells.length < size * size) dots.appendChild(el("i", "c-" + P.colours[q], "●"));
          }
          if (dots.childNodes.length) b.appendChild(dots);
        }
        const pm = pencil.get(cell);
        if (pm) b.appendChild(el("span", "pencil " + pm[0], pm[0] === "note" ? pm[1] : PENCIL[pm[0]]));
        if (claim.has(cell)) b.classList.add("claimed");
        const choice = pick.get(cell);
        if (choice && !ui.tool) {
          b.classList.add("lit");
          b.onclick = () => {
            if (choice[0] === "claim") act(choice[1]);
            else if (!choose(msg, act, "cell", choice[1])) again();
          };
        } else if (ui.tool) {
          b.onclick = () => pencilAt(msg, cell, again);
        }
        b.title = place(size, cell) + (kinds.length ? ": " + kinds.join(", ") : "");
        grid.appendChild(b);
      }
    }
    wrap.appendChild(grid);
    if (P.busy) wrap.appendChild(el("p", "f-cap f-busy", "Working out your chart for the latest move…"));
    if (heat) {
      const cap = heat.best.length ? "Likeliest city: " + heat.best.map((c) => place(size, c)).join(" ") +
        " (" + Math.round(heat.best_p * 100) + "%)" : "No city fits your chart yet.";
      wrap.appendChild(el("p", "f-cap", cap + (heat.exact ? "" : " Some readings were left out: not exact.")));
    }
    if (C.counts.length) {
      const counts = C.counts.map(([cells, what, n]) => n + " " + (what === "trace" ? "trace" : "Atlantis") +
        " in " + cells.map((c) => place(size, c)).join(" "));
      wrap.appendChild(el("p", "f-cap", "Counts: " + counts.join("; ")));
    }
    return wrap;
  }

  function pencilAt(msg, cell, again) {
    let text = "";
    if (ui.tool === "note") {
      text = window.prompt("A note for " + place(msg.payload.size, cell) + " (up to 6 letters):", "") || "";
      text = text.trim().slice(0, 6);
    }
    Remote.send({ t: "note", cell: cell, mark: ui.tool, text: text });
    again();
  }

  function aidsRow(msg, again) {
    const row = el("div", "row f-aids");
    const toggle = (name, words) => {
      const b = button(words + (ui[name] ? ": on" : ""), ui[name] ? "pick" : "", () => {
        ui[name] = !ui[name]; store.setItem("f-" + name, ui[name] ? "1" : "0"); again();
      });
      b.dataset.aid = name;
      if (name === "heat" && !msg.payload.heat) b.disabled = true;
      return b;
    };
    row.appendChild(toggle("heat", "Heat map"));
    row.appendChild(toggle("opp", "Others"));
    const tools = el("span", "f-tools");
    tools.appendChild(el("span", "muted", "Pencil "));
    for (const [kind, words] of TOOLS) {
      const b = button(words, ui.tool === kind ? "pick" : "", () => { ui.tool = ui.tool === kind ? "" : kind; again(); });
      b.dataset.tool = kind;
      tools.appendChild(b);
    }
    row.appendChild(tools);
    return row;
  }

  // --- the decision: keep a captain, the start move, aiming, solve, claim -----------------------
  function decide(msg, act, q, again) {
    const P = msg.payload;
    const box = el("section", "f-decide");
    if (!msg.decision) {
      box.appendChild(el("p", "muted", P.over ? "The game is over." : "Waiting for " + P.names[P.turn] + "."));
      return box;
    }
    const kind = msg.decision.kind;
    if (kind === "captain") {
      box.appendChild(el("h2", "", "Keep one of your two captains"));
      const row = el("div", "row");
      for (const a of msg.legal) {
        const c = P.hand.dealt.find((d) => d.key === a.params.captain);
        row.appendChild(cardButton(c.name, c.text, "playable", () => act(a.id), { id: a.id }));
      }
      box.appendChild(row);
      return box;
    }
    if (kind === "solve" || kind === "claim") {
      const row = el("div", "row");
      for (const a of msg.legal) {
        if (a.kind === "claim") continue;
        const b = button(a.label, "", () => act(a.id));
        b.dataset.id = a.id;
        row.appendChild(b);
      }
      if (kind === "claim") box.appendChild(el("p", "", "Tap a lit space of the chart. Named so far: " +
        (P.claim.map((c) => place(P.size, c)).join(" ") || "none") + " (" + P.claim.length + " of " + P.city_size + ")."));
      box.appendChild(row);
      return box;
    }
    // a turn (or the start move): aim a card
    if (ui.aim) {
      const spec = P.aims[ui.aim.key];
      box.appendChild(el("h2", spec.burn ? "burn" : "", (spec.burn ? "Burn " : "") + spec.name));
      const card = cardOf(P, spec.slot);
      if (card && !spec.burn) box.appendChild(el("p", "muted", card.text));
      if (spec.burn) box.appendChild(el("p", "muted", "You move one space; everyone hears which way."));
      if (q) {
        box.appendChild(el("p", "f-ask", ASK[q.param] || q.param));
        box.appendChild(options(msg, act, q, again));
      } else {
        const cands = candidates(msg, ui.aim);
        if (cands.length === 1) {
          const b = button(cands[0].label, "go", () => { ui.aim = null; act(cands[0].id); });
          b.dataset.id = cands[0].id;
          box.appendChild(b);
        }
      }
      if (ui.aim && ui.aim.key !== "start") {
        box.appendChild(button("Put it back", "cancel", () => { ui.aim = null; again(); }));
      }
    } else if (kind === "turn") {
      box.appendChild(el("p", "muted", ui.burn ? "Tap the card to burn: you move one space and everyone hears which way."
        : "Tap a card to play it."));
      const b = button(ui.burn ? "Burn: on" : "Burn a card", ui.burn ? "pick burn" : "burn", () => { ui.burn = !ui.burn; again(); });
      b.dataset.burn = "1";
      if (!Object.values(P.aims).some((s) => s.burn)) b.disabled = true;
      box.appendChild(b);
    }
    return box;
  }

  function options(msg, act, q, again) {
    const pickIt = (v) => () => { if (!choose(msg, act, q.param, v)) again(); };
    if (q.param === "direction" || q.param === "compass" || q.param === "line") {
      const rose = el("div", "f-rose");
      for (const point of POINTS) {
        if (!point) { rose.appendChild(el("span", "f-hub", "you")); continue; }
        let value = null;
        if (q.param === "line") {
          for (const v of q.values) if ((LINES[v] || []).includes(point)) value = v;
        } else if (q.values.includes(point)) value = point;
        const b = button(point, "", value === null ? null : pickIt(value));
        b.dataset.point = point;
        if (value === null) b.disabled = true;
        rose.appendChild(b);
      }
      return rose;
    }
    if (q.param === "offset") {
      const grid = el("div", "f-jump");
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) {
        if (!dx && !dy) { grid.appendChild(el("span", "f-hub", "you")); continue; }
        const v = dx + "," + dy;
        const b = button("", "", q.values.includes(v) ? pickIt(v) : null);
        b.dataset.offset = v;
        b.title = "jump " + dx + " east, " + dy + " south";
        if (!q.values.includes(v)) b.disabled = true;
        grid.appendChild(b);
      }
      return grid;
    }
    if (q.param === "cell") return el("span");
    const row = el("div", "row");
    for (const v of q.values) {
      const words = q.param === "seat" ? msg.payload.names[v] : q.param === "distance" ?
        v + " space" + (v === 1 ? "" : "s") : String(v)[0].toUpperCase() + String(v).slice(1);
      const b = button(words, "", pickIt(v));
      b.dataset.value = String(v);
      row.appendChild(b);
    }
    return row;
  }

  function cardOf(P, slot) {
    if (slot === "captain") return P.hand.captain;
    return P.hand.cards.find((c) => c.slot === slot) || P.hand.artifacts.find((c) => c.slot === slot && !c.used);
  }

  function cardButton(name, text, cls, onclick, data) {
    const b = button("", "card " + cls, onclick);
    b.appendChild(el("h3", "", name));
    if (text) b.appendChild(el("span", "text", text));
    for (const [k, v] of Object.entries(data || {})) b.dataset[k] = v;
    if (!onclick) b.disabled = true;
    return b;
  }

  // --- the seat's cards ---------------------------------------------------------------------------
  function hand(msg, act, again) {
    const P = msg.payload, H = P.hand;
    const box = el("section", "f-hand");
    box.appendChild(el("h2", "", "Your cards"));
    const row = el("div", "row");
    const turn = msg.decision && msg.decision.kind === "turn";
    const slotButton = (slot, name, text, played, note) => {
      const key = (ui.burn ? "burn:" : "") + slot;
      const live = turn && P.aims[key];
      const cls = (played ? "spent " : "") + (live ? (ui.burn ? "playable burning" : "playable") : "") +
        (ui.aim && ui.aim.key === key ? " chosen" : "");
      const b = cardButton(name, note, cls, live ? () => { ui.aim = { key: key, chosen: {} }; ui.tool = "";
        again(); } : null, { slot: slot });
      b.title = text;
      return b;
    };
    for (const c of H.cards) row.appendChild(slotButton(c.slot, c.name, c.text, c.played, c.played ? "played" : ""));
    if (H.captain) row.appendChild(slotButton("captain", H.captain.name, H.captain.text, H.captain.played,
      (H.captain.played ? "played" : "captain") + (H.captain.free ? " · free" : "")));
    for (const a of H.artifacts) {
      if (a.used) row.appendChild(cardButton(a.name, "used", "spent", null, { slot: a.slot }));
      else row.appendChild(slotButton(a.slot, a.name, a.text, false, "artifact" + (a.free ? " · free" : "")));
    }
    box.appendChild(row);
    return box;
  }

  function subs(msg) {
    const P = msg.payload;
    const box = el("section", "f-subs");
    box.appendChild(el("h2", "", "Submarines"));
    for (const s of P.subs) {
      const d = el("div", "f-sub");
      const head = el("p", "", "");
      head.appendChild(el("b", "c-" + s.colour, "● "));
      head.appendChild(document.createTextNode((s.me ? "You" : s.name) + (s.captain ? " · " + s.captain : "") +
        (s.artifacts ? " · " + s.artifacts + " artifact" + (s.artifacts === 1 ? "" : "s") : "") + (s.lost ? " · lost at sea" : "")));
      d.appendChild(head);
      if (s.order.length) d.appendChild(el("p", "muted", "Played: " + s.order.join(", ")));
      for (const line of s.last) d.appendChild(el("p", "f-last", line));
      box.appendChild(d);
    }
    return box;
  }

  function logBox(msg) {
    const box = el("details", "f-log");
    box.appendChild(el("summary", "", "What the device said (" + msg.payload.log.length + ")"));
    for (const line of msg.payload.log.slice().reverse()) box.appendChild(el("p", "", line));
    return box;
  }

  Remote.register("finding", { render: render });
})();
