import '../../lib/zod-config';
import { z } from 'zod';
import type { TaskType } from '../../gql/graphql';
import { isTelegramLink, resourceMessages, toTelegramLink } from './constants';

export {
  TELEGRAM_HOST,
  resourceMessages,
  RESOURCE_PAGE_SIZE,
  MAX_IMAGE_BYTES,
  IMAGE_EXTENSIONS,
  IMAGE_ACCEPT,
  selectableTypes,
  typeLabels,
  toTelegramLink,
  isTelegramLink,
  checkImage,
} from './constants';

export const resourceSchema = z
  .object({
    /** Set on resources that already exist (read-only in the update modal). */
    id: z.string().optional(),
    /** The spec's 'new' flag: only new resources are editable or removable. */
    isNew: z.boolean(),
    /** Creation mode: details stay hidden until a search result or manual entry. */
    revealed: z.boolean(),
    type: z.enum(['CHAT', 'CHANNEL', 'BOT', 'CUSTOM', 'SMART_LINK']),
    title: z
      .string()
      .trim()
      .min(1, { error: () => resourceMessages.nameRequired }),
    url: z
      .string()
      .trim()
      .min(1, { error: () => resourceMessages.urlRequired }),
    logo: z.string().min(1, { error: () => resourceMessages.logoRequired }),
    isMiniApp: z.boolean(),
    inviteLink: z.string().trim(),
  })
  .superRefine((r, ctx) => {
    if (!r.isNew) return;
    const url = r.type === 'CUSTOM' ? r.url.trim() : toTelegramLink(r.url);
    if (url && r.type !== 'CUSTOM' && !isTelegramLink(url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: resourceMessages.linkInvalid });
    }
    if (url && r.type === 'CUSTOM' && !/^https?:\/\/\S+$/.test(url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: resourceMessages.customLinkInvalid });
    }
    const invite = hasInviteLink(r.type) ? r.inviteLink.trim() : '';
    if (invite && !isTelegramLink(toTelegramLink(invite))) {
      ctx.addIssue({ code: 'custom', path: ['inviteLink'], message: resourceMessages.linkInvalid });
    }
  });
export type ResourceValues = z.infer<typeof resourceSchema>;

export const resourcesSchema = z.object({ tasks: z.array(resourceSchema).min(1) });
export type ResourcesValues = z.infer<typeof resourcesSchema>;

export const projectSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: () => resourceMessages.projectNameRequired }),
  categoryId: z.string().min(1, { error: () => resourceMessages.categoryRequired }),
  tasks: z.array(resourceSchema),
});
export type ProjectValues = z.infer<typeof projectSchema>;

/** Only channels and chats are joined by invite link; the field exists for them alone. */
export const hasInviteLink = (type: TaskType) => type === 'CHANNEL' || type === 'CHAT';

export function emptyResource(type: TaskType = 'CUSTOM'): ResourceValues {
  return { isNew: true, revealed: false, type, title: '', url: '', logo: '', isMiniApp: false, inviteLink: '' };
}

/** What TaskInput takes: '@' converted, empty invite link as null, isMiniApp only for bots. */
export function toTaskInput(r: ResourceValues) {
  const invite = hasInviteLink(r.type) ? r.inviteLink.trim() : '';
  return {
    ...(r.id ? { id: r.id } : {}),
    type: r.type,
    title: r.title.trim(),
    url: r.type === 'CUSTOM' ? r.url.trim() : toTelegramLink(r.url),
    logo: r.logo,
    isMiniApp: r.type === 'BOT' ? r.isMiniApp : false,
    inviteLink: invite ? toTelegramLink(invite) : null,
  };
}
