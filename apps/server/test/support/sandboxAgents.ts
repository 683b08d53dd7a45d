/**
 * A Python agent whose three forked children each take `mib` MiB and keep it: under a limit each, over it together
 * when 3 × mib passes it. It answers only if all three got theirs, which no agent held to its limit does.
 */
export function hungryAgent(mib: number): string {
  return `import os, sys, time
sys.stdin.readline()
children = []
for _ in range(3):
    pid = os.fork()
    if pid == 0:
        block = b"x" * (${mib} << 20)
        time.sleep(120)
        os._exit(0)
    children.append(pid)
for pid in children:
    os.waitpid(pid, 0)
print('{"action": "done"}', flush=True)
`;
}
