/**
 * What a checked folder is: built by pa-site or by another generator (which decides whether the
 * site rules apply), and how its host serves it (`--served-as`, when not given).
 */
import { MARKER as OUTPUT_MARKER } from '../pipeline/write/out-dir.js';
import { type ServedAs, servedAsFromVercel } from './served.js';
/** The first line of the `_headers` file every pa-site build writes (src/pipeline/write/hosting.ts). */
const HEADERS_SIGNATURE = /^# Written by pa-site build\b/;

export type ServedAsSource = 'option' | 'pa-site' | 'vercel.json' | 'default';

export interface SiteKind {
  /** The folder carries pa-site's marker: the site rules apply. */
  paSite: boolean;
  /** The file that showed it (`.pa-site-output` or `_headers`), or null. */
  marker: string | null;
  servedAs: ServedAs;
  servedAsFrom: ServedAsSource;
}

/**
 * `read` gives the text of a file of the folder, or null; `builtHere` is true when check built the
 * folder itself. Precedence for the serving mode: the option, then pa-site's own builds (clean
 * URLs), then the folder's vercel.json, then `clean`.
 */
export function detectSite(
  files: Pick<ReadonlySet<string>, 'has'>,
  read: (file: string) => string | null,
  servedAs?: ServedAs,
  builtHere = false,
): SiteKind {
  let marker: string | null = null;
  if (files.has(OUTPUT_MARKER)) marker = OUTPUT_MARKER;
  else if (files.has('_headers') && HEADERS_SIGNATURE.test(read('_headers') ?? '')) marker = '_headers';
  const paSite = builtHere || marker !== null;
  if (servedAs) return { paSite, marker, servedAs, servedAsFrom: 'option' };
  if (paSite) return { paSite, marker, servedAs: 'clean', servedAsFrom: 'pa-site' };
  const vercel = files.has('vercel.json') ? servedAsFromVercel(read('vercel.json') ?? '') : null;
  if (vercel) return { paSite, marker, servedAs: vercel, servedAsFrom: 'vercel.json' };
  return { paSite, marker, servedAs: 'clean', servedAsFrom: 'default' };
}
