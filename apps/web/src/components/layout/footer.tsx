import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { usePublicConfig } from '../../lib/public-config-store';

export function contactAlertText(email: string): string {
  return `Please contact us at ${email}`;
}

export function Footer() {
  const supportEmail = usePublicConfig((state) => state.supportEmail);
  const onContact = (event: MouseEvent) => {
    // product.md §2: the contact link is intercepted and shows an alert instead of navigating.
    event.preventDefault();
    window.alert(contactAlertText(supportEmail));
  };
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} <span className="font-semibold text-slate-800">Turtle</span>
        </p>
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Link to="/features" className="hover:text-slate-900">
            Features
          </Link>
          <Link to="/lessons" className="hover:text-slate-900">
            Lessons
          </Link>
          <Link to="/pricing" className="hover:text-slate-900">
            Pricing
          </Link>
          <a href="/contact" onClick={onContact} className="hover:text-slate-900">
            Contact us
          </a>
        </nav>
      </div>
    </footer>
  );
}
