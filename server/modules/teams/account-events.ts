import { type PubSub, topics } from '../../lib/pubsub.ts';

/** At most one word per account this often: a busy account's conversions are not a refetch each. */
const GAP_MS = 1000;

/**
 * The ids of the accounts whose balance, campaigns' or apps' totals changed (an agency's
 * overview reads them anew): each account's own live topics merged, an account said at most
 * once per GAP_MS (its latest change included: a word always follows the last event), and
 * only while `stillIn` says the person is in it (a removed member hears nothing more of it,
 * open sockets included).
 */
export async function accountEvents(
  pubsub: PubSub,
  accountIds: number[],
  stillIn: (accountId: number) => Promise<boolean>,
): Promise<AsyncIterableIterator<number>> {
  const sources = await Promise.all(
    accountIds.flatMap((id) =>
      [topics.balance(id), topics.ownerCampaignStats(id), topics.ownerPlatformStats(id)].map(async (topic) => ({
        id,
        events: await pubsub.subscribe<unknown>(topic),
      })),
    ),
  );
  const ready: number[] = [];
  const lastSaid = new Map<number, number>();
  const waiting = new Set<number>();
  let wake: (() => void) | null = null;
  let done = false;
  const timers = new Set<NodeJS.Timeout>();

  const say = async (id: number) => {
    waiting.delete(id);
    if (done || !(await stillIn(id).catch(() => false))) return;
    lastSaid.set(id, Date.now());
    ready.push(id);
    wake?.();
  };
  const heard = (id: number) => {
    if (waiting.has(id)) return;
    waiting.add(id);
    const wait = (lastSaid.get(id) ?? 0) + GAP_MS - Date.now();
    if (wait <= 0) return void say(id);
    const timer = setTimeout(() => {
      timers.delete(timer);
      void say(id);
    }, wait);
    timer.unref();
    timers.add(timer);
  };
  for (const { id, events } of sources) {
    void (async () => {
      for await (const _ of events) {
        if (done) break;
        heard(id);
      }
    })();
  }

  const finish = async () => {
    done = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
    await Promise.all(sources.map((s) => s.events.return?.()));
    wake?.();
    return { done: true as const, value: undefined };
  };
  const iterator: AsyncIterableIterator<number> = {
    [Symbol.asyncIterator]() {
      return iterator;
    },
    async next(): Promise<IteratorResult<number>> {
      while (!done && !ready.length) {
        await new Promise<void>((r) => {
          wake = r;
        });
      }
      wake = null;
      if (done) return { done: true, value: undefined };
      return { done: false, value: ready.shift()! };
    },
    return: finish,
    throw: async (err: unknown) => {
      await finish();
      throw err;
    },
  };
  return iterator;
}
