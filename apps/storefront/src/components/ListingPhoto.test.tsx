import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ListingPhoto, placeholderImage } from './ListingPhoto';

/** The width and height a PNG data URL declares (its IHDR chunk). */
function pngSize(dataUrl: string): [number, number] {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return [view.getUint32(16), view.getUint32(20)];
}

describe('placeholderImage', () => {
  it("paints a photo's ThumbHash as a small PNG: half the decoded size, about 1 KB, so a page of 30 photos stays light", () => {
    const image = placeholderImage('/uploads/2026/11/4d5e3ff58fc048c90a0830715eab3d9c-WecNHYSHeHh_h4d6h2d4hpdwdAlH-1600x1067.webp');
    expect(image).toMatch(/^data:image\/png;base64,/);
    expect(pngSize(image ?? '')).toEqual([16, 11]);
    expect(image!.length).toBeLessThan(1_500);
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
    expect(img.style.backgroundImage).toMatch(/^url\("data:image\/png;base64,/);
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
