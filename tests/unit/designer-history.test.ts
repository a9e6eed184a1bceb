import { describe, expect, it } from 'vitest';
import { historyReducer, startHistory } from '#web/features/surveys/designer/document-history';

const doc = (n: number) => ({ title: `v${n}` });

describe('undo and redo', () => {
  it('undoes and redoes edits in order, and a new edit clears redo', () => {
    let state = startHistory(doc(0));
    state = historyReducer(state, { type: 'edit', doc: doc(1), now: 0 });
    state = historyReducer(state, { type: 'edit', doc: doc(2), now: 10_000 });
    state = historyReducer(state, { type: 'undo' });
    expect(state.present).toEqual(doc(1));
    state = historyReducer(state, { type: 'undo' });
    expect(state.present).toEqual(doc(0));
    expect(historyReducer(state, { type: 'undo' })).toBe(state);
    state = historyReducer(state, { type: 'redo' });
    expect(state.present).toEqual(doc(1));
    state = historyReducer(state, { type: 'edit', doc: doc(3), now: 20_000 });
    expect(state.future).toEqual([]);
    expect(historyReducer(state, { type: 'redo' })).toBe(state);
  });

  it('makes one step of quick edits to the same field', () => {
    let state = startHistory(doc(0));
    state = historyReducer(state, { type: 'edit', doc: doc(1), mergeKey: 'title:0.0', now: 1000 });
    state = historyReducer(state, { type: 'edit', doc: doc(2), mergeKey: 'title:0.0', now: 1500 });
    state = historyReducer(state, { type: 'edit', doc: doc(3), mergeKey: 'title:0.1', now: 1600 });
    state = historyReducer(state, { type: 'edit', doc: doc(4), mergeKey: 'title:0.1', now: 9000 });
    expect(state.past).toEqual([doc(0), doc(2), doc(3)]);
  });

  it('applies updates given as functions to the latest document, and skips one whose target is gone', () => {
    let state = startHistory(doc(0));
    state = historyReducer(state, { type: 'edit', doc: (present) => ({ ...present, description: 'd' }), now: 0 });
    expect(state.present).toEqual({ title: 'v0', description: 'd' });
    const unchanged = historyReducer(state, {
      type: 'edit',
      doc: () => {
        throw new RangeError('No such element');
      },
      now: 0,
    });
    expect(unchanged).toBe(state);
  });

  it('ignores an edit that changes nothing and resets to a loaded document', () => {
    const state = startHistory(doc(0));
    expect(historyReducer(state, { type: 'edit', doc: state.present, now: 0 })).toBe(state);
    expect(historyReducer(historyReducer(state, { type: 'edit', doc: doc(1), now: 0 }), { type: 'reset', doc: doc(5) })).toEqual(startHistory(doc(5)));
  });
});
