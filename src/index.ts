/** pa-site's library API: the CLI is a thin layer over these. */
export {
  build,
  type BuildOptions,
  type BuildProgress,
  type BuildResult,
  type BuildStage,
  type BuildTimings,
} from './pipeline/build.js';
export { stopEsbuild } from './pipeline/render/compile/esbuild-service.js';
export { formatDiagnostic, summarizeDiagnostics, type Diagnostic } from './support/diagnostics/diagnostics.js';
export { urlFor, routeFromContentPath, filesForPath, type PageUrl } from './urls/urls.js';
export {
  serveDir,
  staticHandler,
  type RequestHandler,
  type ServedDir,
  type StaticServerOptions,
} from './serve/serve-api.js';
export { securityHeaders, contentSecurityPolicy } from './pipeline/write/hosting.js';
export { check, CheckInputError, type CheckOptions } from './check/check.js';
export {
  formatText as formatCheckText,
  formatJson as formatCheckJson,
  formatGithub as formatCheckGithub,
} from './check/report.js';
export { allPlaces, PLACES_KEPT } from './check/place-store.js';
export { closeCheck, eachFinding, findingCount } from './check/finding-spill.js';
export { PAGE_RULES } from './check/rules.js';
export { SERVED_AS, type ServedAs } from './check/served.js';
export type { CheckResult, Finding, Place, CheckSummary } from './check/types.js';
export { dev, DevError, type DevOptions, type DevServer } from './dev/dev.js';
export {
  preview,
  PreviewError,
  PREVIEW_PORT,
  type PreviewOptions,
  type PreviewServer,
} from './preview/preview.js';
export type { HostFileProblem } from './preview/host-files.js';
export { init, schemaFiles, type InitOptions, type InitResult } from './init/init.js';
export { jsonSchema, CONTENT_SCHEMAS, type OwnTemplate, type SchemaName } from './schema/json-schema.js';
export { siteSchemaFiles, type SiteSchemas } from './pipeline/site-schemas.js';
export type { TemplateRegistry, ErrorScreenProps } from './pipeline/render/compile/templates.js';
/** What templates receive (docs/templates.md): a site's own templates import these types from 'pa-site'. */
export type {
  TemplateProps,
  LayoutProps,
  Page,
  Site,
  SiteConfig,
  Operator,
  Offer,
  Review,
  Author,
  Block,
  BlockOf,
  BlockType,
  Frontmatter,
  TemplateName,
  RenderedSegment,
  ListedPage,
  Heading,
  TableSpan,
  AssetRefs,
  MenuItem,
  Link,
  Brand,
  OfferState,
} from './model.js';
