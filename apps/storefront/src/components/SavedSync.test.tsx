import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type { PublicUser } from '@app/shared';
import { queryKeys } from '../api/queries';
import { createQueryClient } from '../api/query-client';
import { initialSavedState, savedSelectors, useSavedStore } from '../stores/saved';
import { SavedSync } from './SavedSync';

const user: PublicUser = {
  id: 9,
  email: 'robin@example.com',
  firstName: 'Robin',
  lastName: 'Lee',
  profileImageUrl: null,
  role: 'user',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let server: { saved: number[]; refuse: boolean; calls: string[] };

beforeEach(() => {
  localStorage.clear();
  act(() => useSavedStore.setState(initialSavedState));
  server = { saved: [3], refuse: false, calls: [] };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    server.calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === '/api/user/saved/merge') {
      const { vehicleIds } = JSON.parse(String(init?.body)) as { vehicleIds: number[] };
      server.saved = [...vehicleIds.filter((id) => !server.saved.includes(id)), ...server.saved];
      return Response.json({ vehicleIds: server.saved });
    }
    const one = /^\/api\/user\/saved\/(\d+)$/.exec(path);
    if (one) {
      if (server.refuse) return Response.json({ statusCode: 500, message: 'Internal server error' }, { status: 500 });
      const id = Number(one[1]);
      server.saved = init?.method === 'PUT' ? [id, ...server.saved] : server.saved.filter((x) => x !== id);
      return new Response(null, { status: 204 });
    }
    return Response.json({ statusCode: 404, message: 'Not found' }, { status: 404 });
  }) as typeof fetch;
});

function renderSync(signedIn: PublicUser | null) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.user, signedIn);
  const view = render(
    <QueryClientProvider client={client}>
      <SavedSync />
    </QueryClientProvider>,
  );
  return { client, view };
}

const shown = () => savedSelectors.ids(useSavedStore.getState());

describe('SavedSync', () => {
  it("merges this browser's list into the account on sign-in, shows the account's, and the browser's again on sign-out", async () => {
    act(() => useSavedStore.setState({ ids: [7, 5] }));
    const { client } = renderSync(user);
    await waitFor(() => expect(shown()).toEqual([7, 5, 3]));
    expect(server.calls).toContain('POST /api/user/saved/merge');

    // Saving while signed in goes to the account; this browser's own list is left as it was.
    act(() => void useSavedStore.getState().toggle(11));
    await waitFor(() => expect(server.saved).toEqual([11, 7, 5, 3]));
    expect(useSavedStore.getState().ids).toEqual([7, 5]);
    // Unsaving leaves both lists, so it does not come back at the next sign-in.
    act(() => void useSavedStore.getState().toggle(7));
    await waitFor(() => expect(server.saved).toEqual([11, 5, 3]));
    expect(useSavedStore.getState().ids).toEqual([5]);

    act(() => client.setQueryData(queryKeys.user, null));
    await waitFor(() => expect(shown()).toEqual([5]));
  });

  it('undoes a save the server refused', async () => {
    renderSync(user);
    await waitFor(() => expect(shown()).toEqual([3]));
    server.refuse = true;
    act(() => void useSavedStore.getState().toggle(4));
    expect(shown()).toEqual([4, 3]);
    await waitFor(() => expect(shown()).toEqual([3]));
  });

  it('keeps to this browser while signed out', async () => {
    renderSync(null);
    act(() => void useSavedStore.getState().toggle(8));
    expect(shown()).toEqual([8]);
    expect(server.calls).toEqual([]);
  });
});
