import { readdirSync } from 'node:fs';

/**
 * The names in `dir`, or none when it cannot be listed (gone, not a folder, unreadable): for the
 * sweeps that tidy what earlier runs left, where a folder that is not there holds nothing to tidy.
 */
export function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
