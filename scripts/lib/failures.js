// How the test runners name a failing test in their output, so that `npm test` can list every failure last: a CI
// log is often read from its end, and a failure's own lines can lie thousands of lines above it.

/** The start of a line that names one failing test ("e2e/tests/02-search.test.js › its name"). */
const FAILED_MARK = '✖ failed: ';

/** The failing tests a runner's output names (lines that start with FAILED_MARK, lane tags aside). */
function failuresIn(output) {
  return [...output.matchAll(new RegExp(`^(?:\\[\\d+\\] )?${FAILED_MARK}(.+)$`, 'gm'))].map((m) => m[1]);
}

module.exports = { FAILED_MARK, failuresIn };
