import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { CardsNavLink } from './cards-nav-link';
import { ACCOUNT_ENTRIES, ADMIN_ENTRIES, SIGNED_IN_SECTIONS, SIGNED_OUT_SECTIONS, SPEC_ENTRIES } from './nav-items';
import { useLogout } from './use-logout';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center rounded-lg px-3 text-base hover:bg-slate-100',
    isActive ? 'font-bold text-slate-900' : 'font-medium text-slate-700',
  );

function Group({ label, children }: { label: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="border-t border-slate-100 pt-2 first:border-t-0 first:pt-0">
      <p id={id} className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {label}
      </p>
      {children}
    </div>
  );
}

/**
 * The phone header (under 768 px, decision 019): one "Menu" button, a disclosure that opens every place the wide
 * header and the user menu reach. It closes on a choice, on Escape (focus back on the button) and on a click outside.
 */
export function MobileMenu({ name, administrator = false }: { name: string | null; administrator?: boolean }) {
  const { pathname, key } = useLocation();
  // Open on the visit it was opened on: following one of its links closes it, and coming back to the same page later
  // (a link, or after deleting the account) finds it closed. A pathname alone reopened it then.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const setOpen = (next: boolean) => setOpenOn(next ? key : null);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const onLogout = useLogout();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const signedIn = name !== null;
  return (
    <div ref={rootRef} className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
        Menu
      </button>
      <nav
        id={panelId}
        aria-label="Menu"
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 py-3 shadow-lg"
      >
        {signedIn ? (
          <div className="flex flex-col gap-2">
            <Group label="Your work">
              {SIGNED_IN_SECTIONS.map((item) => (
                <NavLink key={item.to} to={item.to} className={linkClass}>
                  {item.label}
                </NavLink>
              ))}
              <CardsNavLink className={linkClass} signedIn />
            </Group>
            <Group label={name}>
              {[...ACCOUNT_ENTRIES, ...(administrator ? ADMIN_ENTRIES : []), ...SPEC_ENTRIES].map((item) => (
                <NavLink key={item.to} to={item.to} end className={linkClass}>
                  {item.label}
                </NavLink>
              ))}
              <button
                type="button"
                onClick={() => void onLogout()}
                className="flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-base font-medium text-slate-700 hover:bg-slate-100"
              >
                <LogOut className="size-4" aria-hidden="true" /> Logout
              </button>
            </Group>
          </div>
        ) : (
          <div className="flex flex-col gap-1">
            {SIGNED_OUT_SECTIONS.map((item) => (
              <NavLink key={item.to} to={item.to} className={linkClass}>
                {item.label}
              </NavLink>
            ))}
            <NavLink to="/login" className={linkClass}>
              Login
            </NavLink>
            {pathname !== '/signup' && (
              <NavLink to="/signup" className={linkClass}>
                Sign up
              </NavLink>
            )}
          </div>
        )}
      </nav>
    </div>
  );
}
