import { BRAND } from '@app/shared';

/**
 * The console's few own rules. Every selector starts with `.adm-console`, inside the console's root, so
 * nothing reaches the storefront; rendered as a <style> with the console so no CSS file crosses the
 * federation boundary.
 */
export const CONSOLE_CSS = `
.adm-console { max-width: 1280px; margin: 0 auto; padding: 8px 0 32px; text-align: left; }
/* An empty table's message: antd greys it to colorTextDisabled (2.5:1), too faint to read. */
.adm-console .adm-table-wrapper .adm-table-tbody > tr.adm-table-placeholder,
.adm-console .adm-table-wrapper .adm-table-tbody > tr.adm-table-placeholder > td,
.adm-console .adm-table-wrapper .adm-table-tbody > tr.adm-table-placeholder .adm-empty-description { color: ${BRAND.muted}; }
.adm-console .adm-console-build { margin: 24px 0 0; font-size: 12px; color: ${BRAND.muted}; }
.adm-console .adm-console-stack { display: flex; flex-direction: column; gap: 16px; }
.adm-console .adm-console-thumb { width: 72px; height: 48px; object-fit: cover; border-radius: 6px; flex: none; background: #f5f5f5; display: inline-flex; align-items: center; justify-content: center; color: #bfbfbf; font-size: 20px; }
.adm-console .adm-console-grid { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
.adm-console .adm-console-grid-4 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
@media (min-width: 768px) { .adm-console .adm-console-grid-3 { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
@media (min-width: 992px) { .adm-console .adm-console-grid-4 { grid-template-columns: repeat(4, minmax(0, 1fr)); } .adm-console .adm-console-grid-2 { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.adm-console .adm-console-stat { border-top: 3px solid; }
/* antd's preset tag colours put mid tones on pale grounds (orange 3.3:1): darker text, the same hue, 4.5:1 or more (important: antd sets the colour on the tag's own class and its CSS-in-JS comes later). Not scoped to .adm-console: dialogs render outside it, and only the console's components carry the adm- prefix. */
.adm-tag.adm-tag-orange, .adm-tag.adm-tag-orange > span, .adm-tag.adm-tag-gold, .adm-tag.adm-tag-gold > span, .adm-tag.adm-tag-volcano, .adm-tag.adm-tag-volcano > span, .adm-tag.adm-tag-warning, .adm-tag.adm-tag-warning > span { color: #92400e !important; }
.adm-tag.adm-tag-green, .adm-tag.adm-tag-green > span, .adm-tag.adm-tag-lime, .adm-tag.adm-tag-lime > span, .adm-tag.adm-tag-success, .adm-tag.adm-tag-success > span { color: #166534 !important; }
.adm-tag.adm-tag-red, .adm-tag.adm-tag-red > span, .adm-tag.adm-tag-magenta, .adm-tag.adm-tag-magenta > span, .adm-tag.adm-tag-error, .adm-tag.adm-tag-error > span { color: #991b1b !important; }
.adm-tag.adm-tag-blue, .adm-tag.adm-tag-blue > span, .adm-tag.adm-tag-geekblue, .adm-tag.adm-tag-geekblue > span, .adm-tag.adm-tag-processing, .adm-tag.adm-tag-processing > span, .adm-tag.adm-tag-cyan, .adm-tag.adm-tag-cyan > span { color: #1e40af !important; }
.adm-tag.adm-tag-purple, .adm-tag.adm-tag-purple > span { color: #5b21b6 !important; }
/* Contact links in table cells are touch targets of at least 24 px. */
.adm-console td a[href^="mailto:"], .adm-console td a[href^="tel:"] { display: inline-block; min-height: 24px; line-height: 24px; }
/* At every width (a phone, and a desktop once the console has more tabs than a line holds, as with the desk and a
   failed-mail count at 1440 px), the tabs (the console's and the edit dialog's, which renders outside it) wrap onto
   several lines instead of hiding some behind antd's "more" button (a button inside the tablist, which its ARIA does
   not allow: axe's aria-required-children). */
.adm-tabs-nav-wrap { white-space: normal; } .adm-tabs-nav-list { flex-wrap: wrap; column-gap: 20px; transform: none !important; } .adm-tabs-nav-operations { display: none !important; } .adm-tabs-ink-bar { display: none; } .adm-tabs-tab-active { box-shadow: inset 0 -2px 0 currentColor; } .adm-tabs .adm-tabs-tab + .adm-tabs-tab { margin-inline-start: 0 !important; }
.adm-console .adm-console-badge { font-size: 13px; padding: 2px 10px; margin: 4px 0 0; }
.adm-console .adm-console-rejected { font-size: 16px; margin: 8px 0; }
.adm-console .adm-console-chart { width: 100%; height: auto; display: block; }
.adm-console .adm-console-legend { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; }
.adm-console .adm-console-changes { margin: 0; padding-left: 16px; }
/* E-mail addresses break at their @ only (EmailText), not mid-word as table cells otherwise would. */
.adm-console .adm-console-email { overflow-wrap: normal; word-break: normal; }
.adm-console .adm-console-skeleton { padding: 24px 0; }
.adm-console-photos { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 12px; }
.adm-console-photo { position: relative; border: 2px solid #f0f0f0; border-radius: 8px; overflow: hidden; background: #fff; cursor: grab; }
.adm-console-photo.is-cover { border-color: #faad14; }
.adm-console-photo.is-dragging { opacity: 0.4; }
.adm-console-photo img { display: block; width: 100%; aspect-ratio: 4 / 3; object-fit: cover; }
.adm-console-photo-badge { position: absolute; top: 6px; left: 6px; margin: 0; }
.adm-console-photo-actions { padding: 2px 4px; }
.adm-console-suggestion { cursor: pointer; border-style: dashed; }
.adm-console .adm-console-diff-photos { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.adm-console .adm-console-diff-photos li { border: 2px solid transparent; border-radius: 6px; overflow: hidden; line-height: 0; }
.adm-console .adm-console-diff-photos li.is-added { border-color: #52c41a; }
.adm-console .adm-console-diff-photos li.is-removed { border-color: #ff4d4f; opacity: 0.7; }
.adm-console .adm-console-diff-photos img { width: 72px; height: 54px; object-fit: cover; display: block; }
.adm-console .adm-console-diff-text { white-space: pre-wrap; word-break: break-word; }
.adm-console .adm-console-diff-actions { margin-top: 12px; }
.adm-console .adm-console-revision-head { margin-bottom: 12px; }
.adm-console .adm-console-revision-signals { margin-bottom: 12px; }
.adm-console .adm-console-signal-reasons { margin: 0; padding-left: 16px; font-size: 12px; color: rgba(0, 0, 0, 0.65); }
@media (min-width: 768px) { .adm-console .adm-console-diff-photos img { width: 96px; height: 72px; } }
.adm-console .adm-desk-filter { display: inline-flex; align-items: center; gap: 8px; }
.adm-console .adm-desk-board { display: grid; gap: 12px; grid-template-columns: repeat(6, minmax(0, 1fr)); align-items: start; }
.adm-console .adm-desk-board.is-phone { grid-template-columns: minmax(0, 1fr); }
.adm-console .adm-desk-column { background: #f7f7f8; border-radius: 8px; padding: 8px; min-height: 120px; }
.adm-console .adm-desk-column-title { display: flex; align-items: center; justify-content: space-between; margin: 0 0 8px; font-size: 14px; }
.adm-console .adm-desk-count { color: ${BRAND.muted}; font-weight: 600; }
.adm-console .adm-desk-cards { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.adm-console .adm-desk-card.is-overdue { border-color: #f5a3a3; box-shadow: inset 3px 0 0 #c62828; }
.adm-console .adm-desk-card-open { all: unset; display: block; width: 100%; cursor: pointer; margin-bottom: 6px; min-height: 24px; }
.adm-console .adm-desk-card-open:focus-visible { outline: 2px solid ${BRAND.focus}; outline-offset: 2px; border-radius: 4px; }
.adm-console .adm-desk-card-line { font-size: 13px; overflow-wrap: anywhere; }
.adm-console .adm-desk-bars { list-style: none; margin: 0; padding: 0; display: flex; align-items: flex-end; gap: 2px; height: 120px; }
.adm-console .adm-desk-bars li { flex: 1; height: 100%; display: flex; align-items: flex-end; }
.adm-console .adm-desk-bar { display: block; width: 100%; min-height: 1px; background: ${BRAND.brand}; border-radius: 2px 2px 0 0; }
.adm-console .adm-desk-sr, .adm-desk-drawer .adm-desk-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.adm-desk-drawer a[href^="mailto:"], .adm-desk-drawer a[href^="tel:"] { display: inline-block; min-height: 24px; line-height: 24px; }
.adm-desk-drawer .adm-desk-thread { list-style: none; margin: 0 0 12px; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.adm-desk-drawer .adm-desk-thread li { display: flex; }
.adm-desk-drawer .adm-desk-thread li.is-out { justify-content: flex-end; }
.adm-desk-drawer .adm-desk-bubble { max-width: 85%; padding: 8px 12px; border-radius: 10px; background: #f2f4f7; }
.adm-desk-drawer .adm-desk-thread li.is-out .adm-desk-bubble { background: #e8f0fe; }
.adm-desk-drawer .adm-desk-bubble-head { font-size: 12px; color: ${BRAND.muted}; margin-bottom: 2px; }
.adm-desk-drawer .adm-desk-bubble-body { white-space: pre-line; overflow-wrap: anywhere; }
`;
