import '@fontsource-variable/inter';
import '@fontsource/bebas-neue';
import 'bootstrap/dist/css/bootstrap.min.css';
import './app/theme.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { App, createQueryClient } from './app/app';
import { readRenderedState } from './app/rendered-state';
import { routes } from './app/routes';

/** Loads the code of the routes the server rendered, so the first render matches its HTML. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * React DOM is its own module, evaluated in a task of its own after the app's: evaluating both at once
 * is the longest task of a page's start, and a shorter one lets the browser answer a tap in between.
 */
async function loadReactDom() {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return import('react-dom/client');
}

async function start(): Promise<void> {
  const reactDom = loadReactDom();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const queryClient = createQueryClient();
  const rendered = readRenderedState();
  if (!rendered) {
    const router = createBrowserRouter(routes);
    const { createRoot } = await reactDom;
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
    return;
  }
  // The server rendered this page with the data it shows: the app takes the HTML over as it is.
  hydrate(queryClient, rendered.queries);
  const [{ hydrateRoot }] = await Promise.all([reactDom, loadMatchedRoutes()]);
  const router = createBrowserRouter(routes, { hydrationData: rendered.router });
  hydrateRoot(
    root,
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

void start();
