import { t } from '@lingui/core/macro';
import { categoryName } from '../../lib/categories';
import { Box } from '@chakra-ui/react/box';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SegmentGroup } from '@chakra-ui/react/segment-group';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { UseFormRegister } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { LogoField } from '../projects/ResourceFields';
import { toTelegramLink } from '../projects/resource';
import { ShowcasePreview } from './ShowcasePreview';
import type { PlatformValues, ServiceItem } from './platform';
import { Trans } from '@lingui/react/macro';
import type { FormErrors, PlatformFormProps } from './PlatformForm';

/** The app itself: name, category, Telegram link, web app URL and logo. */
export function AppSection({
  mode,
  categories,
  register,
  errors,
  logo,
  title,
  upload,
  onTelegramLink,
  onLogo,
}: {
  mode: PlatformFormProps['mode'];
  categories: PlatformFormProps['categories'];
  register: UseFormRegister<PlatformValues>;
  errors: FormErrors;
  logo: string;
  title: string;
  upload: PlatformFormProps['upload'];
  /** The link as typed, normalised when the field is left (new apps only). */
  onTelegramLink: (link: string) => void;
  onLogo: (path: string) => void;
}) {
  return (
    <Card.Root borderRadius="2xl">
      <Card.Body gap="5">
        <Heading size="md">
          <Trans>App</Trans>
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField label={t`App name`} error={errors.title?.message}>
            <Input placeholder={t`My mini app`} autoComplete="off" {...register('title')} />
          </FormField>
          <FormField label={t`Category`} error={errors.categoryId?.message}>
            <NativeSelect.Root>
              <NativeSelect.Field placeholder={t`Choose a category`} {...register('categoryId')}>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {categoryName(c.title)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField
            label={t`Telegram direct link`}
            error={errors.tgBotUrl?.message}
            helperText={
              mode === 'edit' ? t`The Telegram link cannot change after creation` : 'https://t.me/your_bot/app'
            }
          >
            <Input
              dir="ltr"
              placeholder={t`https://t.me/your_link`}
              autoComplete="off"
              readOnly={mode === 'edit'}
              bg={mode === 'edit' ? 'bg.muted' : undefined}
              {...register('tgBotUrl', {
                onBlur: (e) => {
                  const value = String(e.target.value ?? '');
                  if (mode === 'create' && value.trim()) onTelegramLink(toTelegramLink(value));
                },
              })}
            />
          </FormField>
          <FormField label={t`Web app URL`} error={errors.webappUrl?.message}>
            <Input dir="ltr" placeholder={t`https://your-app.example`} autoComplete="off" {...register('webappUrl')} />
          </FormField>
        </SimpleGrid>
        <Box data-invalid={errors.logo ? '' : undefined}>
          <LogoField
            logo={logo}
            title={title}
            error={errors.logo?.message}
            upload={upload}
            onUploaded={onLogo}
            onRejected={() => {}}
          />
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** Light or dark, with the live preview of the showcase. */
export function ThemeSection({
  isDark,
  onChange,
  title,
  logo,
  awards,
  services,
}: {
  isDark: boolean;
  onChange: (dark: boolean) => void;
  title: string;
  logo: string;
  awards: PlatformValues['awards'];
  services: ServiceItem[];
}) {
  return (
    <Card.Root borderRadius="2xl" gridColumn={{ lg: 'span 2' }}>
      <Card.Body gap="4">
        <Stack gap="0">
          <Heading size="md">
            <Trans>Theme</Trans>
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            <Trans>How the showcase looks inside your app.</Trans>
          </Text>
        </Stack>
        <SegmentGroup.Root
          size="sm"
          alignSelf="flex-start"
          value={isDark ? 'dark' : 'light'}
          onValueChange={(e) => e.value && onChange(e.value === 'dark')}
          aria-label={t`Showcase theme`}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: 'light', label: t`Light` },
              { value: 'dark', label: t`Dark` },
            ]}
          />
        </SegmentGroup.Root>
        <ShowcasePreview title={title} logo={logo} isDark={isDark} awards={awards} services={services} />
      </Card.Body>
    </Card.Root>
  );
}

/** Optional: the bot id and token that check initData, and the reward callback. */
export function IntegrationSection({
  register,
  errors,
  hasBotToken,
}: {
  register: UseFormRegister<PlatformValues>;
  errors: FormErrors;
  hasBotToken: boolean;
}) {
  return (
    <Card.Root borderRadius="2xl" data-testid="integration-section">
      <Card.Body gap="5">
        <Stack gap="0">
          <Heading size="md">
            <Trans>Integration (optional)</Trans>
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            <Trans>For apps that check players' Telegram data or credit awards from their own server.</Trans>
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField
            label={t`Telegram bot id`}
            error={errors.tgBotId?.message}
            helperText={t`Your bot's numeric id (the digits before the colon in its token). It is used to check the signature of the Telegram data your app passes to the showcase; we fill it in from Telegram when we can.`}
          >
            <Input placeholder="123456789" inputMode="numeric" autoComplete="off" {...register('tgBotId')} />
          </FormField>
          <FormField
            label={t`Bot token`}
            error={errors.botToken?.message}
            helperText={
              hasBotToken
                ? t`A bot token is saved. Leave this empty to keep it, or enter a new one to replace it.`
                : t`Your app's bot token from @BotFather. It is stored encrypted and used to validate the Telegram initData your app passes to the showcase.`
            }
          >
            <Input
              type="password"
              dir="ltr"
              placeholder={hasBotToken ? '••••••••' : '123456:ABC-DEF…'}
              autoComplete="new-password"
              spellCheck={false}
              {...register('botToken')}
            />
          </FormField>
        </SimpleGrid>
        <FormField
          label={t`Reward callback URL`}
          error={errors.rewardCallbackUrl?.message}
          helperText={t`When a player completes a task, our server sends a signed request to this address so your server can credit the award.`}
        >
          <Input
            type="url"
            dir="ltr"
            placeholder={t`https://your-server.example/rewards`}
            autoComplete="off"
            {...register('rewardCallbackUrl')}
          />
        </FormField>
      </Card.Body>
    </Card.Root>
  );
}
