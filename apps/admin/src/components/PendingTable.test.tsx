import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminVehicle, Paginated } from '@app/shared';
import { adminVehicle, deferred, mockApi, renderConsole, type MockApi } from '../../test/render';
import { PendingTable } from './PendingTable';

const page = (items: AdminVehicle[]): Paginated<AdminVehicle> => ({ items, total: items.length, page: 1, limit: 20 });

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

/** Typing into antd's modal forms in jsdom: 15-20 s alone on a quiet 2-core machine, about twice that beside another jest worker. */
const FORM_TYPING_TIMEOUT_MS = 90_000;

describe('PendingTable', () => {
  let api: MockApi;
  const bmw = adminVehicle({ make: 'BMW', model: 'X5', year: 2021, mileage: 32150, price: 45999 });
  const audi = adminVehicle({ make: 'Audi', model: 'Q7', year: 2019, location: 'Denver, CO' });

  beforeEach(() => {
    api = mockApi();
  });

  it('shows skeleton rows while loading, then one row per listing with its columns', async () => {
    const answer = deferred<Paginated<AdminVehicle>>();
    api.get.mockReturnValueOnce(answer.promise);
    renderConsole(<PendingTable enabled />, api);

    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(4);
    answer.resolve(page([bmw, audi]));

    const row = within(await screen.findByText('2021 BMW X5').then((el) => el.closest('tr') as HTMLElement));
    expect(row.getByText('32,150 mi')).toBeTruthy();
    expect(row.getByText(bmw.contactEmail)).toBeTruthy();
    expect(row.getByText('(555) 010-4287')).toBeTruthy();
    expect(row.getByText('$45,999')).toBeTruthy();
    expect(row.getByText('Mar 5, 2026')).toBeTruthy();
    expect(row.getByRole('link', { name: /View/ }).getAttribute('href')).toBe(`/vehicles/${bmw.id}`);
    expect(row.getByRole('button', { name: /Edit/ })).toBeTruthy();
    expect(row.queryByRole('link', { name: /Edit/ })).toBeNull(); // not the seller's own edit page
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(api.get).toHaveBeenCalledWith('/admin/vehicles/pending', { page: 1, limit: 20, sort: 'oldest' });
  });

  it('says so when nothing is pending', async () => {
    api.get.mockResolvedValueOnce(page([]));
    renderConsole(<PendingTable enabled />, api);
    expect(await screen.findByText('No listings pending approval')).toBeTruthy();
  });

  it('requests nothing when not enabled (not an admin)', () => {
    renderConsole(<PendingTable enabled={false} />, api);
    expect(api.get).not.toHaveBeenCalled();
  });

  it('approves at once, refreshes the list and confirms with a toast', async () => {
    api.get.mockResolvedValueOnce(page([bmw, audi])).mockResolvedValueOnce(page([audi]));
    api.patch.mockResolvedValueOnce({ ...bmw, status: 'approved' });
    renderConsole(<PendingTable enabled />, api);
    await screen.findByText('2021 BMW X5');

    await userEvent.click(within(rowOf('2021 BMW X5')).getByRole('button', { name: /Approve/ }));

    expect(api.patch).toHaveBeenCalledWith(`/admin/vehicles/${bmw.id}/status`, { status: 'approved' });
    expect(await screen.findByText('Vehicle status updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('2021 BMW X5')).toBeNull());
    expect(screen.getByText('2019 Audi Q7')).toBeTruthy();
  });

  it('rejects only with a reason from the list (and an optional note), and not when cancelled', async () => {
    api.get.mockResolvedValue(page([bmw, audi]));
    api.patch.mockResolvedValueOnce({ ...audi, status: 'rejected' });
    const user = userEvent.setup();
    renderConsole(<PendingTable enabled />, api);
    await screen.findByText('2019 Audi Q7');

    await user.click(within(rowOf('2019 Audi Q7')).getByRole('button', { name: /Reject/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to reject this listing?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.patch).not.toHaveBeenCalled();

    await user.click(within(rowOf('2019 Audi Q7')).getByRole('button', { name: /Reject/ }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
    expect(await within(dialog).findByText('Choose a reason: the seller is told')).toBeTruthy();
    expect(api.patch).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: 'Photos are missing, unclear or not of this vehicle' }));
    // Pasted, not typed key by key: each keystroke re-renders the modal, slow enough under jsdom to time out.
    await user.click(within(dialog).getByLabelText(/Note to the seller/));
    await user.paste('Show the odometer');
    await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }));

    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1));
    expect(api.patch).toHaveBeenCalledWith(`/admin/vehicles/${audi.id}/status`, { status: 'rejected', reason: 'photos', note: 'Show the odometer' });
    expect(await screen.findByText('Vehicle status updated successfully')).toBeTruthy();
  }, FORM_TYPING_TIMEOUT_MS);

  it("Edit opens the console's edit modal for the pending listing and saves through the admin API", async () => {
    api.get.mockResolvedValue(page([bmw, audi]));
    api.patch.mockResolvedValueOnce({ ...bmw, make: 'Alpina' });
    renderConsole(<PendingTable enabled />, api);
    await screen.findByText('2021 BMW X5');

    await userEvent.click(within(rowOf('2021 BMW X5')).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Vehicle Details')).toBeTruthy();
    expect(within(dialog).getByText('Update all vehicle information. Changes are saved at once; the listing goes live when it is approved.')).toBeTruthy();
    const make = within(dialog).getByLabelText('Make') as HTMLInputElement;
    expect(make.value).toBe('BMW');
    await userEvent.clear(make);
    await userEvent.type(make, 'Alpina');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save Changes/ }));

    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1));
    expect(api.patch.mock.calls[0][0]).toBe(`/admin/vehicles/${bmw.id}`);
    expect(api.patch.mock.calls[0][1]).toMatchObject({ make: 'Alpina' });
    expect(await screen.findByText('Vehicle updated successfully')).toBeTruthy();
  }, FORM_TYPING_TIMEOUT_MS);

  it('shows the error toast when the status change fails', async () => {
    api.get.mockResolvedValue(page([bmw]));
    api.patch.mockRejectedValueOnce(new Error('500: boom'));
    renderConsole(<PendingTable enabled />, api);
    await screen.findByText('2021 BMW X5');

    await userEvent.click(screen.getByRole('button', { name: /Approve/ }));

    expect(await screen.findByText('Failed to update vehicle status')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('shows the moderation signals of each listing with their reasons, and asks for the riskiest first', async () => {
    const flagged = { ...bmw, risk: 7, signals: [
      { code: 'duplicate-vin', weight: 4, reason: 'Same VIN as approved listing #12 (2021 BMW X5)' },
      { code: 'shared-contact', weight: 3, reason: 'Contact is on listings of 2 other accounts' },
    ] };
    api.get.mockResolvedValue(page([flagged as AdminVehicle]));
    renderConsole(<PendingTable enabled />, api);
    const row = within(await screen.findByText('2021 BMW X5').then((el) => el.closest('tr') as HTMLElement));
    expect(row.getByText('Risk 7')).toBeTruthy();
    expect(row.getByText('Duplicate VIN')).toBeTruthy();
    expect(row.getByText('Same VIN as approved listing #12 (2021 BMW X5)')).toBeTruthy();
    await userEvent.click(screen.getByText('Highest risk first'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/admin/vehicles/pending', { page: 1, limit: 20, sort: 'risk' }));
  });
});
