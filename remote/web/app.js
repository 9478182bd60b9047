// The page's connection to the table: join by link or code, reconnect, and the generic list
// of choices. A game's own script (<game>.js, loaded once the game is known) registers a
// drawing with Remote.register(id, {render(msg, root, act)}); render returns true when it
// offered every choice itself, else the generic buttons are shown below its drawing.
"use strict";
const Remote = (() => {
  const games = {};
  const loading = {};
  let ws = null, last = null, tries = 0, closedForGood = false;
  const $ = (id) => document.getElementById(id);
  const store = window.sessionStorage;
  // the seat's secret travels in the link's #fragment (never sent in an HTTP request)
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("s");
  if (fromLink) { store.setItem("secret", fromLink); }
  let device = store.getItem("device");
  if (!device) {
    const bytes = new Uint8Array(12); crypto.getRandomValues(bytes);
    device = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    store.setItem("device", device);
  }
  const status = (text) => { $("status").textContent = text; };
  const note = (text) => { $("note").textContent = text || ""; };
  function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
  function act(id) {
    if (!last) return;
    send({ t: "act", version: last.version, id: id });
    for (const b of document.querySelectorAll("#decide button, #game button")) b.disabled = true;
    status("sent…");
  }
  function connect() {
    if (closedForGood) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(proto + "//" + location.host + "/ws");
    ws.onopen = () => {
      tries = 0; status("connected");
      const secret = store.getItem("secret");
      if (secret) send({ t: "hello", secret: secret, device: device });
      else { $("join").hidden = false; status("not joined"); }
    };
    ws.onmessage = (ev) => handle(JSON.parse(ev.data));
    ws.onclose = () => {
      if (closedForGood) return;
      status("reconnecting…");
      tries += 1;
      setTimeout(connect, Math.min(4000, 250 * tries));
    };
  }
  function handle(msg) {
    if (msg.t === "joined") {
      store.setItem("secret", msg.secret);
      history.replaceState(null, "", "#s=" + encodeURIComponent(msg.secret));
      $("join").hidden = true; note("");
    } else if (msg.t === "seat") {
      last = msg; $("join").hidden = true; note(""); draw(msg);
    } else if (msg.t === "refused") {
      note(msg.why); status("connected");
      if (!last) { store.removeItem("secret"); $("join").hidden = false; status("not joined"); }
      for (const b of document.querySelectorAll("#decide button, #game button")) b.disabled = false;
    } else if (msg.t === "wait") {
      note(msg.why); status("waiting for the host");
    } else if (msg.t === "bye") {
      closedForGood = true; note(msg.why); status("closed"); store.removeItem("secret");
      $("decide").hidden = true;
      if (ws) ws.close();
    }
  }
  function load(game) {
    if (games[game] || loading[game]) return;
    loading[game] = true;
    const s = document.createElement("script");
    s.src = encodeURIComponent(game) + ".js";
    s.onload = () => { if (last) draw(last); };
    document.body.appendChild(s);
  }
  function draw(msg) {
    $("who").textContent = msg.name;
    status(msg.decision ? "your decision" : "waiting");
    load(msg.game);
    const root = $("game");
    const own = games[msg.game];
    let offered = false;
    root.textContent = "";
    if (own) offered = own.render(msg, root, act) === true;
    $("decide").hidden = false;
    $("prompt").textContent = msg.decision ? msg.decision.prompt : "Nothing to decide now: the table plays on.";
    const box = $("choices");
    box.textContent = "";
    if (offered) return;
    for (const a of msg.legal) {
      const b = document.createElement("button");
      b.textContent = a.label; b.dataset.id = a.id; b.dataset.kind = a.kind;
      b.onclick = () => act(a.id);
      box.appendChild(b);
    }
  }
  $("join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ t: "join", code: $("code").value, device: device });
  });
  window.addEventListener("load", connect);
  return {
    register: (id, drawing) => { games[id] = drawing; },
    act: act,
    last: () => last,
    redraw: () => { if (last) draw(last); },
  };
})();
