/**
 * The template registry the build compiles with esbuild. A page's frontmatter `template:` names
 * one of `templates`; the layout wraps every page.
 */
import { GuidePage } from './pages/Guide.js';
import { ReviewPage } from './pages/Review.js';
export { Layout } from './components/Layout.js';
export { sectionFor } from './components/Header.js';
export { NotFoundPage } from './pages/NotFound.js';
export { ErrorScreen } from './pages/ErrorScreen.js';

export const templates = { guide: GuidePage, review: ReviewPage };
