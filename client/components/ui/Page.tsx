import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { LinguiContext } from '@lingui/react';
import { type ReactNode, useContext } from 'react';
import { pageHeadingMessages } from '../../lib/pageHeadings';

/** Heading row and body of a dashboard page. */
export function Page({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="6">
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="4">
        <PageHeading title={title} description={description} />
        {actions}
      </HStack>
      {children}
    </Stack>
  );
}

/**
 * A page's title and description; the shell shows the same before the app runs (ShellPlaceholder).
 * A page heading of `pageHeadings` is shown in the reader's language inside the dashboard (the
 * build's shells, made outside it, keep the English).
 */
export function PageHeading({ title, description }: { title: string; description?: string }) {
  const lingui = useContext(LinguiContext);
  const translated = (text: string) => {
    const message = lingui && pageHeadingMessages.get(text);
    return message ? lingui._(message) : text;
  };
  title = translated(title);
  description = description && translated(description);
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl" letterSpacing="-0.01em">
        {title}
      </Heading>
      {description && <Text color="fg.muted">{description}</Text>}
    </Stack>
  );
}
