import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '../../app/device/parse-user-agent';
import { UNKNOWN_DEVICE, deviceKind, descriptorFrom, sameDescriptor, traitsOf, withTouchPoints, type DeviceDescriptor } from '../../app/device/descriptor';

/** Real user agents of the browsers the sites meet. */
const AGENTS = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadSafari: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.153 Mobile/15E148 Safari/604.1',
  androidPhoneChrome: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  samsungInternet:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  macChrome: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  googlebotSmartphone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
} as const;

/** Only the flags that are true, to keep each expectation readable. */
function trueFlags(device: DeviceDescriptor): string[] {
  return (Object.keys(device) as (keyof DeviceDescriptor)[]).filter((key) => device[key] === true).sort();
}

describe('the device descriptor of docs/product.md §3', () => {
  it('has every flag, and keeps the user agent', () => {
    const device = describeUserAgent(AGENTS.macSafari);
    expect(Object.keys(device).sort()).toEqual(
      [
        'userAgent',
        'isMobile',
        'isMobileOrTablet',
        'isTablet',
        'isDesktop',
        'isIos',
        'isAndroid',
        'isWindows',
        'isMacOS',
        'isApple',
        'isDesktopOrTablet',
        'isSafari',
        'isFirefox',
        'isEdge',
        'isChrome',
        'isSamsung',
        'isCrawler',
      ].sort(),
    );
    expect(device.userAgent).toBe(AGENTS.macSafari);
  });

  it.each([
    ['iPhone Safari', AGENTS.iphoneSafari, ['isApple', 'isIos', 'isMobile', 'isMobileOrTablet', 'isSafari']],
    ['iPad Safari', AGENTS.ipadSafari, ['isApple', 'isDesktopOrTablet', 'isIos', 'isMobileOrTablet', 'isSafari', 'isTablet']],
    ['iPhone Chrome', AGENTS.iphoneChrome, ['isApple', 'isChrome', 'isIos', 'isMobile', 'isMobileOrTablet']],
    ['Android phone Chrome', AGENTS.androidPhoneChrome, ['isAndroid', 'isChrome', 'isMobile', 'isMobileOrTablet']],
    ['Android tablet Chrome', AGENTS.androidTablet, ['isAndroid', 'isChrome', 'isDesktopOrTablet', 'isMobileOrTablet', 'isTablet']],
    ['Samsung Internet', AGENTS.samsungInternet, ['isAndroid', 'isMobile', 'isMobileOrTablet', 'isSamsung']],
    ['Windows Edge', AGENTS.windowsEdge, ['isDesktop', 'isDesktopOrTablet', 'isEdge', 'isWindows']],
    ['Windows Firefox', AGENTS.windowsFirefox, ['isDesktop', 'isDesktopOrTablet', 'isFirefox', 'isWindows']],
    ['macOS Safari', AGENTS.macSafari, ['isApple', 'isDesktop', 'isDesktopOrTablet', 'isMacOS', 'isSafari']],
    ['macOS Chrome', AGENTS.macChrome, ['isApple', 'isChrome', 'isDesktop', 'isDesktopOrTablet', 'isMacOS']],
    ['Googlebot', AGENTS.googlebot, ['isCrawler', 'isDesktop', 'isDesktopOrTablet']],
    ['Googlebot smartphone', AGENTS.googlebotSmartphone, ['isAndroid', 'isChrome', 'isCrawler', 'isMobile', 'isMobileOrTablet']],
    ['bingbot', AGENTS.bingbot, ['isCrawler', 'isDesktop', 'isDesktopOrTablet']],
  ])('%s', (_name, agent, flags) => {
    expect(trueFlags(describeUserAgent(agent))).toEqual([...flags].sort());
  });

  it('takes a missing user agent for an unknown desktop, not a crawler', () => {
    expect(describeUserAgent('')).toEqual(UNKNOWN_DEVICE);
    expect(trueFlags(UNKNOWN_DEVICE)).toEqual(['isDesktop', 'isDesktopOrTablet']);
  });

  it('names the kind of device', () => {
    expect([AGENTS.iphoneSafari, AGENTS.ipadSafari, AGENTS.windowsEdge].map((agent) => deviceKind(describeUserAgent(agent)))).toEqual(['phone', 'tablet', 'desktop']);
  });

  it('rebuilds the same descriptor from its traits', () => {
    for (const agent of Object.values(AGENTS)) {
      const device = describeUserAgent(agent);
      expect(descriptorFrom(agent, traitsOf(device))).toEqual(device);
    }
  });
});

describe('an iPad in desktop mode (a Mac user agent): the touch points decide', () => {
  it('is an iOS tablet with touch points, a Mac without', () => {
    const mac = describeUserAgent(AGENTS.macSafari);
    const ipad = withTouchPoints(mac, 5);
    expect(trueFlags(ipad)).toEqual(['isApple', 'isDesktopOrTablet', 'isIos', 'isMobileOrTablet', 'isSafari', 'isTablet']);
    expect(ipad.userAgent).toBe(AGENTS.macSafari);
    expect(withTouchPoints(mac, 0)).toBe(mac);
    // A touch screen on Windows or Android says nothing of the kind.
    const windows = describeUserAgent(AGENTS.windowsEdge);
    expect(withTouchPoints(windows, 10)).toBe(windows);
  });

  it('compares descriptors flag by flag', () => {
    const mac = describeUserAgent(AGENTS.macSafari);
    expect(sameDescriptor(mac, describeUserAgent(AGENTS.macSafari))).toBe(true);
    expect(sameDescriptor(mac, withTouchPoints(mac, 5))).toBe(false);
  });
});
