/**
 * The house's import rules, checked by `npm run lint` (dependency-cruiser). What each folder may import is in
 * CONTRIBUTING.md; tests/import-rules.test.ts proves each rule can fail.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle hides which file is the lower one: move the shared name down, or to a types module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'library-not-cli',
      severity: 'error',
      comment: 'The library (build, check, dev, init, preview) returns results; only src/cli may print and exit.',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'pipeline-not-commands',
      severity: 'error',
      comment: 'The build pipeline sits under the commands: it never imports cli, dev, check, preview or init.',
      from: { path: '^src/pipeline/' },
      to: { path: '^src/(cli|dev|check|preview|init)/' },
    },
    {
      name: 'commands-apart',
      severity: 'error',
      comment: 'A command (dev, check, preview, init) imports no other: what two share lives in a room below them.',
      from: { path: '^src/(dev|check|preview|init)/' },
      to: { path: '^src/(dev|check|preview|init)/', pathNot: '^src/$1/' },
    },
    {
      name: 'schema-lowest',
      severity: 'error',
      comment: 'src/schema is the lowest layer of the site model: it imports only itself, src/urls and src/support.',
      from: { path: '^src/schema/' },
      to: { path: '^(src|templates)/', pathNot: '^src/(schema|urls|support)/' },
    },
    {
      name: 'urls-low',
      severity: 'error',
      comment: 'src/urls is the URL rule every layer uses: it imports only itself and src/support.',
      from: { path: '^src/urls/' },
      to: { path: '^(src|templates)/', pathNot: '^src/(urls|support)/' },
    },
    {
      name: 'domain-over-schema',
      severity: 'error',
      comment: 'src/domain (staleness, ratings) imports schema, urls, support and templates/lib.',
      from: { path: '^src/domain/' },
      to: { path: '^(src|templates)/', pathNot: '^(src/(domain|schema|urls|support)|templates/lib)/' },
    },
    {
      name: 'serve-alone',
      severity: 'error',
      comment: 'src/serve is the static file server dev and preview share: it imports no command.',
      from: { path: '^src/serve/' },
      to: { path: '^src/(cli|dev|check|preview|init)/' },
    },
    {
      name: 'support-lowest',
      severity: 'error',
      comment: 'src/support is what every room uses: it imports nothing of pa-site outside itself.',
      from: { path: '^src/support/' },
      to: { path: '^(src|templates)/', pathNot: '^src/support/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6'],
  },
};
