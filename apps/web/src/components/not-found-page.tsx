import { Link } from 'react-router';
import { buttonClass } from './ui/button';

export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center gap-6 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Page not found.</h1>
      <p className="max-w-md text-slate-600">The address may be mistyped, or the page may have moved.</p>
      <Link to="/" className={buttonClass('primary')}>
        Back to the home page
      </Link>
    </div>
  );
}
