import { describe, expect, test } from 'vitest';
import { AudienceLists, type Candidate, LIST_MARGIN, LIST_SIZE, type ListSource } from './audience-lists.ts';

/**
 * An audience's ranking held in memory as PostgreSQL holds it for the showcase: campaigns with a
 * resource, a price and whether the audience may see them. `page` and `resources` answer what
 * the showcase's SQL answers; `expected` is a player's list computed from scratch.
 */
class Network implements ListSource {
  campaigns: { id: number; taskId: number; price: bigint; visible: boolean }[] = [];
  reads = 0;

  private candidate(c: Network['campaigns'][number]): Candidate {
    return {
      id: c.id,
      task_id: c.taskId,
      task_type: 'BOT',
      title: `Task ${c.taskId}`,
      logo: '',
      url: '',
      invite_link: null,
      is_mini_app: false,
      new_users_only: true,
      price: c.price,
    };
  }

  /** Each visible resource's campaigns in the order a player is offered them, resources ranked by their first. */
  private ranked(): Candidate[][] {
    const byTask = new Map<number, Candidate[]>();
    for (const c of this.campaigns.filter((x) => x.visible)) {
      byTask.set(c.taskId, [...(byTask.get(c.taskId) ?? []), this.candidate(c)]);
    }
    const order = (a: Candidate, b: Candidate) => (a.price !== b.price ? (a.price > b.price ? -1 : 1) : a.id - b.id);
    const groups = [...byTask.values()].map((g) => g.sort(order));
    return groups.sort((a, b) => order(a[0], b[0]));
  }

  async page(after: { price: bigint; id: number } | null, limit: number) {
    this.reads++;
    const groups = this.ranked().filter(
      (g) => !after || g[0].price < after.price || (g[0].price === after.price && g[0].id > after.id),
    );
    return groups.slice(0, limit).flat();
  }

  async resources(taskIds: number[], campaignIds: number[]) {
    this.reads++;
    const tasks = new Set([
      ...taskIds,
      ...this.campaigns.filter((c) => campaignIds.includes(c.id)).map((c) => c.taskId),
    ]);
    return this.ranked()
      .filter((g) => tasks.has(g[0].task_id))
      .flat();
  }

  expected(done: Set<number>, skip: Set<number>): number[] {
    const picks = this.ranked()
      .filter((g) => !done.has(g[0].task_id))
      .map((g) => g.find((c) => !skip.has(c.id)))
      .filter((c): c is Candidate => Boolean(c));
    picks.sort((a, b) => (a.price !== b.price ? (a.price > b.price ? -1 : 1) : a.id - b.id));
    return picks.slice(0, LIST_SIZE).map((c) => c.id);
  }
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

function network(resources: number, rnd: (n: number) => number): Network {
  const net = new Network();
  let id = 1;
  for (let taskId = 1; taskId <= resources; taskId++) {
    for (let k = 0; k <= rnd(3); k++) {
      net.campaigns.push({ id: id++, taskId, price: BigInt(50_000 + rnd(20) * 10_000), visible: true });
    }
  }
  return net;
}

describe('an audience’s list', () => {
  test('answers every player as the whole ranking would, through changes, pages and refusals', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const rnd = random(seed);
      const net = network(400, rnd);
      const lists = new AudienceLists();
      for (let step = 0; step < 200; step++) {
        const op = rnd(4);
        const c = net.campaigns[rnd(net.campaigns.length)];
        if (op === 0) c.visible = !c.visible;
        if (op === 1) c.price = BigInt(50_000 + rnd(20) * 10_000);
        if (op === 2) lists.note({ taskIds: [c.taskId] });
        else lists.note({ campaignIds: [c.id] });
        // A player who did some resources and was refused some campaigns (sometimes most of them).
        const many = rnd(5) === 0;
        const done = new Set(net.campaigns.filter(() => rnd(many ? 2 : 40) === 0).map((x) => x.taskId));
        const skip = new Set(net.campaigns.filter(() => rnd(many ? 2 : 40) === 0).map((x) => x.id));
        const got = await lists.pick('audience', 1, net, {
          doneTask: (taskId) => done.has(taskId),
          skip: (id) => skip.has(id),
        });
        expect(
          got.map((x) => x.id),
          `seed ${seed}, step ${step}`,
        ).toEqual(net.expected(done, skip));
      }
    }
  });

  test('reads one page for a player who did little, and the next only for one who did more than its margin', async () => {
    const net = network(1000, random(7));
    const lists = new AudienceLists();
    const none = { doneTask: () => false, skip: () => false };
    await lists.pick('audience', 1, net, none);
    await lists.pick('audience', 1, net, none);
    expect(net.reads).toBe(1);
    const firstPage = new Set((await net.page(null, LIST_SIZE + LIST_MARGIN)).map((c) => c.task_id));
    net.reads = 0;
    const got = await lists.pick('audience', 1, net, { doneTask: (t) => firstPage.has(t), skip: () => false });
    expect(got).toHaveLength(LIST_SIZE);
    expect(net.reads).toBe(1);
  });

  test('an app’s change reads its lists again, another app’s does not', async () => {
    const net = network(50, random(9));
    const lists = new AudienceLists();
    const none = { doneTask: () => false, skip: () => false };
    await lists.pick('app 1', 1, net, none);
    await lists.pick('app 2', 2, net, none);
    net.reads = 0;
    lists.note({ platformId: 2 });
    await lists.pick('app 1', 1, net, none);
    expect(net.reads).toBe(0);
    await lists.pick('app 2', 2, net, none);
    expect(net.reads).toBe(1);
  });
});
