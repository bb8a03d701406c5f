import { Badge } from '@chakra-ui/react/badge';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { HStack } from '@chakra-ui/react/stack';
import { useLingui } from '@lingui/react';
import { Link, useLocation } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ExternalLink } from 'lucide-react';
import type { Area } from '../../lib/areas';
import { areaTabs } from './tabs';

/** Badge counts for the exchange tabs; null when the user is not exchange-ready. */
export type ExchangeBadges = { incoming: number; outgoing: number } | null;

export function AreaTabs({ area, docsUrl, badges = null }: { area: Area; docsUrl?: string; badges?: ExchangeBadges }) {
  const { pathname } = useLocation();
  const { _ } = useLingui();
  return (
    <HStack as="nav" aria-label={_(msg`Sections`)} gap="1" overflowX="auto" className="hide-scrollbar">
      {areaTabs[area].map((tab) => {
        const active = tab.matches(pathname);
        const style = {
          px: '3',
          py: '3',
          fontSize: 'sm',
          fontWeight: 'medium',
          whiteSpace: 'nowrap',
          color: active ? 'fg' : 'fg.muted',
          borderBottomWidth: '2px',
          borderColor: active ? 'brand.solid' : 'transparent',
          textDecoration: 'none',
          _hover: { color: 'fg', textDecoration: 'none' },
        } as const;
        if (tab.to === null) {
          return (
            <ChakraLink key="docs" href={docsUrl} target="_blank" rel="noreferrer" {...style}>
              {_(tab.label)} <ExternalLink size={14} />
            </ChakraLink>
          );
        }
        const count = tab.badge && badges ? badges[tab.badge] : null;
        return (
          <ChakraLink key={tab.to} asChild {...style}>
            <Link to={tab.to} aria-current={active ? 'page' : undefined}>
              {_(tab.label)}
              {count ? (
                <Badge
                  colorPalette="red"
                  variant="solid"
                  borderRadius="full"
                  size="xs"
                  data-testid={`badge-${tab.badge}`}
                >
                  {count}
                </Badge>
              ) : null}
            </Link>
          </ChakraLink>
        );
      })}
    </HStack>
  );
}
