/** The Telegram account linked to a user (through the system bot), as the API shows it. */
export interface TelegramLink {
  id: number;
  username: string | null;
}

export function telegramLinkOf(u: {
  telegramUserId?: number | null;
  telegramUsername?: string | null;
}): TelegramLink | null {
  return u.telegramUserId ? { id: Number(u.telegramUserId), username: u.telegramUsername ?? null } : null;
}
