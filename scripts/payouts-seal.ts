// `npm run payouts:seal`: reads the hot wallet's 24 words on standard input and prints them
// sealed with SECRETS_KEY (AES-256-GCM), the form PAYOUT_WALLET_MNEMONIC keeps at rest.
import { mnemonicValidate } from '@ton/crypto';
import { loadConfig } from '../server/config.ts';
import { encryptSecret } from '../server/lib/secrets.ts';

const chunks: Buffer[] = [];
for await (const c of process.stdin) chunks.push(c as Buffer);
const words = Buffer.concat(chunks).toString('utf8').trim().split(/\s+/);
if (!(await mnemonicValidate(words))) {
  console.error('not a valid TON mnemonic (24 words)');
  process.exit(2);
}
const config = loadConfig();
console.log(encryptSecret(config.secretsKey, words.join(' ')));
