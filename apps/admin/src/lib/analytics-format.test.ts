import { formatDuration, pagesPerVisitor } from '@app/shared';

describe('analytics formatting (SPEC.md sections 2 and 9)', () => {
  it("shows a duration as 'Xm Ys' with whole minutes and rounded seconds", () => {
    expect(formatDuration(0)).toBe('0m 0s');
    expect(formatDuration(59.4)).toBe('0m 59s');
    expect(formatDuration(59.6)).toBe('1m 0s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(3725)).toBe('62m 5s');
  });

  it('gives pages per visitor with one decimal', () => {
    expect(pagesPerVisitor(10, 3)).toBe('3.3');
    expect(pagesPerVisitor(9, 3)).toBe('3.0');
    expect(pagesPerVisitor(17, 4)).toBe('4.3');
  });

  it("gives '0.0' when there are no visitors", () => {
    expect(pagesPerVisitor(0, 0)).toBe('0.0');
    expect(pagesPerVisitor(5, 0)).toBe('0.0');
  });
});
