import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { DRIVETRAIN_OPTIONS, type PublicUser } from '@app/shared';
import { createQueryClient } from '../../../api/query-client';
import { initialToastState, useToastStore } from '../../../stores/toast';
import { emptyListing } from './listing-form-values';
import { ListingForm, oneOptionPerLabel } from './ListingForm';
import { addTag } from './TagEditor';

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

const VIN = '5UXCR6C05L9B12345';

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

let calls: Call[] = [];

/** The API as the form sees it: the catalog, VIN decoding, generation, and POST /api/vehicles. */
function fakeApi(path: string, method: string): { status: number; body: unknown } {
  if (path === '/api/catalog/makes') return { status: 200, body: [{ name: 'BMW', slug: 'bmw', modelCount: 1 }, { name: 'Toyota', slug: 'toyota', modelCount: 1 }] };
  if (path === '/api/catalog/makes/BMW/models') return { status: 200, body: [{ name: 'X5', slug: 'x5', years: [2000, 2026], bodyType: 'suv', fuelType: 'gasoline', drivetrain: 'awd', trimCount: 1 }] };
  if (path === '/api/catalog/makes/Toyota/models') return { status: 200, body: [{ name: 'Camry', slug: 'camry', years: [1990, 2026], bodyType: 'sedan', fuelType: 'gasoline', drivetrain: 'fwd', trimCount: 1 }] };
  if (path === '/api/catalog/makes/BMW/models/X5/trims') return { status: 200, body: ['xDrive40i'] };
  if (path.startsWith('/api/catalog/')) return { status: 200, body: [] };
  if (path === `/api/vehicles/vin/${VIN}`)
    return {
      status: 200,
      body: { vin: VIN, valid: true, checkDigitValid: true, make: 'BMW', model: 'X5', year: 2020, trim: 'xDrive40i', bodyType: 'suv', fuelType: 'gasoline', drivetrain: 'awd', transmission: 'automatic', engine: '3.0L I6 Turbo', warnings: [], errors: [] },
    };
  if (path === '/api/vehicles/features/generate') return { status: 200, body: { features: [] } };
  if (path === '/api/vehicles/specs/generate') return { status: 200, body: { bodyType: null, fuelType: null, transmission: null, drivetrain: null } };
  if (path === '/api/vehicles' && method === 'POST') return { status: 201, body: { id: 77 } };
  return { status: 404, body: { statusCode: 404, message: 'Not Found' } };
}

beforeEach(() => {
  calls = [];
  act(() => useToastStore.setState(initialToastState));
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: (init?.headers ?? {}) as Record<string, string> });
    const answer = fakeApi(path, method);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
});

function renderForm() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/create-listing']}>
        <Routes>
          <Route path="/create-listing" element={<ListingForm vehicleId={null} defaultValues={emptyListing(seller)} imageUpload={{ provider: 'local', url: '/api/uploads' }} />} />
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const publish = () => screen.getByRole('button', { name: 'Publish Listing' });

describe('ListingForm rules (the API’s VehicleInputDto)', () => {
  it('marks the required fields and shows the API’s messages for each one left empty, sending nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    for (const label of ['Make', 'Model', 'Year', 'Mileage', 'Price ($)', 'Condition', 'ZIP Code', 'Location', 'VIN', 'First Name', 'Last Name', 'Phone', 'Email']) {
      expect(screen.getByText(label, { selector: 'label' }).querySelector('.required')).not.toBeNull();
    }
    await user.click(publish());
    for (const message of [
      'Make is required',
      'Model is required',
      'Year is required',
      'Mileage is required',
      'Price is required',
      'Condition is required',
      'Location is required',
      'ZIP code is required',
      'VIN is required',
      'Contact phone is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('leaves fields tabbed through untouched as they were, and marks a field changed to something wrong', async () => {
    const user = userEvent.setup();
    renderForm();
    const mileage = screen.getByLabelText(/^Mileage/);
    mileage.focus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(mileage.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Mileage is required')).toBeNull();
    await user.type(screen.getByLabelText(/^VIN/), 'SHORT');
    await user.tab();
    expect(await screen.findByText('VIN must be exactly 17 characters')).toBeTruthy();
    expect(screen.getByLabelText(/^VIN/).getAttribute('aria-invalid')).toBe('true');
  });

  it('offers each drivetrain once', () => {
    renderForm();
    const labels = within(screen.getByLabelText(/^Drivetrain/)).getAllByRole('option').map((o) => o.textContent);
    expect(labels).toEqual(['Select drivetrain', 'Front-wheel Drive', 'Rear-wheel Drive', 'All-wheel Drive', '4-wheel Drive']);
    expect(oneOptionPerLabel(DRIVETRAIN_OPTIONS, 'rear-wheel-drive').map((o) => o.value)).toEqual(['fwd', 'rear-wheel-drive', 'awd', '4wd']);
  });

  it('lists each problem of a failed publish at the top, takes focus there, and each link focuses its field', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(publish());
    const summary = await screen.findByRole('alert', { name: /^There are \d+ problems to fix before publishing$/ });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const link = within(summary).getByRole('link', { name: 'Mileage: Mileage is required' });
    await user.click(link);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Mileage/));
    expect(within(summary).getByRole('link', { name: 'Phone: Contact phone is required' })).toBeTruthy();
  });

  it('checks the VIN length and the Carfax URL as the API does', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/^VIN/), 'ABC123');
    await user.type(screen.getByLabelText('Carfax Report URL'), 'not a link');
    await user.click(publish());
    expect(await screen.findByText('VIN must be exactly 17 characters')).toBeTruthy();
    expect(screen.getByText('Must be a valid URL')).toBeTruthy();
  });

  it('keeps the model disabled until a make is chosen, and a new make clears model and trim', async () => {
    const user = userEvent.setup();
    renderForm();
    const model = screen.getByLabelText(/^Model/) as HTMLSelectElement;
    expect(model.disabled).toBe(true);
    expect(within(model).getByRole('option', { name: 'Choose Make First' })).toBeTruthy();
    await user.selectOptions(await screen.findByLabelText(/^Make/), await screen.findByRole('option', { name: 'BMW' }));
    await user.selectOptions(model, await screen.findByRole('option', { name: 'X5' }));
    await user.selectOptions(screen.getByLabelText('Trim'), await screen.findByRole('option', { name: 'xDrive40i' }));
    expect(model.value).toBe('X5');
    await user.selectOptions(screen.getByLabelText(/^Make/), 'Toyota');
    expect(model.value).toBe('');
    expect((screen.getByLabelText('Trim') as HTMLInputElement).value).toBe('');
  });

  it('decodes a 17-character VIN and fills the form only when asked', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: 'BMW' });
    await user.type(screen.getByLabelText(/^VIN/), VIN.toLowerCase());
    expect(await screen.findByText('This VIN belongs to:')).toBeTruthy();
    expect((screen.getByLabelText(/^Make/) as HTMLSelectElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Fill vehicle details from VIN' }));
    expect((screen.getByLabelText(/^Make/) as HTMLSelectElement).value).toBe('BMW');
    expect((screen.getByLabelText(/^Year/) as HTMLSelectElement).value).toBe('2020');
    expect((screen.getByLabelText('Body Type') as HTMLSelectElement).value).toBe('suv');
    expect((screen.getByLabelText('Engine') as HTMLInputElement).value).toBe('3.0L I6 Turbo');
    expect((screen.getByLabelText(/^VIN/) as HTMLInputElement).value).toBe(VIN);
  });

  it('adds features trimmed, by Enter or Add, without duplicates, and removes them', async () => {
    const user = userEvent.setup();
    renderForm();
    const input = screen.getByPlaceholderText('Add a feature');
    await user.type(input, '  Heated   Seats  {Enter}');
    await user.type(input, 'heated seats');
    await user.click(within(input.closest('.tag-editor') as HTMLElement).getByRole('button', { name: 'Add' }));
    await user.type(input, '   {Enter}');
    const list = screen.getByRole('list', { name: 'Features' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Heated Seats']);
    await user.click(screen.getByRole('button', { name: 'Remove Heated Seats' }));
    expect(screen.queryByRole('list', { name: 'Features' })).toBeNull();
    expect(addTag(['A'], ' b ')).toEqual(['A', 'b']);
  });

  it('publishes a valid listing as the API’s payload and goes to the dashboard with the review message', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(await screen.findByLabelText(/^Make/), await screen.findByRole('option', { name: 'BMW' }));
    await user.selectOptions(screen.getByLabelText(/^Model/), await screen.findByRole('option', { name: 'X5' }));
    await user.selectOptions(screen.getByLabelText(/^Year/), '2020');
    // As people type them: a thousands separator, a dollar sign.
    await user.type(screen.getByLabelText(/^Mileage/), '42,000 mi');
    await user.type(screen.getByLabelText(/^Price/), '$38,500.50');
    await user.selectOptions(screen.getByLabelText(/^Condition/), 'very-good');
    await user.type(screen.getByLabelText(/^Location\s*\*/), 'Austin, TX');
    await user.type(screen.getByLabelText(/^ZIP Code/), '78701');
    await user.type(screen.getByLabelText(/^VIN/), 'ABCDEFGH123456789');
    await user.type(screen.getByLabelText(/^Phone/), '(555) 010-4287');
    await user.click(publish());
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/vehicles');
    // One Idempotency-Key per submission: a retry of it cannot create a second listing.
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({
      make: 'BMW',
      model: 'X5',
      year: 2020,
      mileage: 42000,
      price: 38500.5,
      condition: 'very-good',
      location: 'Austin, TX',
      zipCode: '78701',
      vin: 'ABCDEFGH123456789',
      contactPhone: '(555) 010-4287',
      contactEmail: 'sam@example.com',
      contactFirstName: 'Sam',
      contactLastName: 'Seller',
      features: [],
      recentServices: [],
      images: [],
      coverPhotoIndex: 0,
    });
    await waitFor(() => expect(useToastStore.getState().current?.description).toBe('Your listing has been submitted for review'));
  });
});
