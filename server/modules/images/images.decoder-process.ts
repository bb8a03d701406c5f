// The decoder process (images.decoder.ts starts it): decodes and encodes large images anew at
// the lowest CPU priority, so the server's own threads (requests, password hashing) come first.
import { setPriority } from 'node:os';
import { type Coded, DomainError } from '../../errors.ts';
import { inspect, reencode } from './images.codec.ts';

export interface DecodeRequest {
  id: number;
  bytes: Uint8Array;
}
export type DecodeAnswer =
  | { id: number; ext: string; data: Uint8Array }
  | { id: number; refused: Coded }
  | { id: number; failed: string };

// Started under `nice` where the system has it; else the process lowers its own priority
// (its main thread, and the threads it starts from now on).
try {
  setPriority(19);
} catch {
  // Not allowed here: decoding still runs apart from the server's event loop and thread pool.
}

process.on('message', async ({ id, bytes }: DecodeRequest) => {
  let answer: DecodeAnswer;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { ext, data } = await reencode(buffer, await inspect(buffer));
    answer = { id, ext, data };
  } catch (err) {
    answer = err instanceof DomainError && err.coded ? { id, refused: err.coded } : { id, failed: String(err) };
  }
  process.send?.(answer);
});
process.on('disconnect', () => process.exit(0));
