/** pa-site's library API: the CLI is a thin layer over these. */
export { build, type BuildOptions, type BuildResult, type BuildTimings } from './build/build.js';
export { formatDiagnostic, summarizeDiagnostics, type Diagnostic } from './diagnostics.js';
export { urlFor, routeFromContentPath, filesForPath, type PageUrl } from './build/urls.js';
export { serveDir, staticHandler } from './serve.js';
export { securityHeaders, contentSecurityPolicy } from './build/hosting.js';
