import type { BundleAccount } from '@app/shared';

/** The demo accounts README.md documents. */
export const DEMO_ACCOUNTS = {
  admin: { key: 'admin', email: 'admin@example.com', password: 'admin-demo-2026', firstName: 'Morgan', lastName: 'Reyes', role: 'admin' },
  seller: { key: 'seller', email: 'seller@example.com', password: 'seller-demo-2026', firstName: 'Jordan', lastName: 'Blake', role: 'user' },
} as const satisfies Record<string, BundleAccount>;

/** Other sellers (no known password), with the phone number their listings show. */
export const OTHER_SELLERS = [
  { firstName: 'Priya', lastName: 'Raman', phone: '(555) 010-3318' },
  { firstName: 'Marcus', lastName: 'Whitfield', phone: '(555) 010-7742' },
  { firstName: 'Elena', lastName: 'Vasquez', phone: '(555) 010-2261' },
  { firstName: 'Daniel', lastName: 'Okafor', phone: '(555) 010-9034' },
] as const;

/** Buyers who wrote about a listing. */
export const DEMO_BUYERS = [
  { senderFirstName: 'Avery', senderLastName: 'Chen', senderEmail: 'avery.chen@example.net', senderPhone: '(555) 014-2290' },
  { senderFirstName: 'Luis', senderLastName: 'Ortega', senderEmail: 'luis.ortega@example.org', senderPhone: '(555) 017-4418' },
  { senderFirstName: 'Hannah', senderLastName: 'Kim', senderEmail: 'hannah.kim@example.com' },
  { senderFirstName: 'Tom', senderLastName: 'Brennan', senderEmail: 'tbrennan@example.net', senderPhone: '(555) 019-0082' },
  { senderFirstName: 'Grace', senderLastName: 'Adeyemi', senderEmail: 'grace.adeyemi@example.org' },
  { senderFirstName: 'Noah', senderLastName: 'Schultz', senderEmail: 'noah.schultz@example.com', senderPhone: '(555) 012-7735' },
  { senderFirstName: 'Mia', senderLastName: 'Rossi', senderEmail: 'mia.rossi@example.net' },
] as const;

export const DEMO_QUESTIONS = [
  { subject: 'Is it still available?', message: 'Hi, is the {title} still available? I could come see it this weekend.', financing: false, tradeIn: false },
  { subject: 'Financing question', message: 'I am interested in the {title}. What would monthly payments look like with $8,000 down over 60 months?', financing: true, tradeIn: false },
  { subject: 'Trade-in', message: 'Would you consider my 2017 Honda Accord (62k miles) as a trade-in toward the {title}?', financing: false, tradeIn: true },
  { subject: 'Service history', message: 'Does the {title} come with full service records, and when were the brakes and tires last replaced?', financing: false, tradeIn: false },
  { subject: 'Pre-purchase inspection', message: 'Can I arrange an independent inspection of the {title} before buying? Happy to pay for it.', financing: false, tradeIn: false },
] as const;

export const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
] as const;
