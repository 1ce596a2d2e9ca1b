import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical violations on the page as it is now, one line each (rule, impact,
 * help and the first elements). Animations are paused first, so that running tickers and wheels do
 * not change what axe measures mid-run.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: await AXE_SOURCE });
  await page.addStyleTag({ content: '*,*::before,*::after{animation-play-state:paused!important}' });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
}
