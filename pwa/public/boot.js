// Starts the app on a prerendered page once the page has painted: on a slow connection the page's
// first paint then never shares bandwidth with its code, and the app takes the page over moments later.
// (A classic script, so that the Content-Security-Policy's script-src 'self' allows it.)
(() => {
  const boot = document.currentScript;
  // A form sent before the app has taken the page over would go out as a plain GET (and lose what was
  // typed into the address bar). Hold it, and send it again through the app once it is ready.
  const held = [];
  const hold = (event) => {
    event.preventDefault();
    held.push([event.target, event.submitter]);
  };
  document.addEventListener('submit', hold, true);
  window.addEventListener(
    'app:ready',
    () => {
      document.removeEventListener('submit', hold, true);
      // After the task that announced it, so that the app's own handlers take the event.
      setTimeout(() => {
        for (const [form, submitter] of held) if (form.isConnected) form.requestSubmit(submitter);
      }, 0);
    },
    { once: true },
  );
  const start = () => {
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
  // A tab opened in the background paints nothing; it starts at once instead of waiting for a frame.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
