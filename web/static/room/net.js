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
  let again = null; // the timer of the next try, while closed
  const queue = [];
  function open() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${proto}//${location.host}/ws/tables/${code}/`);
    ws = socket;
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
      if (ws !== socket) return; // (one put aside for a newer: wake or renew)
      onStatus('closed');
      if (closed) return;
      again = setTimeout(open, wait);
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
    // The page is looked at again: a socket that closed meanwhile connects
    // at once, not after its back-off, and an open one asks for the table
    // as it stands (a change may have gone unheard while the tab slept).
    wake() {
      if (closed || !ws || ws.readyState === WebSocket.CONNECTING) return;
      if (ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify({ type: 'refresh' })); return; }
      clearTimeout(again);
      wait = 250;
      open();
    },
    close() { closed = true; if (ws) ws.close(); },
  };
}

// The browser remembers its name (the tables it sits at are the server's
// to list: /api/mine).
const NAME = 'parlor:name';

export function savedName() { return localStorage.getItem(NAME) || ''; }
export function saveName(name) { localStorage.setItem(NAME, name); }

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

/** Write a status line (none: nothing), its words only where they changed,
 * so the same words redrawn with each snapshot aren't put back. */
export function write(line, text, isError = false) {
  if (!line) return;
  if (line.textContent !== text) line.textContent = text;
  line.classList.toggle('error', !!isError);
}
