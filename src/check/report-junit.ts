/**
 * The report as JUnit XML (`--format junit`), the test report most CI systems read: one test suite
 * per finding kind, one test case per finding (an error is a failure, a warning passes with its
 * text in `system-out`), and one passing case when nothing is wrong. Written a case at a time.
 */
import { eachFinding } from './finding-spill.js';
import { placeCount } from './place-store.js';
import { spread } from './report-parts.js';
import type { CheckResult, Finding, Place } from './types.js';

/** Characters XML 1.0 cannot hold at all (C0 controls but tab, newline and return; lone surrogates; FFFE, FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to replace
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/g;

function xml(s: string): string {
  return s
    .replace(NOT_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const where = (p: Place) => `${p.file ?? p.page}${p.line ? `:${p.line}` : ''}${p.file ? `  (${p.page})` : ''}`;

/** What a finding says: its message, its pages (the kept ones and a count), its fix. */
function body(f: Finding, pages: number): string {
  const lines = [f.message];
  const on = spread(f, pages);
  if (f.source) lines.push(`source: ${f.source.file}:${f.source.line}`);
  if (f.places.length) {
    lines.push(`linked from${on ? ` (${on})` : ''}:`);
    for (const p of f.places) lines.push(`  ${where(p)}`);
    const more = placeCount(f) - f.places.length;
    if (more > 0) lines.push(`  … and ${more} more (--format json lists every page)`);
  }
  if (f.hint) lines.push(`fix: ${f.hint}`);
  return lines.join('\n');
}

export function formatJunit(r: CheckResult): string {
  return [...junitChunks(r)].join('');
}

export function* junitChunks(r: CheckResult): Generator<string> {
  // The findings are read once for the counts, then once a rule (a suite a rule, as few as the rules).
  const byRule = new Map<string, { tests: number; failed: number }>();
  let findings = 0;
  let failed = 0;
  for (const f of eachFinding(r)) {
    const rule = byRule.get(f.rule) ?? { tests: 0, failed: 0 };
    byRule.set(f.rule, rule);
    rule.tests++;
    findings++;
    if (f.severity === 'error') {
      rule.failed++;
      failed++;
    }
  }
  const buildErrors = r.build?.ok === false ? r.build.diagnostics.filter((d) => d.severity === 'error') : [];
  const failures = failed + buildErrors.length;
  const tests = Math.max(1, findings + buildErrors.length);
  const time = (r.summary.ms / 1000).toFixed(3);
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<testsuites name="pa-site check" tests="${tests}" failures="${failures}" errors="0" time="${time}">\n`;
  if (buildErrors.length) {
    yield `  <testsuite name="build" tests="${buildErrors.length}" failures="${buildErrors.length}" errors="0">\n`;
    for (const d of buildErrors) {
      const text = `${d.message}${d.hint ? `\nfix: ${d.hint}` : ''}`;
      yield `    <testcase classname="pa-site.build" name="${xml(`${d.code} ${d.file}:${d.line ?? 1}`)}">`;
      yield `<failure type="${xml(d.code)}" message="${xml(d.message)}">${xml(text)}</failure></testcase>\n`;
    }
    yield '  </testsuite>\n';
  }
  if (!findings && !buildErrors.length) {
    yield `  <testsuite name="pa-site check" tests="1" failures="0" errors="0" time="${time}">\n`;
    const name = xml(`${r.summary.pages} pages, ${r.summary.links} links`);
    yield `    <testcase classname="pa-site.check" name="${name}"/>\n`;
    yield '  </testsuite>\n';
  }
  for (const [rule, n] of [...byRule].sort(([a], [b]) => a.localeCompare(b))) {
    yield `  <testsuite name="${xml(rule)}" tests="${n.tests}" failures="${n.failed}" errors="0">\n`;
    for (const f of eachFinding(r)) {
      if (f.rule !== rule) continue;
      const name = f.target ?? f.places[0]?.page ?? f.message;
      const file = f.source?.file ?? f.places[0]?.file ?? null;
      const attrs = `classname="pa-site.${xml(rule)}" name="${xml(name)}"${file ? ` file="${xml(file)}"` : ''}`;
      const text = xml(body(f, r.summary.pages));
      if (f.severity === 'error')
        yield `    <testcase ${attrs}><failure type="${xml(rule)}" message="${xml(f.message)}">` +
          `${text}</failure></testcase>\n`;
      else yield `    <testcase ${attrs}><system-out>warning: ${text}</system-out></testcase>\n`;
    }
    yield '  </testsuite>\n';
  }
  yield '</testsuites>\n';
}
