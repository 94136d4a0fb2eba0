// Lower CPU priority for work that runs beside something that should keep the cores (the demo renderer beside
// the server, the browser tests' builds beside jest).
const { writeFileSync } = require('node:fs');
const { setPriority } = require('node:os');

/**
 * Lowers the priority of a process that was spawned `detached` (a session of its own), and of everything it
 * starts. Its nice value alone is not enough on Linux: with the scheduler's autogroups (the default on desktop
 * and many server kernels: /proc/sys/kernel/sched_autogroup_enabled), a new session is a new group that gets
 * the same share of the CPU as the caller's whole session whatever the nice values inside it, so its autogroup
 * gets the nice value too. Measured here: two busy loops in a detached session at nice 19 took 4.1 s of CPU
 * each against 1.1–1.4 s for two at nice 0 in the caller's session over 6 s; with the autogroup at 19 too,
 * 0.5 s against 2.8–3.1 s. Where either is not allowed or not there, the process keeps its priority.
 */
function lowerSessionPriority(pid, nice) {
  try {
    setPriority(pid, nice);
  } catch {
    // not allowed here
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // no autogroups (not Linux, or a kernel without them)
  }
}

module.exports = { lowerSessionPriority };
