import * as z from 'zod';
import { text } from './common.js';
import { sourceRef } from './sources.js';

/** A day or a month: `2025-12-01`, or `2019-05` when the source gives only the month. */
const day = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, 'expected a date such as 2025-12-01 or 2019-05');

/**
 * One dated change in a brand's life, with its source: a launch, a closure, a rename. A build dated
 * before `date` does not show it (nor the name it gave the brand).
 */
const rosterEvent = z.strictObject({
  date: day,
  /** What the change means for a player: live (taking players), closed, or renamed (with `name`). */
  status: z.enum(['live', 'closed', 'renamed']),
  /** The reader's words for it, with its date: "Renamed theScore Bet on December 1, 2025". */
  says: text,
  /** The brand's name from this date on (a rename). */
  name: text.optional(),
  source: sourceRef,
});

/** One online brand the PGCB licensed or licenses: who holds the license and what happened when. */
const rosterBrand = z.strictObject({
  /** The brand's first name; a `renamed` event gives its later one. */
  brand: text,
  /** Our review's operator id, when we review it. */
  operator: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  /** The license holder, in the reader's words, and where that comes from. */
  holder: z.strictObject({ licensee: text, source: sourceRef }).optional(),
  /** Oldest first. */
  events: z.array(rosterEvent).min(1, 'give at least the date the brand was live, with its source'),
});

/**
 * The whole licensed online market (site.yaml `roster`), sportsbooks and casinos, each brand with its
 * license holder and dated status: the `roster` block shows it as of the build's date.
 */
export const rosterSchema = z
  .strictObject({
    sportsbooks: z.array(rosterBrand).default([]),
    casinos: z.array(rosterBrand).default([]),
  })
  .optional();
