/**
 * A CPU quota for some processes: a control group of the kernel's cpu controller (cgroup v1's
 * `cpu.cfs_quota_us`, or v2's `cpu.max`) in which they get at most `cpus` of a core however many cores the
 * machine has. The instances run of the bench puts each instance in its own, so that N instances stand for
 * N machines of that size even on a machine with fewer cores than instances. Making one needs root.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CpuQuota {
  /** Where it lives and how much it allows, for the log. */
  readonly description: string;
  /** Moves a process (all its threads) into the quota. */
  add(pid: number): void;
  /** Moves what is left back out and removes the group. */
  remove(): void;
}

const PERIOD_US = 100_000;
const V1_ROOT = '/sys/fs/cgroup/cpu';
const V2_ROOT = '/sys/fs/cgroup';

const processesIn = (dir: string) =>
  readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);

/** The cgroup version this machine mounts with a cpu controller, or null. */
function cpuHierarchy(): { version: 1 | 2; root: string } | null {
  if (existsSync(path.join(V1_ROOT, 'cpu.cfs_quota_us'))) return { version: 1, root: V1_ROOT };
  const controllers = path.join(V2_ROOT, 'cgroup.controllers');
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) {
    return { version: 2, root: V2_ROOT };
  }
  return null;
}

/** A new group `name` allowing `cpus` cores; or why there cannot be one (no cpu controller, not root). */
export function createCpuQuota(name: string, cpus: number): CpuQuota | { unavailable: string } {
  const hierarchy = cpuHierarchy();
  if (!hierarchy) return { unavailable: 'no cgroup cpu controller is mounted' };
  const dir = path.join(hierarchy.root, name);
  const quotaUs = Math.round(cpus * PERIOD_US);
  try {
    if (hierarchy.version === 2) {
      writeFileSync(path.join(hierarchy.root, 'cgroup.subtree_control'), '+cpu');
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'cpu.max'), `${quotaUs} ${PERIOD_US}`);
    } else {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quotaUs));
    }
  } catch (error) {
    if (existsSync(dir)) rmdirSync(dir);
    return { unavailable: `cannot make ${dir}: ${(error as Error).message} (the bench must run as root)` };
  }
  return {
    description: `${dir}, ${cpus} CPU (${quotaUs} µs every ${PERIOD_US} µs)`,
    add(pid) {
      appendFileSync(path.join(dir, 'cgroup.procs'), String(pid));
    },
    remove() {
      if (!existsSync(dir)) return;
      for (const pid of processesIn(dir)) {
        try {
          appendFileSync(path.join(hierarchy.root, 'cgroup.procs'), pid);
        } catch {
          // It exited meanwhile.
        }
      }
      rmdirSync(dir);
    },
  };
}
