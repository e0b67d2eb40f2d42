/** The not-found page (spec §2.17); its script logs the attempted path as a 404 error. */
export function NotFoundPage() {
  return (
    <section className="not-found">
      <div className="container">
        <p className="not-found-code">404</p>
        <h1>Oops! Page not found</h1>
        <p>The page you were looking for does not exist or has moved.</p>
        <a className="btn btn-primary" href="/">
          Return to Home
        </a>
      </div>
    </section>
  );
}
