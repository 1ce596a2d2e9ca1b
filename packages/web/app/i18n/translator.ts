/*
 * The site's translator: i18next's message format and lookup rules, without i18next's runtime.
 * i18next and react-i18next weigh about 16 KB gzip in the first script of every page, a tenth of
 * the home page's budget (issue 7: under 150 KB); the site uses a small part of them: message sets
 * (namespaces), nested keys, fallback languages, {{name}} interpolation and plural suffixes. This
 * does those, in i18next's order, and nothing else; the keys stay typed by i18next's own types
 * (i18next.d.ts), and a unit test compares every message of every locale with i18next's answer.
 * See docs/decisions/0012-translator.md.
 */

/** A message set as its JSON file holds it: texts, or groups of texts. */
export type MessageTree = { readonly [key: string]: string | MessageTree };

/** What a translation call may carry: interpolation values, `count` for plurals, and a language. */
export type TranslateOptions = { readonly count?: number; readonly lng?: string; readonly [name: string]: unknown };

/** A translation function: a key ('frame.menu', or 'errors:invalidTac' for another set) and options. */
export type Translate = (key: string, options?: TranslateOptions) => string;

const NS_SEPARATOR = ':';
const KEY_SEPARATOR = '.';
const INTERPOLATION = /\{\{\s*([^{}]+?)\s*\}\}/g;
/** A key with one of these reads as a sentence (a natural-language key), not as a path: i18next's rule. */
const SENTENCE = /[ ,?!;]/;

/**
 * Whether "set:key" names a set: not for a natural-language key ("Error: try again"), unless its
 * first path part has no sentence character (i18next's looksLikeObjectPath).
 */
function looksLikePath(key: string): boolean {
  if (!SENTENCE.test(key)) return true;
  const firstDot = key.indexOf(KEY_SEPARATOR);
  return firstDot > 0 && !SENTENCE.test(key.slice(0, firstDot));
}

/** A key's set (when it names one, "errors:invalidTac") and the key within the set. */
function splitKey(fullKey: string): { set: string | undefined; key: string } {
  if (!fullKey.includes(NS_SEPARATOR) || !looksLikePath(fullKey)) return { set: undefined, key: fullKey };
  const [set, ...rest] = fullKey.split(NS_SEPARATOR);
  return { set, key: rest.join(KEY_SEPARATOR) };
}

/** Intl.PluralRules per language, made once: they are costly to create and asked for often. */
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(lang: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lang);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/**
 * A key in a tree of texts: the path of its parts, or (as i18next allows) a flat key that itself
 * holds the separator ("a.b" as one key).
 */
function find(tree: MessageTree | string | undefined, key: string): string | MessageTree | undefined {
  if (tree === undefined || typeof tree === 'string') return undefined;
  if (Object.hasOwn(tree, key)) return tree[key];
  const parts = key.split(KEY_SEPARATOR);
  for (let taken = 1; taken < parts.length; taken++) {
    const head = parts.slice(0, taken).join(KEY_SEPARATOR);
    if (!Object.hasOwn(tree, head)) continue;
    const found = find(tree[head], parts.slice(taken).join(KEY_SEPARATOR));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Puts the options' values into a text's {{name}} places; a place with no such option stays as written. */
function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(INTERPOLATION, (place, name: string) => {
    if (!Object.hasOwn(options, name)) return place;
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export type TranslatorOptions = {
  /** The message sets, in the order an unprefixed key is looked up in (the first is the default). */
  readonly sets: readonly string[];
  /** Languages read, in order, after the asked-for one misses a text. */
  readonly fallbackLangs: readonly string[];
  readonly lang: string;
};

/**
 * The message sets of every loaded language, and translation functions over them. One per
 * JavaScript context: the server renders many languages at once, each render reading its own
 * fixed language (getFixedT), never the shared `language`, which only the browser moves.
 */
export class Translator {
  /** The browser's current language (texts made outside React follow it). */
  language: string;
  private readonly bundles = new Map<string, Map<string, MessageTree>>();
  private readonly sets: readonly string[];
  private readonly fallbackLangs: readonly string[];

  constructor(options: TranslatorOptions) {
    this.sets = options.sets;
    this.fallbackLangs = options.fallbackLangs;
    this.language = options.lang;
  }

  /** Adds (or replaces) one language's message set. */
  addResourceBundle(lang: string, set: string, messages: MessageTree): void {
    let sets = this.bundles.get(lang);
    if (!sets) this.bundles.set(lang, (sets = new Map()));
    sets.set(set, messages);
  }

  hasResourceBundle(lang: string, set: string): boolean {
    return this.bundles.get(lang)?.has(set) ?? false;
  }

  changeLanguage(lang: string): void {
    this.language = lang;
  }

  /** Whether a key has a text in a set, in a language or its fallbacks (as i18next's exists). */
  exists(key: string, { ns, lng }: { ns: string; lng: string }): boolean {
    return this.lookup(key, lng, [ns], undefined) !== undefined;
  }

  /**
   * A translation function for one language (null: the current `language`, read at each call) and
   * sets, in i18next's order: each set in turn, and in each the language then its fallbacks; in a
   * language, with a count, its plural form (key_one, key_other…; key_zero for 0 when present)
   * before the bare key. A key found nowhere is answered with itself (without its set prefix).
   */
  getFixedT(lng: string | null, sets: string | readonly string[] = this.sets.slice(0, 1)): Translate {
    const fixedSets = typeof sets === 'string' ? [sets] : sets;
    return (key, options) => this.translate(key, options?.lng ?? lng ?? this.language, fixedSets, options);
  }

  private translate(fullKey: string, lang: string, defaultSets: readonly string[], options: TranslateOptions | undefined): string {
    const text = this.lookup(fullKey, lang, defaultSets, options);
    return text === undefined ? splitKey(fullKey).key : interpolate(text, options);
  }

  private lookup(fullKey: string, lang: string, defaultSets: readonly string[], options: TranslateOptions | undefined): string | undefined {
    const { set: namedSet, key } = splitKey(fullKey);
    const sets = namedSet === undefined ? defaultSets : [namedSet];
    const langs = [lang, ...this.fallbackLangs.filter((fallback) => fallback !== lang)];
    const count = typeof options?.count === 'number' ? options.count : undefined;
    for (const set of sets) {
      for (const code of langs) {
        const tree = this.bundles.get(code)?.get(set);
        if (!tree) continue;
        const candidates = count === undefined ? [key] : [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(code, count)}`, key];
        for (const candidate of candidates) {
          const text = find(tree, candidate);
          if (typeof text === 'string') return text;
        }
      }
    }
    return undefined;
  }
}
