// Named routes that code outside the route table refers to.
export const paths = {
  landing: '/',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  advertiserProjects: '/advertiser/projects',
  advertiserCampaign: '/advertiser/campaign',
  advertiserPayments: '/advertiser/payments',
  publisherIndex: '/publisher',
  publisherStatistics: '/publisher/statistics',
  publisherPayments: '/publisher/payments',
  publisherCreatePlatform: '/publisher/platforms/create',
  exchangeSwaps: '/exchange/swaps',
  moderation: '/moderation',
  privacyPolicy: '/privacy-policy',
  userAgreement: '/user-agreement',
} as const;
