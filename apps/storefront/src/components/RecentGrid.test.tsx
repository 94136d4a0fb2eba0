import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { makeVehicle } from '../../test/fixtures';
import { columnsForWidth, gridCss, shownCount, wholeRowCount } from '../lib/grid-columns';
import { RecentGrid } from './RecentGrid';

const vehicles = Array.from({ length: 24 }, (_, i) => makeVehicle({ id: i + 1, make: `Make${i + 1}` }));

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
    expect(columnsForWidth(width)).toBe(columns);
    expect(shownCount(24, columns)).toBe(cards);
    expect(cards % columns).toBe(0);
  });

  it('shows at most two whole rows on narrow screens, and keeps a short list that does not fill one row', () => {
    expect(shownCount(3, 2)).toBe(2);
    expect(shownCount(4, 6)).toBe(4);
  });

  it("lays each width band out in CSS: SPEC.md's columns and card widths, and the cards past whole rows hidden", () => {
    const css = gridCss('.g', 24, (columns) => shownCount(24, columns));
    expect(css).toContain('.g{grid-template-columns:repeat(1,minmax(0,280px))}.g>:nth-child(n){display:block}.g>:nth-child(n+3){display:none}');
    expect(css).toContain('@media (min-width:640px){.g{grid-template-columns:repeat(2,minmax(0,290px))}.g>:nth-child(n){display:block}.g>:nth-child(n+5){display:none}}');
    expect(css).toContain('@media (min-width:1024px){.g{grid-template-columns:repeat(4,minmax(0,306px))}.g>:nth-child(n){display:block}}');
    expect(css).toContain('@media (min-width:1280px){.g{grid-template-columns:repeat(5,minmax(0,306px))}.g>:nth-child(n){display:block}.g>:nth-child(n+21){display:none}}');
    // Wider bands come later, so the widest band that matches wins.
    expect(css.indexOf('min-width:640px')).toBeLessThan(css.indexOf('min-width:1536px'));
  });

  it('draws every card and the CSS for its own grid', () => {
    const { container } = render(
      <MemoryRouter>
        <RecentGrid vehicles={vehicles} loading={false} />
      </MemoryRouter>,
    );
    const grid = screen.getByRole('list', { name: 'Recent listings' });
    expect(grid.querySelectorAll('li')).toHaveLength(24);
    const css = container.querySelector('style')?.textContent ?? '';
    expect(css).toContain(`.recent-grid[data-grid="${grid.getAttribute('data-grid')}"]>:nth-child(n+3){display:none}`);
  });

  it('maps widths to columns and counts whole rows', () => {
    expect(columnsForWidth(639)).toBe(1);
    expect(columnsForWidth(1279)).toBe(4);
    expect(wholeRowCount(23, 4)).toBe(20);
    expect(wholeRowCount(7, 3)).toBe(6);
  });
});
