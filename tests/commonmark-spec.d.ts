/** The `commonmark-spec` package: every example of the CommonMark spec it ships. */
declare module 'commonmark-spec' {
  const spec: { version: string; tests: { number: number; section: string; markdown: string; html: string }[] };
  export default spec;
}
