// Updating a part of the page in place. The room kit builds a part afresh
// from each snapshot (it is easier to read, and the server's snapshot is the
// whole truth), then patch(old, fresh) carries the differences into the
// nodes already on screen. What a person is doing survives a change pushed
// by someone else: the field they are typing in keeps its text and caret,
// and the control they are on keeps keyboard focus.
//
// Nodes are matched by their id or data-key when they have one, else by
// their kind in order. A node marked data-own is left alone: its content is
// written elsewhere (the status line). Listeners given to el() move with the
// patch; a handler must read the page as it is (the event's target), not a
// node of the fresh copy it was built with.

import { listeners } from './net.js';

const key = node => (node.nodeType === Node.ELEMENT_NODE ? node.id || node.dataset.key || '' : '');
const same = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName && key(a) === key(b);

/** Make `old` look and behave like `fresh`; returns the node now on screen
 * (old, or fresh put in its place when the two aren't the same kind). */
export function patch(old, fresh) {
  if (!same(old, fresh)) {
    old.replaceWith(fresh);
    return fresh;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return old;
  }
  if (old.hasAttribute('data-own')) return old;
  const picked = old.nodeName === 'SELECT' ? fresh.value : null;
  // A field someone is typing in is never taken from under them: it stays
  // usable while it has focus (what can no longer be done, the server
  // refuses with a sentence), so their next key still lands in it.
  attributes(old, fresh, typing(old) ? ['disabled'] : []);
  handlers(old, fresh);
  children(old, fresh);
  // A pick is sent the moment it is made, so a list always shows the
  // table's answer; what is typed in a field is the person's own.
  if (picked !== null && old.value !== picked) old.value = picked;
  if (old.nodeName === 'INPUT' && (old.type === 'checkbox' || old.type === 'radio')) old.checked = fresh.checked;
  return old;
}

function attributes(old, fresh, kept) {
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name) && !kept.includes(name)) old.removeAttribute(name);
  for (const { name, value } of fresh.attributes) if (old.getAttribute(name) !== value && !kept.includes(name)) old.setAttribute(name, value);
}

/** Is someone typing in this node: a text field that has the focus? */
function typing(node) {
  return node === document.activeElement && (node.nodeName === 'TEXTAREA'
    || (node.nodeName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'range', 'color'].includes(node.type)));
}

function handlers(old, fresh) {
  for (const [type, fn] of listeners(old)) old.removeEventListener(type, fn);
  const moved = listeners(fresh);
  for (const [type, fn] of moved) old.addEventListener(type, fn);
  listeners(old).splice(0, Infinity, ...moved);
}

function children(old, fresh) {
  const olds = [...old.childNodes];
  const keyed = new Map(olds.filter(key).map(n => [key(n), n]));
  const used = new Set();
  let cursor = 0;
  const wanted = [...fresh.childNodes].map(f => {
    let match = null;
    if (key(f)) {
      match = keyed.get(key(f)) || null;
      if (match && (used.has(match) || !same(match, f))) match = null;
    } else {
      for (let i = cursor; i < olds.length; i++) {
        const o = olds[i];
        if (!used.has(o) && !key(o) && same(o, f)) { match = o; cursor = i + 1; break; }
      }
    }
    if (!match) return f;
    used.add(match);
    return patch(match, f);
  });
  for (const o of olds) if (!used.has(o)) o.remove();
  wanted.forEach((node, i) => {
    // Only what is out of place moves (moving a node would drop its focus).
    if (old.childNodes[i] !== node) old.insertBefore(node, old.childNodes[i] || null);
  });
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Run `change` (a patch of `box`) and keep keyboard focus where the person
 * had it: on the same control, or, when that control has gone or can't be
 * used any more (Fill with bots, once every seat is full), on the next one
 * after it, so the next Tab or Enter goes on from where they were. */
export function keepingFocus(box, change) {
  const was = document.activeElement;
  const inside = was && was !== document.body && box.contains(was);
  const before = inside ? [...box.querySelectorAll(FOCUSABLE)] : [];
  const wasTyping = inside && typing(was);
  change();
  if (!inside || (was.isConnected && was.matches(FOCUSABLE) && document.activeElement === was)) return;
  if (was.isConnected && was.matches(FOCUSABLE)) { was.focus(); return; }
  // Focus never moves on its own from a field someone was typing in: their
  // next key would press whatever it landed on (an Enter, Start the game).
  if (wasTyping) return;
  const now = [...box.querySelectorAll(FOCUSABLE)].filter(n => n.offsetParent !== null || n === document.activeElement);
  let next = null;
  if (was.isConnected) {
    next = now.find(n => was.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING) || now[now.length - 1];
  } else {
    const at = before.indexOf(was);
    next = before.slice(at + 1).find(n => now.includes(n)) || before.slice(0, at).reverse().find(n => now.includes(n));
  }
  if (next) next.focus();
}
