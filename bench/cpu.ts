/**
 * Where the CPU went during a load, from /proc: the server's processes (the program and the web processes
 * it forks), PostgreSQL's (the bench database's backends and the server's own background processes), and
 * the whole machine, so that a throughput figure comes with who was using the cores while it was measured.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';

const clockTicks = (() => {
  let ticks: number | undefined;
  return () => (ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()));
})();

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

function procStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone, or never on this machine (a PostgreSQL server elsewhere)
  }
  // Fields after the command's closing parenthesis start at field 3: ppid is 4, utime 14, stime 15.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { pid, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** `root` and every process below it (a cluster's web processes). */
export function processTree(root: number): number[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => procStat(Number(name)) ?? []);
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { pid, ppid } of all) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

/** Busy and total ticks of all cores together (/proc/stat's first line; iowait counts as idle). */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal …
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** CPU in cores (CPU seconds per second): 1.0 is one core kept busy throughout. */
export interface CpuShares {
  server: number;
  /** null when PostgreSQL's processes are not on this machine. */
  postgres: number | null;
  /** All cores' busy time, everything on the machine (the bench, other sessions) included. */
  machine: number;
}

/**
 * Starts counting the CPU of the server's and PostgreSQL's processes (taken when it starts: after a
 * warm-up, the web processes and the pool's connections are all there) and of the machine; `stop`
 * answers the shares since.
 */
export function cpuMeter(pids: { server: number[]; postgres: number[] }) {
  const ticksOf = (group: number[]) =>
    new Map(group.flatMap((pid) => procStat(pid) ?? []).map((stat) => [stat.pid, stat.ticks]));
  const server = ticksOf(pids.server);
  const postgres = ticksOf(pids.postgres);
  const machine = machineTicks();
  const started = performance.now();
  const coresSince = (before: Map<number, number>, seconds: number) => {
    let ticks = 0;
    for (const [pid, now] of ticksOf([...before.keys()])) ticks += now - (before.get(pid) ?? now);
    return ticks / clockTicks() / seconds;
  };
  return {
    stop(): CpuShares {
      const seconds = (performance.now() - started) / 1000;
      const now = machineTicks();
      return {
        server: coresSince(server, seconds),
        postgres: postgres.size > 0 ? coresSince(postgres, seconds) : null,
        machine: ((now.busy - machine.busy) / (now.total - machine.total)) * cpus().length,
      };
    },
  };
}
