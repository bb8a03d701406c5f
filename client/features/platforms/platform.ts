import { t } from '@lingui/core/macro';
import type { PlatformTaskType } from '../../gql/graphql';
import { toTelegramLink } from '../projects/constants';
import type { PlatformValues } from './platformSchema';

export type { PlatformValues } from './platformSchema';

// The fixed messages users see; tests assert them verbatim.
export const platformMessages = {
  get nameRequired() {
    return t`App name is required`;
  },
  get logoRequired() {
    return t`Platform logo is required`;
  },
  get categoryRequired() {
    return t`Choose a category`;
  },
  get webappRequired() {
    return t`Web app URL is required`;
  },
  get webappInvalid() {
    return t`The link is not valid, it should start with https://`;
  },
  get botRequired() {
    return t`Telegram bot link is required`;
  },
  get botInvalid() {
    return t`The link is not valid, it should start with https://t.me/your_link`;
  },
  get awardNameRequired() {
    return t`Award name is required`;
  },
  get awardNameUnique() {
    return t`Award name must be unique`;
  },
  get awardLogoRequired() {
    return t`Award logo is required`;
  },
  get awardRequired() {
    return t`Award is required`;
  },
  get awardQuantityRequired() {
    return t`Award quantity is required`;
  },
  get botIdInvalid() {
    return t`Enter the numeric bot id`;
  },
  get botTokenInvalid() {
    return t`The bot token looks like 123456:ABC-DEF…`;
  },
  get callbackUrlInvalid() {
    return t`The link is not valid, it should start with https://`;
  },
  get notValid() {
    return t`Fill in all fields correctly`;
  },
  get created() {
    return t`The app has been created`;
  },
  get updated() {
    return t`The app has been updated`;
  },
} as const;

/** Showcase order. */
export const TASK_TYPE_ORDER: PlatformTaskType[] = ['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK', 'CUSTOM'];
/** The create screen offers 4 of the 5 services (no custom). */
export const CREATE_TASK_TYPES: PlatformTaskType[] = ['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK'];

export const taskTabLabels: Record<PlatformTaskType, string> = {
  get BOT() {
    return t`Start Bot`;
  },
  get CHANNEL() {
    return t`Channel`;
  },
  get CHAT() {
    return t`Chat`;
  },
  get SMART_LINK() {
    return t`Visit Link`;
  },
  get CUSTOM() {
    return t`Custom`;
  },
};

/** What a player sees in the showcase preview for each task type. */
export const previewTaskText: Record<PlatformTaskType, string> = {
  get BOT() {
    return t`Start the bot`;
  },
  get CHANNEL() {
    return t`Subscribe to the channel`;
  },
  get CHAT() {
    return t`Join the chat`;
  },
  get SMART_LINK() {
    return t`Visit the link`;
  },
  get CUSTOM() {
    return t`Complete the task`;
  },
};

export interface AwardItem {
  /** Stable client key: `id:<server id>` for saved awards, `new:<n>` for new ones. */
  key: string;
  id: string | null;
  title: string;
  logo: string;
}

export interface ServiceAwardItem {
  /** The award this row gives ('' until one is chosen). */
  awardKey: string;
  /** The award's name, kept in step with renames (it is what the server matches new awards by). */
  awardTitle: string;
  /** Quantity as typed. */
  value: string;
}

export interface TierItem {
  level: number;
  /** What advertisers pay at least for an action in this tier. */
  value: string;
  /** What the publisher earns for it: `value` less the network fee. */
  publisherValue?: string;
  prices: Array<{ value: string; countryId: string; country: { id: string; title: string } }>;
}

export interface ServiceItem {
  id: string | null;
  taskType: PlatformTaskType;
  awards: ServiceAwardItem[];
  isExcluded: boolean;
  shouldConfirmWithoutPayout: boolean;
  tiers: TierItem[];
}

// ---------------------------------------------------------------------------------------------
// Award modal propagation: the award list and every service change together.

export interface AwardsState {
  awards: AwardItem[];
  services: ServiceItem[];
}

export type AwardAction =
  | { type: 'add'; award: AwardItem }
  | { type: 'update'; key: string; title: string; logo: string }
  | { type: 'delete'; key: string };

export function awardsReducer(state: AwardsState, action: AwardAction): AwardsState {
  switch (action.type) {
    case 'add':
      return { ...state, awards: [...state.awards, action.award] };
    case 'update': {
      const previous = state.awards.find((a) => a.key === action.key);
      if (!previous) return state;
      return {
        awards: state.awards.map((a) => (a.key === action.key ? { ...a, title: action.title, logo: action.logo } : a)),
        // Renaming updates the matching awards in every service.
        services: state.services.map((s) => ({
          ...s,
          awards: s.awards.map((sa) => (sa.awardKey === action.key ? { ...sa, awardTitle: action.title } : sa)),
        })),
      };
    }
    case 'delete':
      return {
        awards: state.awards.filter((a) => a.key !== action.key),
        // Deleting an award removes it from every service.
        services: state.services.map((s) => ({
          ...s,
          awards: s.awards.filter((sa) => sa.awardKey !== action.key),
        })),
      };
  }
}

let newKeys = 0;
export function newAwardKey(): string {
  newKeys += 1;
  return `new:${Date.now().toString(36)}${newKeys}`;
}

/** Award modal checks: name required and unique among the other awards, logo required. */
export function validateAward(
  draft: { title: string; logo: string },
  awards: AwardItem[],
  editingKey: string | null,
): { title?: string; logo?: string } {
  const errors: { title?: string; logo?: string } = {};
  const title = draft.title.trim();
  if (!title) errors.title = platformMessages.awardNameRequired;
  else if (awards.some((a) => a.key !== editingKey && a.title.trim().toLowerCase() === title.toLowerCase())) {
    errors.title = platformMessages.awardNameUnique;
  }
  if (!draft.logo) errors.logo = platformMessages.awardLogoRequired;
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Form values (their schema is platformSchema.ts, loaded with the form).

export function emptyService(taskType: PlatformTaskType, tiers: TierItem[] = []): ServiceItem {
  return { id: null, taskType, awards: [], isExcluded: false, shouldConfirmWithoutPayout: false, tiers };
}

export function emptyPlatform(tiers: TierItem[] = []): PlatformValues {
  return {
    title: '',
    logo: '',
    categoryId: '',
    tgBotUrl: '',
    webappUrl: '',
    isDarkTheme: false,
    tgBotId: '',
    botToken: '',
    rewardCallbackUrl: '',
    awards: [],
    services: CREATE_TASK_TYPES.map((t) => emptyService(t, tiers)),
  };
}

export interface LoadedPlatform {
  title: string;
  logo: string;
  categoryId: string;
  tgBotUrl: string;
  webappUrl: string;
  isDarkTheme: boolean;
  tgBotId?: string | null;
  rewardCallbackUrl?: string | null;
  rewards: Array<{ id: string; title: string; logo: string }>;
  services: Array<{
    id?: string | null;
    taskType: PlatformTaskType;
    isExcluded: boolean;
    shouldConfirmWithoutPayout: boolean;
    awards: Array<{ platformRewardId: string; platformRewardTitle: string; value: number }>;
    tiers: TierItem[];
  }>;
}

/** Server platform → form values: five services in showcase order, tiers by level. */
export function toFormValues(p: LoadedPlatform): PlatformValues {
  const awards: AwardItem[] = p.rewards.map((r) => ({ key: `id:${r.id}`, id: r.id, title: r.title, logo: r.logo }));
  const services = TASK_TYPE_ORDER.map((taskType) => {
    const s = p.services.find((x) => x.taskType === taskType);
    if (!s) return emptyService(taskType);
    return {
      id: s.id ?? null,
      taskType,
      isExcluded: s.isExcluded,
      shouldConfirmWithoutPayout: s.shouldConfirmWithoutPayout,
      awards: s.awards.map((a) => ({
        awardKey: `id:${a.platformRewardId}`,
        awardTitle: a.platformRewardTitle,
        value: String(a.value),
      })),
      tiers: [...s.tiers].sort((a, b) => a.level - b.level),
    };
  });
  return {
    title: p.title,
    logo: p.logo,
    categoryId: p.categoryId,
    tgBotUrl: p.tgBotUrl,
    webappUrl: p.webappUrl,
    isDarkTheme: p.isDarkTheme,
    tgBotId: p.tgBotId ?? '',
    botToken: '',
    rewardCallbackUrl: p.rewardCallbackUrl ?? '',
    awards,
    services,
  };
}

/** Form values → PlatformInput; service awards name saved awards by id and new ones by title. */
export function toPlatformInput(values: PlatformValues, mode: 'create' | 'edit') {
  const byKey = new Map(values.awards.map((a) => [a.key, a]));
  return {
    title: values.title.trim(),
    logo: values.logo,
    categoryId: values.categoryId,
    webappUrl: values.webappUrl.trim(),
    ...(mode === 'create' ? { tgBotUrl: toTelegramLink(values.tgBotUrl) } : {}),
    isDarkTheme: values.isDarkTheme,
    // An empty bot id or token leaves the saved one alone; an empty callback URL removes it.
    tgBotId: values.tgBotId.trim() || null,
    botToken: values.botToken.trim() || null,
    rewardCallbackUrl: values.rewardCallbackUrl.trim() || null,
    rewards: values.awards.map((a) => ({ ...(a.id ? { id: a.id } : {}), title: a.title.trim(), logo: a.logo })),
    services: values.services.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      taskType: s.taskType,
      isExcluded: s.isExcluded,
      shouldConfirmWithoutPayout: s.taskType === 'SMART_LINK' ? s.shouldConfirmWithoutPayout : false,
      awards: s.awards.map((sa) => {
        const award = byKey.get(sa.awardKey);
        return award?.id
          ? { platformRewardId: award.id, value: Number(sa.value) }
          : { platformRewardTitle: (award?.title ?? sa.awardTitle).trim(), value: Number(sa.value) };
      }),
    })),
  };
}

export type SnippetKind = 'html' | 'element' | 'react' | 'vue';
export const SNIPPET_LABELS: Record<SnippetKind, string> = {
  html: 'HTML',
  get element() {
    return t`Web component`;
  },
  react: 'React',
  vue: 'Vue',
};

/**
 * Copy-paste integrations of the showcase for one app: the script with Showcase.init,
 * the <taskgram-showcase> element, and React and Vue components around the element.
 */
export function showcaseSnippets(platformId: string, origin: string): Record<SnippetKind, string> {
  const attr = platformId.replace(/"/g, '&quot;');
  return {
    html: showcaseSnippet(platformId, origin),
    element: `<script src="${origin}/showcase.js"></script>
<taskgram-showcase data-platform-id="${attr}"></taskgram-showcase>
<script>
  const showcase = document.querySelector('taskgram-showcase');
  showcase.addEventListener('load', (event) => {});
  showcase.addEventListener('starttask', (event) => {});
  showcase.addEventListener('finishtask', (event) => {
    // Give the player event.detail.awards in your app.
  });
  // Try it first with data-debug="true": one test task, no money moves.
</script>`,
    react: `// index.html: <script src="${origin}/showcase.js"></script>
// Types: save ${origin}/showcase.d.ts into your project.
import { useEffect, useRef } from 'react';

export function TaskShowcase({ onAwards }: { onAwards: (awards: { title: string; value: number }[]) => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const finish = (event: Event) => onAwards((event as CustomEvent).detail.awards);
    element.addEventListener('finishtask', finish);
    return () => element.removeEventListener('finishtask', finish);
  }, [onAwards]);
  return <taskgram-showcase ref={ref} data-platform-id="${attr}" />;
}`,
    vue: `<!-- index.html: <script src="${origin}/showcase.js"></script>
     vite.config: vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'taskgram-showcase' } } }) -->
<template>
  <taskgram-showcase data-platform-id="${attr}" @finishtask="onFinish" />
</template>

<script setup>
function onFinish(event) {
  // Give the player event.detail.awards in your app.
}
</script>`,
  };
}

/** The showcase snippet for one platform. */
export function showcaseSnippet(platformId: string, origin: string): string {
  const id = /^\d+$/.test(platformId) ? platformId : JSON.stringify(platformId);
  return `<div id="taskgram-showcase"></div>
<script src="${origin}/showcase.js"></script>
<script>
  Showcase.init({
    platformId: ${id},
    container: document.getElementById('taskgram-showcase'),
    onLoad: () => {},
    onStartTask: (task) => {},
    onFinishTask: (task) => {},
  });
</script>`;
}
