import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHeading } from '../components/ui/Page';
import { UiProvider } from '../components/ui/provider';
import { activateLanguage, i18n } from './i18n';
import { pageHeadingMessages, pageHeadings } from './pageHeadings';

afterEach(() => activateLanguage('en'));

describe('page headings in the reader’s language', () => {
  it('every heading the build paints in English has its message, with the same English', () => {
    for (const { title, description } of Object.values(pageHeadings)) {
      for (const text of [title, description]) {
        const message = pageHeadingMessages.get(text);
        expect(message, text).toBeDefined();
        expect(i18n._(message!)).toBe(text);
      }
    }
  });

  it('shows the reader’s language inside the dashboard, and the English outside it (the build’s shells)', async () => {
    await activateLanguage('ru');
    const { title, description } = pageHeadings['/publisher/payments'];
    const { unmount } = render(
      <I18nProvider i18n={i18n}>
        <UiProvider>
          <PageHeading title={title} description={description} />
        </UiProvider>
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Вывод средств');
    expect(screen.getByText('Выводите доход паблишера в USDT в сети TON.')).toBeTruthy();
    unmount();
    render(
      <UiProvider>
        <PageHeading title={title} description={description} />
      </UiProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Withdraw Money');
  });
});
