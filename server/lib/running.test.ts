import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announceRunning, findRunning, restartCommand } from './running.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'running-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const BOT = ['TELEGRAM_API_URL=http://127.0.0.1:8082'];

describe('the running server, for the restart command the simulator prints', () => {
  it('keeps the running server’s PORT and DATA_DIR, quoted for the shell, from where it was started', () => {
    const forget = announceRunning(
      { port: 4000, dataDir: "/srv/it's data", url: 'http://localhost:4000', databaseUrl: false },
      dir,
    );
    expect(findRunning(4000, dir)).toMatchObject({ pid: process.pid, port: 4000, cwd: process.cwd() });
    expect(restartCommand('http://localhost:4000', BOT, dir)).toBe(
      `PORT=4000 DATA_DIR='/srv/it'\\''s data' TELEGRAM_API_URL=http://127.0.0.1:8082 npm start`,
    );
    expect(restartCommand('http://127.0.0.1:4000/', BOT, dir, '/elsewhere')).toBe(
      `cd ${process.cwd()} && PORT=4000 DATA_DIR='/srv/it'\\''s data' TELEGRAM_API_URL=http://127.0.0.1:8082 npm start`,
    );
    forget();
    expect(existsSync(join(dir, '4000.json'))).toBe(false);
    expect(findRunning(4000, dir)).toBeNull();
  });

  it('says a DATABASE_URL is needed without printing it', () => {
    announceRunning({ port: 3000, dataDir: '/d', url: 'http://localhost:3000', databaseUrl: true }, dir);
    expect(restartCommand('http://localhost:3000', BOT, dir)).toBe(
      'PORT=3000 DATA_DIR=/d TELEGRAM_API_URL=http://127.0.0.1:8082 npm start (with the DATABASE_URL it was started with)',
    );
  });

  it('without an announcement: the port from the address (none for the default 3000 or a remote server)', () => {
    expect(restartCommand('http://localhost:4100', BOT, dir)).toBe(
      'PORT=4100 TELEGRAM_API_URL=http://127.0.0.1:8082 npm start',
    );
    expect(restartCommand('http://localhost:3000', BOT, dir)).toBe('TELEGRAM_API_URL=http://127.0.0.1:8082 npm start');
    expect(restartCommand('https://ads.example.com', BOT, dir)).toBe(
      'TELEGRAM_API_URL=http://127.0.0.1:8082 npm start',
    );
  });

  it('ignores the announcement of a server that is gone', () => {
    writeFileSync(
      join(dir, '4200.json'),
      JSON.stringify({ pid: 2 ** 22 + 1, port: 4200, dataDir: '/old', cwd: '/x', url: '', databaseUrl: false }),
    );
    expect(findRunning(4200, dir)).toBeNull();
    expect(restartCommand('http://localhost:4200', BOT, dir)).toBe(
      'PORT=4200 TELEGRAM_API_URL=http://127.0.0.1:8082 npm start',
    );
  });
});
