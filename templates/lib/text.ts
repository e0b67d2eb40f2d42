/**
 * The possessive of a name as the house style writes it: "FanDuel's", but "Caesars'" and
 * "DraftKings'" for names ending in s (never "Caesars's").
 */
export const possessive = (name: string): string => (/s$/i.test(name) ? `${name}'` : `${name}'s`);
