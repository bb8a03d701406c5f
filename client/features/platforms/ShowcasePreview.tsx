import { t } from '@lingui/core/macro';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Bot, Link2, Megaphone, MessagesSquare, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PlatformTaskType } from '../../gql/graphql';
import { type AwardItem, type ServiceItem, previewTaskText } from './platform';
import { Trans } from '@lingui/react/macro';

const icons: Record<PlatformTaskType, ReactNode> = {
  BOT: <Bot size={18} />,
  CHANNEL: <Megaphone size={18} />,
  CHAT: <MessagesSquare size={18} />,
  SMART_LINK: <Link2 size={18} />,
  CUSTOM: <Sparkles size={18} />,
};

const palette = {
  light: { bg: '#f4f5f7', card: '#ffffff', fg: '#111318', muted: '#6b7280', border: '#e5e7eb', button: '#7c3aed' },
  dark: { bg: '#0f1115', card: '#1a1d24', fg: '#f3f4f6', muted: '#9ca3af', border: '#2a2e37', button: '#a78bfa' },
};

interface ShowcasePreviewProps {
  title: string;
  logo: string;
  isDark: boolean;
  awards: AwardItem[];
  services: ServiceItem[];
}

/** A small mock of the showcase in the chosen theme: the shown task types with their awards. */
export function ShowcasePreview({ title, logo, isDark, awards, services }: ShowcasePreviewProps) {
  const c = isDark ? palette.dark : palette.light;
  const byKey = new Map(awards.map((a) => [a.key, a]));
  const shown = services.filter((s) => !s.isExcluded);

  return (
    <Box
      data-testid="showcase-preview"
      data-theme={isDark ? 'dark' : 'light'}
      aria-label={t`Showcase preview, ${isDark ? 'dark' : 'light'} theme`}
      role="img"
      bg={c.bg}
      color={c.fg}
      borderRadius="2xl"
      borderWidth="6px"
      borderColor={isDark ? '#000' : '#d1d5db'}
      p="3"
      maxW="sm"
      mx="auto"
      w="full"
      transition="background 0.2s, color 0.2s"
    >
      <HStack gap="2" mb="3">
        {logo ? (
          <img src={logo} alt="" width={24} height={24} style={{ borderRadius: 6, objectFit: 'cover' }} />
        ) : (
          <Box w="6" h="6" borderRadius="md" bg={c.border} />
        )}
        <Text fontWeight="semibold" fontSize="sm" truncate>
          {title || t`Your app`} · <Trans>Tasks</Trans>
        </Text>
      </HStack>
      <Stack gap="2">
        {shown.length === 0 && (
          <Text fontSize="xs" color={c.muted} textAlign="center" py="6">
            <Trans>Every task type is hidden.</Trans>
          </Text>
        )}
        {shown.map((s) => (
          <PreviewTask key={s.taskType} service={s} byKey={byKey} c={c} isDark={isDark} />
        ))}
      </Stack>
    </Box>
  );
}

/** One task type's row in the preview: its icon, text, awards and Start button. */
function PreviewTask({
  service: s,
  byKey,
  c,
  isDark,
}: {
  service: ShowcasePreviewProps['services'][number];
  byKey: Map<string, ShowcasePreviewProps['awards'][number]>;
  c: (typeof palette)['light'];
  isDark: boolean;
}) {
  const rows = s.awards.filter((a) => a.awardKey && a.value);
  return (
    <HStack
      data-testid="preview-task"
      bg={c.card}
      borderWidth="1px"
      borderColor={c.border}
      borderRadius="xl"
      px="3"
      py="2"
      gap="3"
    >
      <Flex w="8" h="8" borderRadius="lg" align="center" justify="center" bg={c.bg} color={c.button}>
        {icons[s.taskType]}
      </Flex>
      <Stack gap="0.5" flex="1" minW="0">
        <Text fontSize="xs" fontWeight="semibold" truncate>
          {previewTaskText[s.taskType]}
        </Text>
        <HStack gap="2" wrap="wrap">
          {rows.length === 0 ? (
            <Text fontSize="2xs" color={c.muted}>
              <Trans>No award</Trans>
            </Text>
          ) : (
            rows.map((a, i) => {
              const award = byKey.get(a.awardKey);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only preview; the same award may repeat
                <HStack key={`${a.awardKey}-${i}`} gap="1" data-testid="preview-award">
                  {award?.logo && (
                    <img
                      src={award.logo}
                      alt=""
                      width={14}
                      height={14}
                      style={{ borderRadius: 999, objectFit: 'cover' }}
                    />
                  )}
                  <Text fontSize="2xs" fontWeight="semibold" color={c.fg}>
                    +{a.value} {award?.title ?? a.awardTitle}
                  </Text>
                </HStack>
              );
            })
          )}
        </HStack>
      </Stack>
      <Box
        as="span"
        fontSize="2xs"
        fontWeight="semibold"
        px="2.5"
        py="1"
        borderRadius="full"
        bg={c.button}
        color={isDark ? '#0f1115' : '#ffffff'}
      >
        <Trans>Start</Trans>
      </Box>
    </HStack>
  );
}
