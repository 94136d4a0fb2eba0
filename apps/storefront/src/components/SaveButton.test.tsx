import { act, fireEvent, render, screen } from '@testing-library/react';
import { initialSavedState, SAVED_STORAGE_KEY, useSavedStore } from '../stores/saved';
import { initialToastState, useToastStore } from '../stores/toast';
import { SaveButton } from './SaveButton';

describe('SaveButton', () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => {
      useSavedStore.setState(initialSavedState);
      useToastStore.setState(initialToastState);
    });
  });

  it('saves the vehicle in local storage, then removes it, with the toasts of each', () => {
    render(<SaveButton vehicleId={42} vehicleName="2021 BMW X5" />);
    const button = screen.getByRole('button', { name: 'Save 2021 BMW X5' });
    expect(button.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(button);
    expect(useSavedStore.getState().ids).toEqual([42]);
    expect(JSON.parse(localStorage.getItem(SAVED_STORAGE_KEY) ?? '{}').state.ids).toEqual([42]);
    expect(useToastStore.getState().current?.title).toBe('Vehicle saved!');
    expect(useToastStore.getState().current?.description).toBe('Access your saved vehicles from the heart at the top of the page.');

    const saved = screen.getByRole('button', { name: 'Remove 2021 BMW X5 from saved vehicles' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(saved);
    expect(useSavedStore.getState().ids).toEqual([]);
    expect(JSON.parse(localStorage.getItem(SAVED_STORAGE_KEY) ?? '{}').state.ids).toEqual([]);
    expect(useToastStore.getState().current?.title).toBe('Vehicle removed from saved');
  });

  it('reads the saved state that is already stored', async () => {
    localStorage.setItem(SAVED_STORAGE_KEY, JSON.stringify({ state: { ids: [7, 'x', -1] }, version: 1 }));
    await act(async () => {
      await useSavedStore.persist.rehydrate();
    });
    expect(useSavedStore.getState().ids).toEqual([7]);
    render(<SaveButton vehicleId={7} vehicleName="2020 Audi Q7" look="button" />);
    expect(screen.getByRole('button', { name: 'Remove 2020 Audi Q7 from saved vehicles' }).textContent).toContain('Saved');
  });
});
