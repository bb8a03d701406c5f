import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

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

/** A page's title and description; the shell shows the same before the app runs (ShellPlaceholder). */
export function PageHeading({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl" letterSpacing="-0.01em">
        {title}
      </Heading>
      {description && <Text color="fg.muted">{description}</Text>}
    </Stack>
  );
}
