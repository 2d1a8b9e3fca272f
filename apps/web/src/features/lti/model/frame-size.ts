// How big the tool's iframe is: by display mode, and by the tool's lti.frameResize messages.
import { DisplayMode, type ResourceForm } from '@portal/contracts';

export const MIN_FRAME_HEIGHT = 300;
export const MAX_FRAME_HEIGHT = 4000;
export const DEFAULT_FRAME_HEIGHT = '70vh';

export type DisplayModeName = 'fullScreen' | 'embeddedAuto' | 'embeddedCustom';

export function displayModeName(displayMode: number): DisplayModeName {
  if (displayMode === DisplayMode.fullscreen) return 'fullScreen';
  if (displayMode === DisplayMode.embeddedCustom) return 'embeddedCustom';
  return 'embeddedAuto';
}

export const clampFrameHeight = (height: number) =>
  Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, Math.round(height)));

/**
 * The height asked for by `{subject: 'lti.frameResize', height}` (an object or its JSON text; the height a
 * number or a number of pixels such as "640px"), clamped; null for any other message.
 */
export function frameResizeHeight(data: unknown): number | null {
  let message = data;
  if (typeof message === 'string') {
    try {
      message = JSON.parse(message) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof message !== 'object' || message === null) return null;
  const { subject, height } = message as { subject?: unknown; height?: unknown };
  if (subject !== 'lti.frameResize') return null;
  const pixels =
    typeof height === 'number'
      ? height
      : typeof height === 'string' && /^\s*\d+(\.\d+)?(px)?\s*$/.test(height)
        ? Number.parseFloat(height)
        : Number.NaN;
  return Number.isFinite(pixels) ? clampFrameHeight(pixels) : null;
}

export interface FrameSize {
  width: string;
  height: string;
}

/**
 * Embedded auto: full width, the tool's requested height or 70vh. Embedded custom: the preferred size, each
 * falling back to auto's. Full screen, and any mode in the full-screen view (`fill`): the container's size.
 */
export function frameSize(
  form: Pick<ResourceForm, 'displayMode' | 'preferredWidth' | 'preferredHeight'>,
  resizedHeight: number | null,
  fill: boolean,
): FrameSize {
  if (fill || form.displayMode === DisplayMode.fullscreen) return { width: '100%', height: '100%' };
  const autoHeight = resizedHeight === null ? DEFAULT_FRAME_HEIGHT : `${resizedHeight}px`;
  if (form.displayMode === DisplayMode.embeddedCustom) {
    return {
      width: form.preferredWidth ? `${form.preferredWidth}px` : '100%',
      height: form.preferredHeight ? `${clampFrameHeight(form.preferredHeight)}px` : autoHeight,
    };
  }
  return { width: '100%', height: autoHeight };
}
