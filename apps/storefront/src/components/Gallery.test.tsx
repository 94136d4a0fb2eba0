import { fireEvent, render, screen } from '@testing-library/react';
import { GALLERY_PHOTO_SIZES } from '@app/shared';
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

  it('offers the stored sizes of an uploaded photo (card and full) with the gallery width as sizes', () => {
    render(<Gallery images={images} alt="2021 BMW X5" />);
    const photo = screen.getByAltText('2021 BMW X5, photo 1 of 3');
    expect(photo.getAttribute('srcset')).toBe('/uploads/1-card.webp 640w, /uploads/1.webp 2048w');
    expect(photo.getAttribute('sizes')).toBe(GALLERY_PHOTO_SIZES);
    expect(photo.getAttribute('src')).toBe('/uploads/1.webp');
  });

  it('offers every size of a sized photo as AVIF and WebP, capped at its size, its placeholder painted until it loads', () => {
    const stem = '/uploads/2026/11/0123456789abcdef0123456789abcdef-lhoDBYCHU_6Hh4d5h4d4h_d492SH-1600x1067';
    const { container } = render(<Gallery images={[`${stem}.webp`, '/uploads/2.webp']} alt="2021 BMW X5" />);
    const photo = screen.getByAltText('2021 BMW X5, photo 1 of 2') as HTMLImageElement;
    const source = container.querySelector('.gallery-main picture > source');
    expect(source?.getAttribute('type')).toBe('image/avif');
    expect(source?.getAttribute('srcset')).toBe(`${stem}-320.avif 320w, ${stem}-640.avif 640w, ${stem}-1024.avif 1024w, ${stem}.avif 1600w`);
    expect(source?.getAttribute('sizes')).toBe(GALLERY_PHOTO_SIZES);
    expect(photo.getAttribute('srcset')).toBe(`${stem}-320.webp 320w, ${stem}-640.webp 640w, ${stem}-1024.webp 1024w, ${stem}.webp 1600w`);
    expect([photo.getAttribute('width'), photo.getAttribute('height'), photo.style.maxWidth, photo.style.maxHeight]).toEqual(['1600', '1067', '1600px', '1067px']);
    expect(photo.style.backgroundImage).toMatch(/^linear-gradient\(/);
    fireEvent.load(photo);
    expect(photo.style.backgroundImage).toBe('');
    // The thumbnails take the smallest files, with placeholders of their own.
    const thumb = container.querySelector('.gallery-thumbs img') as HTMLImageElement;
    expect(thumb.getAttribute('sizes')).toBe('120px');
    expect(thumb.style.backgroundImage).toMatch(/^linear-gradient\(/);
  });

  it('never shows a photo larger than its pixels: a hosted photo of one size is capped at its own size', () => {
    const hosted = ['https://images.example.com/car-1.jpg', 'https://images.example.com/car-2.jpg'];
    render(<Gallery images={hosted} alt="2021 BMW X5" />);
    const photo = screen.getByAltText('2021 BMW X5, photo 1 of 2') as HTMLImageElement;
    expect(photo.getAttribute('srcset')).toBeNull();
    expect(photo.style.maxWidth).toBe('');
    Object.defineProperty(photo, 'naturalWidth', { value: 500 });
    Object.defineProperty(photo, 'naturalHeight', { value: 375 });
    fireEvent.load(photo);
    expect(photo.style.maxWidth).toBe('500px');
    expect(photo.style.maxHeight).toBe('375px');
    // The next photo is measured on its own.
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect((screen.getByAltText('2021 BMW X5, photo 2 of 2') as HTMLImageElement).style.maxWidth).toBe('');
  });

  it('draws an overlay over the photo (the Sold state)', () => {
    render(<Gallery images={images} alt="2021 BMW X5" className="is-sold" overlay={<p className="gallery-sold">Sold</p>} />);
    const region = screen.getByRole('region', { name: 'Photos of 2021 BMW X5' });
    expect(region.className).toBe('gallery is-sold');
    expect(region.querySelector('.gallery-main .gallery-sold')?.textContent).toBe('Sold');
  });

  it('computes wrapped indexes at both ends', () => {
    expect(wrapIndex(0, -1, 5)).toBe(4);
    expect(wrapIndex(4, 1, 5)).toBe(0);
    expect(wrapIndex(2, 1, 5)).toBe(3);
  });
});
