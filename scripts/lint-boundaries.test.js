// The import boundaries of eslint.config.mjs hold: a scratch file that crosses one fails the lint,
// and the same file importing what it may passes (docs/adr/0017-walls-lint-and-boundaries.md).
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');

const root = path.resolve(__dirname, '..');

const CASES = [
  {
    wall: 'a remote imports no other remote',
    file: 'mfe-calls/src/boundary-scratch.ts',
    crossing: "export { default } from 'mfe-contacts';\n",
    allowed: "export { default } from '@caucus/design-system';\n",
  },
  {
    wall: "a remote imports only the API's contract",
    file: 'mfe-calls/src/boundary-scratch.ts',
    crossing: "export * from '../../api/src/db/knex';\n",
    allowed: "export * from '@caucus/contract';\n",
  },
  {
    wall: 'the contract imports nothing of the API',
    file: 'contract/src/boundary-scratch.ts',
    crossing: "export { engineOf } from '../../api/src/db/knex';\n",
    allowed: "export { MAX_MONEY } from './common';\n",
  },
  {
    wall: 'a remote imports only types from the response schemas',
    file: 'mfe-calls/src/boundary-scratch.ts',
    crossing: "export { campaignSchema } from '@caucus/contract/campaigns.responses';\n",
    allowed: "export type { campaignSchema } from '@caucus/contract/campaigns.responses';\n",
  },
  {
    wall: 'the shell imports only types from the response schemas',
    file: 'shell/src/boundary-scratch.ts',
    crossing: "import { meResponseSchema } from '@caucus/contract/auth.responses';\nexport const me = meResponseSchema;\n",
    allowed: "import type { meResponseSchema } from '@caucus/contract/auth.responses';\nexport type Me = typeof meResponseSchema;\n",
  },
  {
    wall: 'what the frontends import of the contract takes only types from the response schemas',
    file: 'contract/src/boundary-scratch.ts',
    crossing: "export * from './campaigns.responses';\n",
    allowed: "export type { campaignSchema } from './campaigns.responses';\n",
  },
  {
    wall: 'a migration imports nothing of the app',
    file: 'api/src/db/migrations/boundary-scratch.ts',
    crossing: "export { newId } from '../../lib/ids';\n",
    allowed: "export { isMysql } from './schema';\n",
  },
  {
    wall: 'the design system imports none of the apps',
    file: 'design-system/src/boundary-scratch.ts',
    crossing: "export * from '@caucus/api';\n",
    allowed: "export * from './components/Button';\n",
  },
  {
    wall: 'the design system is UI only',
    file: 'design-system/src/boundary-scratch.ts',
    crossing: "export { useSession } from '@caucus/platform';\n",
    allowed: "export { Button } from './components/Button';\n",
  },
  {
    wall: 'the platform imports none of the apps',
    file: 'platform/src/boundary-scratch.ts',
    crossing: "export * from '@caucus/api';\n",
    allowed: "export { Button } from '@caucus/design-system';\n",
  },
  {
    wall: 'the platform imports only types from the response schemas',
    file: 'platform/src/boundary-scratch.ts',
    crossing: "import { apiFailureSchema } from '@caucus/contract/common.responses';\nexport const failure = apiFailureSchema;\n",
    allowed: "import type { apiFailureSchema } from '@caucus/contract/common.responses';\nexport type Failure = typeof apiFailureSchema;\n",
  },
];

/** The boundary messages ESLint reports for `source` saved at `file` (then removed). */
async function boundaryErrors(eslint, file, source) {
  const absolute = path.join(root, file);
  fs.writeFileSync(absolute, source);
  try {
    const [result] = await eslint.lintFiles([absolute]);
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.fatal).map((m) => m.message);
  } finally {
    fs.rmSync(absolute, { force: true });
  }
}

test('each import boundary fails the lint when crossed, and passes what it allows', { timeout: 300_000 }, async () => {
  const { ESLint } = await import('eslint');
  // Only the boundary rule, and without type information (it needs none; building the program is
  // most of a typed lint's time).
  const eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
  for (const { wall, file, crossing, allowed } of CASES) {
    const crossed = await boundaryErrors(eslint, file, crossing);
    assert.equal(crossed.length, 1, `${wall}: ${file} importing across it should fail the lint (got ${JSON.stringify(crossed)})`);
    assert.deepEqual(await boundaryErrors(eslint, file, allowed), [], `${wall}: ${file} importing what it may should pass`);
  }
});
