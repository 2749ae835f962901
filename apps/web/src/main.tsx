import '@fontsource-variable/inter';
import '@fontsource/bebas-neue';
import 'bootstrap/dist/css/bootstrap.min.css';
import './app/theme.css';
import { StrictMode, startTransition } from 'react';
import { readRenderedState } from './app/rendered-state';
import { askShopSettings } from './lib/shop-currency';

/** Resolves in a task of its own: what follows does not lengthen the task that came before. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The app's code in the order the page needs it, each part evaluated in a task of its own: React Router,
 * TanStack Query with the app, the app's frame and routes, React DOM. Evaluated at once they made the
 * longest task of a page's start; in turns, the browser can answer a tap in between. All of them are
 * fetched together from the start (public/boot.js preloads them).
 */
async function loadApp() {
  const router = await import('./app/browser-router');
  await nextTask();
  const app = await import('./app/app');
  await nextTask();
  const { routes } = await import('./app/routes');
  await nextTask();
  const reactDom = await import('react-dom/client');
  await nextTask();
  return { router, app, routes, reactDom };
}

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const rendered = readRenderedState();
  // The prices' currency and how tax is shown: as the server wrote the page, or asked for while the code
  // loads.
  const settings = rendered
    ? Promise.resolve({ currency: rendered.currency, tax: rendered.tax ?? null })
    : askShopSettings().then((asked) => asked && { currency: asked.currency, tax: asked });
  const { router, app, routes, reactDom } = await loadApp();
  const { App } = app;
  const shop = await settings;
  if (shop) {
    app.setShopCurrency(shop.currency);
    app.setShopTax(shop.tax);
  }
  const queryClient = app.createQueryClient();
  if (!rendered) {
    reactDom.createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router.createBrowserRouter(routes)} />
      </StrictMode>,
    );
    return;
  }
  // The server rendered this page with the data it shows: the app takes the HTML over as it is, with the
  // code of the page's routes loaded first so that the first render matches it.
  app.hydrate(queryClient, rendered.queries);
  await Promise.all(
    (router.matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const browserRouter = router.createBrowserRouter(routes, { hydrationData: rendered.router });
  // A transition: React takes the page over in short slices, and a tap in between is answered first.
  startTransition(() => {
    reactDom.hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} router={browserRouter} hints={rendered.hints} />
      </StrictMode>,
    );
  });
}

void start();
