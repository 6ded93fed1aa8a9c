export { audienceSignature, canonicalJson } from './audience-signature.ts';
export { type CompileAudienceOptions, compileAudience, escapeLike } from './compile-audience.ts';
