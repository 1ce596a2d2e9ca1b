import type { CallName } from '@wl/contracts';
import { failure, type CallHandler } from '../http/calls.js';
import { publicCall } from '../http/guards.js';
import { isUnderMaintenance } from '../sites/index.js';

/**
 * A public call of the site's own pages (home lists, games, site info): publicCall, and while the
 * site's maintenance window is open it answers underMaintenance, since the maintenance layout
 * loads no further data (docs/product.md §4). SEO, analytics and ads-visit calls stay open during
 * maintenance: the maintenance page still has its meta tags and its visits are still counted.
 */
export function siteContentCall<N extends CallName>(handler: Parameters<typeof publicCall<N>>[0]): CallHandler<N> {
  return publicCall<N>(async (payload, ctx) => {
    if (isUnderMaintenance(ctx.site, new Date())) return failure('underMaintenance');
    return handler(payload, ctx);
  });
}
