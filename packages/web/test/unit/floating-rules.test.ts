import { describe, expect, it } from 'vitest';
import { REWARDS_LOGIN_MODAL_TEMPLATES, TEMPLATES, type TemplateName } from '@wl/contracts';
import { rewardsAction } from '../../app/floating/rewards';
import { appDownloadOffer, platformOf } from '../../app/floating/app-download';
import { describeUserAgent } from '../../app/device/parse-user-agent';
import { withTouchPoints } from '../../app/device/descriptor';
import { localePath } from '../../app/lib/locale';

const english = (path: string) => path;
const vietnamese = (path: string) => localePath('VI', path);

describe('the rewards icon (docs/product.md §2)', () => {
  it('opens the minigame in a new tab for a player, in the current locale, on every template', () => {
    for (const template of TEMPLATES) {
      expect(rewardsAction(true, template, english)).toEqual({ kind: 'minigame-tab', href: '/minigame' });
    }
    expect(rewardsAction(true, 'template4', vietnamese)).toEqual({ kind: 'minigame-tab', href: '/vi/minigame' });
  });

  it('opens the login modal for a guest on template4, 6, 8 and 10 only', () => {
    const modal = TEMPLATES.filter((template) => rewardsAction(false, template, english).kind === 'login-modal');
    expect(modal).toEqual(['template4', 'template6', 'template8', 'template10']);
    expect([...REWARDS_LOGIN_MODAL_TEMPLATES]).toEqual(modal);
  });

  it('sends a guest to /login (locale kept) on every other template', () => {
    const others = TEMPLATES.filter((template) => !(REWARDS_LOGIN_MODAL_TEMPLATES as readonly TemplateName[]).includes(template));
    expect(others).toHaveLength(18);
    for (const template of others) expect(rewardsAction(false, template, english)).toEqual({ kind: 'login-page', href: '/login' });
    expect(rewardsAction(false, 'template1', vietnamese)).toEqual({ kind: 'login-page', href: '/vi/login' });
  });
});

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('the app-download bar', () => {
  const site = { android_sub: 'https://play.example/app?id=demo', ios_sub: 'https://apps.example/app/id1' };
  const on = { android: true, ios: true };

  it('knows the store platform of a device', () => {
    expect([ANDROID, IPHONE, DESKTOP].map((agent) => platformOf(describeUserAgent(agent)))).toEqual(['android', 'ios', 'other']);
    // An iPad in desktop mode (a Mac user agent with touch points) gets the App Store.
    expect(platformOf(withTouchPoints(describeUserAgent(MAC_SAFARI), 5))).toBe('ios');
    expect(platformOf(withTouchPoints(describeUserAgent(MAC_SAFARI), 0))).toBe('other');
  });

  it("offers the player's own store page, else the /download page", () => {
    expect(appDownloadOffer({ site, flags: on, platform: 'android', downloadPath: '/download' })).toEqual({ href: site.android_sub, external: true });
    expect(appDownloadOffer({ site, flags: on, platform: 'ios', downloadPath: '/download' })).toEqual({ href: site.ios_sub, external: true });
    expect(appDownloadOffer({ site, flags: on, platform: 'other', downloadPath: '/vi/download' })).toEqual({ href: '/vi/download', external: false });
    // A store id that is not a web address: the site's own download page explains.
    expect(appDownloadOffer({ site: { android_sub: 'com.example.demo', ios_sub: '' }, flags: on, platform: 'android', downloadPath: '/download' })).toEqual({
      href: '/download',
      external: false,
    });
  });

  it('offers nothing without an app for the platform, or once the flags are off', () => {
    const androidOnly = { android_sub: site.android_sub, ios_sub: '' };
    expect(appDownloadOffer({ site: androidOnly, flags: on, platform: 'ios', downloadPath: '/download' })).toBeNull();
    expect(appDownloadOffer({ site: { android_sub: ' ', ios_sub: '' }, flags: on, platform: 'other', downloadPath: '/download' })).toBeNull();
    const off = { android: false, ios: false };
    for (const platform of ['android', 'ios', 'other'] as const) {
      expect(appDownloadOffer({ site, flags: off, platform, downloadPath: '/download' })).toBeNull();
    }
    expect(appDownloadOffer({ site, flags: { android: false, ios: true }, platform: 'android', downloadPath: '/download' })).toBeNull();
    expect(appDownloadOffer({ site, flags: { android: false, ios: true }, platform: 'other', downloadPath: '/download' })).toEqual({ href: '/download', external: false });
  });
});
