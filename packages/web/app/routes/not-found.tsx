import { data } from 'react-router';

/** Any path no route claims: HTTP 404, rendered by the locale route's error boundary. */
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFoundRoute() {
  return null;
}
