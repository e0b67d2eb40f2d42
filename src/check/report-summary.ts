/**
 * The text report's opening summary for a long list of findings: counts by rule and by the shape
 * of the target (`18,128 broken-fragment of the form #N-M in /src/`), then the targets linked
 * from the most pages, so thousands of findings read in a screen before the detail.
 */
import { placeCount } from './place-store.js';
import type { Finding } from './types.js';

/** Findings before which no summary is printed: a short list is its own summary. */
const SUMMARY_FROM = 10;
const GROUPS_SHOWN = 8;
const TARGETS_SHOWN = 5;

export const count = (n: number) => n.toLocaleString('en-US');

/** `#10-25` → `#N-M`, `#L3-L9` → `#LN-LM`, `#line-12` → `#line-N`, `#method.run` → `#…`. */
function fragmentShape(fragment: string): string {
  if (/^\d+-\d+$/.test(fragment)) return '#N-M';
  if (/^L\d+-L\d+$/.test(fragment)) return '#LN-LM';
  if (/\d/.test(fragment)) return `#${fragment.replace(/\d+/g, 'N')}`;
  return '#…';
}

/** The pattern a finding's target belongs to: its shape and its top folder. */
function patternOf(f: Finding): string {
  const t = f.target;
  if (t === undefined) return f.rule;
  const hash = t.indexOf('#');
  const pathPart = hash === -1 ? t : t.slice(0, hash);
  const folder = /^\/[^/]+\//.exec(pathPart)?.[0];
  const where = pathPart.startsWith('/') ? ` in ${folder ?? '/'}` : '';
  if (f.rule === 'broken-fragment' && hash !== -1)
    return `missing fragments of the form \`${fragmentShape(t.slice(hash + 1))}\`${where}`;
  const ext = /\.[a-z0-9]+$/i.exec(pathPart)?.[0];
  return `${f.rule}${ext ? ` to *${ext}` : ''}${where}`;
}

/** The summary lines (none for a short list), for a site of `pages` pages. */
export function summaryLines(findings: readonly Finding[], pages: number): string[] {
  if (findings.length < SUMMARY_FROM) return [];
  const groups = new Map<string, number>();
  for (const f of findings) groups.set(patternOf(f), (groups.get(patternOf(f)) ?? 0) + 1);
  const ranked = [...groups].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const width = count(ranked[0]![1]).length;
  const out = [`Summary: ${count(findings.length)} findings`];
  for (const [pattern, n] of ranked.slice(0, GROUPS_SHOWN)) out.push(`  ${count(n).padStart(width)}  ${pattern}`);
  if (ranked.length > GROUPS_SHOWN) out.push(`  … and ${count(ranked.length - GROUPS_SHOWN)} more kinds`);
  const top = findings
    .filter((f) => f.target !== undefined && placeCount(f) > 1)
    .sort((a, b) => placeCount(b) - placeCount(a))
    .slice(0, TARGETS_SHOWN);
  if (top.length) {
    out.push('  linked from the most pages:');
    for (const f of top) out.push(`    ${f.target}  on ${count(placeCount(f))} of ${count(pages)} pages`);
  }
  out.push('');
  return out;
}
