export interface ErrorScreenProps {
  /** The error message or HTTP status to show. */
  message: string;
  /** Optional details, such as `content/pages/about.md:4:3  hero.heading  …` lines. */
  details?: string[];
}

/** The fallback screen for an unexpected application error (spec §8). */
export function ErrorScreen({ message, details = [] }: ErrorScreenProps) {
  return (
    <section className="error-screen" role="alert">
      <div className="container">
        <h1>Unexpected Application Error!</h1>
        <p className="error-message">{message}</p>
        {details.length ? (
          <pre className="error-details">
            <code>{details.join('\n')}</code>
          </pre>
        ) : null}
      </div>
    </section>
  );
}
