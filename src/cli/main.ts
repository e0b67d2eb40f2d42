import { existsSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { packageVersion } from '../support/package/paths.js';
import { escapeTerminal } from '../support/diagnostics/diagnostics.js';
import type { BuildResult } from '../pipeline/build.js';
import type { StaleSeverity } from '../domain/staleness.js';
import { staleOffersLine } from '../check/report.js';
import {
  buildDetails,
  formatBytes,
  paint,
  printDiagnostics,
  colorEnabled,
  processOut,
  isOfferWarning,
  OFFERS_NAMED_BY,
} from './output.js';
import { ProgressLine } from './progress.js';
import { exitOnSignal } from './stop-signals.js';
import { coresEnvError, notAProject, usageError, wholeNumberOption } from './usage.js';

/** Exit codes: 0 success, 1 content or build errors (or check findings), 2 usage errors. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A progress line on stderr when it is a terminal (and the user did not ask for quiet). */
function progressLine(quiet?: boolean): ProgressLine | undefined {
  return !quiet && process.stderr.isTTY && process.env.TERM !== 'dumb' ? new ProgressLine(process.stderr) : undefined;
}

async function runBuild(opts: {
  root: string;
  out?: string;
  quiet?: boolean;
  verbose?: boolean;
  workers?: string;
  cache?: boolean;
  clean?: boolean;
  today?: string;
  staleOffers?: StaleSeverity;
}): Promise<number> {
  const { build } = await import('../pipeline/build.js');
  const o = processOut();
  let workers: number | 'auto' = 'auto';
  if (opts.workers !== undefined) {
    const n = wholeNumberOption(o, '--workers', opts.workers, 1, 64);
    if (typeof n !== 'number') return n.exit;
    workers = n;
  }
  const badCores = coresEnvError(o);
  if (badCores) return badCores.exit;
  const { ReferenceDateError, referenceDate } = await import('../domain/staleness.js');
  let today: Date;
  try {
    today = referenceDate(opts.today);
  } catch (e) {
    if (!(e instanceof ReferenceDateError)) throw e;
    return usageError(o, e.message);
  }
  const line = progressLine(opts.quiet);
  let result: BuildResult;
  const release = exitOnSignal((l) => {
    line?.clear();
    o.err(l);
  });
  try {
    result = await build({
      root: opts.root,
      outDir: opts.out,
      workers,
      cache: opts.cache,
      clean: opts.clean,
      today,
      staleOffers: opts.staleOffers,
      onStatus: (message) => {
        line?.clear();
        o.err(message);
      },
      onProgress: line && ((p) => line.update(p)),
    });
  } finally {
    release();
    line?.finish();
  }
  const unsafe = result.diagnostics.find((d) => d.code === 'unsafe-out-dir');
  if (unsafe) return usageError(o, `--out: ${unsafe.message}`, unsafe.hint);
  const noProject = notAProject(o, opts.root, result.diagnostics);
  if (noProject) return noProject;
  // Stale offers are one summary line below (the owner is always told); --verbose names each.
  const shown = result.diagnostics.filter(
    (d) => d.severity === 'error' || (!opts.quiet && (opts.verbose || !isOfferWarning(d))),
  );
  printDiagnostics(o, shown);
  const named = result.diagnostics.some((d) => isOfferWarning(d) && !shown.includes(d)) ? OFFERS_NAMED_BY : undefined;
  const offers = opts.quiet ? null : staleOffersLine(result.offers, named);
  const warn = (line: string) => `${paint(o.color, 33, '!')} ${line}`;
  if (!result.ok) {
    const where = escapeTerminal(path.relative(process.cwd(), result.outDir) || '.');
    const kept = existsSync(result.outDir) ? `${where} was left as it was` : `nothing was written to ${where}`;
    if (offers) o.err(warn(offers));
    o.err(paint(o.color, 31, `Build failed; ${kept}.`));
    return EXIT.failed;
  }
  if (opts.verbose) for (const l of buildDetails(result)) o.out(l);
  if (!opts.quiet) {
    const where = escapeTerminal(path.relative(process.cwd(), result.outDir) || '.');
    const pages = `${result.pages} page${result.pages === 1 ? '' : 's'}`;
    o.out(
      `${paint(colorEnabled(process.stdout), 32, '✓')} Built ${pages}, ${result.files} files, ` +
        `${formatBytes(result.bytes)} in ${Math.round(result.timings.total)} ms → ${where}`,
    );
    if (offers) o.out(`${paint(colorEnabled(process.stdout), 33, '!')} ${offers}`);
    if (result.draftsLeftOut > 0) o.out(`  ${draftsLine(result.draftsLeftOut)}`);
  }
  return EXIT.ok;
}

/** The count of `draft: true` pages a build left out, and where they do show. */
export const draftsLine = (n: number) =>
  `${n} draft${n === 1 ? '' : 's'} left out (draft: true); pa-site dev shows ${n === 1 ? 'it' : 'them'}`;

/** Set by commands that may have started esbuild's service process. */
let usedPipeline = false;

export function program(): Command {
  const cmd = new Command('pa-site')
    .description('Build, check and preview a static site from Markdown and YAML content.')
    .version(packageVersion, '-v, --version', 'print the version')
    .option('--debug', 'print the JavaScript stack of an unexpected error')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run "pa-site --help" for usage)')
    .addHelpText(
      'after',
      '\nPaths: --root and --dir (check, preview) are relative to the current folder; build --out is relative to\n' +
        '--root (the output is part of the project, like content/). See docs/cli.md.\n' +
        '\nExit codes: 0 success, 1 content or build errors (check: findings), 2 usage errors.',
    )
    .exitOverride();
  const root = new Option(
    '--root <dir>',
    'project folder containing content/ (relative to the current folder)',
  ).default('.');
  const today = () =>
    new Option(
      '--today <date>',
      'judge offer staleness as of this date, YYYY-MM-DD (default: $PA_SITE_TODAY or today)',
    );
  const staleOffers = () =>
    new Option(
      '--stale-offers <level>',
      'an aging or withheld offer is a warning or an error (exit 1) (default: site.yaml offers.stale, else warning)',
    ).choices(['warning', 'error']);

  cmd
    .command('init')
    .description('create a minimal site (content/ and JSON Schemas) in a new or empty folder')
    .argument('[dir]', 'the folder to create it in (default: the current folder)')
    .addOption(
      new Option(
        '--starter <name>',
        'pa: a betting guide with the gambling compliance pack; blank: a plain site with a blog',
      )
        .choices(['pa', 'blank'])
        .default('pa'),
    )
    .exitOverride()
    .action(async (dir: string | undefined, opts: { starter: 'pa' | 'blank' }) => {
      const { runInit } = await import('./init-command.js');
      process.exitCode = runInit(dir, opts.starter);
    });

  cmd
    .command('schema')
    .description(
      'write JSON Schemas of site.yaml, operator, author and source files and page frontmatter ' +
        "(with the fields of the project's own templates)",
    )
    .addOption(root)
    .option('--out <dir>', 'folder to write them to, relative to the current folder', 'schemas')
    .exitOverride()
    .action(async (opts: { out: string; root: string }) => {
      usedPipeline = true;
      const { runSchema } = await import('./schema-command.js');
      process.exitCode = await runSchema(opts.out, opts.root);
    });

  cmd
    .command('build')
    .description('validate the content and write the site to the output folder')
    .addOption(root)
    .option('--out <dir>', 'output folder, relative to --root', 'dist')
    .option(
      '--workers <n>',
      'render threads, the main thread included ' +
        '(default: one below 2,000 pages, then one per 500, at most one per core)',
    )
    .option('--no-cache', 'render every page afresh and compile the templates, ignoring the caches')
    .option('--clean', 'let the build delete files in the output folder that no pa-site build wrote (.git is kept)')
    .addOption(today())
    .addOption(staleOffers())
    .option('-q, --quiet', 'print errors only: no warnings, progress or summary')
    .addOption(
      new Option(
        '--verbose',
        'also name each aging or withheld offer, and print how long each stage took, threads used and cache hits',
      ).conflicts('quiet'),
    )
    .exitOverride()
    .action(async (opts) => {
      usedPipeline = true;
      process.exitCode = await runBuild(opts);
    });

  cmd
    .command('check')
    .description('build the site (or take a built folder) and check links, fragments and page rules')
    .addOption(root)
    .option('--dir <dir>', 'check this built folder instead of building (relative to the current folder)')
    .option('--external', 'also check links to other sites (needs network)')
    .option('--external-cache <file>', 'with --external: keep results in this file between runs')
    .option('--external-cache-age <hours>', 'with --external-cache: ask again after this many hours (default 24)')
    .addOption(
      new Option('--served-as <mode>', 'how the host serves the folder (default: detected; see docs/check.md)').choices(
        ['clean', 'html', 'folders'],
      ),
    )
    .addOption(
      new Option('--format <format>', 'output format')
        .choices(['text', 'json', 'github', 'sarif', 'junit'])
        .default('text'),
    )
    .addOption(today())
    .addOption(staleOffers())
    .option('-q, --quiet', 'print errors only (text and github formats; json always has everything)')
    .option('--verbose', 'every page of every finding (text: with its message and fix; json: every place)')
    .option(
      '--skip <regex>',
      'leave out links whose URL matches (repeatable)',
      (v: string, l: string[]) => [...l, v],
      [],
    )
    .option('--base <path>', 'the URL path the folder is served under, e.g. /docs/ (default /)')
    .option('--baseline <file>', 'fail only on findings not recorded in this file')
    .addOption(
      new Option('--write-baseline <file>', "record today's findings in this file (exit 0)").conflicts('baseline'),
    )
    .exitOverride()
    .action(async (opts) => {
      usedPipeline = true;
      const { runCheck } = await import('./check-command.js');
      process.exitCode = await runCheck(opts);
    });

  cmd
    .command('dev')
    .description('serve a live-reloading dev build on 127.0.0.1 and rebuild on every change')
    .addOption(root)
    .option('--port <port>', 'port to listen on (default 4321; if busy, the next free one)')
    .option('--host <host>', 'interface to bind (widening it prints a warning)', '127.0.0.1')
    .exitOverride()
    .action(async (opts) => {
      usedPipeline = true;
      const { runDev } = await import('./dev-command.js');
      process.exitCode = await runDev(opts);
    });

  cmd
    .command('preview')
    .description('serve a built folder on 127.0.0.1 as the host will: clean URLs, _headers and _redirects')
    .addOption(root)
    .option('--dir <dir>', 'serve this built folder (relative to the current folder; default: dist in --root)')
    .option('--port <port>', 'port to listen on (default 4322; if busy, the next free one)')
    .option('--host <host>', 'interface to bind (widening it prints a warning)', '127.0.0.1')
    .option('--base <path>', 'serve the site under this folder, e.g. /repo/ (default: base in content/site.yaml)')
    .exitOverride()
    .action(async (opts) => {
      const { runPreview } = await import('./preview-command.js');
      process.exitCode = await runPreview(opts);
    });
  return cmd;
}

/**
 * An error pa-site did not foresee: one line naming it (escaped for the terminal), plus the stack
 * only with --debug. No input should get here; when one does, the line says how to learn more.
 */
export function unexpectedError(e: unknown, debug: boolean): string {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = (err as NodeJS.ErrnoException).code;
  const first = escapeTerminal(err.message.split('\n')[0] ?? '');
  const head = `error: unexpected error in pa-site: ${first}${code ? ` (${code})` : ''}`;
  return debug ? `${head}\n${escapeTerminal(err.stack ?? '', true)}` : `${head}\n  run with --debug for details`;
}

/** Runs the CLI; resolves to the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[]): Promise<number> {
  const cmd = program();
  process.exitCode = undefined;
  try {
    // No command (`pa-site`, `pa-site --debug`): usage on stderr and exit 2. An option pa-site does
    // not know is named instead (`pa-site --bogus`), as it is after a command.
    const asked = argv.slice(2);
    const wantsHelp = asked.some((a) => ['-h', '--help', '-v', '--version', 'help'].includes(a));
    const unknown = asked.find((a) => a.startsWith('-') && a !== '--debug');
    if (!wantsHelp && !asked.some((a) => !a.startsWith('-'))) {
      // The error line and the pointer to --help, not the whole help.
      if (unknown) cmd.error(`error: unknown option '${unknown}'`, { code: 'commander.unknownOption' });
      cmd.outputHelp({ error: true });
      return EXIT.usage;
    }
    await cmd.parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help')
        return EXIT.ok;
      return EXIT.usage;
    }
    const debug = cmd.opts().debug || argv.includes('--debug');
    process.stderr.write(`${unexpectedError(e, debug)}\n`);
    return EXIT.failed;
  } finally {
    // Leave no process behind: esbuild's service (when a command started it) is stopped and reaped.
    if (usedPipeline) await (await import('../pipeline/render/compile/esbuild-service.js')).stopEsbuild();
  }
}
