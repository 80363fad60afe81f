import { TIMESTAMP_PATTERN } from '@turtle/shared/lesson-helpers';

const SEEK_HASH = /^#t=(\d+)$/;

/**
 * A tutor answer's `[mm:ss]` citations as in-page markdown links (`[01:05](#t=65000 "Play from 01:05")`), so the
 * chat's markdown renderer shows them as links the pane turns into seek chips. Citations already written as links,
 * and the contents of code, are left alone.
 */
export function withTimestampLinks(markdown: string): string {
  return markdown
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(
            new RegExp(`${TIMESTAMP_PATTERN.source}(?!\\()`, 'g'),
            (_match, minutes: string, seconds: string) => {
              const label = `${minutes.padStart(2, '0')}:${seconds}`;
              return `[${label}](#t=${(Number(minutes) * 60 + Number(seconds)) * 1000} "Play from ${label}")`;
            },
          ),
    )
    .join('');
}

/** The moment (ms) a timestamp link points at, from its `href`; undefined for any other link. */
export function seekTargetOf(href: string | null | undefined): number | undefined {
  const match = href ? SEEK_HASH.exec(href) : null;
  return match ? Number(match[1]) : undefined;
}
