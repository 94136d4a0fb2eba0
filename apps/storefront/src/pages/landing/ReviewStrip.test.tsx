import { act, fireEvent, render, screen } from '@testing-library/react';
import { REVIEW_INTERVAL_MS, ReviewStrip } from './ReviewStrip';
import { REVIEWS } from './reviews';

/** window.matchMedia as a browser answers it, with or without a wish for less motion. */
function prefersLessMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const position = () => screen.getByText(new RegExp(`^\\d+ / ${REVIEWS.length}$`)).textContent;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('moves on by one review every interval, and stops when paused', () => {
  prefersLessMotion(false);
  render(<ReviewStrip />);
  expect(position()).toBe(`1 / ${REVIEWS.length}`);
  act(() => void jest.advanceTimersByTime(REVIEW_INTERVAL_MS));
  expect(position()).toBe(`2 / ${REVIEWS.length}`);
  fireEvent.click(screen.getByRole('button', { name: 'Pause reviews' }));
  act(() => void jest.advanceTimersByTime(3 * REVIEW_INTERVAL_MS));
  expect(position()).toBe(`2 / ${REVIEWS.length}`);
});

it('stays still for a visitor who asks for less motion, until they press Play', () => {
  prefersLessMotion(true);
  render(<ReviewStrip />);
  act(() => void jest.advanceTimersByTime(3 * REVIEW_INTERVAL_MS));
  expect(position()).toBe(`1 / ${REVIEWS.length}`);
  fireEvent.click(screen.getByRole('button', { name: 'Play reviews' }));
  act(() => void jest.advanceTimersByTime(REVIEW_INTERVAL_MS));
  expect(position()).toBe(`2 / ${REVIEWS.length}`);
  expect(screen.getByRole('button', { name: 'Pause reviews' })).toBeTruthy();
});
