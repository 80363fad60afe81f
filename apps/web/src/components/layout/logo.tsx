import { Link } from 'react-router';

export function TurtleMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path d="M8 19c0-5 3.6-9 8-9s8 4 8 9H8z" fill="#99f6e4" />
      <path d="M12 19v3m8-3v3M24 17h2.5a1.5 1.5 0 0 0 0-3H24" stroke="#99f6e4" strokeWidth="2" strokeLinecap="round" />
      <path d="M12.5 13.5 16 16l3.5-2.5" stroke="#0f766e" strokeWidth="1.4" fill="none" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-bold tracking-tight text-slate-900"
      aria-label="Turtle home"
    >
      <TurtleMark />
      {/* On the narrowest phones the mark alone leaves room for the navigation (Chats, Notes, Cards). */}
      <span className="hidden text-lg min-[420px]:inline">Turtle</span>
    </Link>
  );
}
