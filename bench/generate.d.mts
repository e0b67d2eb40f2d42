/** Types for the parts of generate.mjs that tests import. */
export interface BenchPage {
  title: string;
  description: string;
  heading: string;
  lede: string;
  body: string;
}
export function page(k: number, n: number, link?: (j: number) => string): BenchPage;
export function smallPage(k: number, n: number, link?: (j: number) => string): BenchPage;
export function generate(
  n: number,
  discard?: (dir: string) => void,
  options?: { small?: boolean },
): { pa: string; eleventy: string; hugo: string };
/** A work folder's name: `pa-4000`, or `pa-small-4000` for the small-pages corpus. */
export function corpusName(tool: string, n: number, small?: boolean): string;
/** mulberry32: a seeded generator of numbers in [0, 1). */
export function rng(seed: number): () => number;
export const SIZES: number[];
export const repoDir: string;
export const workDir: string;
/** The real site.yaml without its `redirects` (their targets are pages a corpus or fixture lacks). */
export function withoutRedirects(siteYaml: string): string;
