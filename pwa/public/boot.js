// Starts the app on a prerendered page once the page's first paint is on screen: on a slow connection the
// first paint then never shares bandwidth with the app's code, and on a machine that draws pages with its
// CPU the code is not compiled on the cores still drawing the page; the app takes the page over moments
// later. (A classic script, so that the Content-Security-Policy's script-src 'self' allows it.)
(() => {
  const boot = document.currentScript;
  // A form sent before the app has taken the page over (a prerendered page, or a screen the API
  // rendered) would go out as a plain GET (and lose what was typed into the address bar). Hold it, and
  // send it again through the app once it is ready.
  const held = [];
  const hold = (event) => {
    event.preventDefault();
    held.push([event.target, event.submitter]);
  };
  document.addEventListener('submit', hold, true);
  // A button (not a form's submit button) does nothing until the app runs it: a press on one before
  // then is held too, and pressed again once the app is ready (once, however often it was pressed).
  // The app may have put a new button in its place (a re-render): the press then goes to the button
  // with the same name at the same place among those so named. One the app has disabled for a moment
  // (still loading) is pressed once it is enabled, within a few seconds.
  const nameOf = (button) => (button.getAttribute('aria-label') || button.textContent || '').trim();
  const named = (name) => [...document.querySelectorAll('button')].filter((each) => nameOf(each) === name);
  const pressed = new Map();
  const holdPress = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.type === 'submit' || button.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    const name = nameOf(button);
    if (!pressed.has(button)) pressed.set(button, { name, index: named(name).indexOf(button) });
  };
  const pressAgain = (button, { name, index }, until) => {
    const target = button.isConnected ? button : named(name)[index];
    if (target && !target.disabled) target.click();
    else if (Date.now() < until) setTimeout(() => pressAgain(button, { name, index }, until), 50);
  };
  document.addEventListener('click', holdPress, true);
  window.addEventListener(
    'app:ready',
    () => {
      document.removeEventListener('submit', hold, true);
      document.removeEventListener('click', holdPress, true);
      // After the task that announced it, so that the app's own handlers take the event.
      setTimeout(() => {
        for (const [form, submitter] of held) if (form.isConnected) form.requestSubmit(submitter);
        for (const [button, place] of pressed) pressAgain(button, place, Date.now() + 3000);
      }, 0);
    },
    { once: true },
  );
  const start = () => {
    // For what the page started before the app: the map's first frame starts its marker worker.
    window.dispatchEvent(new Event('app:starting'));
    for (const href of (boot.dataset.preload || '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = boot.dataset.entry;
    document.head.append(entry);
  };
  // Once, when the first paint has been presented (its timing entry comes after the frame is on screen,
  // not when it is handed to the compositor). A tab hidden before then paints nothing: it starts at once.
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  if (document.visibilityState === 'hidden') startOnce();
  else if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      startOnce();
    }).observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', startOnce, { once: true });
  } else requestAnimationFrame(() => setTimeout(startOnce, 0));
})();
