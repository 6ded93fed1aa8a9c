// The entry of `npm start` (dist/main.js): refuses an unsupported Node.js with one line before anything else loads.
// Only the version check is imported statically; the server (server.ts) is loaded once the version is right.
import rootPackage from '../../../package.json' with { type: 'json' };
import { unsupportedNode } from './node-version.ts';

const problem = unsupportedNode(process.versions.node, rootPackage.engines.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
await import('./server.ts');
