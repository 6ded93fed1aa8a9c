// Server-side (Node) entry: what the API needs to serve per-website pushmine.js / sw_pm.js.
export { uint8ArrayToUrlBase64, urlBase64ToUint8Array } from './base64url.ts';
export { assertSdkConfig, type SdkConfig } from './config.ts';
export type { ClickData, PushPayload, PushPayloadButton } from './notification.ts';
export { isSdkFileName, renderSdkFile, type SdkFileName, sdkDistUrl, sdkFileNames, toScriptJson } from './render.ts';
