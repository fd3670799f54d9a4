// Started with `node --import ./utilityRegister.mjs <module>` by the stand-in's utilityProcess.fork:
// what Electron's runtime gives a utility process before the module runs, as far as this app needs
// it. `process.parentPort` is the channel to the main process (messages arrive as { data, ports });
// `process.resourcesPath` is set where a packaged app has it; every native module loaded is
// reported to the main process's stand-in, which records it with its own.
import { EventEmitter } from 'node:events';

if (process.env.STAND_IN_RESOURCES_PATH)
  process.resourcesPath = process.env.STAND_IN_RESOURCES_PATH;

const parentPort = new EventEmitter();
parentPort.postMessage = (message) => {
  if (process.connected) process.send({ data: message });
};
process.on('message', (m) => {
  if (m && typeof m === 'object' && 'data' in m)
    parentPort.emit('message', { data: m.data, ports: [] });
});
// Electron ends a utility process with the main process.
process.once('disconnect', () => process.exit(0));
process.parentPort = parentPort;

const dlopen = process.dlopen.bind(process);
process.dlopen = (module, filename, ...rest) => {
  if (process.connected) process.send({ standInDlopen: filename });
  return dlopen(module, filename, ...rest);
};
