import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { TelegramApiError, type TelegramClient } from '../../lib/telegram.ts';
import { isMember } from '../../lib/telegram.ts';
import { telegramUsername } from '../projects/projects.inputs.ts';

/** Traffic quality's 30-day re-check of channel and chat members, one bounded round at a time. */
export class QualityRecheck {
  constructor(
    private readonly deps: {
      /** The system bot. */
      telegram: TelegramClient;
      recheck: { percent: number; perRound: number; spacingMs: number };
      log: Logger;
      /** Apps whose players were checked again (their quality moved). */
      onMoved: (platformIds: number[]) => void;
    },
  ) {}

  /**
   * The 30-day re-check: posted channel and chat conversions made 30 to 60 days ago, a fixed
   * sample of them (RECHECK_PERCENT, by a hash of the id, so every instance and round agrees),
   * are checked again through the system bot's getChatMember, at most `perRound` a round and
   * `spacingMs` apart (the Bot API's limits: a round stops at a 429); the rest are marked done
   * without a call. A player Telegram cannot tell about is not counted either way. The trigger
   * moves the rollup; answers what the round did.
   */
  async run(em: EntityManager): Promise<{ checked: number; retained: number; skipped: number }> {
    const { telegram, recheck } = this.deps;
    const result = { checked: 0, retained: 0, skipped: 0 };
    if (!telegram.configured) return result;
    const window = `v.status = 'POSTED' and v.checked_30d_at is null and v.task_type in ('CHANNEL', 'CHAT')
                    and v.created_at < now() - interval '30 days' and v.created_at > now() - interval '60 days'`;
    const skipped = await em.execute<{ id: string }[]>(
      `update conversions set checked_30d_at = now()
        where id in (select v.id from conversions v where ${window} and abs(hashtext(v.id::text)) % 100 >= ? limit 5000)
        returning id`,
      [recheck.percent],
    );
    result.skipped = skipped.length;
    const due = await em.execute<{ id: string; player_id: string; platform_id: number; url: string | null }[]>(
      `select v.id, v.player_id, v.platform_id, coalesce(t.url, c.task_url) as url
         from conversions v join campaigns c on c.id = v.campaign_id left join tasks t on t.id = c.task_id
        where ${window} and abs(hashtext(v.id::text)) % 100 < ?
        order by v.created_at limit ?`,
      [recheck.percent, recheck.perRound],
    );
    const moved = new Set<number>();
    for (const [i, d] of due.entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, recheck.spacingMs));
      const username = telegramUsername(d.url ?? '');
      let kept: boolean | null = null;
      if (username) {
        try {
          kept = isMember(await telegram.getChatMember(`@${username}`, Number(d.player_id)));
        } catch (err) {
          if (err instanceof TelegramApiError && err.errorCode === 429) break;
          if (!(err instanceof TelegramApiError)) {
            this.deps.log.warn({ err, conversion: d.id }, '30-day re-check failed; retrying next round');
            continue;
          }
          // The chat is gone or the bot was removed: Telegram cannot tell, the player is not counted.
        }
      }
      await em.execute('update conversions set checked_30d_at = now(), retained_30d = ? where id = ?', [kept, d.id]);
      if (kept !== null) {
        result.checked++;
        if (kept) result.retained++;
        moved.add(d.platform_id);
      }
    }
    if (moved.size) this.deps.onMoved([...moved]);
    return result;
  }
}
