export const LANGUAGES = [
  { code: 'en', title: 'English' },
  { code: 'ru', title: 'Russian' },
  { code: 'uk', title: 'Ukrainian' },
  { code: 'es', title: 'Spanish' },
  { code: 'pt', title: 'Portuguese' },
  { code: 'fr', title: 'French' },
  { code: 'de', title: 'German' },
  { code: 'it', title: 'Italian' },
  { code: 'tr', title: 'Turkish' },
  { code: 'ar', title: 'Arabic' },
  { code: 'fa', title: 'Persian' },
  { code: 'hi', title: 'Hindi' },
  { code: 'id', title: 'Indonesian' },
  { code: 'uz', title: 'Uzbek' },
  { code: 'kk', title: 'Kazakh' },
] as const;

/** Extra share of the price, in percent, when a campaign targets only Telegram Premium users. */
export const ONLY_PREMIUM_USER_COMMISSION_PERCENT = 20;
