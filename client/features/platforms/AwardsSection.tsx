import { t } from '@lingui/core/macro';
import { Avatar } from '@chakra-ui/react/avatar';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { FormField } from '../../components/ui/FormField';
import type { PlatformValues, ServiceAwardItem } from './platform';
import { Trans } from '@lingui/react/macro';
import type { FormErrors, ServiceErrors, ServicePanelProps } from './PlatformForm';

/** The in-app awards players earn, as chips that open the award dialog. */
export function AwardsSection({
  awards,
  errors,
  onAdd,
  onEdit,
}: {
  awards: PlatformValues['awards'];
  errors: FormErrors;
  onAdd: () => void;
  onEdit: (award: PlatformValues['awards'][number]) => void;
}) {
  return (
    <Card.Root borderRadius="2xl">
      <Card.Body gap="4">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="0">
            <Heading size="md">
              <Trans>Awards</Trans>
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              <Trans>The in-app rewards (coins, gems…) your players get for completing tasks.</Trans>
            </Text>
          </Stack>
          <Button variant="outline" size="sm" onClick={onAdd}>
            <Plus /> <Trans>Add award</Trans>
          </Button>
        </HStack>
        {awards.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="no-awards">
            <Trans>No awards yet. Add one to choose it in the task types below.</Trans>
          </Text>
        ) : (
          <Flex gap="3" wrap="wrap" data-testid="awards-list">
            {awards.map((a, i) => (
              <HStack
                key={a.key}
                data-testid="award-chip"
                data-title={a.title}
                data-invalid={errors.awards?.[i] ? '' : undefined}
                borderWidth="1px"
                borderColor={errors.awards?.[i] ? 'border.error' : 'border'}
                borderRadius="full"
                ps="1"
                pe="1"
                py="1"
                gap="2"
              >
                <Avatar.Root size="xs">
                  {a.logo && <Avatar.Image src={a.logo} alt="" />}
                  <Avatar.Fallback name={a.title} />
                </Avatar.Root>
                <Text fontSize="sm" fontWeight="medium">
                  {a.title}
                </Text>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  borderRadius="full"
                  aria-label={t`Edit award ${a.title}`}
                  onClick={() => onEdit(a)}
                >
                  <Pencil />
                </IconButton>
              </HStack>
            ))}
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** One award of a task type: which award and how many, with a remove button. */
export function AwardRow({
  row,
  index,
  label,
  awards,
  errors,
  onChange,
  onRemove,
}: {
  row: ServiceAwardItem;
  index: number;
  label: string;
  awards: ServicePanelProps['awards'];
  errors: NonNullable<NonNullable<ServiceErrors>['awards']>[number] | undefined;
  onChange: (patch: Partial<ServiceAwardItem>) => void;
  onRemove: () => void;
}) {
  return (
    <SimpleGrid
      columns={{ base: 1, sm: 2 }}
      gap="3"
      alignItems="start"
      data-testid="service-award-row"
      css={{ gridTemplateColumns: { sm: '1fr 140px auto' } }}
    >
      <FormField label={t`Award`} error={errors?.awardKey?.message}>
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label={t`${label} award ${index + 1}`}
            placeholder={t`Choose an award`}
            value={row.awardKey}
            onChange={(e) => {
              const award = awards.find((a) => a.key === e.target.value);
              onChange({ awardKey: e.target.value, awardTitle: award?.title ?? '' });
            }}
          >
            {awards.map((a) => (
              <option key={a.key} value={a.key}>
                {a.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label={t`Quantity`} error={errors?.value?.message}>
        <Input
          aria-label={t`${label} award ${index + 1} quantity`}
          inputMode="numeric"
          placeholder="100"
          value={row.value}
          onChange={(e) => onChange({ value: e.target.value.replace(/[^\d]/g, '') })}
        />
      </FormField>
      <IconButton
        aria-label={t`Remove ${label} award ${index + 1}`}
        variant="ghost"
        mt={{ sm: '6' }}
        onClick={onRemove}
      >
        <Trash2 />
      </IconButton>
    </SimpleGrid>
  );
}
