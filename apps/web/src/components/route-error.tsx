import { useRouteError } from 'react-router';
import { buttonClass } from './ui/button';

/** Shown when a screen fails to load (an old cached page after a deploy, or a lost connection). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong.</h1>
      <p className="text-slate-600">This screen could not be shown. Reloading usually fixes it.</p>
      <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
