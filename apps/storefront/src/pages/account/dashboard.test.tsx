import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { PublicUser } from '@app/shared';
import { makeOwnerVehicle, makeVehicle } from '../../../test/fixtures';
import { queryKeys } from '../../api/queries';
import { createQueryClient } from '../../api/query-client';
import { initialSavedState, useSavedStore } from '../../stores/saved';
import { initialToastState, useToastStore } from '../../stores/toast';
import DashboardPage from './dashboard';

const seller: PublicUser = {
  id: 5,
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Seller',
  profileImageUrl: null,
  role: 'user',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let listings: ReturnType<typeof makeVehicle>[] = [];
let deleted: number[] = [];
let soldBodies: unknown[] = [];

beforeEach(() => {
  deleted = [];
  soldBodies = [];
  act(() => {
    useToastStore.setState(initialToastState);
    useSavedStore.setState(initialSavedState);
  });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/user/vehicles') return Response.json(listings);
    const sold = /^\/api\/vehicles\/(\d+)\/sold$/.exec(path);
    if (sold && init?.method === 'POST') {
      soldBodies.push(JSON.parse(String(init.body)));
      listings = listings.map((v) => (v.id === Number(sold[1]) ? { ...v, status: 'sold' } : v));
      return Response.json(listings.find((v) => v.id === Number(sold[1])));
    }
    const del = /^\/api\/vehicles\/(\d+)$/.exec(path);
    if (del && init?.method === 'DELETE') {
      deleted.push(Number(del[1]));
      listings = listings.filter((v) => v.id !== Number(del[1]));
      return new Response(null, { status: 204 });
    }
    return Response.json({ statusCode: 404, message: 'Not Found' }, { status: 404 });
  }) as typeof fetch;
});

function renderDashboard() {
  const client = createQueryClient();
  client.setQueryData(queryKeys.user, seller);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Dashboard', () => {
  it('shows the stat cards and each listing with its dashboard status label', async () => {
    listings = [
      makeVehicle({ id: 1, status: 'approved', views: 120, createdAt: '2026-03-01T00:00:00.000Z' }),
      makeVehicle({ id: 2, status: 'pending', views: 0, make: 'Audi', model: 'Q7', createdAt: '2026-03-02T00:00:00.000Z' }),
      makeVehicle({ id: 3, status: 'rejected', views: 3, make: 'Kia', model: 'Soul', createdAt: '2026-03-03T00:00:00.000Z' }),
    ];
    renderDashboard();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByText(/^(Active|Pending|Rejected|Sold)$/).textContent)).toEqual(['Active', 'Pending', 'Rejected']);
    const stat = (name: string) => screen.getByText(name).nextElementSibling?.textContent;
    expect(stat('Active Listings')).toBe('1');
    expect(stat('Pending Approval')).toBe('1');
    expect(stat('Total Views')).toBe('123');
    expect(screen.getByRole('link', { name: 'Edit 2021 BMW X5' }).getAttribute('href')).toBe('/edit-listing/1');
    expect(screen.getByRole('link', { name: 'View 2021 BMW X5' }).getAttribute('href')).toBe('/vehicles/1');
    const recent = screen.getByRole('heading', { name: 'Recent Listings' }).parentElement as HTMLElement;
    expect(within(recent).getAllByRole('listitem')).toHaveLength(3);
  });

  it('deletes a listing after the confirm, with the success toast and a refetch', async () => {
    listings = [makeVehicle({ id: 9, status: 'pending' })];
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Delete 2021 BMW X5' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this listing?');
    expect(deleted).toEqual([9]);
    expect(await screen.findByText('No listings yet')).toBeTruthy();
    expect(screen.getByText("You haven't created any listings yet")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create First Listing' }).getAttribute('href')).toBe('/create-listing');
    await waitFor(() => expect(useToastStore.getState().current).toMatchObject({ title: 'Success', description: 'Vehicle listing deleted successfully' }));
    confirm.mockRestore();
  });

  it('keeps the listing when the confirm is declined', async () => {
    listings = [makeVehicle({ id: 4 })];
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Delete 2021 BMW X5' }));
    expect(deleted).toEqual([]);
    expect(screen.getByRole('table')).toBeTruthy();
    confirm.mockRestore();
  });

  it('shows days on market and "Changes awaiting review" while an edit of a live listing waits for staff', async () => {
    listings = [
      makeOwnerVehicle({ id: 1, daysOnMarket: 12, pendingRevision: { id: 4, changes: { trim: 'M50i' }, createdAt: '2026-03-04T00:00:00.000Z' } }),
      makeOwnerVehicle({ id: 2, status: 'pending', daysOnMarket: null, make: 'Audi', model: 'Q7' }),
    ];
    renderDashboard();
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Changes awaiting review')).toBeTruthy();
    expect(within(first).getByText(/12 days on market/)).toBeTruthy();
    expect(within(second).queryByText('Changes awaiting review')).toBeNull();
    expect(within(second).queryByText(/on market/)).toBeNull();
  });

  it('shows why staff rejected a listing: the reason, their note and what to do', async () => {
    listings = [
      makeOwnerVehicle({ id: 3, status: 'rejected', rejection: { reason: 'photos', label: 'Photos are missing, unclear or not of this vehicle', note: 'Add a photo of the odometer.' } }),
      makeOwnerVehicle({ id: 4, status: 'rejected', rejection: null }),
    ];
    renderDashboard();
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Photos are missing, unclear or not of this vehicle.')).toBeTruthy();
    expect(within(first).getByText(/Add a photo of the odometer\./)).toBeTruthy();
    expect(within(first).getByText('Edit the listing to send it back for review.')).toBeTruthy();
    expect(within(second).queryByText(/send it back for review/)).toBeNull();
  });

  it('marks a live listing sold with its price shown publicly', async () => {
    listings = [makeOwnerVehicle({ id: 7 })];
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Mark 2021 BMW X5 as sold' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as sold' });
    await user.type(within(dialog).getByLabelText('Sold price (optional)'), '44,500');
    await user.click(within(dialog).getByLabelText('Show the sold price on the listing'));
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sold' }));
    await waitFor(() => expect(soldBodies).toEqual([{ soldPrice: 44500, showSoldPrice: true }]));
    expect((await screen.findAllByText('Sold')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Mark 2021 BMW X5 as sold' })).toBeNull();
  });
});
