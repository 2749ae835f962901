/**
 * What main.tsx needs of React Router to start the app. Imported on its own (not `import('react-router')`,
 * which would keep every export of the package), so React Router is evaluated in a task of its own.
 */
export { createBrowserRouter, matchRoutes } from 'react-router';
