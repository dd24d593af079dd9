// Starts the app on a prerendered page once the page has painted: on a slow connection the page's
// first paint then never shares bandwidth with its code, and the app takes the page over moments later.
// (A classic script, so that the Content-Security-Policy's script-src 'self' allows it.)
(() => {
  const boot = document.currentScript;
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
