// The Node version check the pa-site command makes before it loads anything else. Written in syntax
// and APIs Node 18 and older still run, so an old Node gets this one line and not an import error
// from deep in lib/ (Node 18 lacks node:crypto's hash(), for one).
import { readFileSync } from 'node:fs';

/** `engines.node` of pa-site's package.json (">=20.19"). */
export function enginesRange(packageJsonPath) {
  return JSON.parse(readFileSync(packageJsonPath, 'utf8')).engines.node;
}

/** The parts of a version ("20.19.0", "v18.20.4"), missing ones as 0. */
function parts(version) {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version);
  return m ? [Number(m[1]), Number(m[2] || 0), Number(m[3] || 0)] : [0, 0, 0];
}

/**
 * The line to print when Node `found` is older than `range` allows (a ">=X.Y[.Z]" range, as
 * engines.node is), else undefined.
 */
export function nodeVersionProblem(range, found) {
  const m = /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(String(range).trim());
  if (!m) return undefined;
  const need = parts(m[1]);
  const have = parts(found);
  for (let i = 0; i < 3; i++) {
    if (have[i] > need[i]) return undefined;
    if (have[i] < need[i])
      return (
        `error: pa-site needs Node ${m[1]} or newer and this is Node ${found.replace(/^v/, '')}; ` +
        'install a current Node (https://nodejs.org, or nvm install 22) and run it again'
      );
  }
  return undefined;
}
