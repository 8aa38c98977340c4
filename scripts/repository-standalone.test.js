// The repository stands alone: no source, test, script or config file reads a path outside its root,
// so a fresh clone with nothing beside it builds and passes `npm test`. A relative path that climbs
// above the root ('../shared/…', or path.resolve(__dirname, '..', '..', '..')) or an absolute path of
// one machine ('/work/…', '/home/…') fails here, naming the file and line.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CHECKED = /\.(?:[cm]?[jt]sx?|json|sh|yml|yaml|npmrc)$|(?:^|\/)\.ci\/run$/;
// Reference data copied in whole (see its README) and the lockfile's package paths are not code; this
// file's own examples are wrong on purpose.
const NOT_CODE = [/^package-lock\.json$/, /\/fec-schemas\//, /^scripts\/repository-standalone\.test\.js$/];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-prerender', 'site', 'data', 'storybook-static', 'coverage', '.git', '.e2e-artifacts']);
// Absolute paths that exist only on some machine. System binaries (/usr/bin/chromium) and /tmp are
// the same on every machine this project supports and are allowed.
const MACHINE_PATH = /^(?:\/(?:work|home|Users|root|mnt|srv|opt|var\/lib)\/|[A-Za-z]:\\)/;

function repositoryFiles(dir = ROOT, found = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) repositoryFiles(full, found);
    else {
      const relative = path.relative(ROOT, full).split(path.sep).join('/');
      if (CHECKED.test(relative) && !NOT_CODE.some((pattern) => pattern.test(relative))) found.push(relative);
    }
  }
  return found;
}

/** Every quoted string of a file with its line number (', " and ` quotes; no nesting needed here). */
function stringLiterals(text) {
  const literals = [];
  const pattern = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
  for (const match of text.matchAll(pattern)) {
    literals.push({ value: match[2], index: match.index, end: match.index + match[0].length });
  }
  return literals;
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** Where a file's paths point outside the repository: one message per finding. */
function pathsOutsideRoot(relativeFile, text) {
  const dir = path.dirname(path.join(ROOT, relativeFile));
  const outside = (target) => {
    const fromRoot = path.relative(ROOT, target);
    return fromRoot === '..' || fromRoot.startsWith(`..${path.sep}`) || path.isAbsolute(fromRoot);
  };
  const findings = [];
  for (const literal of stringLiterals(text)) {
    const { value } = literal;
    if (MACHINE_PATH.test(value)) findings.push(`${relativeFile}:${lineOf(text, literal.index)} absolute path of one machine: ${value}`);
    // A relative path written whole: '../../shared/x' or 'a/../../..'.
    const relativePart = /(?:^|[\s=:"'(])((?:\.\.?\/)*\.\.(?:\/[^\s'"`]*)?)$/.exec(value.split(/[${}]/)[0]);
    if (relativePart && relativePart[1].startsWith('..') && outside(path.resolve(dir, relativePart[1]))) {
      findings.push(`${relativeFile}:${lineOf(text, literal.index)} climbs above the repository: ${value}`);
    }
  }
  // Segments passed one by one: path.resolve(__dirname, '..', '..', 'shared'), also from a base named
  // earlier in the file (const ROOT = path.resolve(__dirname, '..')). A base that is not known here
  // (process.cwd(), an argument) is left alone.
  const known = new Map([['__dirname', dir]]);
  const pathCall = /(?:(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*)?path\.(?:resolve|join)\(([^()]*)\)/g;
  for (const call of text.matchAll(pathCall)) {
    const parts = call[2]
      .split(',')
      .map((arg) => arg.trim())
      .filter(Boolean);
    const values = parts.map((arg) => known.get(arg) ?? /^(['"`])([^'"`$]*)\1$/.exec(arg)?.[2]);
    if (values.some((value) => value === undefined) || !known.has(parts[0])) continue;
    const target = path.resolve(...values);
    if (outside(target)) findings.push(`${relativeFile}:${lineOf(text, call.index)} climbs above the repository: ${call[0].trim()}`);
    else if (call[1]) known.set(call[1], target);
  }
  return findings;
}

test('no file of the repository reads a path outside its root', () => {
  const files = repositoryFiles();
  for (const file of ['api/test/compliance.test.ts', 'e2e/run.js', '.ci/run']) assert.ok(files.includes(file), `${file} is walked`);
  assert.ok(files.length > 500, `walked only ${files.length} files`);
  const findings = files.flatMap((file) => pathsOutsideRoot(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
  assert.deepEqual(findings, []);
});

test('the check finds what it is for', () => {
  const found = (text, file = 'api/test/example.test.ts') => pathsOutsideRoot(file, text);
  assert.equal(found("const s = path.resolve(__dirname, '..', '..', '..', 'shared', 'fec-schemas');").length, 1);
  assert.equal(found("const s = path.resolve(__dirname, '..', '..', 'api', 'src');").length, 0);
  assert.equal(found("import x from '../../../shared/fec-schemas/HDR.json';").length, 1);
  assert.equal(found("import x from '../src/app';").length, 0);
  assert.equal(found("const ROOT = path.resolve(__dirname, '..', '..');\nconst S = path.resolve(ROOT, '..', 'shared');").length, 1);
  assert.equal(found("const ROOT = path.join(__dirname, '..', '..');\nconst S = path.join(ROOT, 'e2e');").length, 0);
  assert.equal(found("fs.readFileSync('/work/shared/SPEC.md')").length, 1);
  assert.equal(found("const chromium = '/usr/bin/chromium';").length, 0);
  assert.equal(found('cd "$(dirname "$0")/.."', '.ci/run').length, 0);
  assert.equal(found('cp "../../shared/x" .', '.ci/run').length, 1);
});
