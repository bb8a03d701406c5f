import type { EntityManager } from '@mikro-orm/postgresql';
import { en } from '../../../showcase/i18n/en.ts';
import { DomainError, ErrorCode } from '../../errors.ts';
import { isMember, TelegramApiError, type TelegramClient } from '../../lib/telegram.ts';
import type { ReportReason } from '../campaigns/campaign.entity.ts';
import type { ConversionsService } from '../campaigns/conversions.service.ts';
import type { PlayerReportsService } from '../moderation/reports.service.ts';
import { telegramUsername } from '../projects/projects.inputs.ts';
import type { TaskType } from '../projects/project.entity.ts';
import type { PlayerContext, ShowcaseAward } from './showcase.service.ts';
import { fail } from '../../failures.ts';

/** What a player reads; English here, translated for the player from the showcase's catalogs. */
export const CHECK_MESSAGES = {
  joinChannel: en.joinChannel,
  joinChat: en.joinChat,
  waiting: en.waiting,
  openLink: en.openLink,
  noBot: en.noBot,
} as const;

/**
 * The showcase catalogs' key of a check's message, beside its English: the player's language is
 * read by this key (showcase.rest.ts), not by the English. A symbol, so it is never sent.
 */
export const SAID_AS = Symbol('showcase message key');

/** The part of Telegram's `chat_member` update the network reads. */
export interface ChatMemberUpdate {
  chat: { id: number; username?: string };
  date: number;
  old_chat_member: { status: string; is_member?: boolean; user: { id: number } };
  new_chat_member: { status: string; is_member?: boolean; user: { id: number } };
}

/**
 * What a player does after starting a task: asks whether it is done (channels and chats are
 * asked of Telegram), joins or leaves a chat (the system bot's `chat_member` updates), visits a
 * smart link, reports a task.
 */
export class PlayerActions {
  constructor(
    private readonly deps: {
      telegram: TelegramClient;
      conversions: ConversionsService;
      reports: PlayerReportsService;
      /** The app's awards by task type (cached by the showcase). */
      awards: (em: EntityManager, platformId: number) => Promise<Map<TaskType, ShowcaseAward[]>>;
    },
  ) {}

  /**
   * Is the player in the channel or chat of `url`? null when it cannot be asked (no system
   * bot, not a t.me/<name> link); a Telegram error (chat or player unknown to the bot) is no.
   */
  private async inChat(url: string | null, playerId: number): Promise<boolean | null> {
    if (!this.deps.telegram.configured) return null;
    const username = telegramUsername(url ?? '');
    if (!username) return null;
    try {
      return isMember(await this.deps.telegram.getChatMember(`@${username}`, playerId));
    } catch (err) {
      if (err instanceof TelegramApiError) return false;
      throw err;
    }
  }

  /** Already in the campaign's channel or chat at start? Unknown counts as no: the check asks again. */
  async memberAtStart(row: { task_type: TaskType; url: string | null }, playerId: number): Promise<boolean> {
    if (row.task_type !== 'CHANNEL' && row.task_type !== 'CHAT') return false;
    return (await this.inChat(row.url, playerId)) === true;
  }

  /** Has the player done it? Channels and chats are asked of Telegram; the rest is reported to us. */
  async check(em: EntityManager, ctx: PlayerContext, campaignId: number) {
    const awards = async (type: TaskType) => (await this.deps.awards(em, ctx.platform.id)).get(type) ?? [];
    const [click] = await em.execute<
      { code: string; task_type: TaskType; url: string | null; not_new: boolean; blocked: boolean }[]
    >(
      `select k.code, k.not_new, c.task_type, t.url,
              exists (select 1 from showcase_blocks b where b.platform_id = ? and b.player_id = k.player_id) as blocked
         from clicks k join campaigns c on c.id = k.campaign_id
         left join tasks t on t.id = c.task_id where k.campaign_id = ? and k.player_id = ?`,
      [ctx.platform.id, campaignId, ctx.player.id],
    );
    if (!click) throw fail('PLAYER_TASK_NOT_STARTED');
    if (click.blocked) throw fail('PLAYER_BLOCKED');
    if (await this.deps.conversions.existing(em, campaignId, ctx.player.id)) {
      return { status: 'COMPLETED' as const, awards: await awards(click.task_type) };
    }
    if (click.not_new) {
      const member = click.task_type === 'CHANNEL' || click.task_type === 'CHAT';
      throw fail(member ? 'PLAYER_WAS_MEMBER' : 'PLAYER_NOT_NEW');
    }
    const pending = (key: keyof typeof CHECK_MESSAGES) => ({
      status: 'PENDING' as const,
      awards: [] as ShowcaseAward[],
      message: CHECK_MESSAGES[key],
      [SAID_AS]: key,
    });
    switch (click.task_type) {
      case 'CHANNEL':
      case 'CHAT': {
        const member = await this.inChat(click.url, ctx.player.id);
        if (member === null) return pending('noBot');
        if (!member) return pending(click.task_type === 'CHANNEL' ? 'joinChannel' : 'joinChat');
        const outcome = await this.deps.conversions.convert(em, click.code, null);
        if (outcome.status === 'NOT_NEW') throw fail('PLAYER_WAS_MEMBER');
        return { status: 'COMPLETED' as const, awards: await awards(click.task_type) };
      }
      case 'SMART_LINK':
        return pending('openLink');
      default:
        return pending('waiting');
    }
  }

  /**
   * The system bot's `chat_member` updates (its webhook), where the bot is an administrator: a
   * join after the player's click is a new subscriber and converts at once; a leave while the
   * conversion is on hold voids it now rather than at hold end. Chats are matched by @username.
   */
  async chatMemberUpdate(em: EntityManager, update: ChatMemberUpdate): Promise<{ converted: number; voided: number }> {
    const username = update.chat.username?.toLowerCase();
    if (!username) return { converted: 0, voided: 0 };
    const playerId = update.new_chat_member.user.id;
    const was = isMember(update.old_chat_member);
    const now = isMember(update.new_chat_member);
    const matches = (url: string | null) => telegramUsername(url ?? '')?.toLowerCase() === username;
    let converted = 0;
    let voided = 0;
    if (!was && now) {
      const clicks = await em.execute<{ code: string; url: string | null }[]>(
        `select k.code, coalesce(t.url, c.task_url) as url
           from clicks k join campaigns c on c.id = k.campaign_id left join tasks t on t.id = c.task_id
          where k.player_id = ? and c.task_type in ('CHANNEL', 'CHAT') and not k.not_new
            and k.created_at < to_timestamp(? + 1)
            and not exists (select 1 from conversions v where v.campaign_id = c.id and v.player_id = k.player_id)`,
        [playerId, update.date],
      );
      for (const k of clicks.filter((c) => matches(c.url))) {
        try {
          const outcome = await this.deps.conversions.convert(em, k.code, null);
          if (outcome.status === 'COMPLETED') converted++;
        } catch (err) {
          // A stopped, capped or spent campaign simply does not pay for this join.
          if (!(err instanceof DomainError)) throw err;
        }
      }
    }
    if (was && !now) {
      const held = await em.execute<{ id: string; url: string | null }[]>(
        `select v.id, coalesce(t.url, c.task_url) as url
           from conversions v join campaigns c on c.id = v.campaign_id left join tasks t on t.id = c.task_id
          where v.player_id = ? and v.status = 'HOLD' and v.task_type in ('CHANNEL', 'CHAT')`,
        [playerId],
      );
      for (const v of held.filter((h) => matches(h.url))) {
        if ((await this.deps.conversions.resolve(em.fork(), Number(v.id), 'VOID')) === 'VOIDED') voided++;
      }
    }
    return { converted, voided };
  }

  /** A smart-link visit: counted when the app awards the user in any case; answers where to go. */
  async visit(em: EntityManager, code: string): Promise<string> {
    const [row] = await em.execute<{ url: string | null; task_type: TaskType; award: boolean | null }[]>(
      `select t.url, c.task_type, s.should_confirm_without_payout as award
         from clicks k join campaigns c on c.id = k.campaign_id left join tasks t on t.id = c.task_id
         left join platform_services s on s.platform_id = k.platform_id and s.task_type = c.task_type
        where k.code = ?`,
      [code],
    );
    if (!row?.url) throw fail('LINK_NOT_FOUND');
    if (row.task_type === 'SMART_LINK' && row.award) {
      try {
        await this.deps.conversions.convert(em, code, null);
      } catch (err) {
        // The visitor still gets where they were going; a stopped campaign just does not pay.
        if (!(err instanceof DomainError) || err.code !== ErrorCode.CONFLICT) throw err;
      }
    }
    return row.url;
  }

  async report(
    em: EntityManager,
    ctx: PlayerContext,
    input: { campaignId: number; reason: ReportReason; text?: string },
  ) {
    const [c] = await em.execute<{ id: number }[]>('select id from campaigns where id = ?', [input.campaignId]);
    if (!c) throw fail('TASK_NOT_FOUND');
    const name = [ctx.player.first_name, ctx.player.last_name].filter(Boolean).join(' ');
    const [id] = await this.deps.reports.fileNow(em, [
      {
        platformId: ctx.platform.id,
        campaignId: input.campaignId,
        playerId: ctx.player.id,
        playerName: (ctx.player.username ? `${name} (@${ctx.player.username})` : name).trim().slice(0, 200) || null,
        reason: input.reason,
        text: input.text?.trim() || null,
      },
    ]);
    return { id };
  }
}
