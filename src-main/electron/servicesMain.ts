// The services' own process of the desktop app: Electron's utility process, started by main.ts.
// The journal, the imports and exports, the checks and the sync engine all run here, so nothing
// they do can hold the main process, which draws the window and passes its messages.
import { loadKindFronts } from '../kinds/fronts';
import { serveServices } from '../services/remote/serve';

const parent = process.parentPort;
loadKindFronts();
serveServices(
  {
    post: (message) => parent.postMessage(message),
    onMessage: (listener) => parent.on('message', (e) => listener(e.data)),
  },
  { onClosed: () => process.exit(0) },
);
