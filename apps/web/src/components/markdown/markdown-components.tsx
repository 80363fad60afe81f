import { ImageOff } from 'lucide-react';
import { isValidElement, type ComponentProps, type ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { cn } from '../../lib/cn';
import { CodeBlock } from './code-block';
import { isOwnImageSource } from './own-image-source';

/** A link opens in a new tab without a hold on this page; a blanked one (a refused protocol) is plain text. */
function MarkdownLink({ href, children, node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  if (!href) return <span className="text-slate-700">{children}</span>;
  const inPage = href.startsWith('#');
  return (
    <a
      {...props}
      href={href}
      {...(inPage ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
      className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800 hover:decoration-brand-600"
    >
      {children}
    </a>
  );
}

/** Only our own images (or inline `data:` ones) load; any other shows its alt text with a note instead. */
function MarkdownImage({ src, alt, title }: ComponentProps<'img'> & { node?: unknown }) {
  const source = typeof src === 'string' ? src : undefined;
  if (isOwnImageSource(source)) {
    return <img src={source} alt={alt ?? ''} title={title} loading="lazy" className="my-3 max-h-96 rounded-lg" />;
  }
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-md border border-dashed border-slate-300 bg-slate-50 px-2 py-0.5 align-middle text-xs text-slate-600"
      title="Images from other sites are not loaded."
    >
      <ImageOff className="size-3.5 shrink-0" aria-hidden="true" />
      {alt ? <span>{alt}</span> : null}
      <span className="text-slate-500">(image blocked)</span>
    </span>
  );
}

/**
 * A card's sound (decision 038): the browser's own play control, named for screen readers, loading nothing until it
 * is played. The card HTML subset lets `<audio>` load only the person's card media.
 */
function MarkdownAudio({ src }: ComponentProps<'audio'> & { node?: unknown }) {
  if (typeof src !== 'string' || !src) return null;
  return (
    <audio
      controls
      preload="none"
      src={src}
      aria-label="Play sound"
      className="my-2 inline-block h-10 max-w-full align-middle"
    />
  );
}

/** remark-math's classes on a formula KaTeX has not drawn yet (it has not loaded, or failed to). */
function isFormula(className: string | undefined): boolean {
  return /(?:^|\s)math-(?:inline|display)(?:\s|$)/.test(className ?? '');
}

/** The source of a `$$` block (remark-math writes it as `<pre><code class="math-display">`), else undefined. */
function displayFormula(children: ReactNode): ReactNode | undefined {
  if (!isValidElement<{ className?: string; children?: ReactNode }>(children)) return undefined;
  return isFormula(children.props.className) ? children.props.children : undefined;
}

/** A display formula before KaTeX draws it: its source on a line of its own, never a code block. */
function FormulaSource({ source }: { source: ReactNode }) {
  return (
    <div data-math-source="" className="my-3 overflow-x-auto text-center whitespace-pre-wrap">
      {source}
    </div>
  );
}

/**
 * Hand-written typography for assistant replies; `pre` is the code block, `code` only ever inline code (either is a
 * formula's source while KaTeX is on its way).
 */
export const markdownComponents: Components = {
  h1: ({ node: _node, className, ...props }) => (
    <h1 className={cn('mt-6 mb-3 text-xl font-bold text-slate-900 first:mt-0', className)} {...props} />
  ),
  h2: ({ node: _node, className, ...props }) => (
    <h2 className={cn('mt-6 mb-3 text-lg font-bold text-slate-900 first:mt-0', className)} {...props} />
  ),
  h3: ({ node: _node, className, ...props }) => (
    <h3 className={cn('mt-5 mb-2 text-base font-semibold text-slate-900 first:mt-0', className)} {...props} />
  ),
  h4: ({ node: _node, className, ...props }) => (
    <h4 className={cn('mt-4 mb-2 text-base font-semibold text-slate-800 first:mt-0', className)} {...props} />
  ),
  h5: ({ node: _node, className, ...props }) => (
    <h5 className={cn('mt-4 mb-2 text-sm font-semibold text-slate-800', className)} {...props} />
  ),
  h6: ({ node: _node, className, ...props }) => (
    <h6 className={cn('mt-4 mb-2 text-sm font-semibold text-slate-600', className)} {...props} />
  ),
  p: ({ node: _node, className, ...props }) => <p className={cn('my-3 first:mt-0 last:mb-0', className)} {...props} />,
  ul: ({ node: _node, className, ...props }) => (
    <ul
      className={cn(
        'my-3 space-y-1 first:mt-0 last:mb-0',
        // A task list's checkboxes stand in for the bullets.
        className?.includes('contains-task-list') ? 'pl-1' : 'list-disc pl-6 marker:text-slate-400',
        className,
      )}
      {...props}
    />
  ),
  ol: ({ node: _node, className, ...props }) => (
    <ol
      className={cn('my-3 list-decimal space-y-1 pl-6 marker:text-slate-500 first:mt-0 last:mb-0', className)}
      {...props}
    />
  ),
  li: ({ node: _node, className, ...props }) => (
    <li className={cn('pl-1 [&>ol]:my-1 [&>p]:my-1 [&>ul]:my-1', className)} {...props} />
  ),
  blockquote: ({ node: _node, className, ...props }) => (
    <blockquote
      className={cn('my-4 border-l-4 border-brand-200 bg-brand-50/40 py-1 pl-4 text-slate-700 italic', className)}
      {...props}
    />
  ),
  hr: ({ node: _node, className, ...props }) => <hr className={cn('my-6 border-slate-200', className)} {...props} />,
  a: MarkdownLink,
  img: MarkdownImage,
  audio: MarkdownAudio,
  strong: ({ node: _node, className, ...props }) => (
    <strong className={cn('font-semibold text-slate-900', className)} {...props} />
  ),
  code: ({ node: _node, className, ...props }) =>
    isFormula(className) ? (
      <span data-math-source="" {...props} />
    ) : (
      <code
        className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[0.875em] text-slate-800 ring-1 ring-slate-200"
        {...props}
      />
    ),
  pre: ({ node: _node, ...props }) => {
    const formula = displayFormula(props.children);
    return formula === undefined ? <CodeBlock {...props} /> : <FormulaSource source={formula} />;
  },
  table: ({ node: _node, ...props }) => (
    <div className="my-4 overflow-x-auto rounded-lg ring-1 ring-slate-200">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  thead: ({ node: _node, className, ...props }) => <thead className={cn('bg-slate-50', className)} {...props} />,
  th: ({ node: _node, className, ...props }) => (
    <th
      className={cn(
        'border-b border-slate-200 px-3 py-2 font-semibold whitespace-nowrap text-slate-900 [&:not(:first-child)]:border-l',
        className,
      )}
      {...props}
    />
  ),
  td: ({ node: _node, className, ...props }) => (
    <td
      className={cn(
        'border-t border-slate-100 px-3 py-2 align-top text-slate-700 [&:not(:first-child)]:border-l [&:not(:first-child)]:border-slate-100',
        className,
      )}
      {...props}
    />
  ),
  // A task list's box: read-only, named by its state (the item's text follows it).
  input: ({ node: _node, ...props }) => (
    <input
      {...props}
      disabled
      aria-label={props.checked ? 'Done' : 'Not done'}
      className="mr-1.5 align-middle accent-brand-600"
    />
  ),
};
