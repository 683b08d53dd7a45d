import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AGENT_CGROUP_PREFIX,
  findCgroupHierarchy,
  processTree,
  sweepAbandonedCgroups,
} from '../../src/agents/sandboxMemory';
import { until } from '../support/until';

const line = (mountPoint: string, type: string, options: string) =>
  `41 31 0:38 / ${mountPoint} rw,relatime shared:9 - ${type} ${type} ${options}`;
const V1 = [
  line('/', 'ext4', 'rw'),
  line('/sys/fs/cgroup/cpu', 'cgroup', 'rw,cpu'),
  line('/sys/fs/cgroup/memory', 'cgroup', 'rw,memory'),
  line('/sys/fs/cgroup/pids', 'cgroup', 'rw,pids'),
  line('/sys/fs/cgroup/unified', 'cgroup2', 'rw'),
].join('\n');
const V2 = [line('/', 'ext4', 'rw'), line('/sys/fs/cgroup', 'cgroup2', 'rw,nsdelegate')].join('\n');
const anything = () => true;

describe('where agents get cgroups', () => {
  it('should take cgroup v1 memory and pids hierarchies where they may be written', () => {
    expect(findCgroupHierarchy(V1, () => undefined, anything)).toEqual({
      version: 1,
      memory: '/sys/fs/cgroup/memory',
      pids: '/sys/fs/cgroup/pids',
    });
    expect(
      findCgroupHierarchy(
        V1,
        () => undefined,
        (dir) => !dir.endsWith('pids'),
      ),
    ).toEqual({ version: 1, memory: '/sys/fs/cgroup/memory', pids: undefined });
  });

  it('should take the v2 hierarchy only when its children get the memory and pids controllers', () => {
    const controllers = (text: string) => (path: string) =>
      path === '/sys/fs/cgroup/cgroup.subtree_control' ? text : undefined;
    expect(findCgroupHierarchy(V2, controllers('cpuset cpu io memory pids\n'), anything)).toEqual({
      version: 2,
      root: '/sys/fs/cgroup',
    });
    expect(findCgroupHierarchy(V2, controllers('cpu pids\n'), anything)).toBeNull();
    expect(findCgroupHierarchy(V2, controllers('memory pids'), () => false)).toBeNull();
  });

  it('should find none when the memory controller cannot be written or is not mounted', () => {
    // v1's memory hierarchy holds the controller: the v2 mount beside it has none to give.
    expect(
      findCgroupHierarchy(
        V1,
        () => 'memory pids',
        (dir) => !dir.endsWith('memory'),
      ),
    ).toBeNull();
    expect(findCgroupHierarchy(line('/', 'ext4', 'rw'), () => undefined, anything)).toBeNull();
  });

  it('should read mount points with escaped spaces', () => {
    const spaced = line('/cg\\040memory', 'cgroup', 'rw,memory');
    expect(findCgroupHierarchy(spaced, () => undefined, anything)).toMatchObject({ memory: '/cg memory' });
  });
});

describe('cgroups left by a server that is gone', () => {
  it('should be removed, and those of live servers and of others kept', () => {
    const root = mkdtempSync(join(tmpdir(), 'proctor-cgroups-'));
    const gone = spawnSync('true').pid;
    const names = [
      `${AGENT_CGROUP_PREFIX}${gone}-a1`,
      `${AGENT_CGROUP_PREFIX}${process.pid}-b2`,
      'system.slice',
    ];
    try {
      for (const name of names) mkdirSync(join(root, name));
      sweepAbandonedCgroups({ version: 1, memory: root, pids: undefined });
      expect(readdirSync(root).sort()).toEqual(names.slice(1).sort());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the memory watchdog', () => {
  it("should find a process's children and grandchildren", async () => {
    const child = spawn('/bin/sh', ['-c', 'sleep 30 & /bin/sh -c "sleep 30; true"'], { stdio: 'ignore' });
    let tree: number[] = [];
    try {
      tree = await until(
        async () => processTree(child.pid!),
        (pids) => pids.length === 4,
        'the shell, its sleep, and a shell with its sleep',
        10_000,
      );
      expect(tree[0]).toBe(child.pid);
    } finally {
      for (const pid of tree.length > 0 ? tree : [child.pid!]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended already.
        }
      }
    }
  });
});
