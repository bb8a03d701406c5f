import { t } from '@lingui/core/macro';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPIED_DURATION } from '../../components/ui/CopyButton';
import { notifyError } from '../../components/ui/toaster';
import { SNIPPET_LABELS, type SnippetKind, showcaseSnippets } from './platform';

const KINDS = Object.keys(SNIPPET_LABELS) as SnippetKind[];

/** The showcase code for one app in four flavours (HTML, web component, React, Vue), with copy. */
export function ShowcaseCode({ platformId }: { platformId: string }) {
  const [kind, setKind] = useState<SnippetKind>('html');
  const code = showcaseSnippets(platformId, window.location.origin)[kind];
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_DURATION);
    } catch {
      notifyError(t`Could not copy, select the code and copy it`);
    }
  };

  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="1" role="tablist" aria-label={t`Integration`} wrap="wrap">
          {KINDS.map((k) => (
            <Button
              key={k}
              size="xs"
              role="tab"
              aria-selected={k === kind}
              variant={k === kind ? 'solid' : 'outline'}
              colorPalette={k === kind ? 'brand' : 'gray'}
              onClick={() => setKind(k)}
            >
              {SNIPPET_LABELS[k]}
            </Button>
          ))}
        </HStack>
        <Button
          size="xs"
          colorPalette="brand"
          variant="subtle"
          onClick={() => void copy()}
          aria-label={copied ? t`Copied` : t`Copy code`}
        >
          {copied ? <Check data-testid="copy-done" /> : <Copy />} {copied ? t`Copied` : t`Copy code`}
        </Button>
      </HStack>
      <Box
        as="pre"
        role="tabpanel"
        data-testid="showcase-code"
        tabIndex={0}
        aria-label={t`Showcase code: ${SNIPPET_LABELS[kind]}`}
        fontFamily="mono"
        fontSize="sm"
        bg="bg.muted"
        borderWidth="1px"
        borderRadius="lg"
        p="4"
        overflowX="auto"
        whiteSpace="pre"
      >
        {code}
      </Box>
    </Stack>
  );
}
