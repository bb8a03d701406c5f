// First, before anything allocates: V8's pretenuring is off (see v8-flags.ts).
import './v8-flags.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { announceRunning } from './lib/running.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  throw err;
}

// Signals are taken before the app is built: the server listens inside buildApp, and a
// SIGTERM that came between listening and here would otherwise kill it without a shutdown.
let stopSignal: NodeJS.Signals | null = null;
let stop: (signal: NodeJS.Signals) => void = (signal) => {
  // A second Ctrl-C while it is still starting: leave at once.
  if (stopSignal) process.exit(130);
  stopSignal = signal;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));

const app = await buildApp(config).catch((err) => {
  console.error(`Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
app.log.info(`Taskgram Ads is running at ${app.url}`);
console.log(`\n  ➜  Open ${app.url}\n`);
// For the tools beside it (`npm run simulate` prints a restart command that keeps PORT and DATA_DIR).
const forget = announceRunning({
  port: config.port,
  dataDir: config.dataDir,
  url: app.url,
  databaseUrl: Boolean(process.env.DATABASE_URL),
});
process.on('exit', forget);

let stopping = false;
stop = (signal) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  app
    .close()
    .then(() => process.exit(0))
    .catch((err) => {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    });
};
if (stopSignal) stop(stopSignal);
