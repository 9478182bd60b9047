// Guards of Atlantis on a phone: the seat's heroes and cards, the arena's hexes with every
// target of the decision glowing, and the heroes of both teams. A card or hex that answers
// the decision is one tap (the same action as its button in the list below).
"use strict";
(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const TEAM = ["#d9774a", "#5aa7d8"];
  const ZONE = { throne: "#3a3550", lane: "#2d4a3a", jungle: "#24402c", river: "#23465e" };
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const isHex = (v) => Array.isArray(v) && v.length === 2 && v.every(Number.isInteger);
  // a seat with two heroes (Wuk & Hanu) picks one card each, then the pair is played
  let picks = {}, picksFor = -1;
  function pairChoice(msg, hero, colour) {
    if (picksFor !== msg.version) { picks = {}; picksFor = msg.version; }
    return { pair: true, hero: hero, colour: colour, label: "Pick " + colour };
  }
  function tapPair(msg, choice, act) {
    picks[choice.hero] = choice.colour;
    const heroes = msg.payload.playing;
    const want = heroes.map((h) => picks[h]);
    const done = msg.legal.find((a) => a.kind === "play" &&
      a.params.cards.every((c, i) => c === want[i]));
    if (done) act(done.id); else Remote.redraw();
  }
  // which legal action a tap on a card (hero h, colour) or a hex makes now
  function cardChoice(msg, colour, hero) {
    const playing = msg.payload.playing || [];
    if (playing.length > 1 && playing.includes(hero) &&
        msg.legal.some((a) => a.kind === "play")) return pairChoice(msg, hero, colour);
    for (const a of msg.legal) {
      const p = a.params;
      if (a.kind === "play" && p.cards.length === 1 && p.cards[0] === colour) return a;
      if (a.kind === "defend" && p.card === colour) return a;
      if (a.kind === "choose" && p.option === colour) return a;
    }
    return null;
  }
  function hexTargets(msg) {
    const out = new Map();
    for (const a of msg.legal) {
      const p = a.params;
      const hx = p.to || p.at || (isHex(p.option) ? p.option : null);
      if (hx) out.set(hx[0] + "," + hx[1], a);
    }
    return out;
  }
  function drawCard(msg, c, choice, act) {
    const picked = choice && choice.pair && picks[choice.hero] === c.colour;
    const b = el(choice ? "button" : "div", "card" + (choice ? " playable" : "") +
      (c.committed ? " chosen" : "") + (c.in_hand ? "" : " spent") + (picked ? " picked" : ""));
    b.dataset.colour = c.colour;
    const tier = c.tier ? " " + ["", "I", "II", "III", "IV"][c.tier] : "";
    b.appendChild(el("h3", "", c.name));
    b.appendChild(el("div", "muted", c.colour + tier + (c.in_hand ? "" : " · played")));
    const stats = Object.entries(c.values).map(([k, v]) => k.slice(0, 3).toUpperCase() + " " + v);
    b.appendChild(el("div", "stats", stats.join(" · ")));
    b.appendChild(el("div", "text", c.text));
    if (choice && choice.pair) {
      b.dataset.pick = choice.hero + ":" + c.colour;
      b.onclick = () => tapPair(msg, choice, act);
    } else if (choice) {
      b.dataset.id = choice.id;
      b.title = choice.label;
      b.onclick = () => act(choice.id);
    }
    return b;
  }
  const grounds = {}; // board id → its hexes, fetched once (public, the same every game)
  function ground(board) {
    if (!(board in grounds)) {
      grounds[board] = null;
      fetch("static/guards/" + encodeURIComponent(board)).then((r) => r.json()).then((g) => {
        grounds[board] = g;
        const last = Remote.last();
        if (last) Remote.redraw();
      });
    }
    return grounds[board];
  }
  function drawMap(msg, root, act) {
    const units = msg.payload.map;
    if (!units) return;
    const g = ground(units.board);
    if (!g) { root.appendChild(el("p", "muted", "Loading the arena…")); return; }
    const map = { hexes: g.hexes, blocked: g.blocked, units: units.units };
    const targets = hexTargets(msg);
    const pts = map.hexes.map(([q, r]) => [Math.sqrt(3) * (q + r / 2), 1.5 * r]);
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const minX = Math.min(...xs) - 1, minY = Math.min(...ys) - 1;
    const w = Math.max(...xs) - minX + 1, h = Math.max(...ys) - minY + 1;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `${minX} ${minY} ${w} ${h}`);
    svg.setAttribute("id", "arena");
    svg.style.width = "100%";
    svg.style.maxHeight = "55vh";
    const blocked = new Set(map.blocked.map(([q, r]) => q + "," + r));
    const corner = (cx, cy) => [0, 1, 2, 3, 4, 5].map((i) => {
      const a = Math.PI / 180 * (60 * i - 30);
      return (cx + 0.96 * Math.cos(a)).toFixed(3) + "," + (cy + 0.96 * Math.sin(a)).toFixed(3);
    }).join(" ");
    map.hexes.forEach(([q, r, kind], i) => {
      const [cx, cy] = pts[i];
      const poly = document.createElementNS(SVG, "polygon");
      poly.setAttribute("points", corner(cx, cy));
      const key = q + "," + r;
      const target = targets.get(key);
      poly.setAttribute("fill", blocked.has(key) ? "#111" : (ZONE[kind] || "#2a3a48"));
      poly.setAttribute("stroke", target ? "#f5d76e" : "#0a1a28");
      poly.setAttribute("stroke-width", target ? "0.22" : "0.06");
      poly.dataset.hex = key;
      if (target) {
        poly.dataset.id = target.id;
        poly.classList.add("target");
        poly.style.cursor = "pointer";
        poly.addEventListener("click", () => act(target.id));
        const t = document.createElementNS(SVG, "title"); t.textContent = target.label;
        poly.appendChild(t);
      }
      svg.appendChild(poly);
    });
    const where = new Map(map.hexes.map(([q, r], i) => [q + "," + r, pts[i]]));
    for (const [q, r, kind, team, name] of map.units) {
      const [cx, cy] = where.get(q + "," + r) || [0, 0];
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", cx); dot.setAttribute("cy", cy);
      dot.setAttribute("r", kind === "hero" ? 0.62 : 0.38);
      dot.setAttribute("fill", TEAM[team]);
      dot.setAttribute("stroke", kind === "hero" ? "#fff" : "#000");
      dot.setAttribute("stroke-width", "0.08");
      dot.style.pointerEvents = "none";
      const t = document.createElementNS(SVG, "title"); t.textContent = name;
      dot.appendChild(t);
      svg.appendChild(dot);
      if (kind === "hero") {
        const txt = document.createElementNS(SVG, "text");
        txt.setAttribute("x", cx); txt.setAttribute("y", cy + 0.25);
        txt.setAttribute("font-size", "0.7"); txt.setAttribute("text-anchor", "middle");
        txt.setAttribute("fill", "#0a1a28"); txt.style.pointerEvents = "none";
        txt.textContent = name.slice(0, 2);
        svg.appendChild(txt);
      }
    }
    root.appendChild(svg);
  }
  function render(msg, root, act) {
    const p = msg.payload;
    const head = { select: "Choosing heroes", place: "Heroes enter the arena" }[p.phase] ||
      `Round ${p.round}, turn ${p.turn}`;
    const team = p.team === null || p.team === undefined ? "" : " · team " + p.teams[p.team];
    root.appendChild(el("p", "muted", head + team));
    if (p.winner !== null && p.winner !== undefined) {
      root.appendChild(el("h2", "", p.winner < 0 ? "A draw." : p.teams[p.winner] + " win."));
    }
    for (const hero of p.heroes.filter((x) => p.mine.includes(x.h))) {
      root.appendChild(el("h2", "", `${hero.name} · level ${hero.level} · ${hero.coins} coins` +
        (hero.items.length ? " · items: " + hero.items.join(", ") : "")));
      const row = el("div", "row hand");
      for (const c of hero.cards) {
        const choice = c.in_hand ? cardChoice(msg, c.colour, hero.h) : null;
        row.appendChild(drawCard(msg, c, choice, act));
      }
      root.appendChild(row);
    }
    drawMap(msg, root, act);
    if (p.heroes.length) {
      const table = el("table", "heroes");
      for (const hero of p.heroes) {
        const tr = el("tr");
        tr.appendChild(el("td", "", hero.name)).style.color = TEAM[hero.team];
        tr.appendChild(el("td", "", "level " + hero.level));
        tr.appendChild(el("td", "", hero.coins + " coins"));
        tr.appendChild(el("td", "muted", hero.played ? "card chosen" : ""));
        table.appendChild(tr);
      }
      root.appendChild(table);
    }
    return false; // the generic buttons below list every choice too
  }
  Remote.register("guards", { render: render });
})();
