import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';

// The categories the product ships with (server/demo/seed.ts CATEGORIES), in the dashboard's
// language. A category an operator adds later shows as it was written.
const CATEGORY_NAMES: Record<string, MessageDescriptor> = {
  Games: msg({ message: 'Games', context: 'category' }),
  Finance: msg({ message: 'Finance', context: 'category' }),
  Crypto: msg({ message: 'Crypto', context: 'category' }),
  Education: msg({ message: 'Education', context: 'category' }),
  Entertainment: msg({ message: 'Entertainment', context: 'category' }),
  News: msg({ message: 'News', context: 'category' }),
  Shopping: msg({ message: 'Shopping', context: 'category' }),
  Social: msg({ message: 'Social', context: 'category' }),
  Tools: msg({ message: 'Tools', context: 'category' }),
  Lifestyle: msg({ message: 'Lifestyle', context: 'category' }),
  Sports: msg({ message: 'Sports', context: 'category' }),
  Music: msg({ message: 'Music', context: 'category' }),
};

/** A category's name in the reader's language. */
export function categoryName(title: string): string {
  const known = CATEGORY_NAMES[title];
  return known ? i18n._(known) : title;
}
