import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A message's HTML, sanitized with DOMPurify (rules.md "Chat": user HTML is never shown raw), with mention tokens
 * styled the way the composer shows them.
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <div
      className={cn(
        'break-words [&_p]:min-h-[1lh]',
        '[&_[data-lexical-beautiful-mention]]:rounded-md [&_[data-lexical-beautiful-mention]]:bg-brand-50 [&_[data-lexical-beautiful-mention]]:px-1 [&_[data-lexical-beautiful-mention]]:font-medium [&_[data-lexical-beautiful-mention]]:text-brand-800',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
