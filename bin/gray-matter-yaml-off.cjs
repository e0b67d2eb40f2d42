// Stands in for gray-matter's own js-yaml 3 in lib/ (bin/compile.js): pa-site switches every
// gray-matter engine off and parses frontmatter itself (src/pipeline/load/frontmatter.ts), so that
// copy of js-yaml was loaded on every start and never called. If gray-matter ever calls it, say so.
const off = () => {
  throw new Error("gray-matter's YAML engine is off in pa-site: frontmatter YAML is parsed by pa-site");
};
module.exports = { safeLoad: off, safeDump: off };
