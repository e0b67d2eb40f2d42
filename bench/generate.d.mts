/** Types for the parts of generate.mjs that tests import. */
export interface BenchPage {
  title: string;
  description: string;
  heading: string;
  lede: string;
  body: string;
}
export function page(k: number, n: number, link?: (j: number) => string): BenchPage;
export function generate(n: number, discard?: (dir: string) => void): { pa: string; eleventy: string; hugo: string };
export const SIZES: number[];
export const repoDir: string;
export const workDir: string;
/** The real site.yaml without its `redirects` (their targets are pages a corpus or fixture lacks). */
export function withoutRedirects(siteYaml: string): string;
