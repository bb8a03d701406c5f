import { t } from '@lingui/core/macro';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Search, X } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Trans } from '@lingui/react/macro';

export interface Choice {
  value: string;
  label: string;
  /** Shown at the end of the row, e.g. the country's price tier. */
  hint?: string;
}

interface ChoiceListProps {
  label: string;
  allLabel: string;
  options: Choice[];
  value: string[];
  onChange: (value: string[]) => void;
  searchable?: boolean;
  error?: string;
  testId?: string;
}

/**
 * A multi-select as a filterable list of checkboxes with the picks as removable tags above it.
 * Nothing picked means every option (`allLabel`). Native checkboxes keep a list of ~250
 * countries cheap to render and usable with the keyboard and on phones.
 */
export function ChoiceList({
  label,
  allLabel,
  options,
  value,
  onChange,
  searchable = false,
  error,
  testId,
}: ChoiceListProps) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const id = useId();
  const picked = useMemo(() => new Set(value), [value]);
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const shown = useMemo(() => {
    const q = deferred.trim().toLowerCase();
    if (!q) return options;
    return options.filter((o) => o.label.toLowerCase().includes(q) || o.value.toLowerCase() === q);
  }, [options, deferred]);

  const toggle = (option: string, on: boolean) => onChange(on ? [...value, option] : value.filter((v) => v !== option));

  return (
    <Field.Root invalid={Boolean(error)} data-testid={testId}>
      <Field.Label id={`${id}-label`}>{label}</Field.Label>
      <Stack gap="2" w="full" borderWidth="1px" borderRadius="l2" p="2">
        <HStack gap="1.5" wrap="wrap" minH="7" px="1" aria-live="polite">
          {value.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {allLabel}
            </Text>
          ) : (
            <>
              {value.map((v) => (
                <PickedChip key={v} label={byValue.get(v)?.label ?? v} onRemove={() => toggle(v, false)} />
              ))}
              <Button size="2xs" variant="plain" color="fg.muted" onClick={() => onChange([])}>
                <Trans>Clear</Trans>
              </Button>
            </>
          )}
        </HStack>
        {searchable && (
          <InputGroup startElement={<Search size={14} />}>
            <Input
              size="sm"
              placeholder={t`Search`}
              aria-label={t`Search ${label.toLowerCase()}`}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </InputGroup>
        )}
        <Box
          role="group"
          aria-labelledby={`${id}-label`}
          maxH="44"
          overflowY="auto"
          overscrollBehavior="contain"
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }}
          columnGap="2"
        >
          {shown.length === 0 && (
            <Text fontSize="sm" color="fg.muted" px="2" py="1.5">
              <Trans>Nothing found</Trans>
            </Text>
          )}
          {shown.map((option) => (
            <ChoiceRow
              key={option.value}
              option={option}
              checked={picked.has(option.value)}
              onToggle={(on) => toggle(option.value, on)}
            />
          ))}
        </Box>
      </Stack>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A chosen value as a chip, with its remove button. */
function PickedChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Badge variant="subtle" colorPalette="brand" size="md" pe="0.5" gap="0.5">
      {label}
      <Box asChild display="inline-flex" borderRadius="sm" p="0.5" cursor="pointer" _hover={{ bg: 'brand.muted' }}>
        <button type="button" aria-label={t`Remove ${label}`} onClick={onRemove}>
          <X size={12} />
        </button>
      </Box>
    </Badge>
  );
}

/** One option: its checkbox, its label and its hint (a country's tier). */
function ChoiceRow({
  option,
  checked,
  onToggle,
}: {
  option: Choice;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  return (
    <Box
      as="label"
      display="flex"
      alignItems="center"
      gap="2"
      px="2"
      py="1.5"
      borderRadius="md"
      cursor="pointer"
      fontSize="sm"
      minW="0"
      _hover={{ bg: 'bg.muted' }}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onToggle(e.target.checked)}
        style={{ accentColor: 'var(--chakra-colors-brand-solid)', flexShrink: 0 }}
      />
      <Text as="span" truncate title={option.label}>
        {option.label}
      </Text>
      {option.hint && (
        <Text as="span" ms="auto" fontSize="xs" color="fg.muted" flexShrink={0} aria-hidden>
          {option.hint}
        </Text>
      )}
    </Box>
  );
}
