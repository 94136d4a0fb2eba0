import { fireEvent, render, screen } from '@testing-library/react';
import { Gallery, wrapIndex } from './Gallery';

describe('Gallery', () => {
  const images = ['/uploads/1.webp', '/uploads/2.webp', '/uploads/3.webp'];

  it('wraps from the first photo to the last and back with the arrows', () => {
    render(<Gallery images={images} alt="2021 BMW X5" />);
    expect(screen.getByText('1 / 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByText('3 / 3')).toBeTruthy();
    expect(screen.getByAltText('2021 BMW X5, photo 3 of 3').getAttribute('src')).toBe('/uploads/3.webp');

    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('1 / 3')).toBeTruthy();
  });

  it('moves with the arrow keys and jumps to a thumbnail', () => {
    render(<Gallery images={images} alt="2021 BMW X5" />);
    const region = screen.getByRole('region', { name: 'Photos of 2021 BMW X5' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(screen.getByText('3 / 3')).toBeTruthy();
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(screen.getByText('1 / 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show photo 2' }).getAttribute('aria-current')).toBe('true');
  });

  it('shows no arrows for a single photo', () => {
    render(<Gallery images={['/uploads/1.webp']} alt="2021 BMW X5" />);
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(screen.getByText('1 / 1')).toBeTruthy();
  });

  it('computes wrapped indexes at both ends', () => {
    expect(wrapIndex(0, -1, 5)).toBe(4);
    expect(wrapIndex(4, 1, 5)).toBe(0);
    expect(wrapIndex(2, 1, 5)).toBe(3);
  });
});
