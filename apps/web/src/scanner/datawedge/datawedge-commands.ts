// DataWedge intent API (Zebra): every command is a broadcast with action API_ACTION and one extra naming the
// command. SEND_RESULT + COMMAND_IDENTIFIER make DataWedge answer on RESULT_ACTION so failures surface (docs/spec.md §7).
export const API_ACTION = 'com.symbol.datawedge.api.ACTION';
export const RESULT_ACTION = 'com.symbol.datawedge.api.RESULT_ACTION';
const P = 'com.symbol.datawedge.api.';

export const DW = {
  createProfile: `${P}CREATE_PROFILE`,
  deleteProfile: `${P}DELETE_PROFILE`,
  switchProfile: `${P}SWITCH_TO_PROFILE`,
  getConfig: `${P}GET_CONFIG`,
  setConfig: `${P}SET_CONFIG`,
  softScan: `${P}SOFT_SCAN_TRIGGER`,
} as const;

export const SCAN_DATA = 'com.symbol.datawedge.data_string';
export const SCAN_LABEL_TYPE = 'com.symbol.datawedge.label_type';

export interface Broadcast {
  action: string;
  extras: Record<string, unknown>;
}

export const buildCommand = (command: string, value: unknown, id: string): Broadcast => ({
  action: API_ACTION,
  extras: { [command]: value, SEND_RESULT: 'true', COMMAND_IDENTIFIER: id },
});

/**
 * The MDE profile (docs/spec.md §9): intent broadcast output, decoders code93 and i2of5 enabled, automatic scanner
 * choice, assigned to our app. Keystroke output stays off so the code does not arrive twice.
 */
export function profileConfig(profile: string, packageName: string, intentAction: string) {
  return {
    PROFILE_NAME: profile,
    PROFILE_ENABLED: 'true',
    CONFIG_MODE: 'UPDATE',
    APP_LIST: [{ PACKAGE_NAME: packageName, ACTIVITY_LIST: ['*'] }],
    PLUGIN_CONFIG: [
      {
        PLUGIN_NAME: 'BARCODE',
        RESET_CONFIG: 'false',
        PARAM_LIST: { scanner_selection: 'auto', decoder_code93: 'true', decoder_i2of5: 'true' },
      },
      {
        PLUGIN_NAME: 'INTENT',
        RESET_CONFIG: 'true',
        PARAM_LIST: { intent_output_enabled: 'true', intent_action: intentAction, intent_delivery: '2' },
      },
      { PLUGIN_NAME: 'KEYSTROKE', RESET_CONFIG: 'true', PARAM_LIST: { keystroke_output_enabled: 'false' } },
    ],
  };
}
