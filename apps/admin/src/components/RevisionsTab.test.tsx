import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminRevision, Paginated } from '@app/shared';
import { adminVehicle, mockApi, renderConsole, type MockApi } from '../../test/render';
import { RevisionsTab } from './RevisionsTab';

const page = (items: AdminRevision[]): Paginated<AdminRevision> => ({ items, total: items.length, page: 1, limit: 20 });

const vehicle = adminVehicle({ status: 'approved', images: ['/uploads/2026/11/a.webp', '/uploads/2026/11/b.webp'] });
const revision: AdminRevision = {
  id: 41,
  vehicle,
  author: { id: 7, email: 'dana@example.com', firstName: 'Dana', lastName: 'Lee' },
  createdAt: '2026-11-20T10:00:00.000Z',
  diff: [
    { field: 'price', label: 'Price', before: 45999, after: 47500 },
    { field: 'bodyType', label: 'Body type', before: 'suv', after: 'wagon' },
    { field: 'images', label: 'Photos', before: ['/uploads/2026/11/a.webp', '/uploads/2026/11/b.webp'], after: ['/uploads/2026/11/a.webp', '/uploads/2026/11/c.webp'] },
  ],
  signals: [],
};

describe('RevisionsTab', () => {
  let api: MockApi;
  beforeEach(() => {
    api = mockApi();
  });

  it('shows each changed field, live beside proposed, photos as thumbnails with added and removed ones marked', async () => {
    api.get.mockResolvedValueOnce(page([revision]));
    renderConsole(<RevisionsTab enabled />, api);
    const price = (await screen.findByText('Price')).closest('tr') as HTMLElement;
    expect(within(price).getByText('$45,999')).toBeTruthy();
    expect(within(price).getByText('$47,500')).toBeTruthy();
    const body = screen.getByText('Body type').closest('tr') as HTMLElement;
    expect(within(body).getByText('SUV')).toBeTruthy();
    expect(within(body).getByText('Wagon')).toBeTruthy();
    const photos = screen.getByText('Photos').closest('tr') as HTMLElement;
    const images = within(photos).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Photo 1', 'Photo 2 (removed)', 'Photo 1', 'Photo 2 (added)']);
    expect(images[3]!.getAttribute('src')).toBe('/uploads/2026/11/c-card.webp');
    expect(screen.getByText(/dana@example.com/)).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/admin/revisions', { page: 1, limit: 20 });
  });

  it("shows a change's moderation signal with its reason", async () => {
    const recoloured: AdminRevision = {
      ...revision,
      diff: [{ field: 'exteriorColor', label: 'Exterior color', before: 'Black', after: 'Red' }],
      signals: [{ code: 'color-change-same-photos', weight: 3, reason: 'Exterior colour changes from Black to Red, but the photos stay the same' }],
    };
    api.get.mockResolvedValueOnce(page([recoloured]));
    renderConsole(<RevisionsTab enabled />, api);
    expect(await screen.findByText('New colour, same photos')).toBeTruthy();
    expect(screen.getByText('Exterior colour changes from Black to Red, but the photos stay the same')).toBeTruthy();
  });

  it('approves the changes', async () => {
    api.get.mockResolvedValueOnce(page([revision])).mockResolvedValueOnce(page([]));
    api.post.mockResolvedValueOnce(vehicle);
    renderConsole(<RevisionsTab enabled />, api);
    await userEvent.click(await screen.findByRole('button', { name: /Approve changes/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/revisions/41/approve'));
    expect(await screen.findByText('No changes awaiting review')).toBeTruthy();
  });

  it('rejects only with a reason from the list, and sends the note', async () => {
    api.get.mockResolvedValueOnce(page([revision])).mockResolvedValueOnce(page([]));
    api.post.mockResolvedValueOnce(vehicle);
    const user = userEvent.setup();
    renderConsole(<RevisionsTab enabled />, api);
    await user.click(await screen.findByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject changes' }));
    expect(await within(dialog).findByText('Choose a reason: the seller is told')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: 'The price looks wrong' }));
    await user.type(within(dialog).getByLabelText(/Note to the seller/), 'Above market');
    await user.click(within(dialog).getByRole('button', { name: 'Reject changes' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/revisions/41/reject', { reason: 'price', note: 'Above market' }));
  });
});
