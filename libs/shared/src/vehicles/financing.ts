import { formatPrice } from '../common/format';

/**
 * The partner dealership's financing terms as the site quotes them (SPEC.md "Financing": rates from
 * 3.75 % APR): the listing page's payment estimate uses the lowest rate, and says so.
 */
export const FINANCING_TERMS = {
  /** The lowest APR the partner offers, in per cent. */
  fromApr: 3.75,
  /** Loan lengths offered, in months. */
  termMonths: [36, 48, 60, 72, 84] as const,
  defaultTermMonths: 60,
  /** The down payment a buyer starts from: a tenth of the price, rounded to $500. */
  defaultDownShare: 0.1,
} as const;

/** The default down payment for a price: FINANCING_TERMS.defaultDownShare of it, rounded to $500. */
export function defaultDownPayment(price: number): number {
  return Math.round((price * FINANCING_TERMS.defaultDownShare) / 500) * 500;
}

/** The monthly payment of an amortised loan (whole dollars, rounded up); 0 when nothing is borrowed. */
export function monthlyPayment(amount: number, aprPercent: number, months: number): number {
  if (!(amount > 0) || !(months > 0)) return 0;
  const r = aprPercent / 100 / 12;
  const payment = r === 0 ? amount / months : (amount * r) / (1 - (1 + r) ** -months);
  return Math.ceil(payment);
}

/** "Est. $1,234/mo for 60 months at 3.75% APR with $5,000 down". */
export function paymentText(payment: number, months: number, down: number): string {
  return `Est. ${formatPrice(payment)}/mo for ${months} months at ${FINANCING_TERMS.fromApr}% APR with ${formatPrice(down)} down`;
}
