import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { makeVehicle } from '../../../test/fixtures';
import { ListingFacts } from './ListingMarket';
import { PaymentEstimate } from './PaymentEstimate';
import { PriceChart } from './PriceChart';
import { marketValueQuestion } from '../account/listing-form/MarketValueNote';

describe('the listing page for buyers', () => {
  it('draws the price history as a step line, described in words', () => {
    const { container } = render(
      <PriceChart
        points={[
          { price: 52000, at: '2026-10-01T10:00:00.000Z' },
          { price: 49500, at: '2026-10-20T10:00:00.000Z' },
        ]}
        until={null}
        now={Date.parse('2026-11-26T12:00:00.000Z')}
      />,
    );
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('Listed at $52,000 on Oct 1, 2026; 1 price change since, now $49,500 (−$2,500).');
    expect(container.querySelectorAll('circle')).toHaveLength(2);
    expect(container.querySelector('path')?.getAttribute('d')).toMatch(/^M [\d.]+ [\d.]+ H [\d.]+ V [\d.]+ H [\d.]+$/);
    expect(screen.getByText('Today')).toBeTruthy();
  });

  it('estimates the monthly payment at 3.75% APR and follows the down payment and the term', () => {
    render(
      <MemoryRouter>
        <PaymentEstimate price={44_500} />
      </MemoryRouter>,
    );
    // $4,500 down (a tenth, rounded to $500), $40,000 over 60 months at 3.75 %: $733.
    expect(screen.getByRole('status').textContent).toBe('$733/mo');
    fireEvent.change(screen.getByLabelText('Loan term'), { target: { value: '36' } });
    expect(screen.getByRole('status').textContent).toBe('$1,177/mo');
    fireEvent.change(screen.getByLabelText('Down payment'), { target: { value: '$14,500' } });
    expect(screen.getByRole('status').textContent).toBe('$883/mo');
    fireEvent.change(screen.getByLabelText('Down payment'), { target: { value: '50000' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount from $0 to $44,499');
  });

  it('shows the listed date, days on market and the staff VIN check, never the VIN', () => {
    const vehicle = makeVehicle({ listedAt: '2026-11-01T09:00:00.000Z', vinChecked: true });
    const { container } = render(<ListingFacts vehicle={vehicle} now={Date.parse('2026-11-24T12:00:00.000Z')} />);
    expect(container.textContent).toContain('Listed Nov 1, 2026 · 23 days on market');
    expect(container.textContent).toContain('VIN checked by our staff');
    const unchecked = render(<ListingFacts vehicle={makeVehicle({ vinChecked: false })} />);
    expect(unchecked.container.textContent).not.toContain('VIN checked');
  });
});

describe('the market value beside the price field', () => {
  const values = { make: 'Porsche', model: '911', year: '2020', mileage: '21,500', condition: 'excellent', bodyType: 'coupe' };
  it('asks once make, model, year, mileage and condition are given, reading the mileage as typed', () => {
    expect(marketValueQuestion(values)).toEqual({ make: 'Porsche', model: '911', year: 2020, mileage: 21500, condition: 'excellent', bodyType: 'coupe' });
    expect(marketValueQuestion({ ...values, mileage: '' })).toBeNull();
    expect(marketValueQuestion({ ...values, condition: '' })).toBeNull();
    expect(marketValueQuestion({ ...values, model: ' ' })).toBeNull();
  });
});
