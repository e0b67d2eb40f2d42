import type { Diagnostic } from '../../support/diagnostics/diagnostics.js';
import type { LoadedContent } from '../load/load.js';
import type { Site } from '../../model.js';
import { verifiedLabel, verifiedStart } from '../../domain/staleness.js';
import { parseYamlWithPositions } from '../load/yaml-source.js';
import { err } from './parse-page.js';

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A check date after the build's date (`--today`): an offer's `bonus.verified`, a source's
 * `checked`. A date that has not happened yet would keep an offer "current" forever and publish
 * "Checked December 9999", so it is an error at its line, naming the field.
 */
export function futureDates(site: Site, loaded: LoadedContent, today: Date): Diagnostic[] {
  const out: Diagnostic[] = [];
  const after = (date: string) => verifiedStart(date).getTime() > today.getTime();
  const hint = (what: string) =>
    `write the ${what} it really happened (YYYY-MM or YYYY-MM-DD), not a date after ${ymd(today)}; ` +
    'if the build date is wrong, pass --today YYYY-MM-DD';
  for (const o of site.operators) {
    const verified = o.bonus?.verified;
    if (!verified || !after(verified)) continue;
    const text = loaded.operators.find((f) => f.path === o.file)?.text ?? '';
    const at = parseYamlWithPositions(text, o.file).locate(['bonus'], 'verified');
    out.push(
      err(
        o.file,
        at.line,
        at.col,
        'bonus.verified',
        'future-date',
        `bonus.verified is ${verifiedLabel(verified)}, after the build's date (${ymd(today)})`,
        { hint: hint('day the terms were checked') },
      ),
    );
  }
  const file = loaded.sources;
  const late = Object.values(site.config.sources).filter((s) => s.checked && after(s.checked));
  if (file && late.length) {
    const yaml = parseYamlWithPositions(file.text, file.path);
    const list = Array.isArray(yaml.data) ? (yaml.data as { id?: unknown }[]) : [];
    for (const s of late) {
      const i = list.findIndex((e) => e?.id === s.id);
      const at = yaml.locate([i], 'checked');
      out.push(
        err(
          file.path,
          at.line,
          at.col,
          `[${i}].checked`,
          'future-date',
          `source "${s.id}": checked is ${verifiedLabel(s.checked!)}, after the build's date (${ymd(today)})`,
          { hint: hint('month the source was checked') },
        ),
      );
    }
  }
  return out;
}
