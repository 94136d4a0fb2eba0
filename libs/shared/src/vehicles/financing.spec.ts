import { defaultDownPayment, FINANCING_TERMS, monthlyPayment, paymentText } from './financing';

describe('financing', () => {
  it('amortises a loan at the partner rate: $40,000 over 60 months at 3.75 % APR is $733 a month', () => {
    expect(monthlyPayment(40_000, FINANCING_TERMS.fromApr, 60)).toBe(733);
  });

  it('answers 0 when nothing is borrowed, and divides evenly at 0 %', () => {
    expect(monthlyPayment(0, 3.75, 60)).toBe(0);
    expect(monthlyPayment(-500, 3.75, 60)).toBe(0);
    expect(monthlyPayment(12_000, 0, 48)).toBe(250);
  });

  it('starts from a tenth down, rounded to $500, and says the terms it assumes', () => {
    expect(defaultDownPayment(46_999)).toBe(4500);
    expect(paymentText(733, 60, 4500)).toBe('Est. $733/mo for 60 months at 3.75% APR with $4,500 down');
  });
});
