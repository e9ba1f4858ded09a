// The CPU the database server spends on the bench's scratch database: the user and system time of
// the PostgreSQL backends connected to it, read from /proc, so a row can say what its requests cost
// the server as well as the app (the server runs on this machine; elsewhere the figures are NaN).
import pg from 'pg';
import { processCpuSeconds, type CpuReader } from './load';

export interface DatabaseCpu {
  /** CPU seconds the database's backends have spent since the first read, backends gone since included. */
  read: CpuReader;
  close(): Promise<void>;
}

export async function databaseCpu(databaseUrl: string): Promise<DatabaseCpu> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // CPU seen of each backend at the last read: a backend that ends between reads keeps what was seen.
  const seen = new Map<number, number>();
  let total = 0;
  return {
    async read() {
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      let readable = 0;
      for (const { pid } of rows) {
        const cpu = processCpuSeconds(pid);
        if (!Number.isFinite(cpu)) continue;
        readable += 1;
        total += cpu - (seen.get(pid) ?? 0);
        seen.set(pid, cpu);
      }
      return readable === 0 && seen.size === 0 ? NaN : total;
    },
    close: () => client.end(),
  };
}
