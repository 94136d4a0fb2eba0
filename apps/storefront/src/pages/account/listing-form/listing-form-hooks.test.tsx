import { act, renderHook, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import type { PublicUser } from '@app/shared';
import { emptyListing, type ListingFormValues } from './listing-form-values';
import { SPEC_GENERATION_DELAY_MS, useSpecGeneration, useVinDecoding } from './listing-form-hooks';
import type { ListingPayload } from '../../../api/seller';

const seller = { id: 5, email: 's@example.com', firstName: 'Sam', lastName: 'Seller', profileImageUrl: null, role: 'user', emailVerified: true, createdAt: '', updatedAt: '' } as PublicUser;
const VIN = '5UXCR6C05L9B12345';

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => jest.useRealTimers());

describe('useVinDecoding', () => {
  it('decodes a whole VIN and fills the form with the catalog spelling of the make', async () => {
    global.fetch = jest.fn(async () => answer({ vin: VIN, valid: true, make: 'BMW', model: 'X5', year: 2020, trim: 'xDrive40i', bodyType: 'suv', fuelType: 'gasoline', drivetrain: 'awd', transmission: 'automatic', engine: '3.0L I6', warnings: [], errors: [] })) as typeof fetch;
    const { result } = renderHook(() => {
      const form = useForm<ListingFormValues, unknown, ListingPayload>({ defaultValues: emptyListing(seller) });
      return { form, vin: useVinDecoding(form, ['Bmw', 'Toyota']) };
    });
    act(() => result.current.vin.decode('short'));
    expect(result.current.vin.state.status).toBe('idle');
    act(() => result.current.vin.decode(VIN.toLowerCase()));
    await waitFor(() => expect(result.current.vin.state.status).toBe('done'));
    expect(global.fetch).toHaveBeenCalledWith(`/api/vehicles/vin/${VIN}`, expect.anything());
    const state = result.current.vin.state;
    act(() => state.status === 'done' && result.current.vin.apply(state.result));
    expect(result.current.form.getValues()).toMatchObject({ make: 'Bmw', model: 'X5', year: '2020', trim: 'xDrive40i', bodyType: 'suv', drivetrain: 'awd', engine: '3.0L I6' });
    expect(result.current.vin.state.status).toBe('idle');
  });
});

describe('useSpecGeneration', () => {
  it('fills, 1 s after make, model, trim and year are chosen, only the specs the vocabularies know', async () => {
    jest.useFakeTimers();
    global.fetch = jest.fn(async () => answer({ bodyType: 'SUV', fuelType: 'Unobtainium', transmission: 'Automatic', drivetrain: null })) as typeof fetch;
    const { result } = renderHook(() => {
      const form = useForm<ListingFormValues, unknown, ListingPayload>({ defaultValues: emptyListing(seller) });
      useSpecGeneration(form, { isNew: true, make: 'BMW', model: 'X5', trim: 'xDrive40i', year: '2020' });
      return form;
    });
    expect(global.fetch).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(SPEC_GENERATION_DELAY_MS);
    });
    await waitFor(() => expect(result.current.getValues('bodyType')).toBe('suv'));
    expect(result.current.getValues('transmission')).toBe('automatic');
    expect(result.current.getValues('fuelType')).toBe('');
  });
});
