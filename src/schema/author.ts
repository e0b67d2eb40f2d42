import * as z from 'zod';
import { absoluteUrl, copy, text } from './common.js';

/**
 * A byline: `content/authors/<id>.yaml`. A team byline is an Organization in structured data; a
 * named person, a Person. Never invent people: a role-based team byline is the honest default.
 */
export const authorSchema = z.strictObject({
  name: text,
  role: text,
  bio: copy,
  type: z.enum(['organization', 'person']).default('organization'),
  url: absoluteUrl.optional(),
});

type AuthorData = z.infer<typeof authorSchema>;
export type Author = AuthorData & { id: string; file: string };
