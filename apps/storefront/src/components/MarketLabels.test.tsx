import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { makeVehicle } from '../../test/fixtures';
import { VehicleCard } from './VehicleCard';

function renderCard(vehicle: ReturnType<typeof makeVehicle>) {
  render(
    <MemoryRouter>
      <VehicleCard vehicle={vehicle} />
    </MemoryRouter>,
  );
}

describe('VehicleCard market labels', () => {
  it('shows a recent price drop with its amount and day', () => {
    renderCard(makeVehicle({ price: 44500, priceDrop: { amount: 1500, previousPrice: 46000, at: '2026-11-12T15:00:00.000Z' } }));
    expect(screen.getByText('Price drop: $1,500 on Nov 12')).toBeTruthy();
  });

  it('shows no price drop without one, and the sold price only where the seller agreed', () => {
    renderCard(makeVehicle({ id: 2, status: 'sold', soldPrice: 41000 }));
    expect(screen.queryByText(/Price drop/)).toBeNull();
    expect(screen.getByText('Sold for $41,000')).toBeTruthy();
  });

  it('says just Sold when the sold price is private', () => {
    renderCard(makeVehicle({ id: 3, status: 'sold', soldPrice: null }));
    expect(screen.getByText('Sold', { selector: 'p' })).toBeTruthy();
  });
});

describe('VehicleCard deal label', () => {
  it('shows the deal rating next to the price', () => {
    renderCard(makeVehicle({ id: 4, priceAnalysis: { rating: 'great', expectedPrice: 52000, difference: -6000, comparables: 12 } }));
    expect(screen.getByText('Great deal')).toBeTruthy();
  });

  it('shows no label without a rating', () => {
    renderCard(makeVehicle({ id: 5 }));
    expect(screen.queryByText(/deal|price$/i, { selector: '.deal-label' })).toBeNull();
  });
});
