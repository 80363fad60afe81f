import { describe, expect, it } from 'vitest';
import { orderLessons } from './lesson-order';

describe('orderLessons', () => {
  it('lists incomplete lessons first, completed after, each in series order', () => {
    const lessons = ['1', '2', '3', '4'].map((id) => ({ id }));
    expect(orderLessons(lessons, { '3': true, '1': true }).map((lesson) => lesson.id)).toEqual(['2', '4', '1', '3']);
    expect(orderLessons(lessons, {}).map((lesson) => lesson.id)).toEqual(['1', '2', '3', '4']);
  });
});
