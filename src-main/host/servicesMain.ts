// The services' own process of the browser host (and the benchmarks): started by host/cli.ts,
// it ends with the host.
import { nodeParentPort } from '../services/remote/nodeChild';
import { loadKindFronts } from '../kinds/fronts';
import { serveServices } from '../services/remote/serve';

// Ctrl-C in a terminal reaches the whole process group: the host closes these services itself
// (pausing the jobs first), so the signal alone must not end them.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);

loadKindFronts();
serveServices(nodeParentPort(), { onClosed: () => process.exit(0) });
