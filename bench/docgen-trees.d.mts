/** Types for docgen-trees.mjs, which tests import. */
export interface TreeOptions {
  pages?: number;
  seed?: boolean;
}
/** Each writes a tree into `dir` and returns the findings (`rule target`) a correct check gives. */
export type TreeWriter = (dir: string, options?: TreeOptions) => string[];
export const writeRustdoc: TreeWriter;
export const writeJavadoc: TreeWriter;
export const writeMdbook: TreeWriter;
export const writeHaddock: TreeWriter;
export const WRITERS: Record<'rustdoc' | 'javadoc' | 'mdbook' | 'haddock', TreeWriter>;
