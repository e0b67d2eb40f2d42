// Types for link-corpus.mjs, which the generator tests (tests/check-generators.test.ts) import.
export const eleventyBin: string;
export const ORIGIN: string;
export interface CorpusPage {
  url: string;
  title: string;
  heading: string;
  description: string;
  body: string;
  alias: string | null;
}
export function rel(from: string, to: string): string;
export function corpus(n: number): CorpusPage[];
export function writeCorpus(dir: string, n: number): { eleventy: string; hugo: string; pages: CorpusPage[] };
export function buildEleventy(project: string, out: string): string;
export function buildHugo(project: string, out: string): string;
export function seedFaults(built: string, out: string, pages: CorpusPage[]): string[];
