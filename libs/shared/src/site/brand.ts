/**
 * The brand's colours and type, for both frontends: the storefront's CSS custom properties (styles.css
 * :root, checked against these by a test) and the admin console's Ant Design theme tokens. Every text
 * colour meets WCAG AA (4.5:1) on white.
 */
export const BRAND = {
  brand: '#b91c1c',
  brandDark: '#991b1b',
  ink: '#111827',
  inkSoft: '#374151',
  muted: '#4b5563',
  line: '#d1d5db',
  lineSoft: '#e5e7eb',
  bgSoft: '#f3f4f6',
  navy: '#0f172a',
  success: '#166534',
  warning: '#92400e',
  focus: '#2563eb',
  radius: 10,
  fontFamily: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

/** The storefront's CSS custom property of each colour of BRAND. */
export const BRAND_CSS_VARS: Record<Exclude<keyof typeof BRAND, 'radius' | 'fontFamily' | 'warning'>, string> = {
  brand: '--c-brand',
  brandDark: '--c-brand-dark',
  ink: '--c-ink',
  inkSoft: '--c-ink-soft',
  muted: '--c-muted',
  line: '--c-line',
  lineSoft: '--c-line-soft',
  bgSoft: '--c-bg-soft',
  navy: '--c-navy',
  success: '--c-success',
  focus: '--c-focus',
};

/**
 * The landing page's hero photo (the demo's sunset coupe; apps/storefront/public/brand, served from the site's
 * root): its widths for srcset, and the sizes rule, shared by the page's <img> and the server's preload so the
 * browser fetches one file once. Decorative: the hero's heading says what the page is.
 */
export const HERO_IMAGE = {
  src: '/hero-1600.webp',
  srcSet: '/hero-800.webp 800w, /hero-1600.webp 1600w',
  sizes: '100vw',
  width: 1600,
  height: 1067,
} as const;
