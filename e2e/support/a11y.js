// Accessibility check for the journeys: axe-core runs in the page as the user sees it, and a serious
// or critical violation fails the journey (every page passes axe:
// docs/product/first-run-and-settings.md, Accessibility). Lesser findings
// (moderate, minor) are not failures; they are printed with E2E_A11Y_VERBOSE=1 for whoever fixes them.
const axe = require('axe-core');

const FAILING_IMPACTS = new Set(['serious', 'critical']);

// WCAG 2.x A and AA plus axe's best practices (landmarks, skip link, heading order): what axe runs by
// default, named here so a new axe release cannot quietly widen or narrow the audit.
const RUN_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  resultTypes: ['violations'],
};

/** One line per offending element: rule, impact, what axe says, and where. */
function describe(violations) {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `  [${violation.impact}] ${violation.id}: ${violation.help}\n    at ${node.target.join(' ')}\n    ${(node.failureSummary || '').replace(/\n/g, '\n    ')}`,
      ),
    )
    .join('\n');
}

/** How long no animation may run before the page counts as still, and how long to wait for that at most. */
const STILL_MS = 150;
const SETTLE_LIMIT_MS = 3000;

async function settle(page) {
  // Entry animations (modals rising, toasts sliding in) and transitions (a button fading back in as
  // it is enabled again once its data arrives) would be measured half-transparent. One can start
  // after the last one ended, so the page must stay still for a moment, not just finish what runs
  // now (a button mid-fade failed color-contrast at 4.04:1 on a loaded machine). Spinners, which
  // never end, do not count.
  await page.evaluate(
    async ({ stillMs, limitMs }) => {
      const deadline = performance.now() + limitMs;
      const running = () =>
        document.getAnimations().filter((animation) => {
          const timing = animation.effect && animation.effect.getComputedTiming();
          return animation.playState === 'running' && timing && Number.isFinite(timing.endTime);
        });
      let stillSince = performance.now();
      while (performance.now() < deadline && performance.now() - stillSince < stillMs) {
        const now = running();
        if (now.length > 0) {
          await Promise.race([
            Promise.all(now.map((animation) => animation.finished.catch(() => null))),
            new Promise((r) => setTimeout(r, deadline - performance.now())),
          ]);
          stillSince = performance.now();
        } else {
          await new Promise((r) => requestAnimationFrame(() => r()));
        }
      }
    },
    { stillMs: STILL_MS, limitMs: SETTLE_LIMIT_MS },
  );
}

/**
 * Runs axe on the page as it stands and throws on a serious or critical violation, naming the page
 * (`label`), the rules and the elements. Call it once the page has rendered what the journey checks.
 */
async function checkA11y(page, label) {
  await settle(page);
  const injected = await page.evaluate(() => typeof window.axe !== 'undefined');
  // evaluate, not a script tag: the product's Content-Security-Policy refuses inline scripts.
  if (!injected) await page.evaluate(axe.source);
  const results = await page.evaluate((options) => window.axe.run(document, options), RUN_OPTIONS);
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact));
  const others = results.violations.filter((violation) => !FAILING_IMPACTS.has(violation.impact));
  if (others.length > 0 && process.env.E2E_A11Y_VERBOSE) {
    console.log(`axe (${label}, ${page.url()}): moderate or minor findings\n${describe(others)}`);
  }
  if (failing.length > 0) {
    throw new Error(`axe: serious or critical accessibility violations on ${label} (${page.url()}):\n${describe(failing)}`);
  }
  return results;
}

module.exports = { checkA11y };
