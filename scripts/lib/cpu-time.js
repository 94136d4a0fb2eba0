// CPU time of finished child processes, for the scripts that report where the time of a run went.
const { readFileSync } = require('node:fs');

/**
 * CPU seconds (user + system) of this process's children that have ended and been waited for (with theirs, as
 * they waited for them), from /proc/self/stat: Linux only, null elsewhere.
 */
function childCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name (which may hold spaces, inside parentheses): cutime and cstime are 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

module.exports = { childCpuSeconds };
