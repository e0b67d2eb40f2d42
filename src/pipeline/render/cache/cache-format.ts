/** The render cache's on-disk format: the cache reads packs in it, the pack writer writes them. */
export const FORMAT = 'pa-site-render-cache 6';
/** The first bytes of every pack: a pack written by another format is never read. */
export const PACK_HEADER = Buffer.from(`${FORMAT} pack\n`);
/** Where an entry's bytes are: a pack in the cache folder, and their offset and length in it. */
export type Place = [pack: string, offset: number, length: number];
