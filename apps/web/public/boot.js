// Starts the app once the page the server rendered is on screen with its largest picture (decision 16):
// the scripts that make the page interactive then do not delay what the shopper sees first. The build
// names the app's entry and its first modules in data attributes (vite.config.ts).
(() => {
  // Until the app has taken the page over (it marks <html data-live>), a form does not submit: the
  // browser would send it to the page's own URL, a login's password in the query string.
  document.addEventListener(
    'submit',
    (event) => {
      if (!document.documentElement.hasAttribute('data-live')) event.preventDefault();
    },
    true,
  );
  const boot = document.currentScript;
  const app = boot?.dataset.app;
  if (!app) return;
  const preload = (boot.dataset.preload ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.src = app;
    document.head.append(script);
  };
  // After the next frame is painted.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  const picture = document.querySelector('#root img[fetchpriority="high"]');
  if (picture && !picture.complete) {
    picture.addEventListener('load', afterPaint, { once: true });
    picture.addEventListener('error', afterPaint, { once: true });
    // A slow picture does not hold the app back for long.
    setTimeout(start, 2500);
  } else {
    afterPaint();
  }
})();
