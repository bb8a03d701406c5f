/** The moderation page's tabs, in order (the route's `tab` search parameter). */
export const MODERATION_TABS = ['reports', 'campaigns', 'registrations'] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];
