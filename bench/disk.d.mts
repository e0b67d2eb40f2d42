/** Types for disk.mjs, which tests import. */
export function fileCreateMicros(dir: string, count?: number): number;
export const SLOW_CREATE_MICROS: number;
export function diskLine(micros: number): string;
