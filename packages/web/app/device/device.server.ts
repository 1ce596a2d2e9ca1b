import type { BreakpointName } from '@wl/contracts';
import type { DeviceDescriptor } from './descriptor';
import { describeUserAgent } from './parse-user-agent';
import { initialBreakpoint } from './viewport';

export interface RequestDevice {
  device: DeviceDescriptor;
  /** The breakpoint to render for: the `viewport` cookie's, else inferred from the device. */
  viewport: BreakpointName;
}

/** What the server knows of the screen a document request comes from (root loader). */
export function deviceOfRequest(request: Request): RequestDevice {
  const device = describeUserAgent(request.headers.get('user-agent') ?? '');
  return { device, viewport: initialBreakpoint(request.headers.get('cookie'), device) };
}
