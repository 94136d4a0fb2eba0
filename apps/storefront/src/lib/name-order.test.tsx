import { byName } from './name-order';

describe('byName', () => {
  const collator = new Intl.Collator('en');
  const sign = (n: number) => Math.sign(n);

  it('orders names of letters, digits, spaces and hyphens as English collation does, pair by pair', () => {
    // Every pair of 3,000 random names over an alphabet that makes ties, prefixes and case differences common.
    const alphabet = 'aAbBmMzZ09 -';
    let seed = 3;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const names = Array.from({ length: 3000 }, () => Array.from({ length: Math.floor(next() * 6) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
    let compared = 0;
    const differing: string[] = [];
    for (let i = 0; i < names.length; i += 1) {
      for (let j = i; j < names.length; j += 37) {
        const [a, b] = [names[i]!, names[j]!];
        if (sign(byName(a, b)) !== sign(collator.compare(a, b))) differing.push(`"${a}" vs "${b}"`);
        compared += 1;
      }
    }
    expect(differing).toEqual([]);
    expect(compared).toBeGreaterThan(100_000);
  });

  it('sorts real makes and models as the collator does, those with other characters by the collator itself', () => {
    const names = ['Mazda', 'MINI', 'Mercedes-Benz', 'Mercedes-AMG', 'mercedes', 'Land Rover', 'Landmark', 'Alfa Romeo', 'AC', 'Acura', 'BMW', 'bmw', 'Škoda', 'Citroën', 'Citroen', 'Rolls-Royce', 'F-150', 'F150', 'F 150', '911', '4Runner', 'RAM 1500', 'Ram', 'e-tron', 'E-Class', "Mike's", 'C.X', ''];
    expect([...names].sort(byName)).toEqual([...names].sort(collator.compare));
  });
});
