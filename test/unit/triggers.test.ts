// Units of the rebuild queue: one run at a time, one queued rerun, debounced scheduling.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RebuildQueue } from '../../extension/triggers';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RebuildQueue', () => {
  it('runs one rebuild at a time and queues exactly one more for requests made meanwhile', async () => {
    const reasons: string[] = [];
    let active = 0;
    let most = 0;
    let settled = 0;
    const queue = new RebuildQueue(
      async (reason) => {
        reasons.push(reason);
        active += 1;
        most = Math.max(most, active);
        await tick(30);
        active -= 1;
      },
      () => (settled += 1),
    );
    const first = queue.run('a');
    void queue.run('b');
    void queue.run('c');
    await first;
    await tick(80);
    assert.deepEqual(reasons, ['a', 'changes during the last rebuild']);
    assert.equal(most, 1);
    assert.equal(settled, 2);
    queue.dispose();
  });

  it('collapses scheduled requests within the delay into one run with the last reason', async () => {
    const reasons: string[] = [];
    const queue = new RebuildQueue(async (reason) => void reasons.push(reason));
    queue.schedule('x', 20);
    queue.schedule('y', 20);
    queue.schedule('z', 20);
    await tick(60);
    assert.deepEqual(reasons, ['z']);
    queue.schedule('never', 20);
    queue.dispose();
    await tick(40);
    assert.deepEqual(reasons, ['z'], 'dispose cancels a scheduled run');
  });

  it('keeps going after a failed rebuild', async () => {
    let calls = 0;
    const queue = new RebuildQueue(async () => {
      calls += 1;
      if (calls === 1) throw new Error('broken file');
    });
    await assert.rejects(queue.run('first'), /broken file/);
    await queue.run('second');
    assert.equal(calls, 2);
  });
});
