import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from '@/layout/keep-alive-outlet';

/** A screen that shows the address it sees. */
function AddressProbe({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <p data-testid={name}>{`${pathname}${search}`}</p>;
}

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <KeepAliveOutlet alivePaths={new Set(['/a', '/b'])} />,
        children: [
          { path: 'a', element: <AddressProbe name="a" /> },
          { path: 'b', element: <AddressProbe name="b" /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('KeepAliveOutlet', () => {
  // React still renders a hidden screen's address readers again when the router's address
  // changes (a hidden Activity propagates context changes through nested providers), but they
  // read the screen's own address, so the hidden screen's content does not change.
  it('a hidden kept screen keeps the address it was last shown at', async () => {
    const router = renderShell();
    expect(screen.getByTestId('a').textContent).toBe('/a');

    await act(() => router.navigate('/b'));
    expect(screen.getByTestId('b').textContent).toBe('/b');
    expect(screen.getByTestId('a').textContent).toBe('/a');

    await act(() => router.navigate('/b?page=2'));
    expect(screen.getByTestId('b').textContent).toBe('/b?page=2');
    expect(screen.getByTestId('a').textContent).toBe('/a');

    await act(() => router.navigate('/a?tab=2'));
    expect(screen.getByTestId('a').textContent).toBe('/a?tab=2');
    expect(screen.getByTestId('b').textContent).toBe('/b?page=2');
  });
});
