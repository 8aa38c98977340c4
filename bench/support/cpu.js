// Where a benchmark's time went: CPU seconds of the database server when it runs on this machine
// (Linux /proc), beside the API process's own (process.cpuUsage over IPC, see apiProcess.js).
const fs = require('node:fs');

// USER_HZ: the unit of /proc/<pid>/stat times on every Linux Node supports.
const TICKS_PER_SECOND = 100;

function processCpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, the 14th and 15th fields of the line.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** A reader of the local MariaDB/MySQL server's CPU seconds, or null (another host, or no /proc). */
function databaseCpuReader() {
  let pids;
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let name;
    try {
      name = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (name === 'mariadbd' || name === 'mysqld') return () => processCpuSeconds(pid);
  }
  return null;
}

module.exports = { databaseCpuReader };
