import type { LocaleCode } from '@wl/contracts';
import { cn } from './cn.js';
import { ct } from './ct.js';
import { en } from './en.js';
import { esp } from './esp.js';
import { ms } from './ms.js';
import { ne } from './ne.js';
import { php } from './php.js';
import { rus } from './rus.js';
import type { CmsTexts } from './types.js';
import { vi } from './vi.js';

export type { CmsTexts } from './types.js';

/** The demo CMS pages in every locale that has messages (docs/product.md §9): MMK, MNT and IDR have none. */
export const CMS_TEXTS: Partial<Record<LocaleCode, CmsTexts>> = {
  EN: en,
  PHP: php,
  CN: cn,
  ESP: esp,
  RUS: rus,
  VI: vi,
  MS: ms,
  NE: ne,
  CT: ct,
};
