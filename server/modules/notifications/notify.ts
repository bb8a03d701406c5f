import type { EntityManager } from '@mikro-orm/postgresql';
import type { Emit } from '../../db/transaction.ts';
import type { NotificationType } from './messages.ts';

/** Something that happened, for one user: one message at most, whatever the retries (`key`). */
export interface NotifyEvent {
  userId: number;
  type: NotificationType;
  /** Unique per user and event (`withdrawal-sent:42`): told twice, sent once. */
  key: string;
  params: Record<string, string | number>;
  /** The dashboard page its button opens. */
  path: string;
  /** Not in Telegram (the chat heard of it already, e.g. the bot's own answer). */
  noTelegram?: boolean;
  /** The mail goes here, not to the account's address (an e-mail change is told to the old one). */
  emailTo?: string;
}

/**
 * How an area tells the notifications area (reached `later`): in the transaction of what
 * happened; with `emit`, delivery starts after the commit.
 */
export type Notify = (tx: EntityManager, events: NotifyEvent | NotifyEvent[], emit?: Emit) => Promise<void>;

/** `Notify` for an area's services, through `later()` (the notifications area is built after them). */
export const notifyLater =
  (later: () => { notifications: { notify: Notify } }): Notify =>
  (tx, events, emit) =>
    later().notifications.notify(tx, events, emit);
