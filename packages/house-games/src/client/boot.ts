import { bootData, type BootData } from '../api.js';

/** The page's boot data (src/api.ts), written by the studio's server into #house-boot; null when missing or malformed. */
export function readBoot(doc: Document): BootData | null {
  const text = doc.getElementById('house-boot')?.textContent;
  if (!text) return null;
  try {
    const parsed = bootData.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
