import { IconButton, type IconButtonProps } from '@chakra-ui/react/button';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';

export const COPIED_DURATION = 1500;

/** Copies `value`; the icon turns into a check mark for 1500 ms. */
export function CopyButton({
  value,
  label,
  ...rest
}: { value: string; label?: string } & Omit<IconButtonProps, 'aria-label'>) {
  const { t } = useLingui();
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
    <IconButton variant="ghost" size="xs" aria-label={copied ? t`Copied` : (label ?? t`Copy`)} onClick={copy} {...rest}>
      {copied ? <Check data-testid="copy-done" /> : <Copy />}
    </IconButton>
  );
}
