import { normaliseNumberText } from './number-input';

describe('normaliseNumberText', () => {
  it.each([
    ['28,500', '28500'],
    ['$89,900', '89900'],
    ['$ 89,900', '89900'],
    ['28,500 mi', '28500'],
    ['28500 miles', '28500'],
    ['89 900', '89900'],
    ['1,234,567', '1234567'],
    ['45999.99', '45999.99'],
    ['1,234.50', '1234.50'],
    ['  42000 ', '42000'],
  ])('reads %j as %j', (input, expected) => {
    expect(normaliseNumberText(input)).toBe(expected);
  });

  it.each([['abc'], ['12,34'], ['-5'], ['1.2.3'], ['']])('leaves %j for the field rule to refuse', (input) => {
    expect(normaliseNumberText(input)).toBe(input.trim());
  });
});
