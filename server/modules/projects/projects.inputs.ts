import { z } from 'zod';
import { imagePath } from '../../rest/params.ts';
import { TASK_TYPES } from './project.entity.ts';
import { says } from '../../failures.ts';

export const TELEGRAM_HOST = 'https://t.me';
const TELEGRAM_LINK = /^https:\/\/t\.me\/[A-Za-z0-9_+/]+$/;
export const TELEGRAM_LINK_MESSAGE = says('LINK_MUST_START_TELEGRAM', { host: TELEGRAM_HOST });

/** `@name`, `t.me/name` and `http://t.me/name` all become `https://t.me/name`. */
export function normaliseTelegramLink(input: string): string {
  const text = input.trim();
  if (text.startsWith('@')) return `${TELEGRAM_HOST}/${text.slice(1)}`;
  return text.replace(/^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\//i, `${TELEGRAM_HOST}/`);
}

export const isTelegramLink = (url: string) => TELEGRAM_LINK.test(url);

/** The username part of a Telegram link, e.g. `mychannel` from https://t.me/mychannel. */
export function telegramUsername(url: string): string | null {
  const m = /^https:\/\/t\.me\/([A-Za-z0-9_]{3,64})(?:[/?]|$)/.exec(normaliseTelegramLink(url));
  return m?.[1] && !m[1].startsWith('+') ? m[1] : null;
}

export const TaskInput = z
  .object({
    type: z.enum(TASK_TYPES, { error: says('CHOOSE_RESOURCE_TYPE') }),
    title: z
      .string({ error: says('RESOURCE_NAME_REQUIRED') })
      .trim()
      .min(1, says('RESOURCE_NAME_REQUIRED'))
      .max(200),
    url: z
      .string({ error: says('RESOURCE_URL_REQUIRED') })
      .trim()
      .min(1, says('RESOURCE_URL_REQUIRED'))
      .max(500),
    logo: imagePath('Resource logo is required', 'Upload the logo as an image'),
    isMiniApp: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    inviteLink: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .transform((v) => (v ? normaliseTelegramLink(v) : null)),
  })
  .transform((t, ctx) => {
    const url = t.type === 'CUSTOM' ? t.url : normaliseTelegramLink(t.url);
    if (t.type !== 'CUSTOM' && !isTelegramLink(url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: TELEGRAM_LINK_MESSAGE });
    }
    if (t.type === 'CUSTOM' && !/^https?:\/\/\S+$/.test(url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: says('LINK_MUST_START_HTTPS') });
    }
    if (t.inviteLink && !isTelegramLink(t.inviteLink)) {
      ctx.addIssue({ code: 'custom', path: ['inviteLink'], message: TELEGRAM_LINK_MESSAGE });
    }
    return { ...t, url, isMiniApp: t.type === 'BOT' ? t.isMiniApp : false };
  });
export type TaskInput = z.output<typeof TaskInput>;

const projectFields = {
  title: z
    .string({ error: says('PROJECT_NAME_REQUIRED') })
    .trim()
    .min(1, says('PROJECT_NAME_REQUIRED'))
    .max(120),
  categoryId: z.coerce
    .number({ error: says('PROJECT_CATEGORY_MISSING') })
    .int(says('PROJECT_CATEGORY_MISSING'))
    .positive(says('PROJECT_CATEGORY_MISSING')),
};

export const CreateProjectInput = z.object({
  ...projectFields,
  tasks: z.array(TaskInput).max(50, says('AT_MOST_50_RESOURCES_AT')).default([]),
});
export type CreateProjectInput = z.output<typeof CreateProjectInput>;

/** Existing tasks (with an id) are read-only here: only new ones are added. */
export const UpdateProjectInput = z.object({
  ...projectFields,
  tasks: z
    .array(z.record(z.string(), z.unknown()), { error: says('TASKS_MUST_LIST') })
    .max(50, says('AT_MOST_50_RESOURCES_AT'))
    .default([])
    .transform((items, ctx) => {
      const newTasks: TaskInput[] = [];
      items.forEach((item, index) => {
        if (item.id !== undefined && item.id !== null) return;
        const parsed = TaskInput.safeParse(item);
        if (parsed.success) newTasks.push(parsed.data);
        else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [index, ...issue.path] } as never);
      });
      return newTasks;
    }),
});
export type UpdateProjectInput = z.output<typeof UpdateProjectInput>;

export const SuggestionInput = z.object({
  url: z
    .string({ error: says('RESOURCE_URL_REQUIRED') })
    .trim()
    .min(1, says('RESOURCE_URL_REQUIRED'))
    .max(500),
});
