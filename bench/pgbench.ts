// pgbench's TPC-B against a bench's throwaway cluster: 20 clients, the same seconds as the bench, scale 10.
import { execFileSync, spawnSync } from 'node:child_process';

export async function pgbenchTps(port: number, seconds: number): Promise<number | undefined> {
  const bin = spawnSync('sh', ['-c', 'command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | tail -1'], { encoding: 'utf8' }).stdout.trim();
  if (!bin) return undefined;
  const conn = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'];
  execFileSync(bin, ['-i', '-q', '-s', '10', ...conn, 'postgres'], { stdio: 'pipe' });
  const out = execFileSync(bin, ['-c', '20', '-j', '2', '-T', String(seconds), '-n', ...conn, 'postgres'], { encoding: 'utf8' });
  const m = /tps = ([\d.]+)/.exec(out);
  return m ? Number(m[1]) : undefined;
}
