import { useId } from 'react';
import type { Partner } from '@wl/contracts';
import { Dialog, openModal } from '../client/modals';
import { setPartnersCollapsed, useLayout } from './layout-store';
import { ChevronIcon, HandshakeIcon } from './icons';
import { useT } from '../i18n/use-t';

/** Logos shown in the panel itself; the modal lists every partner. */
const PANEL_LOGOS = 4;

/**
 * docs/product.md §2: the partners panel, only when the site has partners and showPartner is on. It
 * collapses to its button row or expands to show logos (the choice is kept for the visit;
 * collapsed until then: expanded, it floats over the page's own content); its button opens the
 * partners modal.
 */
export function PartnersPanel() {
  const { t } = useT();
  const partners = useLayout((layout) => layout.partners);
  const showPartner = useLayout((layout) => layout.showPartner);
  const choice = useLayout((layout) => layout.partnersCollapsed);
  const collapsed = choice ?? true;
  const logosId = useId();
  if (!showPartner || !partners.length) return null;
  return (
    <section className="partners-panel" data-collapsed={collapsed ? 'true' : 'false'} aria-label={t('floating.partnersPanel')}>
      <div className="partners-panel__bar">
        <button type="button" className="partners-panel__open" onClick={() => openModal('partners')}>
          <HandshakeIcon />
          <span>{t('floating.partners')}</span>
        </button>
        <button
          type="button"
          className="partners-panel__toggle"
          aria-expanded={!collapsed}
          aria-controls={logosId}
          aria-label={t('floating.partnersLogos')}
          onClick={() => setPartnersCollapsed(!collapsed)}
        >
          <ChevronIcon direction={collapsed ? 'up' : 'down'} />
        </button>
      </div>
      <ul id={logosId} className="partners-panel__logos" hidden={collapsed}>
        <PartnerLogos partners={partners} />
      </ul>
    </section>
  );
}

/** The first few partners' logos, each a link to the partner (the panel's and the strip's list items). */
function PartnerLogos({ partners }: { partners: readonly Partner[] }) {
  const { t } = useT();
  return partners.slice(0, PANEL_LOGOS).map((partner) => (
    <li key={`${partner.partner_name}-${partner.href}`}>
      <a href={partner.href} target="_blank" rel="noopener noreferrer" aria-label={t('floating.partnerLink', { name: partner.partner_name })}>
        <img src={partner.img_url} alt="" width={72} height={32} loading="lazy" decoding="async" />
      </a>
    </li>
  ));
}

/**
 * ADR 0057: the partners on phones, in the page flow after the footer instead of floating over
 * the page: a few logos and the button to the partners modal.
 */
export function PartnersStrip() {
  const { t } = useT();
  const partners = useLayout((layout) => layout.partners);
  const showPartner = useLayout((layout) => layout.showPartner);
  const titleId = useId();
  if (!showPartner || !partners.length) return null;
  return (
    <section className="partners-strip" aria-labelledby={titleId}>
      <h2 id={titleId} className="partners-strip__title">
        {t('floating.partnersTitle')}
      </h2>
      <ul className="partners-strip__logos">
        <PartnerLogos partners={partners} />
      </ul>
      <button type="button" className="partners-strip__open" onClick={() => openModal('partners')}>
        <HandshakeIcon />
        <span>{t('floating.partners')}</span>
      </button>
    </section>
  );
}

/** docs/product.md §2: the partners modal, listing every partner's logo, name and link. */
export function PartnersDialog() {
  const { t } = useT();
  const partners = useLayout((layout) => layout.partners);
  return (
    <Dialog name="partners" title={t('floating.partnersTitle')} className="partners-dialog">
      <ul className="partners-list">
        {partners.map((partner) => (
          <li key={`${partner.partner_name}-${partner.href}`}>
            <a className="partners-list__link" href={partner.href} target="_blank" rel="noopener noreferrer">
              <img className="partners-list__logo" src={partner.img_url} alt="" width={120} height={48} decoding="async" />
              <span className="partners-list__name">{partner.partner_name}</span>
              <span className="floating-sr-only"> {t('floating.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
