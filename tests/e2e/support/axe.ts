/**
 * axe-core in the page, as the journeys scan it: the serious and critical violations of the page
 * (or inside one element), each printed with where it was found, so a failing scan names what to
 * fix.
 *
 * axe runs in the page itself (`axe.run`), loaded once per document into every frame, and
 * answers with its violations only. @axe-core/playwright's `analyze()` injected the whole axe
 * source into every frame on every call, then opened a blank page of its own to combine the
 * frames' results, and sent every passing check back: 1.2–2.3 s per scan on this machine against
 * 0.2–0.5 s this way, the same rules and the same verdicts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Frame, Page } from 'playwright-core';
import { animationsSettled } from './browser';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The impacts that fail a scan. */
const COUNTED = new Set(['serious', 'critical']);

/**
 * The rules whose verdict depends on colours. Switching the theme changes the stylesheet and
 * nothing else (the same DOM, names and roles): a screen already scanned in full in one theme is
 * scanned in the other for these.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface ScanOptions {
  /** A selector: only this element and what it holds are scanned. */
  scope?: string;
  /** Only these rules (every rule otherwise). */
  rules?: string[];
}

interface AxeWindow {
  axe?: { run(context: unknown, options: unknown): Promise<AxeResults> };
}

/** Loads axe into a frame that does not have it yet (a frame's document is new after a load). */
async function withAxe(frame: Frame): Promise<void> {
  const present = await frame
    .evaluate(() => typeof (window as AxeWindow).axe === 'object')
    .catch(() => true); // a frame gone meanwhile has nothing to scan
  if (!present) await frame.evaluate(AXE_SOURCE).catch(() => undefined);
}

/** One line per counted violation and element: where, which rule, how bad, which element. */
export function describeViolations(where: string, violations: readonly Result[]): string[] {
  return violations
    .filter((violation) => COUNTED.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact}) ${node.target.join(' ')} — ${violation.help}`,
      ),
    );
}

/**
 * The serious and critical violations on the page (or inside `scope`), printed. A dialog still
 * fading in has its text at part opacity, which axe measures as low contrast: every finite
 * animation ends first.
 */
export async function scan(
  page: Page,
  where: string,
  options: ScanOptions = {},
): Promise<string[]> {
  await animationsSettled(page);
  for (const frame of page.frames()) await withAxe(frame);
  const violations = await page.evaluate(
    async ({ scope, rules }) => {
      const { axe } = window as AxeWindow;
      if (!axe) throw new Error('axe-core is not loaded in the page');
      const results = await axe.run(scope ? { include: [[scope]] } : document, {
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
      });
      return results.violations;
    },
    { scope: options.scope, rules: options.rules },
  );
  const counted = describeViolations(where, violations);
  for (const line of counted) console.log(`axe ${line}`);
  return counted;
}
