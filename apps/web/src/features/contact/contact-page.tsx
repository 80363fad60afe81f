import { Mail } from 'lucide-react';
import { usePublicConfig } from '../../lib/public-config-store';

/** /contact reached directly (the footer link itself shows an alert instead of navigating). */
export function ContactPage() {
  const supportEmail = usePublicConfig((state) => state.supportEmail);
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <Mail className="size-10 text-brand-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Contact us</h1>
      <p className="text-slate-600">
        Please contact us at{' '}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
      </p>
    </section>
  );
}
