import { Box } from '@chakra-ui/react/box';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId } from 'react';

export function LogoMark({ size = 32 }: { size?: number }) {
  // A gradient id per instance: a hidden copy's definition would otherwise blank the visible one.
  const gradient = `logo-gradient-${useId().replace(/:/g, '')}`;
  return (
    <Box as="span" display="inline-flex" flexShrink={0} aria-hidden>
      <svg width={size} height={size} viewBox="0 0 32 32" role="presentation">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#0ea5e9" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
        <path d="M9 10.5h14v3.2h-5.4V23h-3.2v-9.3H9z" fill="white" />
        <circle cx="22.5" cy="21.5" r="2.2" fill="white" opacity="0.85" />
      </svg>
    </Box>
  );
}

/**
 * `onDark` renders the whole wordmark white, for coloured or gradient backgrounds where the
 * brand colour of "Ads" would not be readable.
 */
export function Logo({ compact = false, onDark = false }: { compact?: boolean; onDark?: boolean }) {
  return (
    <HStack gap="2">
      <LogoMark />
      {!compact && (
        <Text
          fontWeight="bold"
          fontSize="lg"
          letterSpacing="-0.02em"
          whiteSpace="nowrap"
          color={onDark ? 'white' : undefined}
        >
          Taskgram{' '}
          <Text as="span" color={onDark ? 'white' : 'brand.fg'}>
            Ads
          </Text>
        </Text>
      )}
    </HStack>
  );
}

/** The wordmark from `sm` up, the compact mark on phones (the public pages' headers). */
export function ResponsiveLogo() {
  return (
    <>
      <Box display={{ base: 'none', sm: 'block' }}>
        <Logo />
      </Box>
      <Box display={{ base: 'block', sm: 'none' }}>
        <Logo compact />
      </Box>
    </>
  );
}
