import { Heading } from '@chakra-ui/react/heading';
import { List } from '@chakra-ui/react/list';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';

export interface PolicySection {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

export function PolicyText({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: string;
  sections: PolicySection[];
}) {
  return (
    <Stack as="article" gap="6">
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Last updated: {updated}
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
