import { describe, expect, it } from 'vitest';
import { DisplayMode } from '@portal/contracts';
import { frameResizeHeight, frameSize } from './frame-size.ts';
import { isSafeFormAction } from './launch-form.ts';
import { parseToolCallback, readToolCallbackMessage } from './tool-callback.ts';

const OBJECTIVE = '00000000-0000-4000-8000-00000000a001';
const WORKFLOW = '00000000-0000-4000-8000-00000000b001';

describe('frameResizeHeight', () => {
  it.each([
    [{ subject: 'lti.frameResize', height: 640 }, 640],
    [{ subject: 'lti.frameResize', height: '640px' }, 640],
    ['{"subject":"lti.frameResize","height":"700"}', 700],
    [{ subject: 'lti.frameResize', height: 10 }, 300],
    [{ subject: 'lti.frameResize', height: 1e9 }, 4000],
  ])('reads %j as %i px', (data, height) => {
    expect(frameResizeHeight(data)).toBe(height);
  });

  it.each([
    [{ subject: 'lti.scrollToTop' }],
    [{ subject: 'lti.frameResize', height: 'calc(100vh)' }],
    [{ subject: 'lti.frameResize', height: Number.NaN }],
    ['not json'],
    [null],
  ])('ignores %j', (data) => {
    expect(frameResizeHeight(data)).toBeNull();
  });
});

describe('frameSize', () => {
  const form = {
    displayMode: DisplayMode.embeddedCustom,
    preferredWidth: null,
    preferredHeight: null,
  };
  it('falls back to the embedded-auto size when a custom size is missing', () => {
    expect(frameSize(form, null, false)).toEqual({ width: '100%', height: '70vh' });
    expect(frameSize({ ...form, preferredHeight: 500 }, 900, false)).toEqual({
      width: '100%',
      height: '500px',
    });
  });
  it('fills its box in full screen', () => {
    expect(frameSize({ ...form, displayMode: DisplayMode.fullscreen }, 900, false)).toEqual({
      width: '100%',
      height: '100%',
    });
  });
});

describe('isSafeFormAction', () => {
  it.each([
    ['https://tool.example/login', true],
    ['http://127.0.0.1:4000/login', true],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>1</script>', false],
  ])('%s → %s', (action, safe) => {
    expect(isSafeFormAction(action, 'http://localhost:3000/learn/')).toBe(safe);
  });
});

describe('the tool callback', () => {
  it('keeps the ids and trims the tool messages to plain, bounded text', () => {
    const callback = parseToolCallback(
      new URLSearchParams({
        objectiveId: OBJECTIVE,
        workflowId: WORKFLOW,
        lti_msg: ` ${'a'.repeat(600)} `,
        lti_errormsg: '',
      }),
    );
    expect(callback).toEqual({
      objectiveId: OBJECTIVE,
      workflowId: WORKFLOW,
      activityPathId: '',
      message: 'a'.repeat(500),
      errorMessage: null,
    });
  });

  it('reads only well-formed messages', () => {
    const good = {
      type: 'lti-tool-callback',
      objectiveId: OBJECTIVE,
      workflowId: WORKFLOW,
      activityPathId: '',
      message: 7,
      errorMessage: 'Oops',
    };
    expect(readToolCallbackMessage(good)).toEqual({ ...good, message: null });
    expect(readToolCallbackMessage({ ...good, type: 'relogin' })).toBeNull();
    expect(readToolCallbackMessage({ ...good, objectiveId: '/etc' })).toBeNull();
    expect(readToolCallbackMessage('lti-tool-callback')).toBeNull();
  });
});
