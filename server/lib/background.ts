import type { Logger } from 'pino';

/**
 * Work started after an answer or a commit (a mail), tracked so that shutdown and tests can
 * wait for it (`idle`); a failure is logged, never thrown at the caller.
 */
export class Background {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log?: Logger) {}

  start(what: string, work: () => Promise<unknown>): void {
    const run = work().then(
      () => undefined,
      (err) => this.log?.error({ err }, `${what} failed`),
    );
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
