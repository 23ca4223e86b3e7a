// What a person would notice is wrong with the page as it stands, as
// sentences: the page scrolls sideways, a piece of text is cut off, a
// control or text sits under something else, a control is too small to tap.
// Run by tests/browser/test_layout.py with page.evaluate(thisFile, opts);
// opts.touch asks for the phone's 44 px targets (opts.small names what may
// be smaller, with its own least size).
(opts) => {
  const problems = [];
  const say = (el, what) => {
    const name = (el.getAttribute('aria-label') || el.textContent || el.id || el.className || el.tagName).toString().trim().replace(/\s+/g, ' ').slice(0, 40);
    problems.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${name}": ${what}`);
  };
  // The screen's width: on a phone the window (innerWidth) widens to
  // whatever the page spills to, and the page then pans sideways.
  const W = document.documentElement.clientWidth;
  const H = window.innerHeight;
  if (document.documentElement.scrollWidth > W + 1) problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${W}px window`);

  // What is showing: inside the open sheet when one is open (a modal sheet
  // covers the rest on purpose), else the whole page.
  const dialogs = [...document.querySelectorAll('dialog[open]')];
  const scope = dialogs.length ? dialogs[dialogs.length - 1] : document.body;
  const shown = el => {
    // (Laid out but not drawn: the inside of a closed <details>.)
    if (!el.getClientRects().length || !el.checkVisibility()) return false;
    if (el.closest('.said, .announce')) return false; // words for a screen reader only
    // (What a folded <details> holds is not shown, its summary aside.)
    const fold = el.closest('details:not([open])');
    if (fold && !el.closest('summary')) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    for (let up = el; up; up = up.parentElement) {
      if (up.getAttribute('aria-hidden') === 'true' || Number(getComputedStyle(up).opacity) === 0) return false;
    }
    return true;
  };
  const all = [...scope.querySelectorAll('*')].filter(shown);
  const ownText = el => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());

  // Wider than the sheet or the window: cut off at the edge.
  const edge = scope === document.body ? { left: 0, right: W } : scope.getBoundingClientRect();
  for (const el of all) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > edge.right + 1 || r.left < edge.left - 1) && !el.closest('[data-scrolls]')) {
      if (ownText(el) || el.matches('button, a, input, select, table')) say(el, `reaches ${Math.round(r.left)}..${Math.round(r.right)}px, outside ${Math.round(edge.left)}..${Math.round(edge.right)}px`);
    }
  }

  // Text cut off by its own box (an ellipsis, a hidden overflow).
  for (const el of all) {
    if (!ownText(el)) continue;
    const style = getComputedStyle(el);
    if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) say(el, `text cut off (${el.scrollWidth}px in ${el.clientWidth}px)`);
    else if (style.overflowY === 'hidden' && el.scrollHeight > el.clientHeight + 1) say(el, `text cut off below (${el.scrollHeight}px in ${el.clientHeight}px)`);
  }

  // Covered: no probe point of the element is itself (or within it).
  const controls = all.filter(el => el.matches('button, a[href], input, select, textarea, [role=button], [tabindex]:not([tabindex="-1"])'));
  const texts = all.filter(el => ownText(el) && !el.closest('button, a, select'));
  // Probed where it is on screen: a part taller than the window (a long How
  // to play) is read where it shows, the rest by scrolling.
  const onScreen = r => {
    const left = Math.max(r.left, 0), top = Math.max(r.top, 0);
    const right = Math.min(r.right, innerWidth), bottom = Math.min(r.bottom, innerHeight);
    return { left, top, width: Math.max(right - left, 0), height: Math.max(bottom - top, 0) };
  };
  const probes = whole => { const r = onScreen(whole); return [[.5, .5], [.2, .5], [.8, .5], [.5, .2], [.5, .8], [.08, .5]].map(([x, y]) => [r.left + r.width * x, r.top + r.height * y]); };
  for (const el of new Set([...controls, ...texts])) {
    // Brought into view first, in the page and in any sheet that scrolls.
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const rects = [...el.getClientRects()].filter(r => r.width >= 1 && r.height >= 1);
    if (!rects.length) continue;
    // (Text that lets taps through to what is beneath it is hit as its parent.)
    const mine = hit => hit && (hit === el || el.contains(hit) || (hit.contains(el) && getComputedStyle(el).pointerEvents === 'none'));
    if (!rects.some(r => probes(r).some(([x, y]) => mine(document.elementFromPoint(x, y))))) {
      const r = rects[0];
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      say(el, `covered by ${hit ? `${hit.tagName.toLowerCase()}${hit.id ? '#' + hit.id : ''}.${[...hit.classList].join('.')}` : 'nothing on screen'}`);
    }
  }
  window.scrollTo(0, 0);

  // Big enough to tap, on a phone.
  if (opts.touch) {
    for (const el of controls) {
      if (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) continue;
      const r = (el.closest('label') && el.matches('input')) ? el.closest('label').getBoundingClientRect() : el.getBoundingClientRect();
      const least = (opts.small && el.matches(opts.small.selector)) ? opts.small.px : 44;
      if (r.width < least - 0.5 || r.height < least - 0.5) say(el, `${Math.round(r.width)}×${Math.round(r.height)}px, under ${least}px to tap`);
    }
  }
  return problems;
}
