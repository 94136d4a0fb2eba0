// How the test runners name a failing test in their output, so that `npm test` can list every failure last: a CI
// log is often read from its end, and a failure's own lines can lie thousands of lines above it.

/** The start of a line that names one failing test ("e2e/tests/02-search.test.js › its name"). */
const FAILED_MARK = '✖ failed: ';

/** The start of a line that names a test that failed once, then passed when its file ran again by itself (e2e/run.js). */
const FLAKY_MARK = '⚠ flaky: ';

/** The tests a runner's output names after `mark` at a line's start, lane tags aside. */
function namedIn(output, mark) {
  return [...output.matchAll(new RegExp(`^(?:\\[\\d+\\] )?${mark}(.+)$`, 'gm'))].map((m) => m[1]);
}

/** The failing tests a runner's output names (lines that start with FAILED_MARK). */
const failuresIn = (output) => namedIn(output, FAILED_MARK);

/** The flaky tests a runner's output names (lines that start with FLAKY_MARK). */
const flakyIn = (output) => namedIn(output, FLAKY_MARK);

module.exports = { FAILED_MARK, FLAKY_MARK, failuresIn, flakyIn };
