import { describe, expect, it } from 'vitest';
import { createDataWedgeBridge, type DataWedgePlugin, SCAN_INTENT_ACTION } from './datawedge-bridge';
import { API_ACTION, type Broadcast, DW, RESULT_ACTION } from './datawedge-commands';

function fakePlugin(fail: Record<string, string> = {}) {
  const sent: Broadcast[] = [];
  let listener: ((b: Broadcast) => void) | null = null;
  const plugin: DataWedgePlugin = {
    async sendBroadcast(b) {
      sent.push(b);
      const command = Object.keys(b.extras).find((k) => k.startsWith('com.symbol')) ?? '';
      const code = fail[command];
      queueMicrotask(() =>
        listener?.({
          action: RESULT_ACTION,
          extras: {
            COMMAND: command,
            COMMAND_IDENTIFIER: b.extras.COMMAND_IDENTIFIER,
            RESULT: code ? 'FAILURE' : 'SUCCESS',
            ...(code ? { RESULT_INFO: { RESULT_CODE: code } } : {}),
          },
        }),
      );
    },
    addListener(_e, cb) {
      listener = cb;
      return { remove: async () => undefined };
    },
  };
  return { plugin, sent, emit: (b: Broadcast) => listener?.(b) };
}

describe('DataWedge bridge', () => {
  it('sets up the profile: create, configure (intent output, code93, i2of5, auto scanner), switch', async () => {
    const f = fakePlugin();
    await createDataWedgeBridge(f.plugin).setupProfile('MDE', 'de.mde.app');
    expect(f.sent.map((b) => b.action)).toEqual([API_ACTION, API_ACTION, API_ACTION]);
    expect(f.sent[0]?.extras[DW.createProfile]).toBe('MDE');
    const config = f.sent[1]?.extras[DW.setConfig] as { APP_LIST: unknown; PLUGIN_CONFIG: { PARAM_LIST: object }[] };
    expect(config.APP_LIST).toEqual([{ PACKAGE_NAME: 'de.mde.app', ACTIVITY_LIST: ['*'] }]);
    expect(config.PLUGIN_CONFIG[0]?.PARAM_LIST).toEqual({
      scanner_selection: 'auto',
      decoder_code93: 'true',
      decoder_i2of5: 'true',
    });
    expect(config.PLUGIN_CONFIG[1]?.PARAM_LIST).toMatchObject({ intent_output_enabled: 'true', intent_delivery: '2' });
    expect(f.sent[2]?.extras[DW.switchProfile]).toBe('MDE');
    expect(f.sent[0]?.extras.SEND_RESULT).toBe('true');
  });

  it('tolerates an existing profile but rejects other FAILURE results', async () => {
    const exists = fakePlugin({ [DW.createProfile]: 'PROFILE_ALREADY_EXISTS' });
    await expect(createDataWedgeBridge(exists.plugin).setupProfile('MDE', 'x')).resolves.toBeUndefined();
    const f = fakePlugin({ [DW.softScan]: 'SCANNER_DISABLED' });
    await expect(createDataWedgeBridge(f.plugin).toggleScanning()).rejects.toThrow('SCANNER_DISABLED');
    expect(f.sent[0]?.extras[DW.softScan]).toBe('TOGGLE_SCANNING');
  });

  it('builds start/stop, delete and config commands', async () => {
    const f = fakePlugin();
    const b = createDataWedgeBridge(f.plugin);
    await b.startScanning();
    await b.stopScanning();
    await b.deleteProfile('Old');
    await b.getConfig({ PROFILE_NAME: 'MDE' });
    expect(f.sent.map((s) => Object.entries(s.extras)[0])).toEqual([
      [DW.softScan, 'START_SCANNING'],
      [DW.softScan, 'STOP_SCANNING'],
      [DW.deleteProfile, 'Old'],
      [DW.getConfig, { PROFILE_NAME: 'MDE' }],
    ]);
  });

  it('delivers scan intents and reports itself unavailable without plugin', async () => {
    const f = fakePlugin();
    const got: [string, string | undefined][] = [];
    createDataWedgeBridge(f.plugin).onScan((d, t) => got.push([d, t]));
    f.emit({
      action: SCAN_INTENT_ACTION,
      extras: { 'com.symbol.datawedge.data_string': '123', 'com.symbol.datawedge.label_type': 'LABEL-TYPE-EAN13' },
    });
    expect(got).toEqual([['123', 'LABEL-TYPE-EAN13']]);
    const none = createDataWedgeBridge(null);
    expect(none.available).toBe(false);
    await expect(none.startScanning()).rejects.toThrow('not available');
  });
});
