import { Outlet } from 'react-router';

export function RootLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <div className="flex-grow-1">
        <Outlet />
      </div>
    </div>
  );
}
