import { t } from '@lingui/core/macro';
import { POLICY_DATE, PolicyText, type PolicySection } from './PolicyText';

const sections = (): PolicySection[] => [
  {
    title: t`Who we are`,
    paragraphs: [
      t`Taskgram Ads operates a pay-per-action advertising and traffic exchange network for Telegram mini apps. This policy explains what personal data we process when you use the website, the dashboard, the showcase embedded in publishers’ apps and our support channels, and what rights you have.`,
    ],
  },
  {
    title: t`Data we collect`,
    items: [
      t`Account data: your name, e-mail address, Telegram contact, company or website and the comment you leave in a registration request; a password hash (we never store the password itself).`,
      t`Sign-in data from Google, if you choose it: your e-mail address, name and Google account identifier.`,
      t`Business data: projects, resources, apps, campaigns, awards, offers and deals you create, and your balances and transactions.`,
      t`Payment data: amounts, statuses and the wallet address you give for withdrawals. Card and crypto payments are handled by the payment provider; we do not receive card numbers.`,
      t`Showcase data about players: the Telegram user identifier, language, country and premium flag passed by Telegram, the tasks a player started and completed, and reports a player files.`,
      t`Technical data: IP address, browser type, request logs and security events such as failed sign-ins.`,
    ],
  },
  {
    title: t`Why we use it`,
    items: [
      t`To review registration requests, run your account and authenticate you.`,
      t`To count actions, pay publishers, charge advertisers and keep an exact ledger of every transfer.`,
      t`To detect fraud, for example users who leave a channel during the hold period, and to protect accounts from abuse.`,
      t`To answer support requests and to send service messages such as password reset links.`,
      t`To meet legal, accounting and tax obligations.`,
    ],
  },
  {
    title: t`Legal bases`,
    paragraphs: [
      t`We process account, business and payment data to perform our contract with you; technical and anti-fraud data on the basis of our legitimate interest in a safe, honest network; and data we must keep for accounting on the basis of legal obligation. Where we rely on consent, you can withdraw it at any time.`,
    ],
  },
  {
    title: t`Sharing`,
    paragraphs: [
      t`We share data only as needed to run the network: advertisers see aggregated conversions for their campaigns, publishers see aggregated revenue for their apps, exchange partners see delivery counts for their deals. We use hosting, e-mail and payment providers that act on our instructions. We do not sell personal data.`,
    ],
  },
  {
    title: t`Retention`,
    paragraphs: [
      t`Account data is kept while your account is active and for up to 12 months after it is closed. Declined registration requests are deleted after 90 days. Ledger and payment records are kept for the period required by accounting law. Request logs are kept for 30 days.`,
    ],
  },
  {
    title: t`Your rights`,
    paragraphs: [
      t`You can ask for a copy of your data, correct it, ask us to delete it or restrict its use, object to processing based on legitimate interest, and receive your data in a portable format. Write to the support e-mail or the support bot; we answer within 30 days. You may also complain to your data protection authority.`,
    ],
  },
  {
    title: t`Cookies and local storage`,
    paragraphs: [
      t`The dashboard keeps your access token, the selected project, the theme and scroll positions in your browser’s local storage so that it works as expected. We do not use advertising cookies on this website.`,
    ],
  },
  {
    title: t`Security`,
    paragraphs: [
      t`Connections are encrypted, passwords are hashed with Argon2, access tokens expire, and sign-in attempts are rate limited. Access to personal data inside our team is limited to staff who need it.`,
    ],
  },
  {
    title: t`Changes`,
    paragraphs: [
      t`We will post any change to this policy on this page and update the date above. Material changes are announced in the dashboard before they take effect.`,
    ],
  },
];

export function PrivacyPolicyPage() {
  return (
    <PolicyText
      title={t`Privacy Policy`}
      updated={POLICY_DATE}
      intro={t`Your privacy matters to us. This policy applies to advertisers, publishers and exchange partners who use Taskgram Ads, and to players who see the showcase inside a publisher’s app.`}
      sections={sections()}
    />
  );
}
