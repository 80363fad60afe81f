import { isValidElement, useRef, type ComponentProps, type ReactNode } from 'react';
import { CopyButton } from './copy-button';

/** The language of a fenced block, from the `language-…` class remark gives its `<code>`. */
export function languageOf(className: string | undefined): string | undefined {
  return /(?:^|\s)language-([\w+#.-]+)/.exec(className ?? '')?.[1];
}

/**
 * A fenced code block: a header with its language and a Copy button, then the highlighted code (colours in
 * messages.css). Rendered for markdown's `<pre>`; its `<code>` child is drawn here, not as inline code.
 */
export function CodeBlock({ children }: ComponentProps<'pre'>) {
  const codeRef = useRef<HTMLElement>(null);
  const code = isValidElement<{ className?: string; children?: ReactNode }>(children) ? children.props : undefined;
  const language = languageOf(code?.className);

  return (
    <div className="chat-code my-4 overflow-hidden rounded-xl bg-slate-900 text-slate-100 shadow-sm ring-1 ring-slate-900/10">
      <div className="flex items-center justify-between gap-2 border-b border-white/10 bg-slate-800/80 py-1 pr-1.5 pl-4">
        <span className="font-mono text-xs text-slate-400 lowercase">{language ?? 'text'}</span>
        <CopyButton
          label="Copy code"
          text={() => codeRef.current?.textContent ?? ''}
          className="text-slate-300 hover:bg-white/10 hover:text-white"
        />
      </div>
      {/* Focusable, so a keyboard can scroll a long line into view. */}
      <pre tabIndex={0} className="overflow-x-auto p-4 text-[0.8125rem]/6">
        <code ref={codeRef} className={code?.className}>
          {code ? code.children : children}
        </code>
      </pre>
    </div>
  );
}
