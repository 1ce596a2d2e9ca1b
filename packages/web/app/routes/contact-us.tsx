import { useLoaderData } from 'react-router';
import type { SocialAccount } from '@wl/contracts';
import type { Route } from './+types/contact-us';
import { loadSiteState } from '../lib/site.server';
import { settledReply, sitePayloadOf } from '../lib/api-calls.server';
import { isWebAddress } from '../floating/app-download';
import { isImageAddress, liveChat, liveChatEnabled } from '../floating/live-chat';
import { ChatIcon } from '../floating/icons';
import { Icon } from '../shared/ui/icons';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { useT } from '../i18n/use-t';
import '../styles/content.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The site's social accounts (social_account's accountList), or null when the call failed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await loadSiteState(request, context);
  if (state.kind !== 'ready') return { accounts: [] as SocialAccount[] };
  const reply = await settledReply('social_account', context.api.call('socialAccount', sitePayloadOf(request, state)));
  return { accounts: reply ? reply.accountList : null };
}

/** Platform names are brands: shown as the platforms write them, in every language. */
const PLATFORM_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  telegram: 'Telegram',
  instagram: 'Instagram',
  youtube: 'YouTube',
  x: 'X',
  twitter: 'X',
  whatsapp: 'WhatsApp',
  line: 'LINE',
  viber: 'Viber',
  tiktok: 'TikTok',
  wechat: 'WeChat',
  zalo: 'Zalo',
  messenger: 'Messenger',
  discord: 'Discord',
};

function platformName(type: string): string {
  const key = type.trim().toLowerCase();
  return PLATFORM_NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/**
 * /contact-us: the live chat (the floating chat button's own opener: the widget loads on the first
 * click) and the site's social and messaging accounts, each with its icon and a link.
 */
export default function ContactUsPage() {
  const { accounts } = useLoaderData<typeof loader>();
  const site = useReadySite();
  const { t } = useT();
  const chat = site && liveChatEnabled(site.liveChat) ? site.liveChat : null;
  return (
    <section className="content-page contact" aria-labelledby="contact-title">
      <header className="content-page__head">
        <h1 id="contact-title" className="screen__title content-page__title">
          {t('_m:contact-us')}
        </h1>
        <p className="screen__lead">{t('contact.lead')}</p>
      </header>

      <section className="content-page__card contact__chat" aria-labelledby="contact-chat-title">
        <span className="content-state__icon">
          <ChatIcon size={28} />
        </span>
        <div className="contact__chat-text">
          <h2 id="contact-chat-title" className="download__platform">
            {t('contact.liveChatTitle')}
          </h2>
          <p>{chat ? t('contact.liveChatLead') : t('contact.chatUnavailable')}</p>
        </div>
        {chat ? (
          <button type="button" className="btn btn--primary btn--large contact__chat-button" onClick={() => void liveChat.open(chat.chat_id)}>
            <Icon name="support" size={20} />
            {t('contact.openChat')}
          </button>
        ) : null}
      </section>

      <section className="content-page__card" aria-labelledby="contact-social-title">
        <h2 id="contact-social-title" className="download__platform">
          {t('contact.socialTitle')}
        </h2>
        <p className="contact__social-lead">{t('contact.socialLead')}</p>
        {accounts === null ? <p className="contact__note">{t('contact.socialFailed')}</p> : null}
        {accounts?.length === 0 ? <p className="contact__note">{t('contact.socialEmpty')}</p> : null}
        {accounts?.length ? (
          <ul className="contact__socials">
            {accounts.map((account, index) => (
              <li key={`${account.type}-${index}`}>
                <SocialLink account={account} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </section>
  );
}

function SocialLink({ account }: { account: SocialAccount }) {
  const { t } = useT();
  const platform = platformName(account.type);
  const body = (
    <>
      {isImageAddress(account.icon) ? (
        <img className="contact__social-icon" src={account.icon} alt="" width={40} height={40} loading="lazy" />
      ) : (
        <span className="contact__social-icon contact__social-icon--letter" aria-hidden="true">
          {platform.charAt(0)}
        </span>
      )}
      <span className="contact__social-text">
        <span className="contact__social-platform">{platform}</span>
        <span className="contact__social-name">{account.name}</span>
      </span>
    </>
  );
  if (!isWebAddress(account.link)) {
    return (
      <span className="contact__social" data-testid="social-account">
        {body}
      </span>
    );
  }
  return (
    <a className="contact__social" href={account.link.trim()} target="_blank" rel="noopener noreferrer" data-testid="social-account">
      {body}
      <span className="visually-hidden"> {t('floating.newTab')}</span>
      <Icon name="arrowRight" size={18} />
    </a>
  );
}
