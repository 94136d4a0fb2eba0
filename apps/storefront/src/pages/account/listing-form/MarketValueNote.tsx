import { useEffect, useState } from 'react';
import { CONDITIONS, formatPrice, marketValueText, type MarketValue } from '@app/shared';
import { useMarketValue, type MarketValueQuestion } from '../../../api/seller';

/** The form's values as typed ("42,000", "2021"): a question once make, model, year, mileage and condition are there. */
export function marketValueQuestion(values: { make: string; model: string; year: string; mileage: string; condition: string; bodyType: string }): MarketValueQuestion | null {
  const year = Number(values.year);
  const mileage = Number(values.mileage.replace(/[,\s]/g, ''));
  if (!values.make.trim() || !values.model.trim() || !Number.isInteger(year) || values.mileage.trim() === '' || !Number.isInteger(mileage) || mileage < 0) return null;
  if (!(CONDITIONS as readonly string[]).includes(values.condition)) return null;
  return { make: values.make.trim(), model: values.model.trim(), year, mileage, condition: values.condition, ...(values.bodyType ? { bodyType: values.bodyType } : {}) };
}

/** A value that settles: the question is asked once the seller stops typing for a moment. */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return settled;
}

/** How the asking price compares: "$2,000 below market value" (nothing while either is unknown). */
function comparison(value: MarketValue, price: number): string | null {
  if (value.expectedPrice === null || !(price > 0)) return null;
  const gap = price - value.expectedPrice;
  if (Math.abs(gap) < value.expectedPrice * 0.02) return 'Your price is at market value.';
  return `Your price is ${formatPrice(Math.abs(gap))} ${gap < 0 ? 'below' : 'above'} market value.`;
}

/**
 * Beside the price field: the market model's value for the car described so far (the same model the deal
 * ratings use), how the asking price compares, or why there is none.
 */
export function MarketValueNote({ id, values, price }: { id: string; values: Parameters<typeof marketValueQuestion>[0]; price: string }) {
  const question = useSettled(marketValueQuestion(values));
  const value = useMarketValue(question);
  let text: string;
  if (question === null) text = 'Choose make, model, year, mileage and condition to see the market value.';
  else if (value.isPending) text = 'Estimating the market value…';
  else if (value.isError) text = 'The market value could not be estimated just now.';
  else text = marketValueText(value.data) ?? 'Too few similar cars have sold for a reliable market value: price it as you see fit.';
  const compared = value.data ? comparison(value.data, Number(price.replace(/[$,\s]/g, ''))) : null;
  return (
    <p id={id} className="market-value-note" aria-live="polite">
      <span>{text}</span>
      {compared ? <span className="market-value-compare"> {compared}</span> : null}
    </p>
  );
}
