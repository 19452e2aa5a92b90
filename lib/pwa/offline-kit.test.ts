import { describe, expect, it } from 'vitest';
import { isSlowLink, offlineKitDelay, SLOW_LINK_QUIET_MS } from './offline-kit';

describe('when the offline kit may load', () => {
  it('never on Save-Data, whatever the link', () => {
    expect(offlineKitDelay({ saveData: true, effectiveType: '4g', rtt: 50, downlink: 10 }, 0)).toBeNull();
    expect(offlineKitDelay({ saveData: true, effectiveType: '2g' }, 60_000)).toBeNull();
  });

  it('at once (then when idle) on a fast link', () => {
    expect(offlineKitDelay({ saveData: false, effectiveType: '4g', rtt: 50, downlink: 10 }, 1_200)).toBe(0);
    // Chromium's estimate on a quiet machine: 4g, 100 ms, 1.3 Mbit/s.
    expect(offlineKitDelay({ effectiveType: '4g', rtt: 100, downlink: 1.3 }, 1_200)).toBe(0);
  });

  it('not within the first 25 s of the visit on a slow link', () => {
    // The phone: 150 ms round trips, 1.6 Mbit/s (Chromium calls it 4g).
    const phone = { effectiveType: '4g', rtt: 150, downlink: 1.6 };
    expect(offlineKitDelay(phone, 2_000)).toBe(SLOW_LINK_QUIET_MS - 2_000);
    expect(offlineKitDelay(phone, 30_000)).toBe(0);
    expect(offlineKitDelay({ effectiveType: '3g' }, 0)).toBe(SLOW_LINK_QUIET_MS);
    expect(offlineKitDelay({ effectiveType: '4g', rtt: 50, downlink: 0.4 }, 5_000)).toBe(
      SLOW_LINK_QUIET_MS - 5_000,
    );
  });

  it('treats a browser that does not say how fast it is as slow', () => {
    expect(isSlowLink(undefined)).toBe(true);
    expect(offlineKitDelay(undefined, 10_000)).toBe(SLOW_LINK_QUIET_MS - 10_000);
  });

  it('reads what each browser gives: slow by type, by round trip or by downlink', () => {
    for (const type of ['slow-2g', '2g', '3g']) expect(isSlowLink({ effectiveType: type }), type).toBe(true);
    expect(isSlowLink({ effectiveType: '4g', rtt: 149, downlink: 10 })).toBe(false);
    expect(isSlowLink({ effectiveType: '4g', rtt: 150, downlink: 10 })).toBe(true);
    expect(isSlowLink({ effectiveType: '4g', rtt: 50, downlink: 0 })).toBe(false);
    expect(isSlowLink({ effectiveType: '4g', rtt: 50, downlink: 0.9 })).toBe(true);
  });
});
