import { Heading } from '@chakra-ui/react/heading';
import { List } from '@chakra-ui/react/list';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { t } from '@lingui/core/macro';
import { i18n } from '../../lib/i18n';

/** When both policies were last changed (UTC). */
export const POLICY_DATE = Date.UTC(2026, 10, 21);

export interface PolicySection {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

/** A date in the page's language; English as the policies always wrote it (21 November 2026). */
function longDate(time: number): string {
  const locale = i18n.locale === 'en' || i18n.locale === 'pseudo' ? 'en-GB' : i18n.locale;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(time);
}

export function PolicyText({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  /** When the text last changed: shown as a date in the page's language ("21 November 2026"). */
  updated: number;
  intro: string;
  sections: PolicySection[];
}) {
  const date = longDate(updated);
  return (
    <Stack as="article" gap="6">
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t`Last updated: ${date}`}
        </Text>
      </Stack>
      <Text>{intro}</Text>
      {sections.map((section, index) => (
        <Stack key={section.title} gap="3">
          <Heading as="h2" size="lg">
            {index + 1}. {section.title}
          </Heading>
          {section.paragraphs?.map((paragraph) => (
            <Text key={paragraph} color="fg.muted" lineHeight="tall">
              {paragraph}
            </Text>
          ))}
          {section.items && (
            <List.Root ps="5" gap="1" color="fg.muted">
              {section.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List.Root>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
