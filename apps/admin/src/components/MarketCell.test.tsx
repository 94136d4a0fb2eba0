import { screen } from '@testing-library/react';
import { adminVehicle, mockApi, renderConsole } from '../../test/render';
import { MarketCell } from './MarketCell';

describe('MarketCell', () => {
  it('shows the rating, the market price and the comparables', () => {
    renderConsole(<MarketCell vehicle={adminVehicle({ priceAnalysis: { rating: 'overpriced', expectedPrice: 41000, difference: 9000, comparables: 23 } })} />, mockApi());
    expect(screen.getByText('Overpriced')).toBeTruthy();
    expect(screen.getByText('Market $41,000 · 23 comparables')).toBeTruthy();
  });

  it('says when there are too few comparables', () => {
    renderConsole(<MarketCell vehicle={adminVehicle()} />, mockApi());
    expect(screen.getByText('Too few comparables')).toBeTruthy();
  });
});
