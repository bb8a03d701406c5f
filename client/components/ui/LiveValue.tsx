import { Box } from '@chakra-ui/react/box';
import { formatCount } from '../../lib/locale';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export const TICK_HIGHLIGHT_MS = 900;

/** True for a moment after `value` changes (not on the first render). */
export function useTicked(value: unknown, ms = TICK_HIGHLIGHT_MS): boolean {
  const previous = useRef(value);
  const [lit, setLit] = useState(false);

  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    setLit(true);
    const timer = setTimeout(() => setLit(false), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);

  return lit;
}

/**
 * A number that changes live: on each change it lights up and fades back. With reduced motion
 * the highlight switches on and off without the fade.
 */
export function LiveValue({ value, children }: { value: string | number; children?: ReactNode }) {
  const lit = useTicked(value);
  return (
    <Box
      as="span"
      display="inline-block"
      px="1"
      mx="-1"
      borderRadius="sm"
      fontVariantNumeric="tabular-nums"
      data-ticked={lit || undefined}
      bg={lit ? 'brand.muted' : 'transparent'}
      color={lit ? 'brand.fg' : undefined}
      // Lights up at once, fades out slowly.
      transition={lit ? 'none' : 'background-color 1.2s ease-out, color 1.2s ease-out'}
      _motionReduce={{ transition: 'none' }}
    >
      {children ?? (typeof value === 'number' ? formatCount(value) : value)}
    </Box>
  );
}
