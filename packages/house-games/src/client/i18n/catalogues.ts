import type { LocaleCode } from '@wl/contracts';
import { cn } from './cn.js';
import { ct } from './ct.js';
import { en, type Messages } from './en.js';
import { esp } from './esp.js';
import { ms } from './ms.js';
import { ne } from './ne.js';
import { php } from './php.js';
import { rus } from './rus.js';
import { vi } from './vi.js';

/** The catalogue of every locale with messages of its own (MESSAGE_LOCALES); the others fall back to English. */
export const CATALOGUES: Partial<Record<LocaleCode, Messages>> = { EN: en, PHP: php, CN: cn, ESP: esp, RUS: rus, VI: vi, MS: ms, NE: ne, CT: ct };
