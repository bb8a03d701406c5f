import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../lib/i18n';
import { failureReasonText } from './failureReason';

afterEach(() => activateLanguage('en'));

describe('why a payment failed', () => {
  const refused = {
    failureReason:
      'The hot wallet’s jetton wallet refused the transfer (exit code 709). The amount is back in your balance.',
    chainFailure: { kind: 'REFUSED', exitCode: '709' },
  };

  it("says the chain's reason in the reader's language, and anybody's own words as written", async () => {
    expect(failureReasonText(refused)).toBe(refused.failureReason);
    await activateLanguage('ru');
    expect(failureReasonText(refused)).toBe(
      'Джеттон-кошелёк кошелька выплат отклонил перевод (код выхода 709). Сумма вернулась на ваш баланс.',
    );
    expect(failureReasonText({ failureReason: 'x', chainFailure: { kind: 'BOUNCED' } })).toBe(
      'Джеттон-кошелёк получателя вернул перевод. Сумма вернулась на ваш баланс.',
    );
    expect(failureReasonText({ failureReason: 'Wrong address, ask again', chainFailure: null })).toBe(
      'Wrong address, ask again',
    );
  });
});
