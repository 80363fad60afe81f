// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearNewNoteDraft, loadNewNoteDraft, storeNewNoteDraft } from './new-note-draft';

beforeEach(() => localStorage.clear());

describe('the new note draft kept on the device', () => {
  it('comes back for the person who wrote it, and for nobody else', () => {
    storeNewNoteDraft('alice', { name: 'Idea', content: 'half' });
    expect(loadNewNoteDraft('alice')).toEqual({ name: 'Idea', content: 'half' });
    expect(loadNewNoteDraft('bob')).toBeUndefined();
  });

  it('is forgotten when emptied or cleared, and survives nonsense in storage', () => {
    storeNewNoteDraft('alice', { name: 'Idea', content: '' });
    storeNewNoteDraft('alice', { name: '', content: '' });
    expect(loadNewNoteDraft('alice')).toBeUndefined();
    storeNewNoteDraft('alice', { name: 'Again', content: '' });
    clearNewNoteDraft();
    expect(loadNewNoteDraft('alice')).toBeUndefined();
    localStorage.setItem('turtle-note-draft', '{not json');
    expect(loadNewNoteDraft('alice')).toBeUndefined();
    localStorage.setItem('turtle-note-draft', JSON.stringify({ userId: 'alice', name: 3, content: 'x' }));
    expect(loadNewNoteDraft('alice')).toBeUndefined();
  });
});
