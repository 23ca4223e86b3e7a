// Talking to the table service: the JSON API (with Django's CSRF token) and
// one websocket per tab that reconnects by itself. Nothing here decides
// anything: every answer is the server's.

export function cookie(name) {
  const hit = document.cookie.split('; ').find(c => c.startsWith(name + '='));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : '';
}

export async function api(path, body) {
  const opts = body === undefined
    ? { headers: { Accept: 'application/json' } }
    : { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRFToken': cookie('csrftoken') }, body: JSON.stringify(body) };
  const res = await fetch('/api/' + path, { credentials: 'same-origin', ...opts });
  let data = {};
  try { data = await res.json(); } catch { data = { error: 'The server sent something unreadable; try again.' }; }
  if (!res.ok) throw new Error(data.error || 'That didn’t work; try again.');
  return data;
}

// A socket to one table. onMessage gets every message; send() queues while
// the socket is reconnecting, and a fresh connection always starts with the
// table as it stands now.
export function connect(code, onMessage, onStatus = () => {}) {
  let ws = null;
  let wait = 250;
  let closed = false;
  const queue = [];
  function open() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${proto}//${location.host}/ws/tables/${code}/`);
    ws.onopen = () => {
      wait = 250;
      onStatus('open');
      while (queue.length) ws.send(queue.shift());
    };
    ws.onmessage = e => {
      // A table that can't draw a message must say so loudly, not freeze quietly.
      try { onMessage(JSON.parse(e.data)); } catch (err) { console.error('could not draw the table', err); }
    };
    ws.onclose = () => {
      onStatus('closed');
      if (closed) return;
      setTimeout(open, wait);
      wait = Math.min(wait * 2, 5000);
    };
  }
  open();
  return {
    send(msg) {
      const text = JSON.stringify(msg);
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(text); else queue.push(text);
    },
    // Connect again at once: a page that has just taken a seat over HTTP
    // (which gave it its session) plays on a socket that carries it.
    renew() {
      if (!ws) return;
      const old = ws;
      old.onclose = () => {};
      old.close();
      open();
    },
    close() { closed = true; if (ws) ws.close(); },
  };
}

// The browser remembers its name and every table it is in.
const NAME = 'parlor:name';
const TABLES = 'parlor:tables';

export function savedName() { return localStorage.getItem(NAME) || ''; }
export function saveName(name) { localStorage.setItem(NAME, name); }

export function rememberTable(code, game, title) {
  const list = knownTables().filter(t => t.code !== code);
  list.unshift({ code, game, title, at: Date.now() });
  localStorage.setItem(TABLES, JSON.stringify(list.slice(0, 30)));
}
export function forgetTable(code) {
  localStorage.setItem(TABLES, JSON.stringify(knownTables().filter(t => t.code !== code)));
}
export function knownTables() {
  try { return JSON.parse(localStorage.getItem(TABLES) || '[]'); } catch { return []; }
}

// The listeners el() gave each node, so a patch (patch.js) can move them
// to the node already on screen.
const LISTENERS = new WeakMap();
export function listeners(node) {
  if (!LISTENERS.has(node)) LISTENERS.set(node, []);
  return LISTENERS.get(node);
}

export function el(tag, attrs = {}, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) {
      node.addEventListener(k.slice(2), v);
      listeners(node).push([k.slice(2), v]);
    } else if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) node.append(kid);
  return node;
}
