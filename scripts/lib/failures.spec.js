const { FAILED_MARK, FLAKY_MARK, failuresIn, flakyIn } = require('./failures');

describe('failures in a runner output', () => {
  const output = [
    '[1] ✖ e2e/tests/01-shell-and-static.test.js: 7 passed, 1 failed (65.3 s): runs again by itself once the lanes end',
    `${FLAKY_MARK}e2e/tests/01-shell-and-static.test.js › the review strip turns`,
    `[2] ${FAILED_MARK}e2e/tests/02-search.test.js › Nearest First`,
    `${FAILED_MARK}apps/api/test/health/metrics.e2e-spec.ts › GET /metrics answers`,
    `  text that mentions ${FAILED_MARK}mid-line is no failure`,
  ].join('\n');

  it('names each failing test, lane tags aside, only from lines that start with the mark', () => {
    expect(failuresIn(output)).toEqual(['e2e/tests/02-search.test.js › Nearest First', 'apps/api/test/health/metrics.e2e-spec.ts › GET /metrics answers']);
  });

  it('names the flaky ones apart from the failures', () => {
    expect(flakyIn(output)).toEqual(['e2e/tests/01-shell-and-static.test.js › the review strip turns']);
    expect(flakyIn('nothing flaky\n')).toEqual([]);
  });
});
