/**
 * `word` as one word of a POSIX shell command line: as it is when every character is one the shell leaves alone,
 * else in single quotes. For the commands pa-site prints for a person to copy (init's next steps, check's hints).
 */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
