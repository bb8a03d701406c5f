import { t } from '@lingui/core/macro';
import { formatMoney } from '../../lib/money';
import { countryName, formatList } from '../../lib/locale';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Gift } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import type { PlatformTaskType } from '../../gql/graphql';
import { type PlatformValues, type ServiceAwardItem, type ServiceItem, taskTabLabels } from './platform';
import { Trans } from '@lingui/react/macro';
import { AwardRow } from './AwardsSection';
import type { FormErrors, PlatformFormProps, ServicePanelProps } from './PlatformForm';

/** One tab per task type (arrow keys move between them), each with its ServicePanel. */
export function ShowcaseSection({
  mode,
  services,
  awards,
  errors,
  tab,
  onTab,
  networkFeePercent,
  onChange,
  onAwardChange,
}: {
  mode: PlatformFormProps['mode'];
  services: ServiceItem[];
  awards: PlatformValues['awards'];
  errors: FormErrors;
  tab: PlatformTaskType;
  onTab: (tab: PlatformTaskType) => void;
  networkFeePercent?: number;
  onChange: (index: number, patch: Partial<ServiceItem>) => void;
  onAwardChange: (index: number, row: number, patch: Partial<ServiceAwardItem>) => void;
}) {
  const tablist = useRef<HTMLDivElement>(null);
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = services[(index + step + services.length) % services.length];
    onTab(next.taskType);
    tablist.current?.querySelector<HTMLElement>(`#service-tab-${next.taskType}`)?.focus();
  };
  return (
    <Card.Root borderRadius="2xl" gridColumn={{ lg: 'span 3' }}>
      <Card.Body gap="4">
        <Stack gap="0">
          <Heading size="md">
            <Trans>Showcase customization</Trans>
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            <Trans>Choose what your players get for each task type.</Trans>
          </Text>
        </Stack>
        <Flex
          ref={tablist}
          role="tablist"
          aria-label={t`Task types`}
          gap="1"
          wrap="wrap"
          borderBottomWidth="1px"
          pb="2"
        >
          {services.map((s, i) => {
            const selected = s.taskType === tab;
            const hasError = Boolean(errors.services?.[i]);
            return (
              <Button
                key={s.taskType}
                id={`service-tab-${s.taskType}`}
                role="tab"
                aria-selected={selected}
                aria-controls={`service-panel-${s.taskType}`}
                tabIndex={selected ? 0 : -1}
                size="sm"
                variant={selected ? 'subtle' : 'ghost'}
                colorPalette={hasError ? 'red' : selected ? 'brand' : 'gray'}
                onClick={() => onTab(s.taskType)}
                onKeyDown={(e) => onTabKey(e, i)}
              >
                {taskTabLabels[s.taskType]}
                {hasError && ' •'}
              </Button>
            );
          })}
        </Flex>
        {services.map((s, i) => (
          <Box
            key={s.taskType}
            id={`service-panel-${s.taskType}`}
            role="tabpanel"
            aria-labelledby={`service-tab-${s.taskType}`}
            hidden={s.taskType !== tab}
            data-testid={`service-panel-${s.taskType}`}
          >
            <ServicePanel
              mode={mode}
              networkFeePercent={networkFeePercent}
              service={s}
              awards={awards}
              errors={errors.services?.[i]}
              onChange={(patch) => onChange(i, patch)}
              onAwardChange={(row, patch) => onAwardChange(i, row, patch)}
            />
          </Box>
        ))}
      </Card.Body>
    </Card.Root>
  );
}

/** One task type: its awards with quantities, display switches and tier prices. */
export function ServicePanel({
  mode = 'edit',
  networkFeePercent,
  service,
  awards,
  errors,
  onChange,
  onAwardChange,
}: ServicePanelProps) {
  const label = taskTabLabels[service.taskType];
  return (
    <Stack gap="5">
      <Stack gap="3">
        <Text fontWeight="semibold">
          <Trans>Awards for {label}</Trans>
        </Text>
        {service.awards.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>No awards for this task type yet.</Trans>
          </Text>
        )}
        {service.awards.map((row, j) => (
          <AwardRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are plain values edited in place; position is their identity
            key={`${service.taskType}-${j}`}
            row={row}
            index={j}
            label={label}
            awards={awards}
            errors={errors?.awards?.[j]}
            onChange={(patch) => onAwardChange(j, patch)}
            onRemove={() => onChange({ awards: service.awards.filter((_, k) => k !== j) })}
          />
        ))}
        <Button
          variant="outline"
          size="sm"
          alignSelf="flex-start"
          onClick={() => onChange({ awards: [...service.awards, { awardKey: '', awardTitle: '', value: '' }] })}
        >
          <Trans>
            <Gift /> Add award to {label}
          </Trans>
        </Button>
      </Stack>

      {/* The edit screen has these; a new app shows every task type. */}
      {mode === 'edit' && (
        <Stack gap="2">
          <Checkbox.Root
            checked={service.isExcluded}
            onCheckedChange={(e) => onChange({ isExcluded: e.checked === true })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              <Trans>Disable task type display</Trans>
            </Checkbox.Label>
          </Checkbox.Root>
          {service.taskType === 'SMART_LINK' && (
            <Checkbox.Root
              checked={service.shouldConfirmWithoutPayout}
              onCheckedChange={(e) => onChange({ shouldConfirmWithoutPayout: e.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <Trans>Award the user in any case</Trans>
              </Checkbox.Label>
            </Checkbox.Root>
          )}
        </Stack>
      )}

      <TierPrices tiers={service.tiers} feePercent={networkFeePercent} />
    </Stack>
  );
}

/**
 * What the publisher earns per action in each tier: the tier price less the network fee, as
 * each conversion credits it; the tier price advertisers pay and the fee are said beside it.
 */
export function TierPrices({ tiers, feePercent: fee }: { tiers: ServiceItem['tiers']; feePercent?: number }) {
  return (
    <Field.Root>
      <Field.Label>
        <Trans>You earn per action, by tier</Trans>
      </Field.Label>
      {tiers.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          <Trans>Tier prices appear once the tiers are set up.</Trans>
        </Text>
      ) : (
        <Stack gap="2" w="full" data-testid="tier-list">
          {tiers.map((tier) => (
            <HStack
              key={tier.level}
              align="flex-start"
              justify="space-between"
              gap="3"
              borderWidth="1px"
              borderRadius="lg"
              px="3"
              py="2"
              data-testid="tier-row"
            >
              <Stack gap="0" minW="0">
                <Text fontSize="sm" fontWeight="semibold">
                  <Trans>Tier {tier.level}</Trans>
                </Text>
                <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                  {tier.prices.length
                    ? formatList(tier.prices.map((p) => countryName(p.countryId, p.country.title)))
                    : t`All other countries`}
                </Text>
              </Stack>
              <Stack gap="0" align="flex-end" flexShrink={0}>
                <Text fontSize="sm" fontWeight="semibold" whiteSpace="nowrap" data-testid="tier-earning">
                  {formatMoney(tier.publisherValue ?? tier.value)}
                </Text>
                {tier.publisherValue && (
                  <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="tier-price">
                    {t`advertiser pays ${formatMoney(tier.value)}`}
                  </Text>
                )}
              </Stack>
            </HStack>
          ))}
          {fee !== undefined && (
            <Text fontSize="xs" color="fg.muted" data-testid="tier-fee-note">
              <Trans>
                At least. Advertisers pay the tier price or more; the network keeps {fee}% of each action as its fee,
                and you earn the rest. Campaigns that pay more earn you more.
              </Trans>
            </Text>
          )}
        </Stack>
      )}
    </Field.Root>
  );
}
