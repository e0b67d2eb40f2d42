/** Types of scripts/dist-digest.mjs for the tests that import it. */
export declare const DIGEST_TODAY: string;
export declare const DIGEST_FILE: string;
export declare function digestOf(dir: string): string;
export declare function digestChanges(expected: string, actual: string): string[];
