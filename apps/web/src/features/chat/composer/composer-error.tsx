import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import type { JSX } from 'react';
import { ComposerErrorFallback } from './composer-error-boundary';

/** The boundary Lexical puts around each decorator (a mention token): the same box, the error to the editor's log. */
export function ComposerDecoratorErrorBoundary({
  children,
  onError,
}: {
  children: JSX.Element;
  onError: (error: Error) => void;
}) {
  return (
    <LexicalErrorBoundary onError={onError} fallback={<ComposerErrorFallback />}>
      {children}
    </LexicalErrorBoundary>
  );
}
