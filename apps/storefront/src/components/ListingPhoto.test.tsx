import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ListingPhoto, placeholderImage } from './ListingPhoto';

describe('placeholderImage', () => {
  it("paints a photo's ThumbHash as a gradient of its top, middle and bottom colours: tens of bytes, so a page of 30 photos stays light", () => {
    const image = placeholderImage('/uploads/2026/11/4d5e3ff58fc048c90a0830715eab3d9c-WecNHYSHeHh_h4d6h2d4hpdwdAlH-1600x1067.webp');
    expect(image).toMatch(/^linear-gradient\(#[0-9a-f]{6},#[0-9a-f]{6},#[0-9a-f]{6}\)$/);
    // A daylight photo: a lighter sky above a darker road.
    const [top, , bottom] = [...image!.matchAll(/#([0-9a-f]{6})/g)].map((m) => parseInt(m[1]!.slice(0, 2), 16) + parseInt(m[1]!.slice(2, 4), 16) + parseInt(m[1]!.slice(4, 6), 16));
    expect(top).toBeGreaterThan(bottom!);
  });

  it('paints nothing for a photo without a ThumbHash', () => {
    expect(placeholderImage('/uploads/2026/abc-card.webp')).toBeNull();
  });
});

describe('ListingPhoto on a page the server drew', () => {
  it('takes its placeholder away for a photo that loaded before the app took the page over (its load event went unheard)', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const url = '/uploads/2026/11/4d5e3ff58fc048c90a0830715eab3d9c-WecNHYSHeHh_h4d6h2d4hpdwdAlH-1600x1067.webp';
    const onLoad = jest.fn();
    const photo = <ListingPhoto url={url} sizes="100vw" alt="" onLoad={onLoad} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(photo);
    document.body.append(container);
    const img = container.querySelector('img')!;
    expect(img.style.backgroundImage).toMatch(/^linear-gradient\(/);
    // The browser has the file already: the page's load event came before the app's scripts.
    Object.defineProperty(img, 'complete', { value: true });
    Object.defineProperty(img, 'naturalWidth', { value: 1024 });
    await act(async () => {
      hydrateRoot(container, photo);
    });
    expect(container.querySelector('img')).toBe(img);
    expect(img.style.backgroundImage).toBe('');
    expect(onLoad).toHaveBeenCalledTimes(1);
    container.remove();
  });
});
