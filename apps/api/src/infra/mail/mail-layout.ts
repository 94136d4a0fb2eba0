import { BRAND } from '@app/shared';
import escapeHtml from 'escape-html';
import type { MailAddress, MailMessage } from './mail-transport';

/** What an e-mail says; composeMail lays it out as plain text and as HTML in the brand's look. */
export interface MailContent {
  to: string;
  subject: string;
  /** The body's paragraphs; a paragraph of several lines keeps its line breaks. */
  paragraphs: string[];
  /** Listings after the paragraphs (alerts): photo, title, a line of detail, link. */
  listings?: MailListing[];
  /** The one thing to do: a button in HTML, "label: URL" in the text. */
  action?: { label: string; url: string };
  /** Small print under the body: why the reader gets this, how to stop it. */
  footer?: string[];
  replyTo?: MailAddress;
  headers?: Record<string, string>;
}

export interface MailListing {
  title: string;
  /** e.g. "$45,999 · 24,000 mi · Austin, TX" or "Now $43,500, $2,499 less". */
  detail: string;
  url: string;
  /** An absolute URL of the card-size photo. */
  imageUrl?: string;
}

export interface MailSite {
  name: string;
  supportPhone: string;
}

const SUBJECT_MAX = 250;

/**
 * One e-mail as its two parts. Every text goes through escape-html in the HTML part (a buyer's message or a
 * listing's title cannot inject markup); the layout is a single 600 px table with inline styles, which is
 * what mail clients render alike.
 */
export function composeMail(site: MailSite, content: MailContent): MailMessage {
  const footer = [...(content.footer ?? []), `Questions? Call us at ${site.supportPhone}.`];
  const text = [
    ...content.paragraphs,
    ...(content.listings ?? []).map((l) => `${l.title}\n${l.detail}\n${l.url}`),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ['--', site.name, ...footer].join('\n'),
  ].join('\n\n');

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${BRAND.ink}">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const listing = (l: MailListing) =>
    `<tr><td style="padding:8px 0;border-top:1px solid ${BRAND.lineSoft}"><a href="${escapeHtml(l.url)}" style="text-decoration:none;color:${BRAND.ink}">` +
    (l.imageUrl ? `<img src="${escapeHtml(l.imageUrl)}" width="160" alt="" style="display:block;float:left;width:160px;height:auto;border-radius:6px;margin:0 16px 0 0">` : '') +
    `<strong style="display:block;font-size:16px">${escapeHtml(l.title)}</strong><span style="display:block;margin-top:4px;font-size:14px;color:${BRAND.muted}">${escapeHtml(l.detail)}</span></a></td></tr>`;
  const listings = content.listings?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${content.listings.map(listing).join('')}</table>`
    : '';
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${BRAND.brand};color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${BRAND.bgSoft};font-family:${escapeHtml(BRAND.fontFamily)}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.bgSoft}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:${BRAND.radius}px;overflow:hidden">
<tr><td style="background:${BRAND.navy};padding:16px 24px;font-size:18px;font-weight:700;color:#ffffff">${escapeHtml(site.name)}</td></tr>
<tr><td style="padding:24px">
${content.paragraphs.map(paragraph).join('\n')}
${listings}
${action}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${BRAND.lineSoft};font-size:13px;line-height:1.5;color:${BRAND.muted}">${footer.map((line) => escapeHtml(line)).join('<br>')}</td></tr>
</table>
</td></tr></table>
</body></html>`;

  return {
    to: content.to,
    subject: content.subject.slice(0, SUBJECT_MAX),
    text,
    html,
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
    ...(content.headers ? { headers: content.headers } : {}),
  };
}
