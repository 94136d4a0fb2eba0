import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { AnalyticsPeriod, AnalyticsStats } from '@app/shared';
import { mockApi, renderConsole } from '../../test/render';
import { AnalyticsTab } from './AnalyticsTab';

const userEvent = userEventLib.setup({ pointerEventsCheck: 0 });

function stats(period: AnalyticsPeriod, overrides: Partial<AnalyticsStats> = {}): AnalyticsStats {
  return {
    period,
    from: '2026-03-01',
    to: '2026-03-07',
    uniqueVisitors: 3,
    totalPageViews: 10,
    averageDuration: 125,
    sessions: 4,
    asOf: null,
    series: [
      { date: '2026-03-06', pageViews: 4, uniqueVisitors: 2, sessions: 2, averageDuration: 100 },
      { date: '2026-03-07', pageViews: 6, uniqueVisitors: 2, sessions: 2, averageDuration: 150 },
    ],
    topPages: [{ page: '/search', views: 6 }],
    topListings: [{ vehicleId: 4, year: 2021, make: 'BMW', model: 'X5', status: 'approved', views: 3 }],
    ...overrides,
  };
}

/** The value next to a label of the Analytics Summary. */
function summary(label: string): string {
  const cell = screen.getAllByText(label).find((el) => el.closest('.adm-descriptions'))?.closest('tr');
  return within(cell as HTMLElement).getByText((_, el) => el?.classList.contains('adm-descriptions-item-content') ?? false).textContent ?? '';
}

describe('AnalyticsTab', () => {
  it("shows the cards and the summary: 'Xm Ys' and pages per visitor with one decimal", async () => {
    const api = mockApi();
    api.get.mockResolvedValueOnce(stats('7d'));
    renderConsole(<AnalyticsTab enabled />, api);

    expect(await screen.findByText('Per session')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/analytics/stats', { period: '7d' });
    expect(summary('Period')).toBe('Last 7 Days');
    expect(summary('Average Session Time')).toBe('2m 5s');
    expect(summary('Pages per Visitor')).toBe('3.3');
    expect(summary('Unique Visitors')).toBe('3');
    expect(summary('Total Page Views')).toBe('10');
    expect(screen.getByText('/search')).toBeTruthy();
    expect(screen.getByRole('link', { name: '2021 BMW X5' }).getAttribute('href')).toBe('/vehicles/4');
    expect(screen.getByRole('img', { name: /Daily page views and unique visitors, 2 days/ })).toBeTruthy();
  });

  it("switches the period and shows '0.0' pages per visitor without visitors", async () => {
    const api = mockApi();
    api.get.mockResolvedValueOnce(stats('7d')).mockResolvedValueOnce(stats('30d', { uniqueVisitors: 0, totalPageViews: 0, averageDuration: 0, series: [], topPages: [], topListings: [] }));
    renderConsole(<AnalyticsTab enabled />, api);
    await screen.findByText('Per session');

    await userEvent.click(screen.getByText('Last 30 Days'));

    expect(api.get).toHaveBeenLastCalledWith('/analytics/stats', { period: '30d' });
    await waitFor(() => expect(summary('Pages per Visitor')).toBe('0.0'));
    expect(summary('Period')).toBe('Last 30 Days');
    expect(summary('Average Session Time')).toBe('0m 0s');
    expect(screen.getByText('No page views in this period')).toBeTruthy();
  });

  it("says 'Failed to fetch analytics' when the call fails", async () => {
    const api = mockApi();
    api.get.mockRejectedValueOnce(new Error('500: boom'));
    renderConsole(<AnalyticsTab enabled />, api);
    expect(await screen.findByText('Failed to fetch analytics')).toBeTruthy();
  });
});
