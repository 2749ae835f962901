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
  // A choice made before then (a size tapped while the app loads) is kept for the app, which takes the
  // page over with its own state and adopts it (lib/early-choices.ts).
  const choices = new Map();
  globalThis.shopEarlyChoices = choices;
  document.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (document.documentElement.hasAttribute('data-live') || !(input instanceof HTMLInputElement)) return;
      if (input.type === 'radio' && input.checked && input.name) choices.set(input.name, input.value);
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
  // A slow picture, a hidden tab or a browser that reports no paints does not hold the app back long.
  setTimeout(start, 2500);
  const afterFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  const picture = document.querySelector('#root img[fetchpriority="high"]');
  const observes = globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint');
  // The shell (a page the browser renders itself) has nothing to paint before the app.
  const rendered = document.getElementById('rendered-state') !== null;
  if (!rendered) {
    afterFrame();
    return;
  }
  if (!observes) {
    if (!picture || picture.complete) afterFrame();
    else {
      picture.addEventListener('load', afterFrame, { once: true });
      picture.addEventListener('error', afterFrame, { once: true });
    }
    return;
  }
  // The browser reports a paint of the page's largest content once it is on screen: the high-priority
  // picture where the page has one, else the first content painted (a heading, a text).
  picture?.addEventListener('error', afterFrame, { once: true });
  const observer = new PerformanceObserver((list) => {
    if (picture && !list.getEntries().some((entry) => entry.element === picture)) return;
    observer.disconnect();
    afterFrame();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
})();
