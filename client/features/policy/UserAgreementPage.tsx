import { t } from '@lingui/core/macro';
import { POLICY_DATE, PolicyText, type PolicySection } from './PolicyText';

const sections = (): PolicySection[] => [
  {
    title: t`The service`,
    paragraphs: [
      t`Taskgram Ads connects advertisers who buy actions from Telegram users with publishers who show partner tasks in their mini apps, and lets apps exchange traffic. By using the dashboard you accept this agreement.`,
    ],
  },
  {
    title: t`Accounts`,
    items: [
      t`Registration is by request; we may approve or decline a request without giving reasons.`,
      t`You are responsible for keeping your password and API keys secret and for everything done with them.`,
      t`One person or company may hold one account unless we agree otherwise in writing.`,
    ],
  },
  {
    title: t`Advertisers`,
    items: [
      t`You pay for each counted action at the price of your campaign, starting from 0.05 USD per action.`,
      t`Funds are added to your advertiser balance in advance; campaigns stop when their budget cannot pay for one more action.`,
      t`Your resources must be lawful and must not mislead users. We may reject or stop a resource or campaign that breaks these rules.`,
      t`Unspent campaign budget returns to your balance when you lower the budget or end the campaign.`,
    ],
  },
  {
    title: t`Publishers`,
    items: [
      t`You earn a share of the price of each action completed through your app. Channel and chat actions are held for the hold period and then credited or cancelled if the user left.`,
      t`You must not reward, script or otherwise fake actions. Fraudulent actions are cancelled and may lead to account closure.`,
      t`Withdrawals are paid in USDT on TON to the wallet you give, within up to 72 hours. The minimum withdrawal is 50 USD.`,
    ],
  },
  {
    title: t`Exchange`,
    paragraphs: [
      t`An exchange offer becomes a deal when the other side confirms it. Each side shows the other side’s tasks until the agreed quantity is delivered. No money moves in a swap, and either side may stop showing tasks if the other side stops delivering.`,
    ],
  },
  {
    title: t`Prohibited content`,
    items: [
      t`Illegal goods or services, gambling where it is not allowed, adult content, malware and phishing.`,
      t`Content that infringes the rights of others or breaks Telegram’s terms of service.`,
      t`Misleading promises to users about rewards they will not receive.`,
    ],
  },
  {
    title: t`Liability`,
    paragraphs: [
      t`The service is provided as is. We do our best to keep it available and our counts accurate, but we are not liable for indirect losses or lost profits. Our total liability is limited to the fees you paid us in the three months before the claim.`,
    ],
  },
  {
    title: t`Ending the agreement`,
    paragraphs: [
      t`You may close your account at any time through support; a positive publisher balance above the minimum is paid out first. We may suspend or close an account that breaks this agreement, with notice unless the breach is serious.`,
    ],
  },
  {
    title: t`Changes and contact`,
    paragraphs: [
      t`We may change this agreement and will announce material changes in the dashboard at least 14 days in advance. Questions go to the support bot or the support e-mail listed on the home page.`,
    ],
  },
];

export function UserAgreementPage() {
  return (
    <PolicyText
      title={t`User Agreement`}
      updated={POLICY_DATE}
      intro={t`This agreement sets the rules for advertisers, publishers and exchange partners who use Taskgram Ads.`}
      sections={sections()}
    />
  );
}
