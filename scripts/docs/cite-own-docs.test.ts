import { describe, expect, it } from 'vitest';
import { rewriteMarkdown, rewriteProse, rewriteSource } from './cite-own-docs.mjs';

describe('rewriteProse', () => {
  it.each([
    ['SPEC 2 "Pricing"', 'product.md §2 "Pricing"'],
    ['SPEC 2 and 4', 'product.md §2 and §4'],
    ['SPEC.md section 9, with DECISIONS.md applied', 'product.md §9, with rules.md applied'],
    ['(SPEC: no message is added)', '(product.md: no message is added)'],
    ['the SPEC', 'product.md'],
    ['DECISIONS "Sessions and routes"', 'rules.md "Sessions and routes"'],
    ['DECISIONS: Free', 'rules.md: Free'],
    ["SECURITY-TESTS 7d's payloads", "security.md 7d's payloads"],
  ])('rewrites %s', (before, after) => {
    expect(rewriteProse(before).text).toBe(after);
  });

  it('leaves words that only start or end the same alone', () => {
    const text = 'SPECIAL SPEC_LIST SPECS MY_DECISIONS SECURITY-TESTSUITE';
    expect(rewriteProse(text)).toEqual({ text, count: 0 });
  });

  it('finds nothing more in what it wrote', () => {
    const once = rewriteProse('SPEC 7 and DECISIONS "Chat" and SECURITY-TESTS 7f').text;
    expect(rewriteProse(once)).toEqual({ text: once, count: 0 });
  });
});

describe('rewriteSource', () => {
  it('changes comments and test titles only, never code, strings or regular expressions', () => {
    const source = [
      'const SPECIAL = /SPEC 2/; // SPEC 2',
      'const text = "SPEC 3" + \'DECISIONS\' + `SPEC ${4} DECISIONS`;',
      '/** DECISIONS "Notes": SECURITY-TESTS 7c */',
      "it('keeps the SPEC 5 rule', () => {});",
      "<p>{/* SPEC 2 */}Don't SPEC</p>;",
    ].join('\n');
    const expected = [
      'const SPECIAL = /SPEC 2/; // product.md §2',
      'const text = "SPEC 3" + \'DECISIONS\' + `SPEC ${4} DECISIONS`;',
      '/** rules.md "Notes": security.md 7c */',
      "it('keeps the product.md §5 rule', () => {});",
      "<p>{/* product.md §2 */}Don't SPEC</p>;",
    ].join('\n');
    expect(rewriteSource(source)).toEqual({ text: expected, count: 5 });
    expect(rewriteSource(expected).count).toBe(0);
  });

  it('reads CSS block comments only', () => {
    expect(rewriteSource('/* SPEC 2 */ a::before { content: "SPEC" }', { css: true }).text).toBe(
      '/* product.md §2 */ a::before { content: "SPEC" }',
    );
  });
});

describe('rewriteMarkdown', () => {
  it('rewrites prose and leaves fenced code alone', () => {
    const source = 'DECISIONS.md asks for SPEC 9.\n```\nSPEC 9\n```\n';
    expect(rewriteMarkdown(source).text).toBe('rules.md asks for product.md §9.\n```\nSPEC 9\n```\n');
  });
});
