import { t } from '@lingui/core/macro';
// Constants and checks of the resource form without zod, so pages can import them cheaply.
import type { TaskType } from '../../gql/graphql';

export const TELEGRAM_HOST = 'https://t.me';
const TELEGRAM_LINK = /^https:\/\/t\.me\/[A-Za-z0-9_+/]+$/;

// The fixed messages users see; tests assert them verbatim.
export const resourceMessages = {
  get nameRequired() {
    return t`Resource name is required`;
  },
  get urlRequired() {
    return t`Resource url is required`;
  },
  get linkInvalid() {
    return t`The link is not valid, it should start with ${TELEGRAM_HOST}/your_link`;
  },
  get customLinkInvalid() {
    return t`The link is not valid, it should start with https://`;
  },
  get logoRequired() {
    return t`Resource logo is required`;
  },
  get projectNameRequired() {
    return t`Project name is required`;
  },
  get categoryRequired() {
    return t`Category is required`;
  },
  get notFilled() {
    return t`Required fields are not filled in`;
  },
  get notFound() {
    return t`Resource not found. Please fill in the fields yourself`;
  },
  get tooLarge() {
    return t`Too large file`;
  },
  get imageOnly() {
    return t`Add an image only`;
  },
} as const;

export const RESOURCE_PAGE_SIZE = 10;
export const MAX_IMAGE_BYTES = 1024 * 1024;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'svg', 'avif'] as const;
export const IMAGE_ACCEPT = `${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')},image/*`;

/** The four types the form offers (SMART_LINK exists but is not selectable). */
export const selectableTypes: Array<{ value: TaskType; label: string }> = [
  {
    value: 'CHAT',
    get label() {
      return t`Chat`;
    },
  },
  {
    value: 'CHANNEL',
    get label() {
      return t`Channel`;
    },
  },
  {
    value: 'BOT',
    get label() {
      return t`Bot`;
    },
  },
  {
    value: 'CUSTOM',
    get label() {
      return t`Custom`;
    },
  },
];

export const typeLabels: Record<TaskType, string> = {
  get CHAT() {
    return t`Chat`;
  },
  get CHANNEL() {
    return t`Channel`;
  },
  get BOT() {
    return t`Bot`;
  },
  get CUSTOM() {
    return t`Custom`;
  },
  get SMART_LINK() {
    return t`Smart link`;
  },
};

/** `@name`, `t.me/name` and `http://t.me/name` all become `https://t.me/name`; anything else is kept. */
export function toTelegramLink(input: string): string {
  const text = input.trim();
  if (text.startsWith('@')) return `${TELEGRAM_HOST}/${text.slice(1)}`;
  return text.replace(/^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\//i, `${TELEGRAM_HOST}/`);
}

export const isTelegramLink = (url: string) => TELEGRAM_LINK.test(url);

/** Checks made before an image is sent: size, then MIME type, then extension. */
export function checkImage(file: { name: string; size: number; type: string }): string | null {
  if (file.size > MAX_IMAGE_BYTES) return resourceMessages.tooLarge;
  if (!file.type.includes('image')) return resourceMessages.imageOnly;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return resourceMessages.imageOnly;
  return null;
}

/** Telegram keeps usernames ending in "bot" for bots: `t.me/walker_bot` is one, `t.me/walker_news` is not. */
export function isBotLink(url: string): boolean {
  const name = /^https?:\/\/t\.me\/([A-Za-z0-9_]+)\/?$/.exec(url.trim())?.[1];
  return name !== undefined && /bot$/i.test(name);
}
