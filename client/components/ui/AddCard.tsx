import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

/** The dashed "Add New …" card that opens a grid of projects or apps. */
export function AddCard({
  label,
  icon,
  onClick,
  testId,
  disabledWhy,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  /** Why it cannot be used (an access level too low): disabled, and said on hover. */
  disabledWhy?: string;
}) {
  return (
    <Flex
      as="button"
      onClick={onClick}
      {...({ disabled: !!disabledWhy, title: disabledWhy } as object)}
      opacity={disabledWhy ? 0.6 : undefined}
      pointerEvents={disabledWhy ? 'none' : undefined}
      data-testid={testId}
      direction="column"
      align="center"
      justify="center"
      gap="3"
      minH="44"
      borderWidth="2px"
      borderStyle="dashed"
      borderRadius="2xl"
      color="fg.muted"
      bg="bg.subtle"
      cursor="pointer"
      transition="border-color 0.15s, color 0.15s"
      _hover={{ borderColor: 'brand.solid', color: 'brand.fg' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
    >
      {icon}
      <Text fontWeight="semibold" color="fg">
        {label}
      </Text>
    </Flex>
  );
}
