import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What the records shown to people (the audit trail, an account's history) share: a field this
 * build has no name for spaced out, flags as yes/no, ISO moments recognised.
 */

/** "heldUntil" → "held until". */
export const spacedName = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A flag in the reader's words. */
export const yesNo = (value: boolean) => (value ? i18n._(msg`yes`) : i18n._(msg`no`));

/** Whether a text is an ISO moment ("2026-12-07T10:00…"), to show as a date. */
export const isIsoMoment = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);
