/** What check reads from content/site.yaml, without validating the rest (a build validates it all). */
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { readRegularFileAsync } from '../pipeline/load/regular-file.js';
import { basePathProblem, siteUrlProblem } from '../urls/urls.js';
import { DEFAULT_POLICY, type StaleSeverity, type StalenessPolicy } from '../domain/staleness.js';
import { type PackSettings, packOfYaml } from '../domain/gambling-pack.js';
import type { RuleSetting } from './rules.js';

export interface Config {
  url: string | null;
  /** site.yaml `base`: the site is served under it (null: none, or one the build would refuse). */
  base: string | null;
  knownUnbuilt: string[];
  skip: string[];
  offers: StalenessPolicy & { stale?: StaleSeverity };
  /** The compliance pack site.yaml turns on (`compliance:`), or null for a plain site. */
  pack: PackSettings | null;
  /** site.yaml `check.rules`: page rules turned off or given another severity. */
  rules: Record<string, RuleSetting>;
}

const SETTINGS: readonly unknown[] = ['off', 'warning', 'error'] satisfies RuleSetting[];

/** `check.rules` as parsed: only the entries a build would accept (site.ts validates them for the build). */
function ruleSettings(value: unknown): Record<string, RuleSetting> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, RuleSetting] => SETTINGS.includes(e[1])));
}

const positive = (v: unknown, fallback: number) => (typeof v === 'number' && v > 0 ? v : fallback);

/** The settings check needs from content/site.yaml; null when there is none or it does not parse. */
export async function readConfig(root: string): Promise<Config | null> {
  let text: string;
  try {
    text = (await readRegularFileAsync(path.join(root, 'content', 'site.yaml'))).toString('utf8');
  } catch {
    return null;
  }
  try {
    const data = parseYaml(text) as {
      url?: unknown;
      base?: unknown;
      check?: { knownUnbuilt?: unknown; skip?: unknown; rules?: unknown };
      compliance?: unknown;
      helpline?: unknown;
      offers?: { warnAfterDays?: unknown; hardLimitDays?: unknown; stale?: unknown };
    } | null;
    const list = data?.check?.knownUnbuilt;
    const skip = data?.check?.skip;
    return {
      // An address the build would refuse is no address to resolve links against.
      url: typeof data?.url === 'string' && !siteUrlProblem(data.url) ? data.url : null,
      base: typeof data?.base === 'string' && !basePathProblem(data.base) ? data.base : null,
      knownUnbuilt: Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [],
      skip: Array.isArray(skip) ? skip.filter((x): x is string => typeof x === 'string') : [],
      offers: {
        warnAfterDays: positive(data?.offers?.warnAfterDays, DEFAULT_POLICY.warnAfterDays),
        hardLimitDays: positive(data?.offers?.hardLimitDays, DEFAULT_POLICY.hardLimitDays),
        stale: data?.offers?.stale === 'error' ? 'error' : 'warning',
      },
      pack: packOfYaml(data),
      rules: ruleSettings(data?.check?.rules),
    };
  } catch {
    return null;
  }
}
