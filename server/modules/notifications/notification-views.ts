import type { EntityManager } from '@mikro-orm/postgresql';
import { accountActor, recordAudit } from '../audit/record.ts';
import type { TelegramLink } from '../users/telegram-link.ts';
import { NOTIFICATION_TYPES, type NotificationGroup, type NotificationType, type TypeDef } from './messages.ts';

export interface PreferenceView {
  type: NotificationType;
  group: NotificationGroup;
  label: string;
  telegram: boolean;
  email: boolean;
  alwaysOn: boolean;
}

/** What the Notifications page shows: whether the bot is on, the linked account, the choices. */
export interface SettingsView {
  telegramConfigured: boolean;
  telegram: TelegramLink | null;
  preferences: PreferenceView[];
}

/** A Telegram account to link: its user id, private chat, username and language. */
export interface TelegramAccount {
  id: number;
  chatId: number;
  username: string | null;
  language: string | null;
}

export interface DeliverySettings {
  /** Messages a second across every instance (Telegram allows about 30). */
  perSecond: number;
  /** A claimed message not marked sent by then is claimed again (its sender died). */
  leaseSeconds: number;
  /** Attempts before a message that keeps failing is given up (2, 4, 8… then 5-minute spacing: 300 ≈ a day). */
  maxAttempts: number;
}

/** How a notice names a Telegram account: its @username, else its id. */
export function telegramAccountName(account: { id: number; username: string | null }): string {
  return account.username ? `@${account.username}` : `id ${account.id}`;
}

/** No choice made: Telegram on; e-mail on where the product mailed before (a failed payout). */
export function defaults(type: NotificationType) {
  const def = NOTIFICATION_TYPES[type] as TypeDef;
  return { telegram: true, email: def.email === true || def.alwaysOn === true };
}

/** A Telegram link or unlink in the audit trail (which account, and the one it replaced). */
export function recordTelegramLink(
  tx: EntityManager,
  userId: number,
  action: 'account.telegram_linked' | 'account.telegram_unlinked',
  account: TelegramAccount,
  replaced: TelegramAccount | null,
) {
  const named = (a: TelegramAccount | null) => (a ? { id: a.id, username: a.username } : null);
  return recordAudit(tx, {
    actor: accountActor(userId),
    action,
    object: { type: 'user', id: userId },
    before: action === 'account.telegram_linked' ? { telegram: named(replaced) } : { telegram: named(account) },
    after: action === 'account.telegram_linked' ? { telegram: named(account) } : { telegram: null },
  });
}
