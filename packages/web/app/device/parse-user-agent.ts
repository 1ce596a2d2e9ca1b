import { UAParser } from 'ua-parser-js';
import { isbot } from 'isbot';
import { descriptorFrom, type DeviceBrowser, type DeviceDescriptor, type DeviceKind, type DeviceSystem } from './descriptor';

/*
 * The device descriptor of a user agent: ua-parser-js for the device, system and browser, isbot
 * for crawlers. The server runs it on every document request; the browser loads it lazily
 * (load-parser.ts), only when its user agent differs from the one the server saw (device
 * emulation in developer tools).
 */

const CHROME_NAMES = new Set(['Chrome', 'Mobile Chrome', 'Chrome Headless', 'Chrome WebView', 'Chromium']);
const FIREFOX_NAMES = new Set(['Firefox', 'Mobile Firefox', 'Firefox Focus', 'Firefox Reality']);
const SAFARI_NAMES = new Set(['Safari', 'Mobile Safari']);

function kindOf(deviceType: string | undefined): DeviceKind {
  if (deviceType === 'mobile' || deviceType === 'wearable') return 'phone';
  if (deviceType === 'tablet') return 'tablet';
  // Desktops, and the big screens of televisions, consoles and headsets.
  return 'desktop';
}

function systemOf(osName: string | undefined): DeviceSystem {
  if (osName === 'iOS') return 'ios';
  if (osName === 'Android') return 'android';
  if (osName === 'macOS') return 'macos';
  if (osName?.startsWith('Windows')) return 'windows';
  return 'other';
}

function browserOf(browserName: string | undefined): DeviceBrowser {
  if (!browserName) return 'other';
  if (browserName === 'Samsung Internet') return 'samsung';
  if (browserName === 'Edge') return 'edge';
  if (SAFARI_NAMES.has(browserName)) return 'safari';
  if (FIREFOX_NAMES.has(browserName)) return 'firefox';
  if (CHROME_NAMES.has(browserName)) return 'chrome';
  return 'other';
}

export function describeUserAgent(userAgent: string): DeviceDescriptor {
  const { device, os, browser } = UAParser(userAgent);
  return descriptorFrom(userAgent, {
    kind: kindOf(device.type),
    system: systemOf(os.name),
    browser: browserOf(browser.name),
    crawler: userAgent !== '' && isbot(userAgent),
  });
}
