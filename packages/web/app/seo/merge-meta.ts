import type { MetaDescriptor, MetaFunction } from 'react-router';

/** What makes two descriptors the same tag: a later one with the same key replaces an earlier one. */
function keyOf(descriptor: MetaDescriptor): string {
  const entry = descriptor as Record<string, unknown>;
  if ('title' in entry) return 'title';
  if ('charSet' in entry || 'charset' in entry) return 'charset';
  if (typeof entry.name === 'string') return `name:${entry.name}`;
  if (typeof entry.property === 'string') return `property:${entry.property}`;
  if (typeof entry.httpEquiv === 'string') return `http-equiv:${entry.httpEquiv}`;
  if (entry.tagName === 'link') {
    // One canonical per page; one alternate per language; any other link per address.
    if (entry.rel === 'canonical') return 'link:canonical';
    return `link:${String(entry.rel)}:${String(entry.hrefLang ?? entry.href)}`;
  }
  return JSON.stringify(entry);
}

/**
 * A parent route's tags with a child's on top. React Router keeps only the deepest route's meta,
 * so a route adding tags must carry its parent's along: the root's theme colour, the locale
 * route's page head.
 */
export function mergeMeta(parent: readonly MetaDescriptor[], own: readonly MetaDescriptor[]): MetaDescriptor[] {
  const ownKeys = new Set(own.map(keyOf));
  return [...parent.filter((descriptor) => !ownKeys.has(keyOf(descriptor))), ...own];
}

/**
 * The tags of the route above the one whose meta function runs. React Router fills `matches` up to
 * and including the current route as it goes, so the parent is the one before last.
 */
export function parentMeta(matches: readonly ({ meta: MetaDescriptor[] } | undefined)[]): MetaDescriptor[] {
  return matches[matches.length - 2]?.meta ?? [];
}

/** The meta function of a screen whose head is the locale route's (its SEO record, else the screen's title), unchanged. */
export const screenMeta: MetaFunction = ({ matches }) => parentMeta(matches);
