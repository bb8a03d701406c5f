/**
 * `npm run sandbox:chain` (compose's `chain` service): one sandbox TON chain for a deployment of
 * several instances, which reach it with `TON_SANDBOX_URL` (and `TON_SANDBOX_KEY`). It speaks
 * toncenter's API v3 (modules/payouts/chain/sandbox-service.ts) and is kept in
 * `DATA_DIR/sandbox-chain.json`, so a restart keeps the hot wallet, its balances and its history.
 *
 *   SANDBOX_CHAIN_PORT (8091) · SANDBOX_CHAIN_HOST (127.0.0.1) · DATA_DIR (data/sandbox-chain)
 *   TON_NETWORK (testnet) · TON_SANDBOX_KEY (the X-API-Key callers must send; unset: none)
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SandboxChain } from './modules/payouts/chain/sandbox-chain.ts';
import { serveSandboxChain } from './modules/payouts/chain/sandbox-service.ts';

const network = process.env.TON_NETWORK === 'mainnet' ? 'mainnet' : 'testnet';
const dataDir = resolve(process.env.DATA_DIR ?? 'data/sandbox-chain');
const port = Number(process.env.SANDBOX_CHAIN_PORT ?? 8091);
const host = process.env.SANDBOX_CHAIN_HOST ?? '127.0.0.1';
const apiKey = process.env.TON_SANDBOX_KEY || undefined;
if (apiKey && apiKey.length < 10) {
  console.error('TON_SANDBOX_KEY: at least 10 characters');
  process.exit(78);
}

mkdirSync(dataDir, { recursive: true });
const file = join(dataDir, 'sandbox-chain.json');
const kept = await SandboxChain.load(file, network);
const chain = kept ?? (await SandboxChain.create(network));
await chain.keepIn(file);
const { server, url } = await serveSandboxChain(chain, { host, port, apiKey }).catch((err: Error) => {
  console.error(`Could not listen on ${host}:${port}: ${err.message}`);
  process.exit(1);
});
const size = chain.size();
console.log(
  `sandbox chain ${chain.id} (${network}${kept ? `, kept: ${size.transactions} transactions` : ', new'}) at ${url}, kept in ${file}`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    server.close();
    chain
      .save()
      .then(() => process.exit(0))
      .catch((err: Error) => {
        console.error(`The sandbox chain could not be saved: ${err.message}`);
        process.exit(1);
      });
  });
