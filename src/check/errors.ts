/** A problem with check's options themselves (the CLI exits 2). */
export class CheckInputError extends Error {}
