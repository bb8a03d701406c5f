import { IconButton, type IconButtonProps } from '@chakra-ui/react/button';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

export const COPIED_DURATION = 1500;

/** Copies `value`; the icon turns into a check mark for 1500 ms. */
export function CopyButton({
  value,
  label = 'Copy',
  ...rest
}: { value: string; label?: string } & Omit<IconButtonProps, 'aria-label'>) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    await navigator.clipboard?.writeText(value);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_DURATION);
  };

  return (
    <IconButton variant="ghost" size="xs" aria-label={copied ? 'Copied' : label} onClick={copy} {...rest}>
      {copied ? <Check data-testid="copy-done" /> : <Copy />}
    </IconButton>
  );
}
