import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { failCoded } from '../../failures.ts';
import type { DecodeAnswer } from './images.decoder-process.ts';

const NICE = '/usr/bin/nice';

/**
 * Large images are decoded in a process of their own, started at the first one and at the
 * lowest CPU priority (nice 19): on a machine of a few cores, a 64 MB decode would otherwise
 * compete with sign-in's password hashing and every request for the CPU. Its memory is its own
 * too. A decoder that dies fails the images it had (500) and is started again for the next.
 */
export class ImageDecoder {
  private child: ChildProcess | null = null;
  private readonly waiting = new Map<
    number,
    { resolve: (r: { ext: string; data: Buffer }) => void; reject: (e: unknown) => void }
  >();
  private nextId = 1;
  private closed = false;

  constructor(private readonly log: Logger) {}

  reencode(bytes: Buffer): Promise<{ ext: string; data: Buffer }> {
    if (this.closed) return Promise.reject(new Error('the image decoder is closed'));
    const child = this.process();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      child.send({ id, bytes }, (err) => {
        if (!err) return;
        this.waiting.delete(id);
        reject(err);
      });
    });
  }

  private process(): ChildProcess {
    if (this.child) return this.child;
    const self = fileURLToPath(import.meta.url);
    // Compiled (dist) it is JavaScript; from the sources (dev, tests) tsx runs the TypeScript.
    const typescript = self.endsWith('.ts');
    const node = typescript ? ['--import', 'tsx'] : [];
    // Under `nice`, so every thread of the process is at the lowest priority from its start (a
    // process lowering its own priority leaves the threads it already started, libuv's pool
    // among them, where they were).
    const niced = existsSync(NICE);
    const child = fork(self.replace(/images\.decoder\.(ts|js)$/, `images.decoder-process.$1`), {
      serialization: 'advanced',
      ...(niced ? { execPath: NICE, execArgv: ['-n', '19', process.execPath, ...node] } : { execArgv: node }),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (answer: DecodeAnswer) => {
      const w = this.waiting.get(answer.id);
      if (!w) return;
      this.waiting.delete(answer.id);
      if ('data' in answer) w.resolve({ ext: answer.ext, data: Buffer.from(answer.data) });
      else if ('refused' in answer) w.reject(failCoded(answer.refused));
      else w.reject(new Error(`the image decoder failed: ${answer.failed}`));
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (!this.closed) this.log.warn({ code, signal }, 'the image decoder exited; the next image starts another');
      for (const w of this.waiting.values()) w.reject(new Error('the image decoder exited'));
      this.waiting.clear();
    });
    // The server may exit while the decoder is idle: it does not hold the event loop open.
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill();
    await exited;
  }
}
