import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api';
import { activateLanguage } from './i18n';
import { serverError } from './serverError';
// Registers the table with api.ts, as the signed-in layout does once idle.
import './serverMessages';

afterEach(() => activateLanguage('en'));

describe("the server's messages in the reader's language (by their code)", () => {
  it('says a REST refusal in the language chosen, keeping the English and the code', async () => {
    const body = { error: 'Incorrect e-mail or password', code: 'SIGN_IN_WRONG' };
    expect(new ApiError(body, 401).message).toBe('Incorrect e-mail or password');
    await activateLanguage('ru');
    const refused = new ApiError(body, 401);
    expect(refused.message).toBe('Неверный e-mail или пароль');
    expect(serverError(refused)).toMatchObject({ message: 'Неверный e-mail или пароль', code: body.code });
  });

  it("puts a message's values in its place", async () => {
    await activateLanguage('tr');
    const price = new ApiError({
      error: 'The price for tier 2 must be at least 0.05 USD',
      code: 'TIER_PRICE_BELOW_FLOOR',
      params: { level: '2', floor: '0.05' },
    });
    expect(price.message).toBe('2. seviyenin fiyatı en az 0.05 USD olmalı');
  });

  it('reads GraphQL errors by extensions.messageCode, the step-up by its methods', async () => {
    await activateLanguage('es');
    const error = new CombinedGraphQLErrors({
      errors: [
        {
          message: 'You already claimed this report',
          extensions: { code: 'CONFLICT', messageCode: 'REPORT_CLAIMED_BY_YOU' },
        },
      ],
    });
    expect(serverError(error)).toMatchObject({
      message: 'Ya tomaste este reporte',
      code: 'REPORT_CLAIMED_BY_YOU',
    });
    const stepUp = new ApiError(
      { error: 'Confirm it is you: enter your password, then try again.', code: 'STEP_UP_REQUIRED' },
      403,
      undefined,
      ['PASSWORD'],
    );
    expect(stepUp.message).toBe('Confirma que eres tú: introduce tu contraseña y vuelve a intentarlo.');
  });

  it("shows the server's English for a code it does not list, and the network's failure translated", async () => {
    await activateLanguage('uk');
    expect(new ApiError({ error: 'sortOrder must be asc or desc', code: 'SORTORDER_MUST_ASC_OR_DESC' }).message).toBe(
      'sortOrder must be asc or desc',
    );
    expect(errorMessage(new ApiError(null))).toBe('Помилка мережі, спробуйте пізніше');
    expect(errorMessage(undefined)).toBe('Помилка мережі, спробуйте пізніше');
  });
});
