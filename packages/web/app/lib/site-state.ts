import {
  checkTheme,
  isSuccessReply,
  type AnyReplyOf,
  type CALLS,
  type LiveChat,
  type Maintenance,
  type MenuItem,
  type Site,
  type TemplateName,
  type ThemeCode,
  type ThemeFamily,
  type ThemeColor,
} from '@wl/contracts';
import { templateLook, type TemplateLook } from '../theme/look';

export interface ReadySite {
  kind: 'ready';
  site: Site;
  themeCode: ThemeCode;
  color: ThemeColor;
  template: TemplateName;
  family: ThemeFamily;
  /** The template's configuration, phone rules and logos, worked out on the server (theme/look.ts). */
  look: TemplateLook;
  content: { menu: MenuItem[]; game_menu: MenuItem[] };
  providerCount: { category: string; count: number }[];
  language: string[];
  liveChat: LiveChat;
  affDomain: string;
  maintenance: Maintenance;
}

export interface MaintenanceSite {
  kind: 'maintenance';
  site: Site;
  /** The colour to draw the maintenance page in, when the theme is valid. */
  color: ThemeColor | null;
  maintenance: Maintenance;
}

export interface FailedSite {
  kind: 'error';
  /** 'Invalid theme code', 'Invalid theme color', or the server's message. */
  message: string;
  status: number;
}

export type SiteState = ReadySite | MaintenanceSite | FailedSite;

/**
 * docs/product.md §4 startup: maintenance shows only the maintenance layout; otherwise the theme is
 * validated and the template chosen. A failed startup keeps the server's message.
 */
export function siteStateFrom(reply: AnyReplyOf<typeof CALLS.startup>): SiteState {
  if (!isSuccessReply(reply) || !('site' in reply)) {
    const message = reply.message || 'internalServerError';
    return { kind: 'error', message, status: message === 'siteNotFound' ? 404 : 503 };
  }
  const theme = checkTheme(reply.site.theme_code, reply.site.theme_color);
  if (reply.maintenance.is_maintenance) {
    return { kind: 'maintenance', site: reply.site, color: theme.ok ? theme.color : null, maintenance: reply.maintenance };
  }
  if (!theme.ok) return { kind: 'error', message: theme.message, status: 500 };
  return {
    kind: 'ready',
    site: reply.site,
    themeCode: theme.themeCode,
    color: theme.color,
    template: theme.template,
    family: theme.family,
    look: templateLook(reply.site, theme.color, theme.template),
    content: reply.content,
    providerCount: reply.provider_count,
    language: reply.language,
    liveChat: reply.live_chat,
    affDomain: reply.aff_domain,
    maintenance: reply.maintenance,
  };
}
