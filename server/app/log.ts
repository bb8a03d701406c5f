import pino, { type Logger } from 'pino';
import type { Config } from '../config.ts';

/** Drops query strings and the id of reset links from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/\?.*$/, (q) => (q.length > 1 ? '?…' : q)).replace(/(\/reset-password\/)[^/?#]+/, '$1…');
}

/** The product's logger: no tokens or passwords, no secrets from URLs; pretty at a terminal. */
export function createLogger(config: Config): Logger {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', '*.password', '*.passwordHash'],
    // Secrets that travel in URLs (reset links, checkout tokens) stay out of the logs.
    serializers: {
      req: (req: { method?: string; url?: string; id?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        id: req.id,
        remoteAddress: req.ip,
      }),
    },
    // Readable lines for a person at a terminal; JSON everywhere else.
    transport:
      config.env === 'development' && process.stdout.isTTY
        ? { target: 'pino-pretty', options: { ignore: 'pid,hostname' } }
        : undefined,
  });
}

/** Shutdown steps, run in the reverse order of their adding; a slow one is logged. */
export function shutdownSteps(log: Logger) {
  const steps: (() => Promise<void>)[] = [];
  let closing: Promise<void> | null = null;
  const run = async () => {
    for (const fn of steps.reverse()) {
      const t = performance.now();
      await fn().catch((err) => log.error({ err }, 'shutdown step failed'));
      const ms = performance.now() - t;
      if (ms > 1000) log.warn({ ms: Math.round(ms), step: fn.toString().slice(0, 80) }, 'slow shutdown step');
    }
  };
  return {
    steps,
    /** Runs the steps once; later calls wait for the same run. */
    close: () => {
      closing ??= run();
      return closing;
    },
  };
}
