import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND, BRAND_CSS_VARS } from './brand';

/** Relative luminance and contrast ratio (WCAG 2.x). */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('brand tokens', () => {
  it('are the storefront stylesheet\'s custom properties, one for one', () => {
    const css = readFileSync(join(__dirname, '../../../../apps/storefront/src/styles.css'), 'utf8');
    for (const [key, variable] of Object.entries(BRAND_CSS_VARS)) {
      expect(`${variable}: ${css.match(new RegExp(`${variable}:\\s*(#[0-9a-f]{6})`))?.[1]}`).toBe(`${variable}: ${BRAND[key as keyof typeof BRAND_CSS_VARS]}`);
    }
    expect(css).toContain(`font-family: ${BRAND.fontFamily};`);
    const html = readFileSync(join(__dirname, '../../../../apps/storefront/public/index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${BRAND.brand}" />`);
  });

  it('give text colours of at least 4.5:1 on white', () => {
    for (const key of ['brand', 'brandDark', 'ink', 'inkSoft', 'muted', 'success', 'warning', 'focus'] as const) {
      expect([key, contrast(BRAND[key], '#ffffff') >= 4.5]).toEqual([key, true]);
    }
  });
});
