/**
 * Publisher earnings stay on hold for HOLD_DAYS; the app's job ends each conversion's hold with
 * `ConversionsService.resolveHolds` (posted to the publisher, or voided back to the campaign).
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
