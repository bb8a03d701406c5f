// Which local servers are running, for the tools beside them: a started server (server/main.ts)
// writes a small file named after its port into the machine's temporary folder, and removes it
// when it stops. `npm run simulate` reads it to print a restart command that keeps the running
// server's PORT and DATA_DIR (and says where it was started from).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  pid: number;
  port: number;
  /** The data folder, absolute. */
  dataDir: string;
  /** Where it was started (`npm start` runs from the project's root). */
  cwd: string;
  url: string;
  /** Whether it was started with a DATABASE_URL (not printed: it may hold a password). */
  databaseUrl: boolean;
}

export const RUNNING_DIR = join(tmpdir(), 'taskgram-ads-servers');
const fileOf = (port: number, dir: string) => join(dir, `${port}.json`);

/** Records this process as the server on `port`; the returned function forgets it. */
export function announceRunning(server: Omit<RunningServer, 'pid' | 'cwd'>, dir = RUNNING_DIR): () => void {
  const file = fileOf(server.port, dir);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...server, pid: process.pid, cwd: process.cwd() }));
  } catch {
    // Only a convenience for the tools: a read-only temporary folder changes nothing else.
    return () => {};
  }
  return () => {
    try {
      const recorded = JSON.parse(readFileSync(file, 'utf8')) as RunningServer;
      if (recorded.pid === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}

/** The server running on `port`, when one announced itself and its process is still alive. */
export function findRunning(port: number, dir = RUNNING_DIR): RunningServer | null {
  try {
    const server = JSON.parse(readFileSync(fileOf(port, dir), 'utf8')) as RunningServer;
    process.kill(server.pid, 0);
    return server;
  } catch {
    return null;
  }
}

/** A word as a POSIX shell reads it back (quoted only when it needs to be). */
export const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/**
 * The command that starts the server at `url` again with `variables` added: the running server's
 * PORT and DATA_DIR kept (from its announcement, else the port in the address), run from where
 * it was started.
 */
export function restartCommand(url: string, variables: string[], dir = RUNNING_DIR, cwd = process.cwd()): string {
  const address = new URL(url);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(address.hostname);
  const port = Number(address.port || (address.protocol === 'https:' ? 443 : 80));
  const running = local ? findRunning(port, dir) : null;
  const kept = running
    ? [`PORT=${running.port}`, `DATA_DIR=${shellWord(running.dataDir)}`]
    : local && port !== 3000
      ? [`PORT=${port}`]
      : [];
  const where = running && running.cwd !== cwd ? `cd ${shellWord(running.cwd)} && ` : '';
  const database = running?.databaseUrl ? ' (with the DATABASE_URL it was started with)' : '';
  return `${where}${[...kept, ...variables].join(' ')} npm start${database}`;
}
