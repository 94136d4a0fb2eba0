import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { makeVehicle, setWindowWidth } from '../../test/fixtures';
import { columnsForWidth, wholeRowCount } from '../hooks/use-columns';
import { RecentGrid } from './RecentGrid';

const vehicles = Array.from({ length: 24 }, (_, i) => makeVehicle({ id: i + 1, make: `Make${i + 1}` }));

function renderAt(width: number, list = vehicles) {
  setWindowWidth(width);
  render(
    <MemoryRouter>
      <RecentGrid vehicles={list} loading={false} />
    </MemoryRouter>,
  );
  return screen.getByRole('list', { name: 'Recent listings' });
}

describe('RecentGrid', () => {
  it.each([
    [390, 1, 2],
    [640, 2, 4],
    [768, 3, 6],
    [1024, 4, 24],
    [1280, 5, 20],
    [1440, 5, 20],
    [1536, 6, 24],
  ])('at %i px shows %i columns and %i cards: whole rows only', (width, columns, cards) => {
    const grid = renderAt(width);
    expect(grid.getAttribute('data-columns')).toBe(String(columns));
    expect(screen.getAllByRole('article')).toHaveLength(cards);
    expect(cards % columns).toBe(0);
  });

  it('uses the card width of SPEC.md for the breakpoint', () => {
    expect(renderAt(700).style.gridTemplateColumns).toBe('repeat(2, minmax(0, 290px))');
  });

  it('shows at most two whole rows on narrow screens', () => {
    renderAt(700, vehicles.slice(0, 3));
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('keeps a short list that does not fill one row', () => {
    renderAt(1536, vehicles.slice(0, 4));
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('maps widths to columns and counts whole rows', () => {
    expect(columnsForWidth(639)).toBe(1);
    expect(columnsForWidth(1279)).toBe(4);
    expect(wholeRowCount(23, 4)).toBe(20);
    expect(wholeRowCount(7, 3)).toBe(6);
  });
});
