import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type * as Axe from 'axe-core';

declare global {
  interface Window {
    axe: typeof Axe;
  }
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** One readable paragraph per violation: rule, impact, help link and each offending element. */
const formatViolation = (violation: Axe.Result) =>
  [
    `${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help}`,
    `  ${violation.helpUrl}`,
    ...violation.nodes.map(
      (node) =>
        `  - ${node.target.join(' ')}\n      ${node.html}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
    ),
  ].join('\n');

/** Runs axe-core on the page as it is now and fails with every WCAG A/AA violation spelled out. */
export const expectNoAxeViolations = async (page: Page) => {
  await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    wcagTags,
  );
  const violations = results.violations.map(formatViolation);
  expect(
    violations,
    `axe found ${violations.length} WCAG A/AA violation(s) on ${page.url()}:\n\n${violations.join('\n\n')}\n`,
  ).toEqual([]);
};
