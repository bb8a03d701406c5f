import { Button, IconButton } from '@chakra-ui/react/button';
import { formatCount } from '../../lib/locale';
import { HStack } from '@chakra-ui/react/stack';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';

/**
 * Three page buttons around the current range, plus previous and next. `current` is a
 * range so that a list grown with 'Show more' marks every page on screen.
 */
export function Pagination({
  current,
  pages,
  onPage,
  label,
}: {
  current: { from: number; to: number };
  pages: number;
  onPage: (page: number) => void;
  /** aria-label of the navigation landmark, e.g. 'Resource pages'. */
  label: string;
}) {
  const { t } = useLingui();
  const start = Math.max(1, Math.min(current.from - 1, pages - 2));
  const buttons = Array.from({ length: Math.min(3, pages) }, (_, i) => start + i);
  return (
    <HStack as="nav" aria-label={label} gap="1" data-testid="pagination">
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={t`Previous page`}
        disabled={current.from <= 1}
        onClick={() => onPage(current.from - 1)}
      >
        <ChevronLeft />
      </IconButton>
      {buttons.map((p) => {
        const active = p >= current.from && p <= current.to;
        return (
          <Button
            key={p}
            size="sm"
            variant={active ? 'solid' : 'ghost'}
            colorPalette={active ? 'brand' : 'gray'}
            aria-current={active ? 'page' : undefined}
            aria-label={t`Page ${formatCount(p)}`}
            onClick={() => onPage(p)}
          >
            {formatCount(p)}
          </Button>
        );
      })}
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={t`Next page`}
        disabled={current.to >= pages}
        onClick={() => onPage(current.to + 1)}
      >
        <ChevronRight />
      </IconButton>
    </HStack>
  );
}
