/**
 * What the validate stage hands the render stage about Markdown: the engine a site chose and its remark plugins,
 * resolved. Types only, so the site model (src/model.ts) can name them without importing the engines.
 */
import type { MarkdownConfig } from '../../../schema/site.js';

/** A remark plugin found in the project's node_modules: what the render stage imports, and where it is named. */
export interface ResolvedPlugin {
  name: string;
  version: string;
  /** Absolute path of the module the package exports. */
  file: string;
  options?: Record<string, unknown>;
  line: number;
  col: number;
}

/** The Markdown engine a site asked for, with its plugins resolved; structured-clone safe (workers get it). */
export interface MarkdownSetup {
  engine: MarkdownConfig['engine'];
  plugins: ResolvedPlugin[];
}
