import { Link } from 'react-router';

export function Component() {
  return (
    <section className="not-found">
      <h1>404</h1>
      <p>Sorry, the page you visited does not exist.</p>
      <Link to="/" className="button">
        Back Home
      </Link>
    </section>
  );
}
